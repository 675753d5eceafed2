"""A TypeScript field or local made by ``new Map<K, V>()`` or ``new Array<T>()`` holds what its type
arguments name, as the annotation ``Map<K, V>`` does: ``get(k)`` gives a ``V``, ``forEach``'s
callback is given ``V``s, ``for (const v of m.values())`` walks them. @tanstack/pacer 0.16's
``asyncRetryers = new Map<number, AsyncRetryer<...>>()`` then ``this.asyncRetryers.forEach((r) =>
r.abort())`` and @tanstack/db's ``resolvedIndexes = new Map<number, BaseIndex<TKey>>()`` had reached
nothing: the value was the library's ``Map``."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

TS = """\
export class Retryer { abort(): void {} }
export class Index { add(): void {} }
export class Holder {
  retryers = new Map<number, Retryer<(x: number) => void>>()
  private indexes = new Map<string, Array<Index>>()
  list = new Array<Index>()
  plain = new Map()
  run(k: number): void {
    this.retryers.get(k)?.abort()
    this.retryers.forEach((r) => r.abort())
    for (const v of this.retryers.values()) v.abort()
    const local = new Map<string, Retryer>()
    local.get('a')!.abort()
    this.list[0].add()
    this.indexes.get('k')?.find((i) => i !== null)?.add()
    this.plain.get(k).abort()
  }
}
"""

ABORT = "a.ts::Retryer.abort"
ADD = "a.ts::Index.add"


def test_a_constructed_map_holds_its_value_type() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 9) == {ABORT}
    assert call_targets(graph, "a.ts", 10) == {ABORT}
    assert call_targets(graph, "a.ts", 11) == {ABORT}
    assert call_targets(graph, "a.ts", 13) == {ABORT}  # a local
    assert call_targets(graph, "a.ts", 15) == {ADD}  # a Map of arrays: get gives an array


def test_a_constructed_array_holds_its_elements() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 14) == {ADD}


def test_a_map_made_without_type_arguments_names_nothing() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 16) == set()
