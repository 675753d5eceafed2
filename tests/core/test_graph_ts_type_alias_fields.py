"""A TypeScript object type alias's fields type what is called through them, as an interface's do
(the type alias is an interface in all but keyword): @tanstack/query-core's ``type
QueryObserverMatch = {observer: QueryObserver, ...}`` and ``match.observer.setOptions(...)`` had
reached nothing, the fields belonging to no scope."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

TS = """\
export class Observer { setOptions(o: number): void {} }
export class Cache { clear(): void {} }
type Match = {
  observer: Observer
  cache?: Cache
}
type Both = Match & { spare: Observer }
interface Held { observer: Observer }
export function run(m: Match, b: Both, h: Held, all: Match[]) {
  m.observer.setOptions(1)
  m.cache?.clear()
  b.spare.setOptions(2)
  h.observer.setOptions(3)
  all.forEach((x) => x.observer.setOptions(4))
}
"""


def test_an_object_type_alias_field_types_its_calls() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 10) == {"a.ts::Observer.setOptions"}
    assert call_targets(graph, "a.ts", 11) == {"a.ts::Cache.clear"}  # an optional field
    assert call_targets(graph, "a.ts", 14) == {"a.ts::Observer.setOptions"}  # a callback's element


def test_an_intersection_alias_field_and_an_interface_field_still_type() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 12) == {"a.ts::Observer.setOptions"}  # Match & {spare}
    assert call_targets(graph, "a.ts", 13) == {"a.ts::Observer.setOptions"}  # interface, as before
