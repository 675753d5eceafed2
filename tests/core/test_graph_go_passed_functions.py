"""Go: a function or method passed as a value (``http.HandleFunc("/", handler)``, ``s.handle``,
``register(less)``) is used where it is passed: "who calls handler" lists that line, said ``passes
handler``; it had listed nothing. A variable passed is no site."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers, site_reason
from maguyva_tui.core.parsing.analyze import analyze

MAIN = """
package main

import "net/http"

type Server struct{}

func (s *Server) handle(w http.ResponseWriter, r *http.Request) {}

func handler(w http.ResponseWriter, r *http.Request) {}

func less(i, j int) bool { return i < j }

func register(fn func(int, int) bool) {}

func main() {
	s := &Server{}
	handle := 1
	http.HandleFunc("/", handler)
	http.HandleFunc("/s", s.handle)
	register(less)
	_ = less(1, 2)
	println(handle)
}
"""


def graph() -> CodeGraph:
    return build_graph({"main.go": analyze("main.go", dedent(MAIN))})


def test_a_function_passed_as_a_value_is_used_there() -> None:
    g = graph()
    found = callers(g, "handler").sites
    assert [(s.line, s.caller, site_reason(g, s, {}, "calls handler")) for s in found] == [(19, "main", "passes handler")]
    assert [s.line for s in callers(g, "Server.handle").sites] == [20]
    assert [(s.line, site_reason(g, s, {}, "calls less")) for s in callers(g, "less").sites] == [
        (21, "passes less"), (22, "calls less")]


def test_a_variable_passed_is_no_site() -> None:
    g = graph()
    assert all(s.line != 23 for sites in g.sites_out.values() for s in sites)
    assert all(s.line != 23 for sites in g.loose.values() for s in sites if s.kind == "read")
