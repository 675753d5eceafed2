"""The selected result's file, syntax highlighted, the matched lines selected, scrolled into view."""

from __future__ import annotations

import functools
import importlib
from pathlib import PurePosixPath

from textual.binding import Binding
from textual.widgets import TextArea
from textual.widgets.text_area import Selection

CONTEXT_ABOVE = 3
"""Lines shown above the match when the preview scrolls to it."""

EXTENSIONS = {
    ".py": "python", ".pyi": "python", ".js": "javascript", ".mjs": "javascript", ".cjs": "javascript",
    ".jsx": "javascript", ".ts": "typescript", ".tsx": "tsx", ".go": "go", ".rs": "rust", ".java": "java",
    ".c": "c", ".h": "c", ".cc": "cpp", ".cpp": "cpp", ".cxx": "cpp", ".hpp": "cpp", ".hh": "cpp",
    ".json": "json", ".toml": "toml", ".yaml": "yaml", ".yml": "yaml", ".md": "markdown", ".html": "html",
    ".css": "css", ".sh": "bash", ".sql": "sql", ".xml": "xml",
}
"""Language by file extension, for results that carry none."""

EXTRA_GRAMMARS = {"c": "tree_sitter_c", "cpp": "tree_sitter_cpp"}
"""Grammars the project already depends on that Textual does not bundle, with their highlight queries."""


class Preview(TextArea):
    """A read-only code view of one result."""

    BINDINGS = [
        Binding("escape", "app.focus_results", "Back to results", show=False),
        Binding("o", "app.open_editor", "Open in $EDITOR", show=False),
    ]

    def __init__(self, **kwargs: object) -> None:
        super().__init__(read_only=True, show_line_numbers=True, soft_wrap=False, **kwargs)  # type: ignore[arg-type]
        self.shown: tuple[str, int, int] | None = None
        """``(path, start_line, end_line)`` on display."""

    def show(self, path: str, text: str, start: int, end: int, language: str | None = None) -> None:
        """Show a file with lines ``start..end`` (1-based) selected and scrolled into view."""
        if self.shown is None or self.shown[0] != path:
            self.language = None
            self.load_text(text)
            self.language = self._usable(language or language_of(path))
        self.shown = (path, start, end)
        last = max(self.document.line_count - 1, 0)
        top, bottom = min(max(start - 1, 0), last), min(max(end, start), last + 1)
        end_location = (bottom, 0) if bottom <= last else (last, len(self.document.get_line(last)))
        self.selection = Selection((top, 0), end_location)
        self.border_title = f"{path}:{start}" + (f"-{end}" if end > start else "")
        self.call_after_refresh(self.scroll_to, y=max(top - CONTEXT_ABOVE, 0), animate=False)

    def clear_preview(self, message: str = "") -> None:
        """Show a message instead of code."""
        self.shown = None
        self.language = None
        self.load_text(message)
        self.border_title = ""

    def _usable(self, language: str | None) -> str | None:
        """Return the language if the text area can highlight it (registering extra grammars once)."""
        if language is None:
            return None
        if language not in self.available_languages and language in EXTRA_GRAMMARS:
            grammar = _grammar(EXTRA_GRAMMARS[language])
            if grammar is not None:
                self.register_language(language, *grammar)
        return language if language in self.available_languages else None


def language_of(path: str) -> str | None:
    """Guess a file's language from its extension."""
    return EXTENSIONS.get(PurePosixPath(path).suffix.lower())


@functools.cache
def _grammar(module: str) -> tuple[object, str] | None:
    """Return a tree-sitter language and its highlight query from a grammar package, if it ships one."""
    try:
        from tree_sitter import Language

        mod = importlib.import_module(module)
        return Language(mod.language()), str(mod.HIGHLIGHTS_QUERY)
    except (ImportError, AttributeError, ValueError):
        return None
