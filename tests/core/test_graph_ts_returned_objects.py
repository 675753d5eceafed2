"""What a JavaScript or TypeScript function returns as an object literal has the function's own
members: ``return { batch: () => {...}, schedule }`` makes ``make().batch()`` the ``batch`` node
written inside ``make`` and ``.schedule()`` the local function the shorthand names, a method's
one-line ``return { refetch: () => 1 }`` too. @tanstack/query-core's ``export const notifyManager
= createNotifyManager()`` then ``notifyManager.batch(...)`` in eight files (20 call sites) and
@tanstack/db's ``syncResult.confirmOperationsSync(...)`` had reached nothing. A declared result
type still wins; a function called where it is written (``(() => { return { observe } })()``) returns
nothing of the function around it."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

MAKER = """\
export function createNotifyManager() {
  const schedule = (cb: () => void): void => { cb() }
  return {
    batch: <T>(callback: () => T): T => callback(),
    schedule,
    flushAll() {},
  } as const
}
export const notifyManager = createNotifyManager()
export class Collection {
  utils() {
    return { refetch: () => 1, other() { return 2 } }
  }
}
export interface Api { batch(): void }
export function typed(): Api {
  return { batch: () => {} }
}
"""

USER = """\
import { notifyManager, createNotifyManager, Collection, typed } from './maker'
export function use(c: Collection): void {
  notifyManager.batch(() => 1)
  const local = createNotifyManager()
  local.schedule(() => {})
  local.flushAll()
  c.utils().refetch()
  const u = c.utils()
  u.other()
  typed().batch()
}
"""

JS = """\
function makeApi() {
  return {
    get() { return 1 },
    put: function (v) { return v },
  }
}
const api = makeApi()
api.get()
api.put(2)
"""


def test_a_returned_objects_members_are_the_functions_nodes() -> None:
    graph = graph_of({"maker.ts": MAKER, "use.ts": USER})
    assert call_targets(graph, "use.ts", 3) == {"maker.ts::createNotifyManager.batch"}
    assert call_targets(graph, "use.ts", 5) == {"maker.ts::createNotifyManager.schedule"}  # the shorthand's local
    assert call_targets(graph, "use.ts", 6) == {"maker.ts::createNotifyManager.flushAll"}


def test_a_methods_one_line_returned_object() -> None:
    graph = graph_of({"maker.ts": MAKER, "use.ts": USER})
    assert call_targets(graph, "use.ts", 7) == {"maker.ts::Collection.utils", "maker.ts::Collection.utils.refetch"}
    assert call_targets(graph, "use.ts", 9) == {"maker.ts::Collection.utils.other"}


def test_a_declared_result_type_still_wins() -> None:
    graph = graph_of({"maker.ts": MAKER, "use.ts": USER})
    assert call_targets(graph, "use.ts", 10) == {"maker.ts::typed", "maker.ts::Api.batch"}


def test_javascript_alike() -> None:
    graph = graph_of({"api.js": JS})
    assert call_targets(graph, "api.js", 8) == {"api.js::makeApi.get"}
    assert call_targets(graph, "api.js", 9) == {"api.js::makeApi.put"}


IIFE = """\
export function outer() {
  const o = (() => {
    return { run() { return 1 } }
  })()
  o.run()
}
outer().run()
"""


def test_a_function_called_where_written_returns_nothing_of_its_outer_function() -> None:
    graph = graph_of({"iife.ts": IIFE})
    assert call_targets(graph, "iife.ts", 7) == {"iife.ts::outer"}
