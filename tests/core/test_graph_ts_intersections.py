"""A TypeScript type alias that intersects types has their members (``type Mixed = LexerAdapter &
ErrorHandler``), and a method's declared ``this`` (``raise(this: Mixed)``) is that type, not its
class: chevrotain's parser traits call each other so (callers against the TypeScript 5.6 language
service 330 → 540 of 546 sites)."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

TS = """\
export class LexerAdapter {
  LA(this: Mixed, i: number): number { return i }
}
export class ErrorHandler {
  raise(this: Mixed): number {
    return this.LA(1)
  }
  own(): number {
    return this.raise()
  }
}
export type Mixed = LexerAdapter &
  ErrorHandler &
  {extra: number}
export function go(p: Mixed): void {
  p.raise()
}
"""


def test_an_intersection_alias_has_each_types_members() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 16) == {"a.ts::ErrorHandler.raise"}


def test_a_methods_declared_this_is_its_type() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 6) == {"a.ts::LexerAdapter.LA"}
    assert call_targets(graph, "a.ts", 9) == {"a.ts::ErrorHandler.raise"}  # no declared this: the class
