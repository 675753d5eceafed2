"""Go: a value ranged over a named slice type that has a method of the element's name
(golang.org/x/exp's typeparams: ``type termlist []*term``, both with ``String``; ``for _, x :=
range xl { x.String() }``) is an element, and calls the element type's method, as go/types has
it: the graph had tied ``x.String()`` to ``termlist.String`` itself, a call that is not there.
``append(xl, yl...)`` is of its first argument's type, so ``.norm()`` on it is ``termlist.norm``'s."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

SOURCE = """
package typeparams

type term struct{ tilde bool }

func (x *term) String() string { return "" }

type termlist []*term

func (xl termlist) String() string {
    for _, x := range xl {
        _ = x.String()
    }
    return ""
}

func (xl termlist) norm() termlist { return xl }

func (xl termlist) union(yl termlist) termlist {
    return append(xl, yl...).norm()
}

func each(terms []*term, byName map[string]*term) {
    for _, t := range terms {
        t.String()
    }
    for _, t := range byName {
        t.String()
    }
}
"""


def test_a_value_ranged_over_a_named_slice_calls_the_element_type_s_method() -> None:
    g = build_graph({"typeparams/termlist.go": analyze("typeparams/termlist.go", dedent(SOURCE))})
    assert [(s.line, s.caller) for s in callers(g, "term.String").sites] == [
        (12, "termlist.String"), (25, "each"), (28, "each")]
    assert callers(g, "termlist.String").sites == []


def test_append_gives_its_first_argument_s_type() -> None:
    g = build_graph({"typeparams/termlist.go": analyze("typeparams/termlist.go", dedent(SOURCE))})
    assert [(s.line, s.caller) for s in callers(g, "termlist.norm").sites] == [(20, "termlist.union")]
