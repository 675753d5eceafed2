"""Go: a method called on an element of a named slice type that has a method of the same name
(golang.org/x/exp's ebnf: ``type Alternative []Expression`` with ``func (x Alternative) Pos()``,
whose body is ``return x[0].Pos()``) is the element type's, as go/types has it: the graph had tied
``x[0].Pos()`` to ``Alternative.Pos`` itself, a call that is not there; ``errorList``'s
``list[0].Error()`` calls the builtin ``error``'s, no method of the project. The value itself
still calls its own type's method."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

SOURCE = """
package ebnf

type Expression interface{ Pos() int }

type Alternative []Expression

func (x Alternative) Pos() int { return x[0].Pos() }

type errorList []error

func (list errorList) Error() string { return list[0].Error() }

type Name struct{}

func (n *Name) Pos() int { return 1 }

func first(alt Alternative, names []*Name) int {
    return alt.Pos() + names[0].Pos()
}
"""


def test_an_element_of_a_named_slice_calls_the_element_type_s_method() -> None:
    g = build_graph({"ebnf/ebnf.go": analyze("ebnf/ebnf.go", dedent(SOURCE))})
    assert [(s.line, s.caller) for s in callers(g, "Alternative.Pos").sites] == [(19, "first")]
    assert [(s.line, s.caller) for s in callers(g, "Expression.Pos").sites] == [(8, "Alternative.Pos")]
    assert callers(g, "errorList.Error").sites == []
    assert [s.line for s in callers(g, "Name.Pos").sites] == [19]
