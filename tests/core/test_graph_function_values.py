"""Go: a call of a function a value holds (a parameter ``f func(int, T) bool``, a local bound to
``func() {...}``) reaches no symbol and is no unknown either: counted apart, as a function value,
where emirpasic/gods' 181 had counted as unresolved. A struct's field of a function type is still
called as the field's symbol."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.cli import _unresolved_lines
from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

LIST = """
package list

type Flag struct {
    Validator func(string) error
}

func (f *Flag) check() error { return f.Validator("x") }

func All(values []int, f func(index int, value int) bool) bool {
    for i, v := range values {
        if !f(i, v) {
            return false
        }
    }
    assert := func() {}
    assert()
    missing()
    return true
}
"""


def test_a_call_of_a_function_value_is_counted_apart() -> None:
    g = build_graph({"list/list.go": analyze("list/list.go", dedent(LIST))})
    outcomes = sorted((s.name, s.outcome) for sites in g.loose.values() for s in sites if s.kind == "call")
    assert outcomes == [("assert", "function_value"), ("f", "function_value"), ("missing", "unresolved")]
    stats = g.stats["languages"]["go"]  # type: ignore[index]
    assert (stats["unresolved"], stats["function_value"]) == (1, 2)
    assert [s.line for s in callers(g, "Flag.Validator").sites] == [8]


def test_the_index_summary_says_what_the_calls_apart_are() -> None:
    line = _unresolved_lines({"go": {"resolved": 9, "unresolved": 1, "external": 3, "function_value": 181}})
    assert line == ["  go       1 of 10 sites unresolved or ambiguous (10.0%), 3 external, 181 calls of function values"]
