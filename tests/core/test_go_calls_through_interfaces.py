"""Go: a method that implements an interface implicitly is run by the calls made through the
interface, and "who calls" it says so, as it does for a Java or TypeScript class that implements
one (golang.org/x/exp's slog: "who calls TextHandler.Handle" listed its two direct calls and said
nothing of the calls through ``Handler.Handle``, which go/types ties to the interface's method, as
the graph does). A type that lacks one of the interface's methods implements nothing."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.other_calls import _notes
from maguyva_tui.core.parsing.analyze import analyze

SOURCE = """
package slog

type Handler interface {
    Enabled(level int) bool
    Handle(r int) error
}

type TextHandler struct{}

func (h *TextHandler) Enabled(level int) bool { return true }

func (h *TextHandler) Handle(r int) error { return nil }

type Partial struct{}

func (p *Partial) Handle(r int) error { return nil }

type Logger struct{ handler Handler }

func (l *Logger) log(r int) {
    if l.handler.Enabled(r) {
        l.handler.Handle(r)
    }
}
"""


def test_an_implicit_implementation_s_callers_say_the_interface_s_calls() -> None:
    graph = build_graph({"slog/logger.go": analyze("slog/logger.go", dedent(SOURCE))})
    said = " ".join(_notes(graph, "TextHandler.Handle"))
    assert ("TextHandler.Handle overrides or implements Handler.Handle, which 1 call reaches: made through that "
            'type, they may run it and are not listed here; ask "who calls slog/logger.go::Handler.Handle"') in said
    assert "Handler.Handle" not in " ".join(_notes(graph, "Partial.Handle"))
