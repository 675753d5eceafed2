"""A local of a callback written at a module's top (``describe(() => { const queryClient = new
QueryClient(); queryClient.isFetching() })``, every vitest/jest test file's shape) types its calls,
as a function's local does: the callback is no scope, so the local is filed as the module's, and
calls on it had reached nothing. @tanstack/vue-query 5.59.0's ``src`` against the TypeScript 5.6
language service: 425 -> 475 of 481 call sites, precision 1.000."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

CLIENT = """\
import { QueryClient as QC } from '@tanstack/query-core'

export class QueryClient extends QC {
  isFetching(filters = {}): number {
    return super.isFetching(filters)
  }
}

export class MutationCache {
  find(filters: object) { return filters }
}
"""

TEST = """\
import { describe, expect, test } from 'vitest'
import { QueryClient as QueryClientOrigin } from '@tanstack/query-core'
import { QueryClient } from '../queryClient'
import { MutationCache } from '../queryClient'

describe('QueryClient', () => {
  test('should properly unwrap 1 parameter', () => {
    const queryClient = new QueryClient()
    queryClient.isFetching({ queryKey: ['foo'] })
    const cache = new MutationCache()
    cache.find({ mutationKey: ['baz'] })
    expect(QueryClientOrigin.prototype.isFetching).toBeCalled()
  })
})
"""


def test_a_top_level_callbacks_local_types_its_calls() -> None:
    graph = graph_of({"src/queryClient.ts": CLIENT, "src/__tests__/queryClient.test.ts": TEST})
    assert call_targets(graph, "src/__tests__/queryClient.test.ts", 9) == {"src/queryClient.ts::QueryClient.isFetching"}
    assert call_targets(graph, "src/__tests__/queryClient.test.ts", 11) == {"src/queryClient.ts::MutationCache.find"}


def test_an_import_of_the_name_still_wins() -> None:
    """A name the module imports is the import's, wherever a callback binds it too."""
    other = TEST.replace("import { MutationCache } from '../queryClient'", "import { cache } from '../cache'")
    graph = graph_of({"src/queryClient.ts": CLIENT, "src/__tests__/queryClient.test.ts": other,
                      "src/cache.ts": "export const cache = { find(x: object) { return x } }\n"})
    assert call_targets(graph, "src/__tests__/queryClient.test.ts", 11) == {"src/cache.ts::cache.find"}
