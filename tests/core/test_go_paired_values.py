"""Go: ``a, b := x, y`` binds each name to the value it is paired with (cockroachdb/apd's ``integ,
frac := new(Decimal), new(Decimal)``; ``frac.String()``, ``frac.CmpTotal(frac2)`` had been tied to
nothing, only the first name typed); ``a, b := f()`` still binds f's results."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

SOURCE = """
package apd

type Decimal struct{}

func (d *Decimal) String() string { return "" }

type Other struct{}

func (o Other) Close() {}

func split() (*Decimal, Other) { return nil, Other{} }

func TestModf() {
    integ, frac := new(Decimal), new(Decimal)
    _ = integ
    _ = frac.String()
    o, d := Other{}, &Decimal{}
    o.Close()
    _ = d.String()
    x, y := split()
    y.Close()
    _ = x.String()
}
"""


def test_each_name_of_a_short_declaration_is_its_paired_value() -> None:
    g = build_graph({"apd/decimal_test.go": analyze("apd/decimal_test.go", dedent(SOURCE))})
    assert [s.line for s in callers(g, "Decimal.String").sites] == [17, 20, 23]
    assert [s.line for s in callers(g, "Other.Close").sites] == [19, 22]
