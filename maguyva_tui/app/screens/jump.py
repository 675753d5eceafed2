"""Go to a file or a symbol by typing a few letters of it."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.cells import cell_len
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
from maguyva_tui.app.widgets.results import clip_place, clip_symbol
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
        self.listed_for: str | None = None
        """The text whose matches are listed (``None`` before the first list)."""
        self.steps: tuple[str, int] = ("", 0)
        """The arrows' moves made on a text before its matches were listed, and that text: they
        move from its first match once listed."""

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
        if not self.is_attached or text != self.query_one("#jump-input", Input).value or text == self.listed_for:
            return  # closed, stale (a newer keystroke is on its way), or listed at enter already
        self.matches, self.listed_for = found, text
        options = self.query_one("#jump-list", OptionList)
        options.clear_options()
        width = self._label_width(len(found))
        options.add_options([Option(_label(t, width)) for t in found])
        (moved, steps), self.steps = self.steps, ("", 0)
        if found:
            options.highlighted = min(max(steps if moved == text else 0, 0), len(found) - 1)
        elif text.strip():  # an empty list had said nothing, and enter closed the box as if it went
            options.add_option(Option(Content.styled(f"nothing matches {printable(text)}", "dim italic"), disabled=True))

    def _label_width(self, rows: int) -> int | None:
        """The cells each of ``rows`` matches has (the scrollbar's kept free where they need one);
        ``None`` before layout."""
        options = self.query_one("#jump-list", OptionList)
        region = options.content_region
        width = region.width - (options.styles.scrollbar_size_vertical if rows > region.height else 0)
        return width if width > 0 else None

    def on_resize(self) -> None:
        """Fit the rows to the new width, the highlighted match kept."""
        if not self.matches:
            return
        options = self.query_one("#jump-list", OptionList)
        highlighted = options.highlighted
        width = self._label_width(len(self.matches))
        options.clear_options()
        options.add_options([Option(_label(t, width)) for t in self.matches])
        options.highlighted = highlighted

    def action_cursor(self, step: int) -> None:
        text = self.query_one("#jump-input", Input).value
        if self.listed_for != text:  # the list on show is the text before's: moved once the text's is listed
            self.steps = (text, self.steps[1] + step if self.steps[0] == text else step)
            return
        options = self.query_one("#jump-list", OptionList)
        if options.option_count:
            current = options.highlighted or 0
            options.highlighted = min(max(current + step, 0), options.option_count - 1)

    @on(Input.Submitted, "#jump-input")
    def _submitted(self, event: Input.Submitted) -> None:
        """Go to the highlighted match; with none for the text typed, stay (the list says so). Where
        the text's matches are not listed yet, they are ranked now: the list on show was the text
        before's (a traceback's frame line pasted into sympy's go-to, then enter at once, had opened
        ``AUTHORS``, the empty box's first file)."""
        if self.listed_for != event.value:
            self._show(event.value, self.finder.rank(event.value, SHOWN))
        if not self.matches and event.value.strip():
            return
        index = self.query_one("#jump-list", OptionList).highlighted
        self.dismiss(self.matches[index] if index is not None and index < len(self.matches) else None)

    @on(OptionList.OptionSelected, "#jump-list")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.matches[event.option_index])


KIND = 6
"""Cells of a row's kind, ``file  `` or ``sym   ``."""


def _label(target: Target, width: int | None = None) -> Content:
    """A file or symbol as listed: names from the repository shown with their control characters
    escaped (Textual writes an escape character as it is: a file named with an OSC 52 sequence
    would set the user's clipboard), fitted to ``width`` cells keeping the file's name and line:
    its folders are cut first, then a symbol's qualifiers (cut at its end by the list, a row had read
    ``file  src/maguyva_like/very_long_package_name/sub_mo…`` at 60 columns, every file alike)."""
    if not target.detail:
        place, gap, note = printable(target.label).partition("  ")  # path:line  line 90 is past its end
        if width is not None and width - KIND - cell_len(gap + note) < _name_need(place):  # the note gives way
            place = _fit(place, max(width - KIND - len(gap) - 2, _name_need(place)))
            room = width - KIND - cell_len(place) - len(gap)
            note = note if len(note) <= room else note[: room - 1] + "…" if room >= NOTE_KEPT else ""
            gap = gap if note else ""
        else:
            place = _fit(place, None if width is None else width - KIND - cell_len(gap + note))
        return Content.assemble(("file  ", "dim"), (place, "bold"), (gap + note, "dim"))
    label, detail = printable(target.label), printable(target.detail)
    kind, gap, place = detail.rpartition("  ")  # function  path:line
    if not gap or width is None:
        return Content.assemble(("sym   ", "dim"), (label, "bold $secondary"), ("  " + detail, "dim"))
    fixed = KIND + 2 + cell_len(kind) + 2
    if cell_len(label) + _name_need(place) > width - fixed:  # the kind gives way first
        kind, fixed = "", KIND + 2
    avail = width - fixed
    place = _fit(place, max(avail - cell_len(label), min(_name_need(place), avail - MIN_SYMBOL)))
    room = avail - cell_len(place)
    label = clip_symbol(label, room) if room >= MIN_SYMBOL else label  # narrower still: the list cuts the row
    between = f"  {kind}  " if kind else "  "
    return Content.assemble(("sym   ", "dim"), (label, "bold $secondary"), (between + place, "dim"))


MIN_SYMBOL = 8
"""Cells a symbol is cut to at least beside its place (fewer: the row's end is cut instead)."""
NOTE_KEPT = 12
"""Cells of a file's note (``line 90 is past its end``) kept at least, cut; fewer, it goes."""


def _name_need(place: str) -> int:
    """Cells of ``path:line`` with its folders cut: ``…/name.py:12`` (a name at the top: itself)."""
    name = place.rpartition("/")[2]
    return cell_len(name) + (name != place)


def _fit(place: str, room: int | None) -> str:
    """``place`` cut to ``room`` cells at its folders (:func:`clip_place`); as it is without a room."""
    return place if room is None or room <= 0 else clip_place(place, room)
