"""Go: an embedded field is a field named as its type (``struct { Core }``: ``h.Core``), and an
interface's method declares what calling it gives: zap's ``downstream := h.Core.Check(ent, ce);
downstream.AddCore(ent, h)`` had been tied to nothing, both ``h.Core`` and ``Check``'s result
unknown."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

SOURCE = """
package zapcore

type CheckedEntry struct{}

func (ce *CheckedEntry) AddCore(c Core) *CheckedEntry { return ce }

type Core interface {
    Check(ent int, ce *CheckedEntry) *CheckedEntry
}

type hooked struct {
    Core
    *CheckedEntry
}

func (h *hooked) Check(ent int, ce *CheckedEntry) *CheckedEntry {
    if downstream := h.Core.Check(ent, ce); downstream != nil {
        return downstream.AddCore(h)
    }
    h.CheckedEntry.AddCore(h)
    return ce
}

func use(c Core) {
    c.Check(1, nil).AddCore(c)
}
"""


def test_calls_through_an_embedded_field_and_an_interface_methods_result() -> None:
    g = build_graph({"zapcore/core.go": analyze("zapcore/core.go", dedent(SOURCE))})
    assert [s.line for s in callers(g, "CheckedEntry.AddCore").sites] == [19, 21, 26]
