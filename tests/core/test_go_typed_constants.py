"""Go: a constant declared with a type is a value of it, and one written without type or value
repeats the type of its group's spec before it (cockroachdb/apd's ``const ( SystemOverflow
Condition = 1 << iota; ...; Inexact; Rounded )``: ``res := Inexact | Rounded; res =
res.negateOverflowFlags()`` had reached nothing)."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

SOURCE = """
package apd

type Condition uint32

const (
    // SystemOverflow is raised when an exponent is too large.
    SystemOverflow Condition = 1 << iota
    // Inexact is raised when a result is not exact.
    Inexact
    Rounded
)

const limit = 3

func (c Condition) negate() Condition { return c }

func exp() {
    res := Inexact | Rounded
    res = res.negate()
    x := SystemOverflow
    x.negate()
    n := limit
    n.negate()
}
"""


def test_a_typed_constant_and_its_repeats_are_values_of_the_type() -> None:
    g = build_graph({"apd/condition.go": analyze("apd/condition.go", dedent(SOURCE))})
    assert [s.line for s in callers(g, "apd/condition.go::Condition.negate").sites] == [20, 22]
