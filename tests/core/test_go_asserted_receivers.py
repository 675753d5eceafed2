"""Go: a type assertion used as a receiver is a value of the asserted type (tidwall/btree's
``((interface{})(n2.items[i])).(copier[T]).Copy()``, ``r.(*Src).Read()``), as an asserted value
bound to a name already was; the graph had read the receiver as ``?``."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

SOURCE = """
package btree

type copier[T any] interface {
    Copy() T
}

type Src struct{}

func (s *Src) Read() int { return 0 }

func (s *Src) Copy() *Src { return s }

func copyItems[T any](items []T, r interface{}) {
    for i := 0; i < len(items); i++ {
        items[i] = ((interface{})(items[i])).(copier[T]).Copy()
    }
    _ = r.(*Src).Read()
}
"""


def test_an_asserted_receiver_is_of_the_asserted_type() -> None:
    g = build_graph({"btree/map.go": analyze("btree/map.go", dedent(SOURCE))})
    assert [(s.line, s.caller) for s in callers(g, "copier.Copy").sites] == [(16, "copyItems")]
    assert [s.line for s in callers(g, "Src.Read").sites] == [18]
    assert [s.line for s in callers(g, "Src.Copy").sites] == []
