"""Go: a function or method named as a value outside a call's arguments is used there: returned
(gobwas/glob's parser states, ``return parserMain, tree, nil``), assigned (``parser, tree =
parserMain, root``) or bound (a method value ``f := s.handle``, ``var next = parserRange``). "who
calls parserMain" had listed nothing of the four lines go/types ties to it; a variable so named is
no site."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

PARSER = """
package ast

type parseFn func(tree int) (parseFn, int)

type Server struct{}

func (s *Server) handle() {}

func Parse() {
    var parser parseFn
    tree := 0
    parser, tree = parserMain, tree
    s := &Server{}
    f := s.handle
    var next = parserRange
    other := tree
    println(other)
    for parser != nil {
        parser, tree = parser(tree)
    }
}

func parserMain(tree int) (parseFn, int) {
    return parserRange, tree
}

func parserRange(tree int) (parseFn, int) {
    return parserMain, tree
}
"""


def test_a_function_named_as_a_value_is_used_there() -> None:
    g = build_graph({"ast/parser.go": analyze("ast/parser.go", dedent(PARSER))})
    assert [(s.line, s.caller) for s in callers(g, "parserMain").sites] == [(13, "Parse"), (29, "parserRange")]
    assert [(s.line, s.caller) for s in callers(g, "parserRange").sites] == [(16, "Parse"), (25, "parserMain")]
    assert [s.line for s in callers(g, "Server.handle").sites] == [15]
    assert all(s.line != 17 for sites in g.loose.values() for s in sites if s.kind == "read")
