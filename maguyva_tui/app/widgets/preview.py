"""The selected result's code, syntax highlighted, with the matched lines marked and context around them.

A window of the file around the match is highlighted (Pygments, through ``textual.highlight``) in a
thread worker, so a long file never holds up typing; the plain text shows first, the colours follow.
"""

from __future__ import annotations

from typing import ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import ScrollableContainer
from textual.content import Content
from textual.highlight import highlight
from textual.widgets import Static

CONTEXT_BEFORE = 150
"""Lines of the file kept above the match."""

CONTEXT_AFTER = 300
"""Lines of the file kept below the match."""

LOOKBACK = 400
"""Lines searched upwards for a top-level line to start highlighting from."""

SCROLL_MARGIN = 3
"""Lines shown above the match when the preview scrolls to it."""

MATCH_MARK = "▌"
"""Drawn in the gutter of every matched line."""


class Preview(ScrollableContainer, can_focus=True):
    """A read-only, scrollable code view of one place in a file."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.focus_results", "Back to results"),
        Binding("j", "scroll_down", "Scroll down", show=False),
        Binding("k", "scroll_up", "Scroll up", show=False),
    ]

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.shown: tuple[str, int, int] | None = None
        """``(path, start_line, end_line)`` on display."""

    def compose(self) -> ComposeResult:
        yield Static(id="code")

    def show(
        self,
        path: str,
        text: str,
        start: int,
        end: int,
        language: str | None = None,
        hits: tuple[int, ...] = (),
    ) -> None:
        """Show a file around lines ``start..end`` (1-based), marked and scrolled into view.

        ``hits`` are the lines the engine matched on (drawn brighter than the rest of the span).
        """
        if self.shown == (path, start, end):
            return
        self.shown = (path, start, end)
        lines = text.splitlines()
        first = top_level_before(lines, max(start - 1 - CONTEXT_BEFORE, 0))
        window = lines[first : end + CONTEXT_AFTER]
        self.border_title = Content(f"{path}:{start}" + (f"-{end}" if end > start else ""))  # a path, not markup
        self.border_subtitle = f"{len(lines):,} lines"
        self.query_one("#code", Static).update(render(window, first, (start, end, hits), None, path))
        self.call_after_refresh(self.scroll_to, y=max(start - 1 - first - SCROLL_MARGIN, 0), animate=False)
        self._highlight(window, first, (start, end, hits), language, path)

    @work(thread=True, exclusive=True, group="preview", exit_on_error=False)
    def _highlight(
        self,
        window: list[str],
        first: int,
        marks: Marks,
        language: str | None,
        path: str,
    ) -> None:
        """Colour the window off the UI thread, then swap it in if it is still the one on show."""
        content = render(window, first, marks, language or "", path)
        start, end, _ = marks
        self.app.call_from_thread(self._swap, (path, start, end), content)

    def _swap(self, shown: tuple[str, int, int], content: Content) -> None:
        if self.shown == shown:
            self.query_one("#code", Static).update(content)

    def clear_preview(self, message: str = "") -> None:
        """Show a message instead of code."""
        self.shown = None
        self.border_title = self.border_subtitle = ""
        self.query_one("#code", Static).update(Content.styled(message, "dim italic"))


Marks = tuple[int, int, tuple[int, ...]]
"""The result's span ``(start, end)`` and the lines the engine matched on."""


def top_level_before(lines: list[str], index: int) -> int:
    """Return the index of a top-level line at or above ``index`` so the highlighter starts outside a string.

    A window that opens inside a docstring or a block comment would be coloured inside out; a line
    that starts in column 0 with a word character is almost always a definition, import or statement.
    """
    for i in range(index, max(index - LOOKBACK, -1), -1):
        line = lines[i] if i < len(lines) else ""
        if line[:1].isalpha() or line[:1] in "_@#":
            return i
    return max(index - LOOKBACK, 0) if index > LOOKBACK else 0


def render(window: list[str], first: int, marks: Marks, language: str | None, path: str) -> Content:
    """Return the window with line numbers, the matched lines marked (highlighted unless ``language`` is None)."""
    start, end, hits = marks
    source = "\n".join(line.expandtabs(4) for line in window)
    if language is None:
        code = [Content(line.expandtabs(4)) for line in window]
    else:
        code = highlight(source, language=language or None, path=path).split("\n", allow_blank=True)
    width = len(str(first + len(window)))
    out = []
    for offset, line in enumerate(code[: len(window)]):
        number = first + offset + 1
        inside, hit = start <= number <= end, number in hits
        gutter = Content.styled(
            f"{number:>{width}} ",
            "bold $accent" if inside or hit else "$foreground 35%",
        )
        mark = Content.styled(MATCH_MARK, "$accent" if hit else "$accent 45%") if inside or hit else Content(" ")
        row = Content.assemble(gutter, mark, " ", line)
        out.append(row.stylize("on $accent 22%" if hit else "on $accent 10%") if inside or hit else row)
    return Content("\n").join(out)
