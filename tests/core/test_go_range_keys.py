"""Go: the first name a ``range`` binds over a map is the map's key, and the one name it binds
over a channel the channel's element (cockroachdb/apd's ``tests := map[Condition]string{...};
for c := range tests { c.String() }``): a parameter, a ``var``, a map or channel literal or
``make`` declared in the function. The key had been untyped (a map is read as its values), so its
calls reached nothing; a slice's index stays untyped."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

SOURCE = """
package apd

type Item struct{}

func (i Item) Less(o Item) bool { return false }

type Key struct{}

func (k Key) Less() int { return 0 }

func use(mm map[Key]Item, ch chan *Item, in <-chan Item) {
    for k, v := range mm {
        k.Less()
        v.Less(v)
    }
    for c := range ch {
        c.Less(*c)
    }
    for c := range in {
        c.Less(c)
    }
    tests := map[Key]string{}
    for k := range tests {
        k.Less()
    }
    made := make(map[*Key]bool)
    for k := range made {
        k.Less()
    }
    var m4 map[Key]int
    for k := range m4 {
        k.Less()
    }
    items := []Key{}
    for i := range items {
        _ = i
    }
}
"""


def test_a_ranged_key_is_the_maps_key_and_a_channels_element() -> None:
    g = build_graph({"apd/a_test.go": analyze("apd/a_test.go", dedent(SOURCE))})
    assert [s.line for s in callers(g, "apd/a_test.go::Key.Less").sites] == [14, 25, 29, 33]
    assert [s.line for s in callers(g, "apd/a_test.go::Item.Less").sites] == [15, 18, 21]
