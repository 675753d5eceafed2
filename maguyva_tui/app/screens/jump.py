"""Go to a file or a symbol by typing a few letters of it."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList
from textual.widgets.option_list import Option

from maguyva_tui.app.fuzzy import Finder, Order, Target
from maguyva_tui.app.widgets.footer import KeysFooter
from maguyva_tui.app.widgets.ordered_input import OrderedInput
from maguyva_tui.terminal import printable

SHOWN = 40
"""Matches listed at once."""


class JumpInput(OrderedInput):
    """The go-to box; never maximized (the palette's Maximize had left it alone over a hatched
    screen, its list hidden)."""

    ALLOW_MAXIMIZE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        # The box's own, so they run in the order typed (OrderedInput): as the screen's, they ran
        # once their key had climbed back to it, after an enter read with them had gone to the
        # match highlighted before (down down enter from tmux opened the first match).
        Binding("down", "screen.cursor(1)", "Next", show=False),
        Binding("up", "screen.cursor(-1)", "Previous", show=False),
    ]


class JumpList(OptionList):
    """The go-to matches; never maximized either: the box's text would be hidden."""

    ALLOW_MAXIMIZE = False


class JumpScreen(ModalScreen[Target | None]):
    """A fuzzy finder over every file and symbol of the index; enter jumps, escape cancels."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss(None)", "Cancel"),
    ]

    def __init__(self, candidates: list[Target], order: Order | None = None,
                 lines: Callable[[str], int | None] | None = None) -> None:
        """``order``: what orders the matches that score alike (the real definitions of a name first);
        ``lines``: how many lines a file holds, so ``path:line`` offers the files that hold the line."""
        super().__init__()
        self.candidates = candidates
        self.finder = Finder(candidates, order, lines)
        self.matches: list[Target] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="jump-box"):
            yield JumpInput(placeholder="go to file or symbol…", id="jump-input")
            yield JumpList(id="jump-list")
        yield KeysFooter()  # the box's keys (esc Cancel): the explorer's footer under it had offered its own

    def on_mount(self) -> None:
        box = self.query_one("#jump-box")
        box.border_title = f"Go to  [dim]{len(self.candidates):,} files and symbols[/]"
        self.search("")

    @on(Input.Changed, "#jump-input")
    def _changed(self, event: Input.Changed) -> None:
        self.search(event.value)

    @work(thread=True, exclusive=True, group="jump")
    def search(self, text: str) -> None:
        """Rank the candidates off the UI thread; only the newest text's matches are shown."""
        found = self.finder.rank(text, SHOWN)
        self.app.call_from_thread(self._show, text, found)
        if not text:
            self.finder.prepare()  # while the first letter is typed: 0.2 s over 155,000 names

    def _show(self, text: str, found: list[Target]) -> None:
        if text != self.query_one("#jump-input", Input).value:
            return  # stale: a newer keystroke is on its way
        self.matches = found
        options = self.query_one("#jump-list", OptionList)
        options.clear_options()
        options.add_options([Option(_label(t)) for t in found])
        if found:
            options.highlighted = 0
        elif text.strip():  # an empty list had said nothing, and enter closed the box as if it went
            options.add_option(Option(Content.styled(f"nothing matches {printable(text)}", "dim italic"), disabled=True))

    def action_cursor(self, step: int) -> None:
        options = self.query_one("#jump-list", OptionList)
        if options.option_count:
            current = options.highlighted or 0
            options.highlighted = min(max(current + step, 0), options.option_count - 1)

    @on(Input.Submitted, "#jump-input")
    def _submitted(self, event: Input.Submitted) -> None:
        """Go to the highlighted match; with none for the text typed, stay (the list says so)."""
        if not self.matches and event.value.strip():
            return
        index = self.query_one("#jump-list", OptionList).highlighted
        self.dismiss(self.matches[index] if index is not None and index < len(self.matches) else None)

    @on(OptionList.OptionSelected, "#jump-list")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.matches[event.option_index])


def _label(target: Target) -> Content:
    """A file or symbol as listed: names from the repository shown with their control characters
    escaped (Textual writes an escape character as it is: a file named with an OSC 52 sequence
    would set the user's clipboard)."""
    if not target.detail:
        return Content.assemble(("file  ", "dim"), (printable(target.label), "bold"))
    return Content.assemble(
        ("sym   ", "dim"),
        (printable(target.label), "bold $secondary"),
        ("  " + printable(target.detail), "dim"),
    )
