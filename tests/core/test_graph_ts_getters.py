"""A TypeScript or JavaScript getter's read is what it returns: ``this._root.render()`` with
``private get _root(): Root`` calls ``Root.render`` (ajv's ``CodeGen`` had reached nothing through
``_root``, the TypeScript 5.6 language service its oracle); a plain method named ``get`` stays one."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

TS = """\
class Root { render(): string { return "" } }
export class CodeGen {
  private readonly _nodes: Root[] = []
  toString(): string {
    return this._root.render()
  }
  private get _root(): Root {
    return this._nodes[0]
  }
  get(): Root { return this._nodes[0] }
  other(): string {
    return this.get().render()
  }
}
"""


def test_a_getters_read_is_what_it_returns() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 5) == {"a.ts::Root.render"}


def test_a_method_named_get_is_still_called() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 12) == {"a.ts::CodeGen.get", "a.ts::Root.render"}
