"""The selected result's code, syntax highlighted, with the matched lines marked.

The whole file is a virtual list of lines (Textual's line API): a frame draws the lines in view
and nothing else, so a 10,000-line file costs what a 40-line one does. A new file is placed at its
own target line before anything is drawn (never first at the previous file's scroll position).
Colours come from Pygments (``textual.highlight``) for the lines in view only: before the first
draw when they are few (a screenful lexes in 1-2 ms: a new file is drawn once, coloured), else in
a thread worker after the plain text has drawn; each file's coloured lines are kept for the next
visit.
"""

from __future__ import annotations

from collections import OrderedDict
from functools import lru_cache
from typing import Any, ClassVar, TypeAlias

import re2
from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style as RichStyle
from textual import work
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.geometry import Region, Size
from textual.highlight import highlight
from textual.reactive import Reactive
from textual.scroll_view import ScrollView
from textual.selection import Selection
from textual.strip import Strip
from textual.style import Style
from textual.visual import Visual

from maguyva_tui.terminal import shown_as_is, visible

SCROLL_MARGIN = 3
"""Lines shown above the match when a file opens at it."""

MATCH_MARK = "▌"
"""Drawn in the gutter of every matched line."""

STRING_LOOKBACK = 400
"""How far above the view the opening of a multi-line string or comment is looked for."""

FILES_KEPT = 8
"""Files whose coloured lines are kept (moving back and forth in the list colours nothing twice)."""

LEX_NOW_LINES = 120
"""Lines lexed on the spot, before the frame that shows them (a screenful is 1-2 ms: drawing the
lines plain, then again coloured after a worker's round trip, cost more and a frame later); a longer
stretch (the view deep in a long docstring) is lexed in a worker, drawn plain meanwhile."""

Marks = tuple[int, int, tuple[int, ...]]
"""The result's span ``(start, end)`` and the lines the engine matched on."""

Frame = tuple[int, int, int, RichStyle, "Selection | None"]
"""What every line of a frame depends on: the scroll (x, y), the width, the base style, the selection."""

Drawn: TypeAlias = tuple[
    dict[int, Content], dict[int, Strip], dict[int, tuple[Strip, Strip]], Marks, int, dict[int, Content]
]
"""A file's lines as drawn when another was shown: its coloured lines (the kept file's own), the
lines drawn whole and placed, the marks and the look (:attr:`Preview._look`) they were drawn with,
and the coloured lines as they were then."""

PYTHON_OPENERS = ('"""', "'''")
"""Python's multi-line strings."""
BLOCK_OPENERS = ("/*",)
"""Block comments of the C family (C, C++, Java, JavaScript, TypeScript, Go, Rust)."""
CLOSERS = {'"""': '"""', "'''": "'''", "/*": "*/"}

SEEK_CONTEXT = 0.25
"""The share of the view kept left of a match that a file opens scrolled sideways to (the match lies
past the view's right edge on its line: a minified bundle, a long string)."""

WIDER = " · ←→"
"""Added to the line count below the code when a line goes on past the view (no scrollbar says so)."""

EMPTY = "empty file (0 bytes)"
"""Shown in place of the code of a file of no lines (a blank box had said only ``0 lines``)."""

BLANK = " · whitespace only"
"""Added to the line count of a file whose lines are all blank (spaces, tabs)."""

Seek: TypeAlias = tuple[Any, ...]
"""What the preview looks for on a line: compiled RE2 patterns, tried in turn (see :func:`seek_pattern`)."""


GONE = "no longer on disk"
"""What the title says of a file removed since it was indexed."""


class Preview(ScrollView, can_focus=True):
    """A read-only, scrollable code view of one place in a file."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.focus_results", "Back to results"),
        Binding("j", "scroll_down", "Scroll down", show=False),
        Binding("k", "scroll_up", "Scroll up", show=False),
        Binding("left", "scroll_left", "Scroll left (a line wider than the view)", show=False),
        Binding("right", "scroll_right", "Scroll right", show=False),
        Binding("circumflex_accent,ctrl+left", "line_start", "Back to the lines' start", show=False),  # vim, less
        Binding("dollar_sign,ctrl+right", "line_end", "To the end of the longest line in view", show=False),
        Binding("home", "scroll_home", "Top of the file", show=False),
        Binding("end", "scroll_end", "Bottom of the file", show=False),
    ]

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)
    """The file's extent: it changes with every file shown, and Textual's own reactive lays out the
    whole screen for that; only the preview's scrollbars depend on it (updated here, and a
    scrollbar shown or hidden still lays out)."""

    def watch_virtual_size(self, size: Size) -> None:
        self._scroll_update(size)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.shown: tuple[str, int, int] | None = None
        """``(path, start_line, end_line)`` on display."""
        self.target_y: int | None = None
        """The line the shown place opens at (scrolled to before its first frame)."""
        self.coloured: tuple[str, int, int] | None = None
        """``shown`` once every line in view is coloured (or has nothing to colour)."""
        self._lines: list[str] = []
        self._text: str = ""
        self._marks: Marks = (0, 0, ())
        self._language: str | None = None
        self._path = ""
        self._message: Content | None = None
        self._colour: dict[int, Content] = {}
        """The coloured code of the lines lexed so far (0-based), for the file on show."""
        self._kept: OrderedDict[tuple[str, int], tuple[str, list[str], dict[int, Content]]] = OrderedDict()
        """The files shown lately, by ``(path, id(text))``: their text, lines and coloured lines."""
        self._strips: dict[int, Strip] = {}
        """Each drawn line, whole (cropped to the view when drawn)."""
        self._placed: dict[int, tuple[Strip, Strip]] = {}
        """Each drawn line and the same with every cell's place in the text noted (for a mouse
        selection), while that drawn line is current."""
        self._drawn: dict[tuple[str, int], Drawn] = {}
        """The lines drawn of the kept files not on show, by the same key as ``_kept``: a file shown
        again (j then k, a question typed on whose answers come back to it) draws only the lines
        marked then or now and those coloured since (each line drawn anew took 0.2 ms, a screenful
        3 ms of a move's 17 on the app's thread)."""
        self._look = 0
        """Counts the style changes (a theme, the focus): lines drawn under another look are not reused."""
        self._gutter = 1
        self._frame: Frame | None = None
        """What every line of the frame being drawn depends on, noted by :meth:`render_lines`."""
        self._seek_at = 0
        """The sideways scroll the place on show was opened at (to what was looked for)."""
        self._height = 0
        """The view's height in lines before the latest resize."""

    # -- what is shown ---------------------------------------------------------------------------

    def show(
        self,
        path: str,
        text: str,
        start: int,
        end: int,
        language: str | None = None,
        hits: tuple[int, ...] = (),
        seek: Seek | None = None,
        gone: bool = False,
    ) -> None:
        """Show a file around lines ``start..end`` (1-based), marked and scrolled into view.

        ``hits`` are the lines the engine matched on (drawn brighter than the rest of the span).
        ``seek`` is what was looked for: where it lies past the view's right edge on the first hit
        line (else the first line), the file opens scrolled sideways to it (see :func:`seek_x`).
        ``gone``: the file was removed since it was indexed (its indexed text is shown; the title
        says so).
        """
        title = _title(path, start, end, gone)
        # The same place in the same text: only what is looked for may have moved. An edit on disk
        # can keep a row's place and change its lines (the watcher's refresh had kept the old ones).
        if self.shown == (path, start, end) and self._text == text:
            if title != self.border_title:  # removed while on show
                self.border_title = title
            x = self._seek(start, hits, seek)
            if x != self._seek_at:  # another target on a line (a minified bundle's one line), else the user's scroll stays
                self._seek_at = x
                self.scroll_to(x=x, animate=False, force=True)
            return
        same_file = self._text is text and self._path == path
        self.shown = (path, start, end)
        self.coloured = None
        self._message = None
        drawn: Drawn | None = None
        if not same_file:
            if self._path and self._strips:  # the file leaving keeps its lines drawn, while it is kept
                self._drawn[(self._path, id(self._text))] = (
                    self._colour, self._strips, self._placed, self._marks, self._look, dict(self._colour)
                )
            key = (path, id(text))
            kept = self._kept.pop(key, None)
            if kept is None or kept[0] is not text:
                kept = (text, _display_lines(text), {})
            self._kept[key] = kept
            while len(self._kept) > FILES_KEPT:
                self._drawn.pop(self._kept.popitem(last=False)[0], None)
            self._text, self._lines, self._colour = kept
            self._path = path
            drawn = self._drawn.pop(key, None)
            if drawn is not None and (drawn[0] is not self._colour or drawn[4] != self._look):
                drawn = None  # another text at that key, or drawn under another look
        if same_file or drawn is not None:  # only the lines marked then or now (and coloured since) change
            stale = _marked(self._marks) | _marked((start, end, hits))
            if drawn is not None:
                self._strips, self._placed = drawn[1], drawn[2]
                then = drawn[5]
                stale = _marked(drawn[3]) | _marked((start, end, hits))
                stale |= {index for index, line in self._colour.items() if then.get(index) is not line}
            for index in stale:
                self._strips.pop(index, None)
        else:
            self._strips, self._placed = {}, {}
        self._marks = (start, end, hits)
        self._language = language or ""
        self._gutter = len(str(len(self._lines)))
        widest = max(map(len, self._lines), default=0)
        self.virtual_size = Size(self._gutter + 3 + widest, len(self._lines))
        self.border_title = title
        self.border_subtitle = self._subtitle()
        self.target_y = self._top(start)
        self._seek_at = self._seek(start, hits, seek)
        self.scroll_to(x=self._seek_at, y=self.target_y, animate=False, force=True)  # before the first frame
        self.refresh()
        self._colour_view()

    def _top(self, start: int) -> int:
        """The first line in view when a file opens at ``start``: :data:`SCROLL_MARGIN` lines above
        it, fewer in a view under six lines, which keeps three of the place's own in sight (at 50x15
        the preview's two lines had shown the two above ``def safe_load``, the place out of sight)."""
        height = self.scrollable_content_region.height
        margin = SCROLL_MARGIN if height <= 0 else min(SCROLL_MARGIN, max(height - 3, 0))
        return max(start - 1 - margin, 0)

    def _seek(self, start: int, hits: tuple[int, ...], seek: Seek | None) -> int:
        """The sideways scroll that shows what is looked for on the first hit line (else ``start``)."""
        line = (hits[0] if hits else start) - 1
        if seek is None or not 0 <= line < len(self._lines):
            return 0
        return seek_x(self._lines[line], seek, self._gutter + 3, self._width())

    def _width(self) -> int:
        """The code's view width: the terminal's while the preview is hidden (the explain panel in
        its place), as it has no width of its own then."""
        return self.scrollable_content_region.width or self.app.size.width

    def say_gone(self, why: str = GONE) -> None:
        """Say in the title that the file on show was removed, or ``why`` the index no longer holds
        it (its lines stay on show)."""
        if self.shown is not None:
            title = _title(*self.shown, gone=True, why=why)
            if title != self.border_title:
                self.border_title = title

    @property
    def shown_text(self) -> str:
        """The text on show: the file's lines, else the message."""
        return self._message.plain if self._message is not None else "\n".join(self._lines)

    def clear_preview(self, message: str = "") -> None:
        """Show a message instead of code (none: a blank view; an empty message had read as an
        empty file's, 'empty file (0 bytes)' with no result selected)."""
        self.shown = self.coloured = self.target_y = None
        self._lines, self._text, self._path = [], "", ""
        self._colour = {}
        self._strips.clear()
        self._placed.clear()
        self._message = Content.styled(message, "dim italic") if message else None
        self.border_title = self.border_subtitle = ""
        self.virtual_size = Size(len(message), 1)
        self.scroll_to(x=0, y=0, animate=False, force=True)
        self.refresh()

    # -- drawing ---------------------------------------------------------------------------------

    def render_lines(self, crop: Region) -> list[Strip]:
        """Note what every line of the frame depends on (the scroll, the width, the base style, the
        selection) once, then draw the lines."""
        self._frame = self._frame_now()
        try:
            return super().render_lines(crop)
        finally:
            self._frame = None

    def _frame_now(self) -> Frame:
        scroll_x, scroll_y = self.scroll_offset
        return scroll_x, scroll_y, self.scrollable_content_region.width, self.rich_style, self.text_selection

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y, width, style, selection = self._frame or self._frame_now()
        index = scroll_y + y
        if self._message is not None or not self._lines:
            if y or self.shown is None and self._message is None:
                return Strip.blank(width, style)
            message = self._message or Content.styled(EMPTY, "dim italic")
            return self._to_strip(message).crop_extend(scroll_x, scroll_x + width, style)
        if index >= len(self._lines):
            return Strip.blank(width, style)
        span = selection.get_span(index) if selection is not None else None
        if span is None:
            strip = self._strips.get(index) or self._line(index)
            placed = self._placed.get(index)
            if placed is None or placed[0] is not strip:
                placed = (strip, _placed(strip, 0, index, self._gutter + 3))
                self._placed[index] = placed
            strip = placed[1]
        else:
            strip = _placed(self._strip(self._selected(self._row(index), index, span)), 0, index, self._gutter + 3)
        if not scroll_x:
            return strip.crop_extend(0, width, style)
        # scrolled sideways, the numbers and marks stay in view (they had scrolled away, a match's line
        # unnumbered among blank rows); the code cut at the left keeps its first piece's place: noted
        # again from the cut (cells as characters)
        prefix = min(self._gutter + 3, width)
        code = strip.crop_extend(prefix + scroll_x, scroll_x + width, style)
        return Strip.join([strip.crop_extend(0, prefix, style), _placed(code, prefix + scroll_x, index, prefix)])

    def _line(self, index: int) -> Strip:
        """Draw one line of the file whole: number, match mark, code (coloured when lexed). Its
        segments are made straight from the line's content and styles, as Textual's visual would
        make them less the wrapping (a line is never wrapped here) and the text offsets a mouse
        selection reads (noted by ``render_line`` in the code's own characters: the gutter is not
        part of the text, and a selection copies the code alone); that was most of a line's cost."""
        strip = self._strip(self._row(index))
        self._strips[index] = strip
        return strip

    def _row(self, index: int) -> Content:
        start, end, hits = self._marks
        number = index + 1
        inside, hit = start <= number <= end, number in hits
        gutter = Content.styled(f"{number:>{self._gutter}} ", "bold $accent" if inside or hit else "$foreground 35%")
        mark = Content.styled(MATCH_MARK, "$accent" if hit else "$accent 45%") if inside or hit else Content(" ")
        code = self._colour.get(index)
        row = Content.assemble(gutter, mark, " ", code if code is not None else Content(self._lines[index]))
        if inside or hit:
            row = row.stylize("on $accent 22%" if hit else "on $accent 10%")
        return row

    def _selected(self, row: Content, index: int, span: tuple[int, int]) -> Content:
        """The row with its selected code drawn in the screen's selection style."""
        start, end = span
        prefix = self._gutter + 3
        end = len(self._lines[index]) if end == -1 else min(end, len(self._lines[index]))
        if end <= start:
            return row
        chosen = Style.from_styles(self.screen.get_component_styles("screen--selection"))
        return row.stylize(chosen, prefix + start, prefix + end)

    def _strip(self, row: Content) -> Strip:
        base = self.visual_style
        return Strip(
            [
                Segment(text, (base + style).rich_style)
                for text, style in row.render(base, end="", parse_style=self._get_style)
            ],
            row.cell_length,
        )

    # -- a mouse selection ------------------------------------------------------------------------

    def get_selection(self, selection: Selection) -> tuple[str, str] | None:
        """The code under a mouse selection (the line numbers and marks are not part of it)."""
        if self._message is not None or not self._lines:
            return None
        return selection.extract("\n".join(self._lines)), "\n"

    def _to_strip(self, content: Content) -> Strip:
        strips = Visual.to_strips(self, content, max(content.cell_length, 1), 1, self.visual_style)
        return strips[0] if strips else Strip([Segment("")])

    def notify_style_update(self) -> None:
        """A theme change recolours the lines drawn (those of files not on show too)."""
        super().notify_style_update()
        self._look += 1
        self._strips.clear()
        self._placed.clear()

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        if round(old) != round(new):
            self._colour_view()

    def on_resize(self) -> None:
        if self.shown is not None:
            self.border_subtitle = self._subtitle()
            self._keep_place_in_view()
        self._height = self.scrollable_content_region.height
        self._colour_view()

    def _keep_place_in_view(self) -> None:
        """Scroll back to the place on show when it was in view before a resize and is not now: a
        place near a file's end opens with the view clamped at the end, and a shorter terminal then
        showed lines above it, the place out of sight below."""
        assert self.shown is not None and self.target_y is not None
        line, top = self.shown[1] - 1, round(self.scroll_y)
        was = range(top, top + self._height)
        now = range(top, top + self.scrollable_content_region.height)
        self.target_y = self._top(self.shown[1])  # the margin the new height leaves
        if line in was and line not in now:
            self.scroll_to(y=self.target_y, animate=False, force=True)

    @property
    def allow_horizontal_scroll(self) -> bool:
        """Scroll sideways (the arrows, a sideways wheel) when a line is wider than the view. The
        preview has no horizontal scrollbar: one shown or hidden with each file laid out the whole
        screen (6 of 32 j/k moves on sympy, 8-13 ms each)."""
        return self.is_scrollable and self.max_scroll_x > 0 and not self._check_disabled()

    def action_line_start(self) -> None:
        """Scroll back to the lines' start."""
        self.scroll_to(x=0, animate=False, force=True)

    def action_line_end(self) -> None:
        """Scroll sideways to show the end of the longest line in view (as less's ESC-} does): on a
        minified file's one line, its last characters, where → went one column a press."""
        widest = max((len(self._lines[i]) for i in self._view()), default=0)
        self.scroll_to(x=max(0, self._gutter + 3 + widest - self._width()), animate=False, force=True)

    def _subtitle(self) -> str:
        """The line count below the code, and whether lines go on past the view."""
        count = len(self._lines)
        if not count:
            return "0 lines"
        lines = f"{count:,} line{'s' if count != 1 else ''}"
        if not any(line.strip() for line in self._lines):
            lines += BLANK
        return lines + (WIDER if self.max_scroll_x > 0 else "")

    # -- colouring -------------------------------------------------------------------------------

    def _view(self) -> range:
        top = round(self.scroll_y)
        return range(top, min(top + max(self.scrollable_content_region.height, 1), len(self._lines)))

    def _colour_view(self) -> None:
        """Colour the lines in view that are not yet coloured (off the UI thread); mark ``coloured``
        when none is left."""
        if self.shown is None:
            return
        view = self._view()
        missing = [i for i in view if i not in self._colour]
        if not missing:
            self.coloured = self.shown
            return
        python = (self._language or "").lower() == "python" or self._path.endswith((".py", ".pyi"))
        first = lex_start(self._lines, missing[0], python)
        lines, language = self._lines[first : missing[-1] + 1], self._language or ""
        if len(lines) <= LEX_NOW_LINES and _lexer_loaded(language, self._path):
            self._coloured(self.shown, self._colour, _lexed(lines, first, language, self._path))
            return
        self._lex(self.shown, self._colour, lines, first, language, self._path)

    @work(thread=True, exclusive=True, group="preview", exit_on_error=False)
    def _lex(
        self,
        shown: tuple[str, int, int],
        colour: dict[int, Content],
        lines: list[str],
        first: int,
        language: str,
        path: str,
    ) -> None:
        """Colour ``lines`` (from line index ``first``), then draw them if that file is still on show."""
        self.app.call_from_thread(self._coloured, shown, colour, _lexed(lines, first, language, path))

    def _coloured(self, shown: tuple[str, int, int], colour: dict[int, Content], found: dict[int, Content]) -> None:
        colour.update(found)  # kept with its file even when another is on show now
        if colour is not self._colour:
            return
        for index in found:
            self._strips.pop(index, None)
        self.refresh()
        if self.shown == shown:
            self._colour_view()


def _title(path: str, start: int, end: int, gone: bool, why: str = GONE) -> Content:
    """The preview's title: the place on show (a path, not markup), and whether its file is gone
    (``why``: what is said of it)."""
    place = Content(visible(f"{path}:{start}" + (f"-{end}" if end > start else "")))
    return Content.assemble(place, (f" · {why}", "bold $warning")) if gone else place


def _lexed(lines: list[str], first: int, language: str, path: str) -> dict[int, Content]:
    """The coloured code of ``lines``, by line index (``first`` for the first of them)."""
    coloured = highlight("\n".join(lines), language=language or None, path=path).split("\n", allow_blank=True)
    found = {first + i: line for i, line in enumerate(coloured[: len(lines)])}
    for i in range(len(coloured), len(lines)):  # trailing blank lines the lexer drops
        found[first + i] = Content(lines[i])
    _LEXED.add(_lexer_key(language, path))
    return found


_LEXED: set[str] = set()
"""The languages (or file suffixes) lexed once already: their lexer is loaded (the first of a
language imports Pygments' lexer module, 20-40 ms: done in a worker)."""


def _lexer_key(language: str, path: str) -> str:
    return language.lower() or path.rpartition(".")[2]


def _lexer_loaded(language: str, path: str) -> bool:
    """Tell whether a file of this language was lexed before (its lexer is quick to make now)."""
    return _lexer_key(language, path) in _LEXED


def _display_lines(text: str) -> list[str]:
    """The lines of ``text`` as drawn: tabs expanded, control characters shown (an ESC drawn, not
    sent). Most files have neither: their lines are split once (a line at a time cost 5 ms on the
    UI thread for a large file of sympy, 1.6 ms split alone). A line ends at a newline (its CR
    dropped), as the engine, ``rg`` and an editor count them: a form feed, a lone CR or U+2028 is
    drawn inside its line (``str.splitlines`` broke lines there, and every line after was marked
    and numbered one off the result's)."""
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()  # the newline ending the last line starts none
    if "\r" in text:
        lines = [line[:-1] if line.endswith("\r") else line for line in lines]
    if "\t" not in text and shown_as_is("".join(lines)):
        return lines
    return [_expand_tabs(visible(line)) if "\t" in line else visible(line) for line in lines]


TAB_SIZE = 4
"""The preview's tab stops."""


def _expand_tabs(line: str) -> str:
    """``line`` with each tab drawn as the spaces to the next tab stop, counted in terminal cells:
    ``str.expandtabs`` counts characters, and a tab after a wide character (``'日本語'\t# note``)
    stopped short of the column an editor and the terminal put it at."""
    if line.isascii():
        return line.expandtabs(TAB_SIZE)
    *parts, last = line.split("\t")
    out: list[str] = []
    column = 0
    for part in parts:
        column += cell_len(part)
        pad = TAB_SIZE - column % TAB_SIZE
        out += [part, " " * pad]
        column += pad
    out.append(last)
    return "".join(out)


@lru_cache(maxsize=64)  # asked again on every move of the cursor over one answer's results
def seek_pattern(text: str | None, regex: bool = False, case: str = "sensitive") -> Seek | None:
    """What the preview looks for on a result's line: the question's target, as a pattern (``regex``)
    or literally (a name whole before a name inside a longer one: ``u`` is not the ``u`` of
    ``function``), first in the question's case, then in any case (``None`` when there is nothing to
    look for). RE2, as the engine: a pattern never backtracks on a minified line, on the UI thread."""
    if not text or not text.strip():
        return None
    asked = case == "sensitive" or (case == "smart" and text != text.lower())
    forms = [(f"\\b{text}\\b", False)] if not regex and text.isidentifier() else []  # a name whole first
    forms.append((text, not regex))
    found = [_seek_one(form, literal, sensitive) for sensitive in (True, False)[not asked:] for form, literal in forms]
    return tuple(p for p in found if p is not None) or None


def _seek_one(text: str, literal: bool, case_sensitive: bool) -> Any:
    options = re2.Options()
    options.log_errors = False
    options.case_sensitive = case_sensitive
    options.literal = literal
    options.never_capture = True
    options.max_mem = 8 << 20
    try:
        return re2.compile(text, options)
    except Exception:  # noqa: BLE001 - re2 raises its own error type; the engine already said what is wrong
        return None


def seek_x(line: str, seek: Seek, prefix: int, width: int) -> int:
    """The sideways scroll that shows ``seek``'s first match on ``line`` (as drawn, after a gutter of
    ``prefix`` cells, in a view ``width`` cells wide): 0 when it is in view at the line's start (or
    not on the line), else the match with :data:`SEEK_CONTEXT` of the view left of it."""
    for pattern in seek:
        found = pattern.search(line)
        if found is not None:
            break
    else:
        return 0
    begin = prefix + cell_len(line[: found.start()])
    finish = begin + cell_len(line[found.start() : found.end()])
    if finish <= width:
        return 0
    return max(begin - int(width * SEEK_CONTEXT), 0)


def _placed(strip: Strip, x: int, y: int, prefix: int) -> Strip:
    """``strip`` (a line drawn from cell ``x`` on) with each piece's place in line ``y``'s text noted,
    as Textual's ``Strip.apply_offsets`` notes them, less the gutter: its ``prefix`` cells are each
    noted at the code's first character, so a drag from the numbers starts at the line's start."""
    pieces: list[Segment] = []
    at_start: dict[RichStyle | None, RichStyle] = {}  # the gutter's few styles, each noted once
    for text, style, control in strip:
        if control:
            pieces.append(Segment(text, style, control))
            continue
        if x < prefix:
            head = text[: prefix - x]
            noted = at_start.get(style)
            if noted is None:
                noted = at_start[style] = _at(style, 0, y)
            pieces += [Segment(character, noted) for character in head]
            x += len(head)
            text = text[len(head) :]
            if not text:
                continue
        pieces.append(Segment(text, _at(style, x - prefix, y)))
        x += len(text)
    return Strip(pieces, strip.cell_length)


def _at(style: RichStyle | None, x: int, y: int) -> RichStyle:
    """``style + RichStyle.from_meta({"offset": (x, y)})``, made without Rich's cached ``+``: each
    place is new, so its cache never hit, and hashing both styles to look them up took 2.6 of the
    5.8 us a piece (about 9 pieces a line drawn). A style with a link or meta of its own takes
    Rich's way."""
    place = RichStyle.from_meta({"offset": (x, y)})
    if not style:
        return place
    if style._link or style._meta:
        return style + place
    # what Rich's ``style + place`` makes: the place's meta and link id over the style's colours
    place._color, place._bgcolor = style._color, style._bgcolor
    place._attributes, place._set_attributes = style._attributes, style._set_attributes
    return place


def _marked(marks: Marks) -> set[int]:
    """The lines (0-based) a place's marks draw differently: its span and its hits."""
    start, end, hits = marks
    return set(range(max(start - 1, 0), end)) | {hit - 1 for hit in hits}


def lex_start(lines: list[str], index: int, python: bool = True) -> int:
    """Return the line to start lexing at so that line ``index`` is coloured as in the whole file:
    itself, or when it lies inside a multi-line string (Python) or block comment (else), the line
    that opened it."""
    opened = _open_delimiter(lines, index, PYTHON_OPENERS if python else BLOCK_OPENERS)
    return opened if opened is not None else index


def _open_delimiter(lines: list[str], index: int, openers: tuple[str, ...]) -> int | None:
    """Return the line whose multi-line string or comment is still open at line ``index``, if any
    (a count of delimiters over the lines above, up to :data:`STRING_LOOKBACK`)."""
    first = max(index - STRING_LOOKBACK, 0)
    opened: tuple[str, int] | None = None
    for i in range(first, index):
        line = lines[i]
        if not any(d in line for d in openers) and opened is None:
            continue
        at = 0
        while True:
            if opened is None:
                found = [(line.find(d, at), d) for d in openers]
                found = [(p, d) for p, d in found if p >= 0]
                if not found:
                    break
                position, delimiter = min(found)
                opened = (delimiter, i)
                at = position + len(delimiter)
            else:
                closer = CLOSERS[opened[0]]
                position = line.find(closer, at)
                if position < 0:
                    break
                opened = None
                at = position + len(closer)
    return opened[1] if opened is not None else None
