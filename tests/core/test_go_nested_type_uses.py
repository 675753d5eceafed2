"""Go: a type written inside another where a declaration names one (``xs []Item``, ``m
map[string]*Item``, ``rest ...Item``, ``var stock map[string]Item``, a struct's ``items []*Item``,
a function's ``*Item`` result, ``type Items []Item``) or a slice or map literal holds it
(``[]Item{...}``) is a use of it, and a generic struct's literal (``Pair[int]{...}``) a
construction: only a parameter's ``Item`` and ``*Item`` had been, so what a change to a type
reaches left out its slices, maps, fields and results. gin 1.8.1 against universal-ctags' types
and a word scan of their names: 1,318 -> 1,533 of 2,700 lines (0.487 -> 0.566), 0.997 of the
graph's lines on a line the scan finds, before and after."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import impact
from maguyva_tui.core.parsing.analyze import analyze

SOURCE = """
package shop

type Item struct{ A int }

type Pair[T any] struct{ V T }

type Items []Item

type Cart struct {
    items []*Item
    count int
}

var stock map[string]Item

func Total(xs []Item, rest ...Item) int { return len(xs) + len(rest) }

func Pick(m map[string]*Item) *Item { return m["a"] }

func Fill() int {
    made := []Item{{A: 1}}
    p := Pair[int]{V: 1}
    return len(made) + p.V
}
"""


def test_a_type_inside_another_is_a_use_of_it() -> None:
    graph = build_graph({"shop/shop.go": analyze("shop/shop.go", dedent(SOURCE))})
    reached = {d.node for d in impact(graph, "Item", max_depth=1).dependents}
    # ``type Items []Item`` and ``var stock ...`` are the file's lines
    assert reached == {"shop/shop.go::Cart", "shop/shop.go::Total", "shop/shop.go::Pick", "shop/shop.go::Fill",
                       "shop/shop.go"}
    assert {d.node for d in impact(graph, "Pair", max_depth=1).dependents} == {"shop/shop.go::Fill"}
