"""Go: a value made by the builtins ``new`` and ``make`` is of the type they name (golang.org/x/exp's
``z := new(Zipf); z.h(x)``, ``new(String).Init(s)``, ``data := make(intPairs, n); data.initB()``),
and a composite literal used as a receiver is its type's value (slog's ``(HandlerOptions{}).
NewJSONHandler(w)``). go/types ties each to the method; "who calls Zipf.h" had listed nothing."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

SOURCE = """
package rand

type Zipf struct{}

func (z *Zipf) h(x float64) float64 { return x }

type intPairs []int

func (d intPairs) initB() {}

type Options struct{}

func (o Options) NewHandler() int { return 0 }

func NewZipf() *Zipf {
    z := new(Zipf)
    z.h(0.5)
    data := make(intPairs, 3)
    data.initB()
    new(Zipf).h(1)
    return z
}

func Default() int {
    return (Options{}).NewHandler() + Options{}.NewHandler()
}
"""


def test_new_make_and_a_literal_receiver_are_values_of_their_type() -> None:
    g = build_graph({"rand/zipf.go": analyze("rand/zipf.go", dedent(SOURCE))})
    assert [s.line for s in callers(g, "Zipf.h").sites] == [18, 21]
    assert [s.line for s in callers(g, "intPairs.initB").sites] == [20]
    assert [(s.line, s.caller) for s in callers(g, "Options.NewHandler").sites] == [(26, "Default")]
