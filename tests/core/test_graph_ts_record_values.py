"""A TypeScript ``Record<K, V>`` holds ``V``s, as a ``Map<K, V>`` does: what ``states[key]`` gives
of ``states: Record<string, StateNode>`` is a ``StateNode`` (``states[key].next()`` had reached
nothing)."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

TS = """\
export class StateNode { next(): void {} }
export class Machine {
  states: Record<string, StateNode> = {}
  byKind: Partial<Record<'a' | 'b', StateNode[]>> = {}
  run(key: string) {
    this.states[key].next()
    const node = this.states[key]
    node.next()
  }
}
export function first(nodes: Readonly<Record<string, StateNode>>, all: Record<string, StateNode>, k: string) {
  all[k]!.next()
}
"""


def test_a_record_holds_its_value_type() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 6) == {"a.ts::StateNode.next"}
    assert call_targets(graph, "a.ts", 8) == {"a.ts::StateNode.next"}
    assert call_targets(graph, "a.ts", 12) == {"a.ts::StateNode.next"}
