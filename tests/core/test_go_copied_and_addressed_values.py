"""Go: ``tc := tc``, the copy of a loop variable a closure takes, is what it copies (cockroachdb/apd's
``for _, tc := range tcs { tc := tc; t.Run(tc.ID, func(...) { tc.HasNull() ... }) }``: as an alias of
itself tc had no type, 9 calls tied to nothing); and ``&xs[i]`` is an element of xs as ``xs[i]`` is
(tidwall/btree's ``s := &iter.stack[len(iter.stack)-1]; s.n.leaf()``, 4 calls)."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

SOURCE = """
package apd

type TestCase struct{ ID string }

func (tc TestCase) HasNull() bool { return false }

func run(name string, f func(t int)) bool { return true }

func gdaTest(tcs []TestCase) {
    for _, tc := range tcs {
        tc := tc
        run(tc.ID, func(t int) {
            if tc.HasNull() {
                return
            }
        })
    }
}

type node struct{}

func (n *node) leaf() bool { return true }

type stackItem struct{ n *node }

type Iter struct{ stack []stackItem }

func (iter *Iter) Next() bool {
    s := &iter.stack[len(iter.stack)-1]
    return s.n.leaf()
}
"""


def test_a_copied_loop_variable_and_an_addressed_element_keep_their_type() -> None:
    g = build_graph({"apd/gda_test.go": analyze("apd/gda_test.go", dedent(SOURCE))})
    assert [(s.line, s.caller) for s in callers(g, "TestCase.HasNull").sites] == [(14, "gdaTest")]
    assert [(s.line, s.caller) for s in callers(g, "node.leaf").sites] == [(31, "Iter.Next")]


ARRAY = """
package apd

type BigInt struct{}

func (z *BigInt) SetInt64(x int64) *BigInt { return z }

type tableVal struct {
    digits int64
    border BigInt
}

var digitsLookupTable [digitsTableSize + 1]tableVal

func init() {
    for i := 1; i <= digitsTableSize; i++ {
        elem := &digitsLookupTable[i]
        elem.border.SetInt64(10)
    }
}
"""


def test_an_element_of_a_go_array_is_of_its_element_type() -> None:
    # cockroachdb/apd's table.go: 4 calls on elem.border had reached nothing ([N]T read as no type)
    g = build_graph({"apd/table.go": analyze("apd/table.go", dedent(ARRAY))})
    assert [(s.line, s.caller) for s in callers(g, "BigInt.SetInt64").sites] == [(18, "init")]
