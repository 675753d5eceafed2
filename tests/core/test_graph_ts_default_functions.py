"""A JavaScript or TypeScript local holding an option or a default function (``const hashFn =
options?.queryKeyHashFn || hashKey``, ``config.retryDelay ?? defaultRetryDelay``): calling it calls
the default where no option is given, so the default's callers list the call (@tanstack/query-core's
``hashFn(queryKey)`` had reached nothing). A choice between two functions (``previous ? addToStart :
addToEnd``) is still no guess between them."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

TS = """\
export function hashKey(a: string): string { return a }
export function addToStart(a: number): number { return a }
export function addToEnd(a: number): number { return a }
export function run(previous: boolean, opts?: { hashFn?: (a: string) => string }) {
  const hashFn = opts?.hashFn || hashKey
  hashFn('x')
  const other = opts?.hashFn ?? hashKey
  other('y')
  const addTo = previous ? addToStart : addToEnd
  addTo(1)
}
"""


def test_a_default_function_is_called_through_the_local() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 6) == {"a.ts::hashKey"}  # x || hashKey
    assert call_targets(graph, "a.ts", 8) == {"a.ts::hashKey"}  # x ?? hashKey


def test_a_choice_of_two_functions_stays_unresolved() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 10) == set()


CLIENT = """\
export class QueryClient { isFetching(): number { return 1 } }
export function useQueryClient(): QueryClient { return new QueryClient() }
export function useIsFetching(queryClient?: QueryClient): number {
  const client = queryClient || useQueryClient()
  const other = queryClient ?? useQueryClient()
  other.isFetching()
  return client.isFetching()
}
"""


def test_a_default_made_by_a_call_types_the_local() -> None:
    """``queryClient || useQueryClient()`` is what the call returns where none is given, as
    Python's ``x or make()`` is (@tanstack/vue-query 5.59.0's ``useIsFetching``: it had reached nothing)."""
    graph = graph_of({"a.ts": CLIENT})
    assert call_targets(graph, "a.ts", 6) == {"a.ts::QueryClient.isFetching"}
    assert call_targets(graph, "a.ts", 7) == {"a.ts::QueryClient.isFetching"}
