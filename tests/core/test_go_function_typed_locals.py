"""Go: calling a parameter of a function type written in place (deckarep/golang-set's ``newSet
func(...int) Set[int]``), or a local bound to a function literal (``mk := func(x int) *Big
{...}``), gives its declared result: ``s := newSet(); s.Add(v)`` is ``Set.Add``, as go/types ties
it; a later result too (``_, b := pair()``). Only a named function type's had been read."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

SOURCE = """
package mapset

type Set[T comparable] interface {
    Add(v T) bool
}

type Big struct{}

func (b *Big) Cmp(o *Big) int { return 0 }

func benchAdd(n int, newSet func(...int) Set[int], pair func() (int, *Big)) {
    s := newSet()
    s.Add(1)
    newSet().Add(2)
    _, b := pair()
    b.Cmp(b)
    mk := func(x int) *Big { return nil }
    z := mk(1)
    z.Cmp(z)
}
"""


def test_calling_a_function_typed_value_gives_its_declared_result() -> None:
    g = build_graph({"mapset/bench_test.go": analyze("mapset/bench_test.go", dedent(SOURCE))})
    assert [s.line for s in callers(g, "mapset/bench_test.go::Set.Add").sites] == [14, 15]
    assert [s.line for s in callers(g, "mapset/bench_test.go::Big.Cmp").sites] == [17, 20]
