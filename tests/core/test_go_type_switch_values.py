"""Go: the value a type switch names is of each case's type (golang.org/x/exp's ebnf verifier,
``switch x := expr.(type) { case *Name: x.Pos() }``), and a value asserted to a type is of that
type (``lk, ok := r.src.(*LockedSource); lk.Read(p)``, x/exp/rand). go/types ties ``x.Pos()`` to
``Name.Pos``; "who calls Name.Pos" had listed nothing. A case of two types calls neither's method."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

SOURCE = """
package ebnf

type Expression interface{ Pos() int }

type Name struct{}

func (x *Name) Pos() int { return 1 }

type Range struct{}

func (x *Range) Pos() int { return 2 }

func verify(expr Expression) int {
    switch x := expr.(type) {
    case *Name:
        return x.Pos()
    case *Range:
        n := x.Pos()
        return n
    case *Name, *Range:
        return x.Pos()
    }
    if r, ok := expr.(*Range); ok {
        return r.Pos()
    }
    return 0
}
"""


def test_a_type_switch_case_and_an_assertion_type_their_value() -> None:
    g = build_graph({"ebnf/ebnf.go": analyze("ebnf/ebnf.go", dedent(SOURCE))})
    assert [(s.line, s.caller) for s in callers(g, "Name.Pos").sites] == [(17, "verify")]
    assert [(s.line, s.caller) for s in callers(g, "Range.Pos").sites] == [(19, "verify"), (25, "verify")]
