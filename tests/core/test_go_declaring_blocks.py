"""Go: a ``switch`` case or an ``if``/``else`` block that declares a local is a scope of its own
(cockroachdb/apd's gdaTest: ``c := tc.Context(t)`` in the test, ``case "comparetotal": var c int`` in
a switch: the declared int had won, and ``c.WithPrecision(0)``, ``opctx.NewFromString(o)`` reached
nothing); a line a block ends and ``else`` starts on is the else block's."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

SOURCE = """
package apd

type Context struct{}

func (c *Context) WithPrecision(p int) *Context { return c }

func newContext() *Context { return nil }

func run(x int) {
    c := newContext()
    switch x {
    case 1:
        var c int
        _ = c
    default:
        c.WithPrecision(1)
    }
    if x > 0 {
        c := 3
        _ = c
    } else {
        c.WithPrecision(2)
    }
    c.WithPrecision(3)
}
"""


def test_a_block_declaring_a_local_keeps_it_apart() -> None:
    g = build_graph({"apd/gda_test.go": analyze("apd/gda_test.go", dedent(SOURCE))})
    assert [(s.line, s.caller) for s in callers(g, "Context.WithPrecision").sites] == [
        (17, "run"), (23, "run"), (25, "run")]
