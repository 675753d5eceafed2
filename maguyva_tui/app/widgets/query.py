"""The live query box, with the mode it searches in and the inline error of the last query."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import Label

from maguyva_tui.app.widgets.ordered_input import OrderedInput

PLACEHOLDER = 'ask: parse_config · who calls load · "ECONNREFUSED" · how does auth work'

LINE_MARK = " ⏎ "
"""Where a pasted text's line ended: the box holds one line, and a pasted trace or snippet is asked
whole (Textual's box kept its first line: ``Traceback (most recent call last):`` alone)."""


def shown(text: str) -> str:
    """A text as the one-line box shows it, its line ends marked."""
    return LINE_MARK.join(line.rstrip() for line in text.splitlines()) if "\n" in text or "\r" in text else text


def asked(value: str) -> str:
    """The question a box's text stands for, its marked line ends made lines again."""
    return value.replace(LINE_MARK, "\n")


class QueryInput(OrderedInput):
    """The query text; the arrows move the result cursor so typing and choosing never collide."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "app.cursor(1)", "Next result", show=False),
        Binding("up", "app.cursor(-1)", "Previous result", show=False),
        # Priority: run in the keys' order, so the keys read with enter go to the results (a
        # widget's own binding runs once the key has climbed back to the app, after them).
        Binding("enter", "app.focus_results", "Results", priority=True, tooltip="Go to the results list"),
        Binding(
            "escape",
            "app.focus_results",
            "Leave",
            priority=True,
            tooltip="Leave the query box (then q quits, ? helps)",
        ),
        Binding("question_mark", "app.help", "Help", show=False, tooltip="On an empty query (else ? is typed)"),
    ]

    ALLOW_MAXIMIZE = False
    """A box of one line is not a view to fill the screen with (the palette's Maximize had hidden
    everything but it, over a hatched screen)."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)
    """The text's width: a keystroke changes it, and Textual's own reactive lays out the whole screen
    for that (one layout a keystroke); the box has no scrollbars, so nothing else moves."""

    on_value: Callable[[str], None] | None = None
    """Called with the text as soon as it changes (the app searches for it)."""

    def watch_virtual_size(self, size: Size) -> None:
        self._scroll_update(size)

    def watch_value(self, value: str) -> None:
        """Hand the new text over at once: Textual's ``Changed`` message reached the app after
        climbing the box's, the bar's and the screen's queues (25 ms a key under load, before the
        search could start)."""
        if self.on_value is not None:
            self.on_value(asked(value))

    def _on_paste(self, event: events.Paste) -> None:
        """Paste every line of a text, its line ends marked (:data:`LINE_MARK`), not only the first."""
        if event.text:
            text = shown(event.text)
            # Textual's box scrolls to its cursor on every change but its first: a long line pasted
            # into a box never edited showed its start, the cursor and its end out of view
            self._initial_value = False
            if self.selection.is_empty:
                self.insert_text_at_cursor(text)
            else:
                self.replace(text, *self.selection)
        event.prevent_default()  # not Textual's own paste too (its first line, after ours)
        event.stop()

    async def _on_key(self, event: events.Key) -> None:
        """Let ``?`` on an empty query reach the help binding; everywhere else it is typed (Textual
        calls each class's ``_on_key`` in turn: OrderedInput's and Input's come next)."""
        if event.character == "?" and not self.value:
            event.prevent_default()  # not typed: the event goes on to the bindings


class QueryBar(Horizontal):
    """A prompt showing the search mode, then the query box."""

    _mode = "❯"

    def compose(self) -> ComposeResult:
        yield Label("❯", id="mode")
        yield QueryInput(placeholder=PLACEHOLDER, id="query", select_on_focus=False)

    def set_mode(self, regex: bool, case: str) -> None:
        """Show ``regex`` and the case mode in the prompt when they differ from plain text."""
        tags = (["regex"] if regex else []) + ([case] if case != "sensitive" else [])
        text = " ".join(tags + ["❯"])
        if text != self._mode:  # every keystroke asks; a changed label costs a layout of the screen
            self._mode = text
            self.query_one("#mode", Label).update(text)
        self.set_class(regex, "-regex")
