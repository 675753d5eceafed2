"""Go: a struct embedding a generic type (tidwall/btree's ``type Generic[T any] struct {
*BTreeG[T] }``) has that type's field and methods: ``tr.BTreeG.Copy()`` and a promoted ``g.Min()``
are ``BTreeG``'s, as go/types ties them. The embedded ``*BTreeG[T]`` had been neither a field nor a
base (only a plain ``*T`` or ``pkg.T`` was), so both calls had reached nothing."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

SOURCE = """
package btree

type BTreeG[T any] struct{}

func (t *BTreeG[T]) Min() int { return 0 }

func (t *BTreeG[T]) Copy() *BTreeG[T] { return t }

type Plain struct{}

func (p *Plain) Max() int { return 0 }

type Generic[T any] struct {
    *BTreeG[T]
    Plain
}

func (tr *Generic[T]) Copy() *Generic[T] {
    return &Generic[T]{tr.BTreeG.Copy()}
}

func use(g *Generic[int]) {
    g.Min()
    g.Max()
    g.BTreeG.Min()
}
"""


def test_an_embedded_generic_type_is_a_field_and_a_base() -> None:
    g = build_graph({"btree/btreeg.go": analyze("btree/btreeg.go", dedent(SOURCE))})
    assert [s.line for s in callers(g, "btree/btreeg.go::BTreeG.Copy").sites] == [20]
    assert [s.line for s in callers(g, "btree/btreeg.go::BTreeG.Min").sites] == [24, 26]
    assert [s.line for s in callers(g, "btree/btreeg.go::Plain.Max").sites] == [25]
