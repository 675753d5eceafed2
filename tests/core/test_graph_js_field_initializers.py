"""A JavaScript or TypeScript class field written with a value and no type (``currentSelection =
new SelectionState``, ``input = new InputState()``) holds what the value is: ``this.currentSelection.eq()``
and ``view.input.mouseDown`` had reached nothing (prosemirror-view against the TypeScript 5.6
language service: 598 → 604 of 652 call sites). A declared type is still the field's."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

TS = """\
class Sel { eq(): boolean { return true } }
class Base { eq(): boolean { return false } }
export class Obs {
  cur = new Sel
  other = new Sel()
  declared: Base = new Sel()
  run(): void {
    this.cur.eq()
    this.other.eq()
    this.declared.eq()
  }
}
export function use(o: Obs): void {
  o.cur.eq()
}
"""

JS = """\
class Sel { eq() { return true } }
export class Obs {
  cur = new Sel
  run() {
    this.cur.eq()
  }
}
"""


def test_a_typescript_field_holds_what_it_is_set_to() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 8) == {"a.ts::Sel.eq"}
    assert call_targets(graph, "a.ts", 9) == {"a.ts::Sel.eq"}
    assert call_targets(graph, "a.ts", 14) == {"a.ts::Sel.eq"}  # read from another function


def test_a_declared_type_comes_first() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 10) == {"a.ts::Base.eq"}


def test_a_javascript_field_holds_what_it_is_set_to() -> None:
    graph = graph_of({"a.js": JS})
    assert call_targets(graph, "a.js", 5) == {"a.js::Sel.eq"}
