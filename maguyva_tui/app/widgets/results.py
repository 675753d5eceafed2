"""The fused list: rank, place, symbol, score and each engine's own rank beside it.

A call to one of a name's several definitions (who calls ``create_app``, defined in three files)
says in its symbol cell which one it calls: ``test_config → flaskr/__init__.py:6``, the shortest
tail of the path that tells the answer's definitions apart; when the pane is narrow the label's
path gives way first (``Frame.render → fil…:233``), then the label, so the caller stays readable.

A narrow row keeps what says where it is: every row's file name and line whole (``parser.py:509``,
the folders before it cut first, and said cut, ``…parser.py:509``; rows listing one symbol in files
of one name keep where their folders differ, ``…a/Result.java:26``, ``…2/Result.java:26``; a name
longer than the row's room less :data:`SYMBOL_READABLE` cut in its stem, ``middlewa….rb:68``) beside the symbol's few cells (a call's label down to its line,
``→ :87``, where the definitions all lie in one file), then a workspace's repository label, and
only then the label whole, the folders and the rest of the caller's name."""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from itertools import zip_longest
from os.path import commonprefix
from typing import ClassVar

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.cache import LRUCache
from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.strip import Strip
from textual.widgets import DataTable
from textual.widgets.data_table import Column, ColumnKey
from textual.widgets.data_table import Row as TableRow
from textual.widgets.data_table import RowKey as TableRowKey

from maguyva_tui.app.session import Answer, Row, RowKey, same_result
from maguyva_tui.app.widgets.bars import SHORT
from maguyva_tui.core.answers import plain_qualname
from maguyva_tui.core.types import MODALITIES, called_definition
from maguyva_tui.terminal import shown_as_is, visible

PLACE_WIDTH = 120
"""Characters of ``path:line`` kept at most before the pane cuts it to its room (:meth:`ResultsTable._fit`);
longer paths lose their start, never the file name. At 40, a path of 41 characters had read
``…c/serialize/per_type/datetimelike.rs:97`` at 140 columns beside 17 blank cells (orjson)."""

SYMBOL_WIDTH = 30
"""Cells of a symbol wanted before the place's folders, less a Rust method's impl label
(:func:`_wanted`); a longer name takes what the place leaves, whole where the pane has room (cut
to 30 whatever the width, go-yaml's yaml_parser_parse_flow_mapping_key and _value had both read
``yaml_parser_parse_flow_mappin…`` at 140 columns beside forty empty cells)."""

CALLS_ARROW = "→ "
"""Before the definition a call calls, in the symbol cell (after the caller's name and a blank)."""

CALLER_READABLE = 8
"""Cells of a caller's name kept at least beside a call's label (``run_fla…``, ``render_p…``): the
name is what tells the rows apart, the label only which definition is called. With 3 kept and the
label first, urwid's "who calls render" had read ``…er.py:233`` at 80 columns, the caller gone."""

REPO_LABEL_MIN = 4
"""Cells of a workspace's repository label kept at least (``pyth…/``) when the file name takes the
rest; narrower, the place is cut at its start as one repository's is."""

SYMBOL_FLOOR = 6
"""Cells of the symbol kept before a workspace's repository label and the rest: its heading's width
(the column is never narrower), which holds a call's label down to its line (``→ :313``)."""

SYMBOL_READABLE = 10
"""Cells of the symbol kept before a file name longer than the rest of the row's room is kept whole
(``retry_blo…``, ``calculate…``): the widest of fifty rows' file names (middleware_registry.rb:68)
had left faraday's symbols 6 cells at 80 columns (``retry…``) and pushed the graph's ranks off the
right edge. Where the room is under twice this, the file names stay whole and the list scrolls."""

HEADERS: list[tuple[str, str]] = [
    ("#", "rank"),
    ("±", "moved"),
    ("path:line", "place"),
    ("symbol", "symbol"),
    ("kind", "kind"),
    ("score", "score"),
    *((SHORT[m], m) for m in MODALITIES),
    ("marks", "marks"),
]
"""Each column's heading and key, in order; an engine's heading is coloured by its theme variable."""

MOVED, PLACE, SYMBOL, KIND, SCORE, MARKS = 1, 2, 3, 4, 5, len(HEADERS) - 1
"""Column indexes of the place and symbol, the two that shrink so the engines' ranks stay in view,
of the kind, written short when they do not fit (:data:`KIND_SHORT`), and of the marks, whose
heading gives them the room over its marks (all of it when no row has one)."""

ENGINES = range(6, 6 + len(MODALITIES))
"""Column indexes of the engines' ranks."""

ENGINE_NARROW = 1
"""Cells an engine's column keeps when no row has a rank from it and the place and symbol are cut:
its heading's first letter (``s``, ``t``, ``a``, ``g``), so every engine's column stays in view."""

KIND_SHORT = {"function": "func", "method": "meth", "module": "mod", "struct": "strct", "import": "imp",
              "object": "obj", "constant": "const", "variable": "var", "interface": "iface",
              "property": "prop", "constructor": "ctor", "namespace": "ns", "inherit": "inh", "window": "win"}
"""Kinds longer than :data:`KIND_WIDTH` as a narrow pane writes them (the explain panel has them whole)."""

KIND_WIDTH = 5
"""Cells of the kind kept when the place and symbol do not fit (``class``, ``trait``); longer kinds
are written short, else cut."""

HIDDEN = -1
"""The width :meth:`ResultsTable._fit` gives a column that takes no cells at all, heading and padding
included (:class:`_Column`): where the engines' ranks would scroll off the right edge, an empty ``±``,
then the score, then the kind give way (the explain panel has them)."""

DEMOTED_MARK = "▼"
"""Shown for a demoted path (vendored, built, generated, minified)."""

LINES_KEPT = 1024
"""Drawn lines of the list kept for reuse: a few answers' worth of visible rows."""

STYLES_KEPT = 16384
"""Combined styles kept at most (a row's place, a cell's style, cursor and mouse on or off): a few
hundred rows' worth, far more than a screen shows."""


Part = tuple[str, Style]
"""A run of a cell's text and its style (the null style when plain)."""

Cell = tuple[tuple[Part, ...], bool]
"""A cell as drawn: its parts, and whether it is right-aligned in its column."""

NULL = Style.null()
BOLD, DIM, NEW = Style(bold=True), Style(dim=True), Style(bold=True, italic=True)

def part(text: str, style: Style = NULL) -> Part:
    """A part of a cell: ``text`` with each control character a terminal would act on (an ESC in a
    file name or symbol) drawn as a visible one in its place, a newline or tab as a space."""
    if shown_as_is(text):
        return text, style
    return visible(text.replace("\n", " ").replace("\t", " ")), style


def cell_plain(cell: Cell) -> str:
    """The text of a cell."""
    parts = cell[0]
    return parts[0][0] if len(parts) == 1 else "".join(text for text, _ in parts)


@dataclass
class _Column(Column):
    """A column that can be hidden: no cells at all, its heading and padding included."""

    hidden: bool = False

    def get_render_width(self, data_table: DataTable[str]) -> int:
        return 0 if self.hidden else super().get_render_width(data_table)


class ResultsTable(DataTable[str]):
    """The fused result list; the highlighted row drives the preview and the explain panel.

    The table keeps DataTable's rows, cursor, mouse and keys, and draws each line itself: a row's
    cells are kept as text and styles (:data:`Cell`), and its line is made from them as segments
    with the styles DataTable would give them (row stripe, cursor, hover, the cell's own), with no
    Rich renderable per cell (that cost most of a frame while typing)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("j", "cursor_down", "Down", show=False),
        Binding("k", "cursor_up", "Up", show=False),
        Binding("g", "app.jump", "Go to", show=False),
        # DataTable's own, described: the help had listed double-click, not enter
        Binding("enter", "select_cursor", "Open in the preview", show=False,
                tooltip="the explain panel when it is open"),
    ]

    def __init__(self, **kwargs: object) -> None:
        super().__init__(cursor_type="row", zebra_stripes=True, **kwargs)  # type: ignore[arg-type]
        self.answer: Answer | None = None
        self.moved: dict[RowKey, int | None] = {}
        self._up_down = (BOLD, BOLD)
        self._labels: dict[RowKey, str] = {}
        """The definition each listed call calls, where the answer's name has several."""
        self.repo_labels: tuple[str, ...] = ()
        """A workspace's repositories, as its paths start: kept in view when a place is cut."""
        self._fitted_width = 0
        self._drawn: tuple[str, int, list[tuple[Cell, ...]]] | None = None
        """The theme, width and cells on show: an answer drawing the same is not redrawn."""
        self._row_cells: list[tuple[Cell, ...]] = []
        """Each listed row's cells as drawn: what its line looks like."""
        self._lines: LRUCache[Hashable, Strip] = LRUCache(LINES_KEPT)
        """Each drawn line by what it shows, so an answer redraws only the rows that changed (the
        table's rows are replaced by every answer)."""
        self._frame: Hashable = None
        """What every line of this frame depends on besides its row: see :meth:`render_lines`."""
        self._look: Hashable = None
        """What the styles of a line depend on besides its row (the frame less sizes and scroll)."""
        self._styles: dict[Hashable, Style] = {}
        """Styles combined for the lines of this look (stripe, cursor, the cell's own, the cell's
        place): kept across answers and frames, as the rows' places and the cells' styles recur."""
        self._cursor_styles: dict[tuple[bool, bool], tuple[Style, Style]] = {}
        """The styles under and over a cell's own, with the cursor and the mouse on it or not."""
        self._base = NULL
        self._widths: tuple[int, ...] = ()
        """The frame's base style and each column's width, as noted by :meth:`render_lines`."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)
    """The rows' extent: it changes with every answer, and Textual's own reactive lays out the
    whole screen for that; only the table's scrollbars depend on it (updated here)."""

    def watch_virtual_size(self, size: Size) -> None:
        self._scroll_update(size)

    def _update_dimensions(self, new_rows: Iterable[TableRowKey]) -> None:
        """The table's extent after rows changed. DataTable measures every cell of the new rows
        again (for columns sized to their content, and rows of several lines): here every column
        has its width set (measured in :meth:`_columns`) and every row is one line, so the
        extent is known at once (the measuring cost 30-100 ms an answer under load).

        The last column's padding after it is blank and not counted: rows that fit the pane take
        the scrollbar's cell (:meth:`_room`), under which that padding lies, and the vertical
        scrollbar is always drawn (app.tcss); counted, it had made the rows one cell wider than
        the pane, and a horizontal scrollbar took the list's last line, scrolled it one cell
        sideways and laid out the whole screen as it came and went (sympy, ``TypeE`` typed)."""
        header = self.header_height if self.show_header else 0
        width = sum(column.get_render_width(self) for column in self.columns.values())
        if self.columns:
            width -= self.cell_padding
        self.virtual_size = Size(width, self.row_count + header)

    def on_mount(self) -> None:
        self._columns(_widths([]))
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self.show(self.answer, self.moved, keep=True))

    def on_resize(self) -> None:
        """Fit the place and symbol to the new width, so every engine's rank column stays visible."""
        if self.size.width != self._fitted_width and self.answer is not None:
            self.show(self.answer, self.moved, keep=True)

    def _room(self, rows: int) -> int:
        """Return the cells a row can use, leaving room for a vertical scrollbar where ``rows`` do
        not fit the pane's height: where they do, the scrollbar's cell is the place's, the
        scrollbar (always drawn, with no thumb) covering only the last column's blank padding
        (:meth:`_update_dimensions`) (at 80 columns a call's rows read ``…use.py:5`` beside
        ``run_flaskr → fl…:1``; the place as wide as its heading had taken that cell unasked, with
        no room for the mark)."""
        header = self.header_height if self.show_header else 0
        scrollbar = self.styles.scrollbar_size_vertical if rows + header > self.size.height else 0
        return self.size.width - scrollbar

    def _fit(self, rows: list[list[Cell]], widths: list[int], results: Sequence[Row]) -> None:
        """Clip the place and symbol cells so all the columns fit the table's width (``widths``, each
        column's widest cell, updated; ``results``: what the rows show)."""
        self._fitted_width = self.size.width
        padding = 2 * self.cell_padding
        room = self._room(len(rows)) - sum(w + padding for i, w in enumerate(widths) if i not in (PLACE, SYMBOL)) - 2 * padding
        places = [_place(shown) for shown in results]
        names = min(max([len(HEADERS[PLACE][0]), *(_name_need(place) for place in places)]), widths[PLACE])
        repos = max((_repo_need(place, self.repo_labels) for place in places), default=0)
        apart = min(_apart_need(places, [shown.result.symbol or "" for shown in results]), widths[PLACE])
        labels = self._labels.values()
        calls = _calls(rows)
        one_file = _one_file(labels)
        # a call needs its caller's name's readable start beside its narrowest label
        whole = max((cell_len(CALLS_ARROW + text) for text in labels), default=0)
        narrowest = max((_beside(name) + cell_len(_label_forms(text, one_file)[-1]) for name, text in calls), default=0)
        if widths[PLACE] + widths[SYMBOL] > room:  # the marks' heading may give the room over its marks
            marks = max((cell_len(cell_plain(row[MARKS])) for row in rows), default=0)
            spare = widths[MARKS] - marks
            # where that makes the place and symbol whole, or the list is narrow (the file names and
            # what the symbol wants do not fit: at 80 columns the symbol had been Machi…, the marks
            # cut off); in a wide list the heading stays whole (at 200 columns it had read ``ma``)
            # (the file names without their folders' mark: at 200 columns one more cell had taken the
            # marks' heading, ``▼`` unexplained)
            bare = min(max((cell_len(place.rpartition("/")[2]) for place in places), default=0), widths[PLACE])
            needs = bare + min(_want(whole, room), widths[SYMBOL])
            if widths[PLACE] + widths[SYMBOL] <= room + spare or needs > room:
                room += spare
                widths[MARKS] = marks
        if widths[PLACE] + widths[SYMBOL] > room:  # an engine no row ranks keeps its heading's letter
            # (an answer from the graph alone at 80 columns: empty sem, text and ast had kept 16 cells
            # while the rows read constr….py:177 and …ct_scalar); its column and heading stay in view
            for i in ENGINES:
                if not any(cell_plain(row[i]) for row in rows):
                    room += widths[i] - ENGINE_NARROW
                    widths[i] = ENGINE_NARROW
        if widths[PLACE] + widths[SYMBOL] <= room:
            return
        # kinds written short before the file names, or the folders telling them apart, are cut
        if SYMBOL_READABLE + max(names, apart) > room and widths[KIND] > KIND_WIDTH:
            short = _shorten_kinds(rows)
            room += widths[KIND] - short
            widths[KIND] = short
        # where even the file names beside the symbol's floor would push the engines' ranks off the
        # right edge, what the explain panel also says gives way, until the file names are whole
        # beside a readable symbol (at 60 columns requests 2.32.3's "who calls get" had shown its
        # graph ranks, the only ranks listed, past the edge)
        if room < min(2 * SYMBOL_READABLE, SYMBOL_FLOOR + max(names, apart)):
            room = _give_way(rows, widths, room, SYMBOL_READABLE + max(names, apart), padding)
        if room >= 2 * SYMBOL_READABLE:  # a long file name is cut in its stem (middlewa….rb:68) first
            names, repos, apart = (min(need, room - SYMBOL_READABLE) for need in (names, repos, apart))
        # the engines' columns may scroll sideways, never the symbol's floor: a file name wider than
        # the pane leaves beside it is cut in its stem (feedparser at 60 columns: one row's
        # item_expirationDate_multiple_values.xml had pushed every symbol past the edge, 'symbo')
        pane = self._room(len(rows)) - sum(widths[i] + padding for i in range(PLACE)) - 2 * padding - SYMBOL_FLOOR
        names, repos, apart = (min(need, max(pane, len(HEADERS[PLACE][0]))) for need in (names, repos, apart))
        # Never less than the symbol's floor and the file names: under 70 columns the room was below
        # nothing, every cell cut by a negative width (clean read clea…, sanitizer.py:171 …anitizer.py:171);
        # the engines' columns scroll sideways instead.
        room = max(room, SYMBOL_FLOOR + names)
        # a plain symbol wants its whole name before the place's folders (at 200 columns networkx's
        # rows had read …test_all_pairs_short… beside …t_paths/tests/test_generic.py:214)
        # a call's caller's name whole beside its narrowest label, before the place's folders (at 100
        # columns PyYAML's callers had read SafeConstruc… → :173 beside …yaml/constructor.py:177)
        named = max((_wanted(name.rstrip()) + 1 + cell_len(_label_forms(text, one_file)[-1]) for name, text in calls
                     if name.strip()), default=0)
        want = max(whole, named) or max((_wanted(cell_plain(row[SYMBOL])) for row in rows), default=0)
        place, symbol = _share(room, (widths[PLACE], names, repos, apart), (widths[SYMBOL], narrowest, want))
        form = _label_form(calls, symbol)
        # a call's caller's name without its label: urwid's callers of render (Frame.render,
        # BigText.render) had all read …render at 80 columns
        shared = _shared_names(row[SYMBOL][0][0][0].rstrip() if len(row[SYMBOL][0]) == 2 else cell_plain(row[SYMBOL])
                               for row in rows)
        # in one file, once a call's label is cut to its line every call's is: the column reads alike
        # (→ lib.rs:585 had stood above → :1547)
        lines = one_file and any(cell_len(cell_plain(row[SYMBOL])) > symbol for row in rows if len(row[SYMBOL][0]) == 2)
        for row, shown in zip(rows, clip_places(places, place, self.repo_labels), strict=True):
            row[PLACE] = ((part(shown),), False)
            row[SYMBOL] = _fit_symbol(_line_label(row[SYMBOL]) if lines else row[SYMBOL], symbol, form, one_file, shared)
        _tell_apart(rows, [shown.result.symbol or "" for shown in results], symbol)
        _tell_callers_apart(rows, [shown.result.symbol or "" for shown in results])
        for i in (PLACE, SYMBOL):
            widths[i] = max([len(HEADERS[i][0]), *(cell_len(cell_plain(row[i])) for row in rows)])

    def _columns(self, widths: list[int]) -> None:
        """Size the columns, each as wide as its widest cell (measured here: no reflow while typing).

        The columns are added once and then resized in place: clearing them with the rows made
        every answer rebuild the header and re-measure every column."""
        for (label, key), width in zip(HEADERS, widths, strict=True):
            hidden, width = width == HIDDEN, max(width, 0)
            if key in MODALITIES and len(label) > width:  # an engine narrowed: its heading's first letter
                label = label[:1]
            label = label if len(label) <= width else ""  # the marks' heading, over fewer cells: none (not ``ma``)
            heading = Text(label, style=self._colour(key)) if key in MODALITIES else Text(label)
            column = self.columns.get(ColumnKey(key))
            if not isinstance(column, _Column):
                self.add_column(heading, key=key, width=width)
                column = self.columns[ColumnKey(key)] = _Column(ColumnKey(key), heading, width)
                self._require_update_dimensions = True
            column.label, column.width, column.hidden = heading, width, hidden

    def _colour(self, name: str) -> Style:
        value = self.app.theme_variables.get(f"modality-{name}")
        return Style(color=value, bold=True) if value else BOLD

    def show(
        self,
        answer: Answer | None,
        moved: dict[RowKey, int | None] | None = None,
        keep: bool = False,
    ) -> None:
        """Replace the rows; with ``keep``, the cursor stays on the same result when it is still listed
        (an answer drawing the same cells as the one on show changes nothing on screen)."""
        at = self._current_index() if keep else None
        before = self.answer.rows if self.answer is not None and at is not None else []
        kept = before[at] if at is not None else None
        self.answer, self.moved = answer, moved or {}
        if answer is None:
            self._drawn, self._row_cells = None, []
            self.clear()
            self._columns(_widths([]))
            return
        colours = {name: self._colour(name) for name in MODALITIES}
        variables = self.app.theme_variables
        self._up_down = (
            Style(color=variables.get("success"), bold=True),
            Style(color=variables.get("error"), bold=True),
        )
        self._labels = call_labels(answer.rows)
        places = clip_places([_place(row) for row in answer.rows], PLACE_WIDTH, self.repo_labels)  # cut to the pane in _fit
        rows = [self._cells(i, row, place, colours) for i, (row, place) in enumerate(zip(answer.rows, places, strict=True))]
        widths = _widths(rows)
        self._fit(rows, widths, answer.rows)
        drawn = (self.app.theme, self.size.width, [tuple(row) for row in rows])
        if keep and drawn == self._drawn and kept is not None and getattr(self.current_row(), "key", None) == kept.key:
            return  # the same question asked again (an engine joined) and nothing moved
        self._drawn = drawn
        self._row_cells = drawn[2]
        self.clear()
        self._columns(widths)
        self.add_rows([cell_plain(cell) for cell in row] for row in rows)
        found = None if at is None else same_result(before, answer.rows, at)
        if found is not None:
            self.move_cursor(row=found, animate=False)

    def add_rows(self, rows: Iterable[Iterable[str]]) -> list[TableRowKey]:
        """Add rows at the bottom in one go: for each, what DataTable's ``add_row`` does (a key, its
        place, its cells, one line high), and then once what it does after every row (the cursor
        checked, the first row highlighted, the caches and the extent invalidated): row by row
        was a third of an answer's cost."""
        columns = [column.key for column in self.ordered_columns]
        empty = self.row_count == 0
        keys: list[TableRowKey] = []
        for cells in rows:
            key = TableRowKey()
            self._row_locations[key] = len(self.rows)
            self._data[key] = dict(zip_longest(columns, cells))
            self.rows[key] = TableRow(key, 1)
            self._new_rows.add(key)
            keys.append(key)
        if keys:
            self._require_update_dimensions = True
            self.cursor_coordinate = self.cursor_coordinate
            if empty and self.columns and self.show_cursor and self.cursor_type != "none":
                self._highlight_cursor()
            self._update_count += 1
            self.check_idle()
        return keys

    def render_lines(self, crop: Region) -> list[Strip]:
        """Note what every line of the frame depends on besides its own row, then draw."""
        base = self.rich_style
        widths = tuple(column.get_render_width(self) for column in self.ordered_columns)
        look = (
            self.app.theme,
            base,
            self.get_pseudo_class_state(),
            self.show_cursor,
            self.cursor_type,
            self.show_header,
            self._show_hover_cursor,
        )
        if look != self._look or len(self._styles) > STYLES_KEPT:
            self._look = look
            self._styles.clear()
            self._cursor_styles.clear()
        self._frame = (look, self.size.width, self.scroll_offset.x, widths)
        self._base, self._widths = base, widths
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        """Return the line at ``y``: drawn already when its row shows the same cells in the same place
        (the row's index is in the key: each cell's style carries it for mouse clicks) with the
        cursor and the mouse on or off it as before. The heading is DataTable's own."""
        index = y - (self.header_height if self.show_header else 0)
        if index < 0:
            key: Hashable = (self._frame, index, self.hover_coordinate.row == index)
            line = self._lines.get(key)
            if line is None:
                line = self._lines[key] = super().render_line(y)
            return line
        index += self.scroll_offset.y
        if index >= len(self._row_cells) or index >= self.row_count or self.cursor_type != "row":
            return super().render_line(y)
        cells = self._row_cells[index]
        cursor = self.cursor_coordinate.row == index
        hover = self.hover_coordinate.row == index
        key = (self._frame, index, cells, cursor, hover)
        line = self._lines.get(key)
        if line is None:
            line = self._lines[key] = self._draw_row(index, cells, cursor, hover)
        return line

    def _draw_row(self, index: int, cells: tuple[Cell, ...], cursor: bool, hover: bool) -> Strip:
        """Draw a row as DataTable would (the same segments and styles), straight from its cells.
        Every style a cell is drawn in is combined once per look and kept (:meth:`_style`): the
        rows of the next answer are drawn in the same styles at the same places; runs in one style
        are joined as they are made (what ``simplify`` did, comparing every pair of styles)."""
        width = self.size.width
        texts: list[str] = []
        styles: list[Style] = []

        def add(text: str, style: Style) -> None:
            if styles and styles[-1] is style:
                texts[-1] += text
            else:
                texts.append(text)
                styles.append(style)

        padding = self.cell_padding
        pad = " " * padding
        table_width = 0
        style = self._style
        widths = self._widths
        if len(widths) != len(self.columns):  # drawn outside a frame (none drawn yet)
            widths = tuple(column.get_render_width(self) for column in self.ordered_columns)
        for column_index, (render_width, (parts, right)) in enumerate(zip(widths, cells, strict=False)):
            if not render_width:  # a hidden column
                continue
            around = style(index, column_index, NULL, cursor, hover)
            table_width += render_width
            room = render_width - 2 * padding
            used = sum(cell_len(text) for text, _ in parts)
            add(pad, around)
            right = right and used > 0  # an empty cell is padded as a left-aligned one
            if right and used < room:
                add(" " * (room - used), style(index, column_index, parts[0][1], cursor, hover))
            for text, part_style in parts:
                if text:
                    add(text, around if part_style is NULL else style(index, column_index, part_style, cursor, hover))
            if not right and used < room:
                add(" " * (room - used), around)
            add(pad, around)
        add(" " * max(0, width - table_width), self._extend(index, cursor, hover))
        x = self.scroll_offset.x
        strip = Strip([Segment(text, run) for text, run in zip(texts, styles, strict=True)])
        return strip.crop(x, x + width).adjust_cell_length(width, self._base).simplify()

    def _style(self, index: int, column: int, style: Style, cursor: bool, hover: bool) -> Style:
        """A cell's style under the row's and the cursor's, as DataTable stacks them, with the
        cell's place (row and column, for the mouse) in its meta."""
        key = (index, column, style, cursor, hover)
        found = self._styles.get(key)
        if found is None:
            component, post = self._cell_styles(cursor, hover)
            meta = Style.from_meta({"row": index, "column": column})
            found = self._styles[key] = self._stripe(index) + component + style + post + meta
        return found

    def _extend(self, index: int, cursor: bool, hover: bool) -> Style:
        """The style of the blank after the last column."""
        key = (index, cursor, hover)
        found = self._styles.get(key)
        if found is None:
            extend, _ = self._get_styles_to_render_cell(
                False, False, False, hover, cursor, self.show_cursor, self._show_hover_cursor, False, False
            )
            meta = Style.from_meta({"row": index, "column": 0, "out_of_bounds": True})
            found = self._styles[key] = self._stripe(index) + extend + meta
        return found

    def _cell_styles(self, cursor: bool, hover: bool) -> tuple[Style, Style]:
        """The styles DataTable puts under and over a cell's own for the cursor and the mouse."""
        found = self._cursor_styles.get((cursor, hover))
        if found is None:
            found = self._cursor_styles[cursor, hover] = self._get_styles_to_render_cell(
                False, False, False, hover, cursor, self.show_cursor, self._show_hover_cursor,
                self.cursor_foreground_priority == "css", self.cursor_background_priority == "css",
            )
        return found

    def _stripe(self, index: int) -> Style:
        """The row's own style: the zebra stripe of its parity."""
        name = "datatable--odd-row" if index % 2 else "datatable--even-row"
        style = self._styles.get(name)
        if style is None:
            style = self._styles[name] = self.get_component_styles(name).rich_style
        return style

    def _cells(self, i: int, row: Row, place: str, colours: dict[str, Style]) -> list[Cell]:
        ranked = row.result
        cells: list[Cell] = [
            ((part(str(i + 1), BOLD),), False),
            _moved(self.moved, row.key, self._up_down),
            ((part(place),), False),
            _symbol(ranked.symbol or "", self._labels.get(row.key), colours["graph"]),
            ((part(ranked.kind or "", DIM),), False),
            ((part(f"{row.score:.4f}"),), True),
        ]
        for name in MODALITIES:
            vote = row.modality(name)
            cells.append(((part("" if vote is None else str(vote.rank + 1), colours[name]),), True))
        cells.append(_marks(row))
        return cells

    def current_row(self) -> Row | None:
        """Return the highlighted result, if any."""
        index = self._current_index()
        return None if index is None or self.answer is None else self.answer.rows[index]

    def _current_index(self) -> int | None:
        """Return the highlighted result's row in the answer, if any."""
        if self.answer is None or not self.answer.rows or self.row_count == 0:
            return None
        return min(max(self.cursor_row, 0), len(self.answer.rows) - 1)


def _place(row: Row) -> str:
    """A result's ``path:line`` whole (a workspace's path starts with its repository)."""
    return f"{row.path}:{row.start_line}"


def _give_way(rows: list[list[Cell]], widths: list[int], room: int, need: int, padding: int) -> int:
    """Narrow or hide columns, least needed first, until the place and symbol have ``need`` cells
    (``room``: what they have): an empty ``±`` is hidden, each engine's column narrowed to its widest
    rank (its heading to its letter), then the score and the kind are hidden (:data:`HIDDEN`).
    Return the room then."""
    if room >= need:
        return room
    if not any(cell_plain(row[MOVED]) for row in rows):
        room += widths[MOVED] + padding
        widths[MOVED] = HIDDEN
    for i in ENGINES:
        if room >= need:
            return room
        ranks = max([ENGINE_NARROW, *(cell_len(cell_plain(row[i])) for row in rows)])
        room += widths[i] - min(ranks, widths[i])
        widths[i] = min(ranks, widths[i])
    for i in (SCORE, KIND):
        if room >= need:
            return room
        room += widths[i] + padding
        widths[i] = HIDDEN
    return room


def _widths(rows: list[list[Cell]]) -> list[int]:
    """Each column's width: its widest cell, or its heading."""
    return [max([len(label), *(cell_len(cell_plain(row[i])) for row in rows)]) for i, (label, _) in enumerate(HEADERS)]


def call_labels(rows: Sequence[Row]) -> dict[RowKey, str]:
    """The definition each call of the list calls, where the name asked about has several (the
    graph's reason names it: :func:`~maguyva_tui.core.types.called_definition`), written as the
    shortest tail of its path that no other definition listed ends with, and its line
    (``factory.py:4``, ``flaskr/__init__.py:6``); empty for any other answer."""
    called = {row.key: place for row in rows if (place := called_definition(row.result)) is not None}
    tails = shortest_tails({place.rpartition(":")[0] for place in called.values()})
    return {key: f"{tails[path]}:{line}" for key, (path, _, line) in ((k, p.rpartition(":")) for k, p in called.items())}


def shortest_tails(paths: Iterable[str]) -> dict[str, str]:
    """Each path's shortest tail at a folder boundary that no other of ``paths`` ends with: its
    file name, unless another has the same (then its folder too, and so on)."""
    given = set(paths)
    tails: dict[str, str] = {}
    for path in given:
        parts = path.split("/")
        for size in range(1, len(parts) + 1):
            tail = "/".join(parts[-size:])
            if not any(other != path and (other == tail or other.endswith("/" + tail)) for other in given):
                break
        tails[path] = tail
    return tails


def _wanted(symbol: str) -> int:
    """Cells a plain symbol wants before the place's folders: :data:`SYMBOL_WIDTH` at most, less the
    impl label a Rust method is named by (``Utf8Path.as_ref (impl AsRef<str>)``): it tells the row
    apart from its type's other methods of that name, as a call's label does, and is not counted in
    (counted, a 140-column list had read ``Utf8….as_ref (impl AsRef<str>)`` for two types)."""
    label = len(symbol) - len(plain_qualname(symbol))
    return min(cell_len(symbol), SYMBOL_WIDTH + label)


def _symbol(name: str, label: str | None, style: Style) -> Cell:
    """The symbol cell: the name, and after it the definition a call calls (in the graph's colour)."""
    if label is None:
        return ((part(name),), False)
    return ((part(name + " " if name else ""), part(CALLS_ARROW + label, style)), False)


def _calls(rows: Iterable[Sequence[Cell]]) -> list[tuple[str, str]]:
    """Each listed call's caller's name and label (without its arrow), from the rows' symbol cells."""
    return [(parts[0][0], parts[1][0].removeprefix(CALLS_ARROW))
            for parts in (row[SYMBOL][0] for row in rows) if len(parts) == 2]


def _one_file(labels: Iterable[str]) -> bool:
    """Whether the calls' labels all name definitions in one file (then their lines tell them apart)."""
    return len({label.rpartition(":")[0] for label in labels}) == 1


def _label_forms(label: str, one_file: bool = False) -> tuple[str, ...]:
    """A call's label from the widest to the narrowest: ``→ flaskr/__init__.py:6``, then its first
    folder and line (``→ flaskr/…:6``: what tells it from the others), then that without the arrow;
    where every definition listed lies in one file (``one_file``), then its line alone (``→ :87``)."""
    path, _, line = label.rpartition(":")
    head, slash, _ = path.partition("/")
    short = f"{head}/…:{line}" if slash else label
    forms = (CALLS_ARROW + label, CALLS_ARROW + short, short)
    return (*forms, f"{CALLS_ARROW}:{line}") if one_file else forms


def _label_form(calls: Iterable[tuple[str, str]], width: int) -> int:
    """The widest of :func:`_label_forms` in which every call's label fits ``width`` beside its
    caller's name (``calls``: each name and label) cut to :data:`CALLER_READABLE` cells, the same for
    every row (the narrowest when none does: each is then cut, or left out, by :func:`_fit_symbol`)."""
    calls = list(calls)
    one_file = _one_file(label for _, label in calls)
    forms = [(_label_forms(label, one_file), _beside(name)) for name, label in calls]
    last = len(forms[0][0]) - 1 if forms else 0
    return next((i for i in range(last) if all(cell_len(f[i]) + beside <= width for f, beside in forms)), last)


def _beside(name: str) -> int:
    """Cells a caller's name keeps at least before its call's label, with the blank between them."""
    name = name.rstrip()
    return 1 + min(cell_len(name), CALLER_READABLE) if name else 0


def _cut_label(label: str, width: int) -> str | None:
    """A call's label cut to ``width`` behind its arrow, its line kept and its path's start
    (``→ fil…:233``); ``None`` when not two cells of the path fit."""
    if cell_len(label) <= width and label.startswith(CALLS_ARROW):
        return label
    path, _, line = label.removeprefix(CALLS_ARROW).rpartition(":")
    if cell_len(CALLS_ARROW + path + ":" + line) <= width:
        return CALLS_ARROW + path + ":" + line
    keep = width - len(CALLS_ARROW) - len("…:") - len(line)
    return f"{CALLS_ARROW}{path[:keep]}…:{line}" if keep >= 2 and path else None


def _shorten_kinds(rows: list[list[Cell]]) -> int:
    """Write each row's kind short (:data:`KIND_SHORT`, cut to :data:`KIND_WIDTH`); return the
    column's new width."""
    for row in rows:
        (kind, style), *_ = row[KIND][0]
        row[KIND] = ((part(_clip(KIND_SHORT.get(kind, kind), KIND_WIDTH), style),), False)
    return max([len(HEADERS[KIND][0]), *(cell_len(cell_plain(row[KIND])) for row in rows)])


def _fit_symbol(cell: Cell, width: int, form: int, one_file: bool = False,
                shared: frozenset[str] = frozenset()) -> Cell:
    """Cut a symbol cell to ``width``: a call's caller's name is kept whole where its label (in its
    ``form``) can be cut beside it, else down to :data:`CALLER_READABLE` cells; the label takes the
    rest, cut at its path's end (``→ fil…:233``), and goes when not even that fits; where every
    definition lies in one file (``one_file``) it is its line alone (``→ :600``). A call with no
    caller's name keeps its label, cut at its start."""
    parts = cell[0]
    if len(parts) < 2:
        return ((part(clip_symbol(cell_plain(cell), width, shared)),), False)
    (name, _), (label, style) = parts
    if cell_len(name) + cell_len(label) <= width:
        return cell
    # in one file the file's name tells no definition apart: the line, never a cut path (→ li…:600)
    label = _label_forms(label.removeprefix(CALLS_ARROW), one_file)[-1 if one_file else form]
    name = name.rstrip()
    if not name:
        return ((part(""), part(_clip(label, width, keep_end=True), style)), False)
    fits = width - 1 - cell_len(label) if label.startswith(CALLS_ARROW) else -1
    if fits < cell_len(name) and label.rpartition(":")[0].removeprefix(CALLS_ARROW):
        # a label naming a file can be cut: the name whole when the cut label fits beside it
        fits = max(fits, width - 1 - len(f"{CALLS_ARROW}ab…:{label.rpartition(':')[2]}"))
    room = min(width, max(fits, min(cell_len(name), CALLER_READABLE)))
    shown = clip_symbol(name, room, shared)
    cut = _cut_label(label, width - cell_len(shown) - 1)
    if cut is None:
        return ((part(clip_symbol(name, width, shared)),), False)
    return ((part(shown + " "), part(cut, style)), False)


def _line_label(cell: Cell) -> Cell:
    """A call's symbol cell with its label written as its line alone (``→ :585``); any other as it is."""
    parts = cell[0]
    if len(parts) < 2:
        return cell
    (name, plain), (label, style) = parts
    return ((name, plain), (_label_forms(label.removeprefix(CALLS_ARROW), True)[-1], style)), cell[1]


def _tell_apart(rows: list[list[Cell]], symbols: Sequence[str], width: int) -> None:
    """Give the rows whose symbols are cut at their end to ``width`` their names' ends instead
    where that tells more of them apart (``yaml_pars…`` for yaml_parser_scan and
    yaml_parser_parse_node: ``…rser_scan``, ``…arse_node``), all of them, so the column reads one
    way, as :func:`clip_places` does for file names."""
    cut = [i for i, (row, whole) in enumerate(zip(rows, symbols, strict=True))
           if len(row[SYMBOL][0]) == 1 and row[SYMBOL][0][0][0] != whole and row[SYMBOL][0][0][0].endswith("…")]
    ends = [_clip(symbols[i], width, keep_end=True) for i in cut]
    if len(set(ends)) > len({rows[i][SYMBOL][0][0][0] for i in cut}):
        for i, shown in zip(cut, ends, strict=True):
            rows[i][SYMBOL] = ((part(shown),), False)


def _tell_callers_apart(rows: list[list[Cell]], symbols: Sequence[str]) -> None:
    """Give the calls whose callers' names read alike once cut their names' ends instead, where
    those tell them apart: the caller's name is what tells a call's rows apart (orjson's "who calls
    write_buf" at 80 columns had read ``non_str…`` for non_str_date, non_str_datetime, non_str_time
    and non_str_uuid; now ``…tr_date``, ``…atetime``, ``…tr_time``, ``…tr_uuid``)."""
    alike: dict[str, list[int]] = {}
    for i, (row, whole) in enumerate(zip(rows, symbols, strict=True)):
        parts = row[SYMBOL][0]
        name = parts[0][0].rstrip() if len(parts) == 2 else ""
        if name.endswith("…") and name != whole and whole.startswith(name[:-1]):
            alike.setdefault(name, []).append(i)
    for name, group in alike.items():
        ends = [_clip(symbols[i], cell_len(name), keep_end=True) for i in group]
        if len(group) > 1 and len(set(ends)) > 1:
            for i, end in zip(group, ends, strict=True):
                (text, style), label = rows[i][SYMBOL][0]
                rows[i][SYMBOL] = ((part(end + text[len(text.rstrip()):], style), label), rows[i][SYMBOL][1])


def _want(whole: int, room: int) -> int:
    """The cells the symbol needs for the list not to be narrow (where its marks' heading gives way):
    its calls' labels whole (``whole``), else two fifths of the ``room``, and never under
    :data:`SYMBOL_READABLE`."""
    return max(whole or room * 2 // 5, SYMBOL_READABLE)


def _share(room: int, place: tuple[int, int, int] | tuple[int, int, int, int],
           symbol: tuple[int, int, int]) -> tuple[int, int]:
    """Split ``room`` cells between the place and the symbol, each given as its widest cell and what
    it needs first: the place its file names and lines whole, then (in a workspace) its repository
    labels cut to :data:`REPO_LABEL_MIN`, then the end of its folders that tells files of one name
    apart where the rows' symbols are the same too (:func:`_apart_need`); the symbol
    :data:`SYMBOL_FLOOR` (its heading's width), then its calls' narrowest labels, then what it wants
    (the labels whole, else its whole name).
    Each is met in turn as far as the room goes, the symbol's floor and the place's names first (a
    row says where it is), then the place's folders, then the rest of the symbol (a caller's name).
    A call's narrowest label comes before the folders telling files apart (their callers' names
    tell the rows apart: at 80 columns ``run_flaskr → fl…:1`` beside ``…use.py:5``)."""
    place_w, names, repos, apart = (*place, 0)[:4]
    symbol_w, narrowest, want = symbol
    if place_w + symbol_w <= room:
        return place_w, symbol_w
    got = [0, 0]
    steps = ((1, SYMBOL_FLOOR), (0, names), (0, repos), (1, narrowest), (0, apart), (1, want), (0, place_w),
             (1, symbol_w))
    for column, target in steps:
        target = min(target, (place_w, symbol_w)[column])
        got[column] = max(got[column], min(target, room - got[1 - column]))
    return got[0], got[1]


def clip_places(places: Sequence[str], width: int, labels: Sequence[str] = ()) -> list[str]:
    """Cut each ``path:line`` to ``width`` (:func:`clip_place`) so that the rows stay told apart:
    file names whose cut stems read the same (es/mergeDeepRight.js:26 and es/mergeDeepLeft.js:26
    had both read ``mergeDee….js:26`` at 80 columns) keep the part of the stem where they differ
    instead of its start (``…epRight.js:26``, ``…DeepLeft.js:26``)."""
    clipped = [clip_place(place, width, labels) for place in places]
    alike: dict[str, list[int]] = {}
    for i, (whole, cut) in enumerate(zip(places, clipped, strict=True)):
        if cut != whole:
            alike.setdefault(cut.rpartition(":")[0], []).append(i)
    for members in alike.values():
        stems = {_stem(places[i]) for i in members}
        if len(stems) > 1:
            start = len(commonprefix(sorted(stems)))
            for i in members:
                clipped[i] = clip_place(places[i], width, labels, start)
    return clipped


def _stem(place: str) -> str:
    """The file name of ``path:line`` without its extension, as :func:`_clip_folders` cuts it."""
    file = place.rpartition("/")[2].rpartition(":")[0]
    stem, dot, _ = file.rpartition(".")
    return stem if dot and stem else file


def clip_place(place: str, width: int, labels: Sequence[str] = (), start: int = 0) -> str:
    """Cut ``path:line`` to ``width``, keeping its end (the file name and line); in a workspace
    (``labels``: its repositories) the repository it starts with is kept too, the folders between
    them cut first (``python-dateutil-2.9.0/…/parser/_parser.py:1270``), then the label's end,
    down to :data:`REPO_LABEL_MIN` cells. A file name cut in its stem keeps it from ``start``
    (:func:`_cut_stem`)."""
    if cell_len(place) <= width:
        return place
    label = _repo_label(place, labels)
    if label is None:
        return _clip_folders(place, width, start)
    local = place[len(label) + 1 :]
    name = local.rpartition("/")[2]
    tail = name if name == local else "…/" + name
    if cell_len(label) + 1 + cell_len(tail) <= width:
        return label + "/" + _clip_folders(local, width - cell_len(label) - 1, start)
    if width - 1 - cell_len(tail) >= REPO_LABEL_MIN:
        return _clip(label, width - 1 - cell_len(tail)) + "/" + tail
    return _clip_folders(place, width, start)


def _name_need(place: str) -> int:
    """Cells of ``path:line`` with its folders cut: its file name and line, and the mark saying
    folders were cut (``…OkHttpCall.java:33``), none for a file at the top."""
    name = place.rpartition("/")[2]
    return cell_len(name) + (name != place)


def _apart_need(places: Sequence[str], symbols: Sequence[str]) -> int:
    """Cells the place needs so that rows listing one symbol in files of one name in different
    folders show where they differ: the shortest end of each path no other such path ends with, after
    the mark that folders were cut, and its line (``…a/Result.java:26``, ``…2/Result.java:26``: at 80
    columns retrofit's rxjava/Result.java and rxjava2/Result.java had both read ``Result.java:26``
    beside ``Res….error``); 0 where no two rows are alike so."""
    alike: dict[tuple[str, str], set[str]] = {}
    for place, symbol in zip(places, symbols, strict=True):
        path = place.rpartition(":")[0] or place
        alike.setdefault((path.rpartition("/")[2], symbol), set()).add(path)
    need = 0
    for paths in alike.values():
        for path in paths if len(paths) > 1 else ():
            others = paths - {path}
            size = next((n for n in range(1, len(path)) if not any(o.endswith(path[-n:]) for o in others)), len(path))
            line = max((len(p) - len(path) for p in places if p.startswith(path + ":")), default=0)
            need = max(need, size + (size < len(path)) + line)
    return need


def _repo_label(place: str, labels: Sequence[str]) -> str | None:
    """The workspace repository ``place`` starts with, if any."""
    return max((lab for lab in labels if place.startswith(lab + "/")), key=len, default=None)


def _repo_need(place: str, labels: Sequence[str]) -> int:
    """Cells of ``place`` with its repository label cut to :data:`REPO_LABEL_MIN` and the file name
    whole (``pyth…/…/_parser.py:1270``); 0 outside a workspace."""
    label = _repo_label(place, labels)
    if label is None:
        return 0
    local = place[len(label) + 1 :]
    name = local.rpartition("/")[2]
    return min(len(label), REPO_LABEL_MIN) + 1 + len(name if name == local else "…/" + name)


def _clip_folders(place: str, width: int, start: int = 0) -> str:
    """Cut ``path:line`` to ``width`` at its start, never into the file's own name: the folders go
    first (``…/parser.py:509``), then the ellipsis (``parser.py:509``); a name still too wide keeps
    its start and its extension and line (``_pars….py:1270``), or its stem from ``start``
    (:func:`_cut_stem`); with no room for two letters of its stem beside them, the stem and the line
    (``Reque…:232``: ``RequestFactory.java:232`` had read ``….java:232``, as every row did). Widths
    are cells: a wide character (日本語) takes two."""
    if cell_len(place) <= width:
        return place
    name = place.rpartition("/")[2]
    if width >= cell_len(name) + 2:
        return _clip(place, width, keep_end=True)
    if width == cell_len(name) + 1:  # the folders gone, said (range.js:98 had read as a file at the top)
        return "…" + name
    if width >= cell_len(name):
        return name
    file, colon, line = name.rpartition(":")
    stem, dot, extension = file.rpartition(".")
    suffix = f".{extension}{colon}{line}" if dot and stem else f"{colon}{line}"
    stem = stem if dot and stem else file
    if width - cell_len(suffix) - 1 >= 2:
        return _cut_stem(stem, width - cell_len(suffix), start) + suffix
    if dot and stem and width - cell_len(colon + line) - 1 >= 2:  # the extension gives way before the stem
        return _cut_stem(stem, width - cell_len(colon + line), start) + colon + line  # (….java:232: Reque…:232)
    return _clip(name, width, keep_end=True)


def _cut_stem(stem: str, width: int, start: int = 0) -> str:
    """Cut a file name's stem to ``width`` cells with an ellipsis: its start kept (``_pars…``), or,
    from ``start`` (where it differs from others'), its end where that holds ``start``
    (``…epRight``), else what follows ``start`` (``…Right…``)."""
    if start <= 0:
        return _head(stem, width - 1) + "…"
    if cell_len(stem[start:]) <= width - 1 or width < 4:
        return "…" + _tail(stem, width - 1)
    return "…" + _head(stem[start:], width - 2) + "…"


QUALIFIER = re.compile(r"(.*)(\.|::|#|->|\\)(?=.)")
"""A qualified symbol's qualifiers and the separator before its own name (``runInContext`` ``.``)."""

QUALIFIER_KEPT = 3
"""Cells of a cut qualifier kept before its ellipsis (``ConfigSer….get``); fewer, it goes (``…get``)."""


def clip_symbol(symbol: str, width: int, shared: frozenset[str] = frozenset()) -> str:
    """Cut a symbol to ``width`` keeping its own name whole where it fits: its qualifiers are cut
    first (``ConfigSer….get``, ``…debounce``), then the name's end (``debou…``); where the name is
    ``shared`` by other rows (``get_or_init`` of OnceCell, of race's OnceBox), what tells them apart
    is kept instead, the qualifier's start (``sync.OnceCell…``). Cut at its end, lodash's rows had
    read ``runIn…`` (runInContext.debounce), ConfigService.get ``ConfigService.…``. A Rust method
    named by its impl loses its label before its type and name (``Iter.as_ref (impl AsR…``,
    ``Utf8C….as_ref…``): counted as its own name, four types' ``as_ref (impl AsRef<OsStr>)`` had
    read alike, ``…as_ref (impl AsRef<OsStr>)``, or ``Utf8Component…``, the method gone."""
    if cell_len(symbol) <= width:
        return symbol
    found = QUALIFIER.match(symbol)
    if found is None:
        return _clip(symbol, width)
    head, sep = found.groups()
    own = symbol[found.end():]
    keep = width - cell_len(sep) - cell_len(own) - 1
    if keep >= QUALIFIER_KEPT:
        return f"{_head(head, keep)}…{sep}{own}"
    plain = plain_qualname(symbol)
    if plain != symbol and width > 1:  # a Rust impl's label gives way before its type and name
        kept = clip_symbol(plain, width - 1, shared)
        return (_head(symbol, width - 1) if kept == plain else kept) + "…"
    if own in shared:
        return _clip(symbol, width)
    if cell_len(own) + 1 <= width:
        return "…" + own
    return _clip(own, width)


def _shared_names(symbols: Iterable[str]) -> frozenset[str]:
    """The own names (after the qualifiers) that more than one of ``symbols`` ends with."""
    seen: set[str] = set()
    shared: set[str] = set()
    for symbol in symbols:
        found = QUALIFIER.match(symbol)
        own = symbol[found.end():] if found else symbol
        (shared if own in seen else seen).add(own)
    return frozenset(shared)


def _clip(text: str, width: int, keep_end: bool = False) -> str:
    """Cut a cell to ``width`` cells with an ellipsis, keeping the end of paths (the file name).
    Cut by characters, a path of wide characters (日本語/処理モジュール.py) had kept twice its
    cells and pushed the engines' ranks off the right edge at 72 columns."""
    if cell_len(text) <= width:
        return text
    if width <= 1:
        return "…"[:max(width, 0)]
    return "…" + _tail(text, width - 1) if keep_end else _head(text, width - 1) + "…"


def _head(text: str, width: int) -> str:
    """The longest start of ``text`` that fits ``width`` cells."""
    if text.isascii():
        return text[:max(width, 0)]
    used = 0
    for i, char in enumerate(text):
        used += cell_len(char)
        if used > width:
            return text[:i]
    return text


def _tail(text: str, width: int) -> str:
    """The longest end of ``text`` that fits ``width`` cells."""
    if width <= 0:
        return ""
    if text.isascii():
        return text[-width:]
    return _head(text[::-1], width)[::-1]


def _moved(moved: dict[RowKey, int | None], key: RowKey, styles: tuple[Style, Style]) -> Cell:
    """Return ``↑n``/``↓n`` for a what-if move, ``new`` for a newcomer, blank when unchanged."""
    delta = moved.get(key, 0)
    if delta is None:
        return ((part("new", NEW),), False)
    if delta > 0:
        return ((part(f"↑{delta}", styles[0]),), False)
    if delta < 0:
        return ((part(f"↓{-delta}", styles[1]),), False)
    return ((part(""),), False)


def _marks(row: Row) -> Cell:
    """Return the demotion and folding marks of a result."""
    parts = []
    if row.demoted:
        parts.append(part(DEMOTED_MARK, BOLD))
    if row.folded:
        parts.append(part(f"+{row.folded}", DIM))
    return (tuple(parts) or (part(""),), False)
