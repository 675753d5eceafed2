"""Go: a receiver written through ``&`` or ``*`` is the value's (cockroachdb/apd's
``(&inverse).ModInverse(&element, &modulus)``, ``(*p).Sign()``), and a method expression passed as a
value (``testBitFun(t, "and", (*BigInt).And, x, y, ...)``, golang.org/x/exp's ``(*ReaderAt).Close``)
uses that method there, as go/types has both. The graph had read each receiver as ``?``: "who calls
BigInt.Mul" (and SetString, Cmp, And, ...) missed 28 lines of apd's tests."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

SOURCE = """
package apd

type BigInt struct{}

func (z *BigInt) And(x, y *BigInt) *BigInt { return z }

func (z *BigInt) Mul(x, y *BigInt) *BigInt { return z }

func (z *BigInt) Sign() int { return 0 }

type Decimal struct{}

func (d *Decimal) Sign() int { return 0 }

func testBitFun(name string, f func(z, x, y *BigInt) *BigInt) {}

func TestBigInt(p *BigInt, d *Decimal) {
    var inverse, element BigInt
    (&inverse).Mul(&inverse, &element)
    testBitFun("and", (*BigInt).And)
    _ = (*p).Sign() + (*d).Sign() + (-1)
}
"""


def test_address_and_dereference_receivers_and_method_expressions() -> None:
    g = build_graph({"apd/bigint_test.go": analyze("apd/bigint_test.go", dedent(SOURCE))})
    assert [(s.line, s.caller) for s in callers(g, "BigInt.Mul").sites] == [(20, "TestBigInt")]
    assert [s.line for s in callers(g, "BigInt.And").sites] == [21]
    assert [s.line for s in callers(g, "BigInt.Sign").sites] == [22]
    assert [s.line for s in callers(g, "Decimal.Sign").sites] == [22]
