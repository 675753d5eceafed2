"""TypeScript unions written with a leading ``|`` (prettier's form of a long one: ``x as\\n | Query\\n
| undefined``, ``field:\\n | Query\\n | null``) type what they type as ``Query | undefined`` does:
@tanstack/query-core's ``const prevQuery = this.#currentQuery as | Query<...> | undefined;
prevQuery?.removeObserver(this)`` had been tied to nothing."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

TS = """\
export class Query { reset(): void {} }
export class Other { reset(): void {} }
export class Obs {
  held:
    | Query
    | null = null
  go(x: unknown) {
    const prev = x as
      | Query
      | undefined
    prev?.reset()
    this.held?.reset()
    const either = x as
      | Query
      | Other
    either.reset()
  }
}
"""


def test_a_leading_bar_union_with_undefined_is_its_one_type() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 11) == {"a.ts::Query.reset"}  # as | Query | undefined
    assert call_targets(graph, "a.ts", 12) == {"a.ts::Query.reset"}  # held: | Query | null


def test_a_leading_bar_union_of_two_types_stays_unresolved() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 16) == set()  # as Foo | Bar: either's reset, as without the bar
