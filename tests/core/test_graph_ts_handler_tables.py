"""A TypeScript function assigned to a member of a table whose declaration gives its values a
function type by an index signature takes its parameter types from it: prosemirror-view's ``const
handlers: {[event: string]: (view: EditorView, event: Event) => void} = {}`` and then
``handlers.mousedown = (view, event) => {...}`` or ``handlers.focus = view => {...}``: the calls on
``view`` had reached nothing (callers 604 → 629 of 652 sites against the TypeScript 5.6 language
service, precision 1.000)."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

TS = """\
class View { focus(): void {} }
class Ev { stop(): void {} }
const handlers: {[event: string]: (view: View, event: Ev) => void} = {}
const loose: any = {}
handlers.mousedown = (view, event) => {
  view.focus()
  event.stop()
}
handlers.focus = view => {
  view.focus()
}
loose.blur = (view) => {
  view.focus()
}
"""


def test_a_handler_takes_the_tables_parameter_types() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 6) == {"a.ts::View.focus"}
    assert call_targets(graph, "a.ts", 7) == {"a.ts::Ev.stop"}


def test_a_lone_parameter_without_parentheses_too() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 10) == {"a.ts::View.focus"}


def test_a_table_of_no_declared_signature_types_nothing() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 13) == set()
