"""Go: an arithmetic or bitwise expression has its operands' type (cockroachdb/apd's ``if t := r &
traps; t != 0 { t.String() }`` of ``r Condition``: the call had reached nothing); a comparison's
value is a bool, no Condition."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

SOURCE = """
package apd

type Condition uint32

func (c Condition) String() string { return "" }

func (r Condition) GoError(traps Condition) {
    if t := r & traps; t != 0 {
        _ = t.String()
    }
    u := 1 | r
    _ = u.String()
    ok := r == traps
    _ = ok.String()
}
"""


def test_an_operated_value_has_its_operands_type() -> None:
    g = build_graph({"apd/condition.go": analyze("apd/condition.go", dedent(SOURCE))})
    assert [s.line for s in callers(g, "apd/condition.go::Condition.String").sites] == [10, 13]
