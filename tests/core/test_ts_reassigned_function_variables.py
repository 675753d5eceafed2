"""A call of a variable declared with a function (``let unsubscribe = () => {}``) in a callback
that assigns the variable another value (``unsubscribe()`` then ``unsubscribe =
observer.subscribe(...)``) reaches the variable's function, as the TypeScript language service reads
it: the assignment had bound the name as a local of the callback, which hid the function there.
@tanstack/vue-query 5.59.0's ``useBaseQuery`` and ``useQueries``: 476 -> 478 of 481 call sites,
precision 1.000. A callback's own parameter of that name is still its own."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

QUERY = """\
import { watch } from 'vue'

export function useBaseQuery(observer: { subscribe(f: () => void): () => void }, restoring: boolean) {
  let unsubscribe = () => {
    // noop
  }

  watch(restoring, (isRestoring) => {
    if (!isRestoring) {
      unsubscribe()
      unsubscribe = observer.subscribe(() => {})
    }
  })

  watch(restoring, (unsubscribe: () => void) => {
    unsubscribe()
    unsubscribe = observer.subscribe(() => {})
  })
  return unsubscribe
}
"""


def test_a_call_of_a_reassigned_function_variable_reaches_its_function() -> None:
    graph = graph_of({"src/useBaseQuery.ts": QUERY})
    assert call_targets(graph, "src/useBaseQuery.ts", 10) == {"src/useBaseQuery.ts::useBaseQuery.unsubscribe"}
    assert call_targets(graph, "src/useBaseQuery.ts", 16) == set()
