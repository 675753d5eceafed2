"""A function's property is no name its body sees: xstate's ``enqueue.cancel = (...args) => {
actions.push(cancel(...args)); }`` calls the imported ``cancel``, not itself (the arrow is filed as
``enqueue``'s method ``cancel``, and a bare ``cancel`` inside had been tied back to it: five of
``enqueueActions.ts``'s calls of xstate's action creators had reached the wrong function)."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

ACTIONS = """\
export function cancel(id: string) { return { type: 'cancel', id } }
export function raise(event: string) { return { type: 'raise', event } }
"""

TS = """\
import { cancel, raise } from './actions'
export function resolve(actions: any[]) {
  const enqueue = function enqueue(action: any) { actions.push(action) }
  enqueue.cancel = (...args: [string]) => {
    actions.push(cancel(...args))
  }
  enqueue.raise = function (event: string) { actions.push(raise(event)) }
  function local() { return 1 }
  enqueue.local = () => local()
  return enqueue
}
"""


def test_a_function_property_calls_the_name_it_shadows() -> None:
    for path in ("enqueue.ts", "enqueue.js"):
        source = TS if path.endswith(".ts") else TS.replace(": any[]", "").replace(": any", "").replace(
            ": [string]", "").replace(": string", "")
        graph = graph_of({"actions.ts": ACTIONS, path: source})
        assert call_targets(graph, path, 5) == {"actions.ts::cancel"}, path
        assert call_targets(graph, path, 7) == {"actions.ts::raise"}, path


def test_a_nested_function_is_still_seen_by_name() -> None:
    graph = graph_of({"actions.ts": ACTIONS, "enqueue.ts": TS})
    assert call_targets(graph, "enqueue.ts", 9) == {"enqueue.ts::resolve.local"}
