"""Go: a generic function passed instantiated (``EqualFunc(m1, m2, equal[int])``, golang.org/x/exp's
slices and maps tests) and a function named in a composite literal (slog's ``HandlerOptions{ReplaceAttr:
upperCaseKey}``, a slice of functions ``[]func(){setup, pkg.Teardown}``) are used there, as go/types
has them. "who calls equal" had listed nothing of the lines go/types ties to it; an indexed variable
and a literal's field names are no site."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

SOURCE = """
package maps

type Options struct{ replace func(string) string }

func equal[T comparable](v1, v2 T) bool { return v1 == v2 }

func upperCaseKey(s string) string { return s }

func setup() {}

func EqualFunc[V any](a, b map[string]V, eq func(V, V) bool) bool { return eq(a[""], b[""]) }

func Test() {
    setup := []int{1}
    ok := EqualFunc(nil, nil, equal[int])
    o := Options{replace: upperCaseKey}
    hooks := []func(){setup2, upperCaseKey2}
    println(ok, o, hooks, setup[0])
}

func setup2() {}

func upperCaseKey2() {}
"""


def test_an_instantiated_or_literal_function_value_is_used_there() -> None:
    g = build_graph({"maps/maps_test.go": analyze("maps/maps_test.go", dedent(SOURCE))})
    assert [(s.line, s.caller) for s in callers(g, "equal").sites] == [(16, "Test")]
    assert [(s.line, s.caller) for s in callers(g, "upperCaseKey").sites] == [(17, "Test")]
    assert [s.line for s in callers(g, "setup2").sites] == [18]
    assert [s.line for s in callers(g, "upperCaseKey2").sites] == [18]
    assert callers(g, "setup").sites == []
