"""Go: calling a local or parameter of a named function type gives that type's declared results
(cockroachdb/apd's ``type bitFun func(z, x, y *BigInt) *BigInt``; ``out := f(new(BigInt), x, y);
out.Cmp(expected)`` had reached nothing); a conversion ``bitFun(g)`` names the type itself."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

SOURCE = """
package apd

type BigInt struct{}

func (z *BigInt) Cmp(y *BigInt) int { return 0 }

type bitFun func(z, x, y *BigInt) *BigInt

type pairFun func(x *BigInt) (*BigInt, error)

func testBitFun(f bitFun, x, y *BigInt) {
    out := f(new(BigInt), x, y)
    _ = out.Cmp(x)
    _ = f(x, x, y).Cmp(y)
}

func testPair(g pairFun, x *BigInt) {
    a, err := g(x)
    _ = err
    _ = a.Cmp(x)
    c := bitFun(nil)
    _ = c
}
"""


def test_calling_a_value_of_a_function_type_gives_its_result() -> None:
    g = build_graph({"apd/bigint_test.go": analyze("apd/bigint_test.go", dedent(SOURCE))})
    assert [s.line for s in callers(g, "apd/bigint_test.go::BigInt.Cmp").sites] == [14, 15, 21]


SELF = """
package apd

type BigInt struct{}

func (z *BigInt) Set(y *BigInt) *BigInt { return z }

type bitFun func(z, x, y *BigInt) *BigInt

func testBitFunSelf(f bitFun, x, y *BigInt) {
    self := new(BigInt)
    self.Set(x)
    self = f(self, self, y)
    self.Set(y)
}
"""


def test_a_go_local_named_self_is_a_local() -> None:
    g = build_graph({"apd/bigint_test.go": analyze("apd/bigint_test.go", dedent(SELF))})
    assert [s.line for s in callers(g, "apd/bigint_test.go::BigInt.Set").sites] == [12, 14]


CALLBACK = """
package p

type A struct{}

func (a *A) Run() {}

type B struct{}

func (b *B) Run() {}

func Walk(cb func(x *A) error) {
    x := &B{}
    x.Run()
}
"""


def test_a_function_type_parameter_declares_no_local() -> None:
    g = build_graph({"p/walk.go": analyze("p/walk.go", dedent(CALLBACK))})
    assert [s.line for s in callers(g, "p/walk.go::B.Run").sites] == [14]
    assert not callers(g, "p/walk.go::A.Run").sites
