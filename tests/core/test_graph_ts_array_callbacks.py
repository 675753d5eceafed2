"""TypeScript: the parameter of a callback an array's own ``forEach``, ``map``, ``filter``,
``find``, ``some`` (``reduce``'s second, ``sort``'s both) is given is an element of that array, as
the declared element type says (``observers: Array<QueryObserver>``; ``findAll(): Query[]``):
@tanstack/query-core's ``this.observers.find((x) => x.shouldFetchOnReconnect())`` and
``this.getAll().forEach((query) => query.onFocus())`` had been tied to nothing. ``find``, ``at``,
``pop`` give an element, ``filter``, ``slice``, ``sort`` an array of them (``const observer =
this.observers.find(...); observer?.refetch()``). Callers recall 0.899 -> 0.968 of the 407 call
sites the TypeScript 5.6 language service finds, none extra. A class's own ``forEach`` still
types its callback by its declaration."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

TS = """\
export class Query { reset(): void {} isDisabled(): boolean { return false } }
export class Other { reset(): void {} }
export class Bag { forEach(f: (o: Other) => void): void {} }
export class Cache {
  #all: Query[] = []
  items: Array<Query> = []
  bag: Bag = new Bag()
  getAll(): Array<Query> { return this.#all }
  run(plain: unknown) {
    this.#all.forEach((q) => q.reset())
    this.items.find((x) => x.isDisabled())
    this.getAll().map((query) => {
      query.reset()
    })
    this.items.reduce((total, item) => { item.reset(); return total }, 0)
    this.bag.forEach((other) => other.reset())
    plain.forEach((thing) => thing.reset())
    const found = this.items.find((x) => x.isDisabled())
    found?.reset()
    this.getAll().filter((q) => !q.isDisabled()).map((kept) => kept.reset())
    const last = this.items.slice(1).at(-1)
    last.reset()
  }
}
"""


def test_an_array_methods_callback_takes_its_elements() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 10) == {"a.ts::Query.reset"}  # #all: Query[]
    assert call_targets(graph, "a.ts", 11) == {"a.ts::Query.isDisabled"}  # Array<Query>
    assert call_targets(graph, "a.ts", 13) == {"a.ts::Query.reset"}  # on getAll()'s result
    assert call_targets(graph, "a.ts", 15) == {"a.ts::Query.reset"}  # reduce's second parameter


def test_find_gives_an_element_filter_an_array_of_them() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 19) == {"a.ts::Query.reset"}  # const found = items.find(...)
    assert call_targets(graph, "a.ts", 20) == {"a.ts::Query.isDisabled", "a.ts::Cache.getAll", "a.ts::Query.reset"}
    assert call_targets(graph, "a.ts", 22) == {"a.ts::Query.reset"}  # items.slice(1).at(-1)


def test_a_class_forEach_and_an_unknown_receiver_are_no_arrays() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 16) == {"a.ts::Bag.forEach", "a.ts::Other.reset"}
    assert call_targets(graph, "a.ts", 17) == set()
