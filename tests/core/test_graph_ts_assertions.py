"""TypeScript type assertions: ``(x as Foo).m()``, ``(<Foo>x).m()`` and ``const f = x as Foo`` call
``Foo``'s method (prosemirror-model's ``(last as TextNode).withText(...)`` had been tied to nothing,
the TypeScript 5.6 language service its oracle); ``as any`` and ``as Foo | Bar`` stay unresolved."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

TS = """\
export class Foo { m(): number { return 1; } }
export class Bar { m(): number { return 2; } }
export interface Shape { area(): number }
export function go(x: unknown, s: unknown) {
  (x as Foo).m();
  (<Bar>x).m();
  (s as Shape).area();
  const f = x as Foo | null;
  f.m();
  (x as any).m();
  (x as Foo | Bar).m();
}
"""


def test_asserted_receiver_is_the_type_it_names() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 5) == {"a.ts::Foo.m"}
    assert call_targets(graph, "a.ts", 6) == {"a.ts::Bar.m"}
    assert call_targets(graph, "a.ts", 7) == {"a.ts::Shape.area"}
    assert call_targets(graph, "a.ts", 9) == {"a.ts::Foo.m"}  # const f = x as Foo | null


def test_assertion_to_no_single_type_stays_unresolved() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 10) == set()  # as any
    assert call_targets(graph, "a.ts", 11) == set()  # as Foo | Bar: either's m
