"""Go: each function literal is a scope of its own, its parameters and locals apart from its
function's (cockroachdb/apd's test: ``t.Run("Abs", func(t *testing.T) { apd := func(z, x number)
string { return z.toApd(t).Abs(...) } })``, where another literal of the same test takes ``z
numberOrNil``). The graph had read every ``z`` as one local of the test with two types, so none:
"who calls number.toApd" missed 59 calls and BigInt's methods 190. A loop in a literal is under
the literal's scope (tidwall/btree's ``func(tr *BTreeG[int], ...) { for i := ...; { tr.Delete(..)``)."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

SOURCE = """
package apd

type BigInt struct{}

func (z *BigInt) Abs(x *BigInt) *BigInt { return z }

type number string

func (n number) toApd() *BigInt { return nil }

type numberOrNil struct{}

func (n numberOrNil) toApd() *BigInt { return nil }

type handler struct{}

func (h *handler) Handle() {}

type other struct{}

func (o other) Handle() {}

func run(name string, f func(t int)) {}

func TestMatches(t int) {
    run("Abs", func(t int) {
        apd := func(z, x number) *BigInt {
            return z.toApd().Abs(x.toApd())
        }
        _ = apd
    })
    run("Bytes", func(t int) {
        apd := func(z numberOrNil) *BigInt { return z.toApd() }
        _ = apd
    })
    run("one", func(t int) {
        h := &handler{}
        h.Handle()
    })
    run("two", func(t int) {
        h := other{}
        h.Handle()
    })
    each(func(tr *BigInt, xs []int) {
        for i := 0; i < len(xs); i++ {
            tr.Abs(nil)
        }
    }, func(tr *handler, xs []int) {
        for _, x := range xs {
            tr.Handle()
        }
    })
}

func each(f func(*BigInt, []int), g func(*handler, []int)) {}
"""


def test_a_function_literals_parameters_and_locals_are_its_own() -> None:
    g = build_graph({"apd/bigint_test.go": analyze("apd/bigint_test.go", dedent(SOURCE))})
    assert [s.line for s in callers(g, "number.toApd").sites] == [29]
    assert [s.line for s in callers(g, "numberOrNil.toApd").sites] == [34]
    assert [(s.line, s.caller) for s in callers(g, "BigInt.Abs").sites] == [(29, "TestMatches"), (47, "TestMatches")]
    assert [s.line for s in callers(g, "handler.Handle").sites] == [39, 51]
    assert [s.line for s in callers(g, "other.Handle").sites] == [43]
