"""A TypeScript ``Map<K, V>`` holds ``V``s: what its ``get(k)`` gives and what its ``forEach``
callback is given are ``V``s, an array where ``V`` is one (@tanstack/query-core's ``#mutations:
Map<string, Array<Mutation>>``: ``this.#mutations.get(scope)?.find(...)`` then ``.continue()`` had
reached nothing)."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

TS = """\
export class Mutation { go(): void {} }
export class Cache {
  #mutations: Map<string, Array<Mutation>> = new Map()
  byKey: ReadonlyMap<string, Mutation>
  run(k: string) {
    const found = this.#mutations.get(k)?.find((m) => m !== null)
    found?.go()
    this.byKey.get(k)?.go()
    const one = this.byKey.get(k)
    one!.go()
    this.byKey.forEach((m) => m.go())
    this.#mutations.get(k)?.forEach((m) => m.go())
  }
}
"""


def test_a_map_get_gives_its_value_type() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 7) == {"a.ts::Mutation.go"}  # get(k) an array, find one of it
    assert call_targets(graph, "a.ts", 8) == {"a.ts::Mutation.go"}
    assert call_targets(graph, "a.ts", 10) == {"a.ts::Mutation.go"}


def test_a_map_foreach_callback_is_given_its_values() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 11) == {"a.ts::Mutation.go"}
    assert call_targets(graph, "a.ts", 12) == {"a.ts::Mutation.go"}
