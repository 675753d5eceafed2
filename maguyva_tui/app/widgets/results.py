"""The fused list: rank, place, symbol, score and each engine's own rank beside it."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import ClassVar

from rich.style import Style
from rich.text import Span, Text
from textual.binding import Binding, BindingType
from textual.cache import LRUCache
from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.strip import Strip
from textual.widgets import DataTable
from textual.widgets.data_table import ColumnKey
from textual.widgets.data_table import RowKey as TableRowKey

from maguyva_tui.app.session import Answer, Row, RowKey
from maguyva_tui.app.widgets.bars import SHORT
from maguyva_tui.core.types import MODALITIES

PLACE_WIDTH = 40
"""Characters of ``path:line`` kept at most; longer paths lose their start, never the file name."""

SYMBOL_WIDTH = 30
"""Characters of the symbol kept at most."""

PLACE_MIN, SYMBOL_MIN = 14, 8
"""The narrowest the place and symbol get when the pane is tight: below these, the table scrolls."""

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

PLACE, SYMBOL = 2, 3
"""Column indexes of the place and symbol: the two that shrink so the engines' ranks stay in view."""

DEMOTED_MARK = "▼"
"""Shown for a demoted path (vendored, built, generated, minified)."""

LINES_KEPT = 1024
"""Drawn lines of the list kept for reuse: a few answers' worth of visible rows."""


class ResultsTable(DataTable[Text]):
    """The fused result list; the highlighted row drives the preview and the explain panel."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("j", "cursor_down", "Down", show=False),
        Binding("k", "cursor_up", "Up", show=False),
        Binding("g", "app.jump", "Go to", show=False),
    ]

    def __init__(self, **kwargs: object) -> None:
        super().__init__(cursor_type="row", zebra_stripes=True, **kwargs)  # type: ignore[arg-type]
        self.answer: Answer | None = None
        self.moved: dict[RowKey, int | None] = {}
        self._up_down = (Style(bold=True), Style(bold=True))
        self._fitted_width = 0
        self._drawn: tuple[str, int, list[list[tuple[str, str | Style, list[Span]]]]] | None = None
        """The theme, width and cells on show: an answer drawing the same is not redrawn."""
        self._row_cells: list[tuple[Hashable, ...]] = []
        """Each listed row's cells as drawn (text, style, spans): what its line looks like."""
        self._lines: LRUCache[Hashable, Strip] = LRUCache(LINES_KEPT)
        """Each drawn line by what it shows, so an answer redraws only the rows that changed: the
        table's own caches are emptied by every answer (its rows are replaced), and rendering every
        visible cell through Rich again was half the cost of drawing a frame while typing."""
        self._frame: Hashable = None
        """What every line of this frame depends on besides its row: see :meth:`render_lines`."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)
    """The rows' extent: it changes with every answer, and Textual's own reactive lays out the
    whole screen for that; only the table's scrollbars depend on it (updated here)."""

    def watch_virtual_size(self, size: Size) -> None:
        self._scroll_update(size)

    def _update_dimensions(self, new_rows: Iterable[TableRowKey]) -> None:
        """The table's extent after rows changed. DataTable measures every cell of the new rows
        again (for columns sized to their content, and rows of several lines): here every column
        has its width set (measured in :meth:`_columns`) and every row is one line, so the
        extent is known at once (the measuring cost 30-100 ms an answer under load)."""
        header = self.header_height if self.show_header else 0
        width = sum(column.get_render_width(self) for column in self.columns.values())
        self.virtual_size = Size(width, self.row_count + header)

    def on_mount(self) -> None:
        self._columns([])
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self.show(self.answer, self.moved, keep=True))

    def on_resize(self) -> None:
        """Fit the place and symbol to the new width, so every engine's rank column stays visible."""
        if self.size.width != self._fitted_width and self.answer is not None:
            self.show(self.answer, self.moved, keep=True)

    def _room(self) -> int:
        """Return the cells a row can use, leaving room for a vertical scrollbar."""
        return self.size.width - self.styles.scrollbar_size_vertical

    def _fit(self, rows: list[list[Text]]) -> None:
        """Clip the place and symbol cells so all the columns fit the table's width."""
        self._fitted_width = self.size.width
        padding = 2 * self.cell_padding
        widths = [max([len(label), *(row[i].cell_len for row in rows)]) for i, (label, _) in enumerate(HEADERS)]
        others = sum(w + padding for i, w in enumerate(widths) if i not in (PLACE, SYMBOL))
        place, symbol = _share(self._room() - others - 2 * padding, widths[PLACE], widths[SYMBOL])
        for row in rows:
            row[PLACE] = Text(_clip(row[PLACE].plain, place, keep_end=True))
            row[SYMBOL] = Text(_clip(row[SYMBOL].plain, symbol))

    def _columns(self, rows: list[list[Text]]) -> None:
        """Size the columns, each as wide as its widest cell (measured here: no reflow while typing).

        The columns are added once and then resized in place: clearing them with the rows made
        every answer rebuild the header and re-measure every column."""
        for i, (label, key) in enumerate(HEADERS):
            width = max([len(label), *(row[i].cell_len for row in rows)])
            heading = Text(label, style=self._colour(key)) if key in MODALITIES else Text(label)
            column = self.columns.get(ColumnKey(key))
            if column is None:
                self.add_column(heading, key=key, width=width)
            else:
                column.label, column.width = heading, width

    def _colour(self, name: str) -> Style:
        value = self.app.theme_variables.get(f"modality-{name}")
        return Style(color=value, bold=True) if value else Style(bold=True)

    def show(
        self,
        answer: Answer | None,
        moved: dict[RowKey, int | None] | None = None,
        keep: bool = False,
    ) -> None:
        """Replace the rows; with ``keep``, the cursor stays on the same result when it is still listed
        (an answer drawing the same cells as the one on show changes nothing on screen)."""
        kept = self.current_row() if keep else None
        self.answer, self.moved = answer, moved or {}
        if answer is None:
            self._drawn, self._row_cells = None, []
            self.clear()
            self._columns([])
            return
        colours = {name: self._colour(name) for name in MODALITIES}
        variables = self.app.theme_variables
        self._up_down = (
            Style(color=variables.get("success"), bold=True),
            Style(color=variables.get("error"), bold=True),
        )
        rows = [self._cells(i, row, colours) for i, row in enumerate(answer.rows)]
        self._fit(rows)
        drawn = (self.app.theme, self.size.width, [[(cell.plain, cell.style, cell.spans) for cell in row]
                                                   for row in rows])
        if keep and drawn == self._drawn and kept is not None and getattr(self.current_row(), "key", None) == kept.key:
            return  # the same question asked again (an engine joined) and nothing moved
        self._drawn = drawn
        self._row_cells = [tuple((plain, style, tuple(spans)) for plain, style, spans in row) for row in drawn[2]]
        self.clear()
        self._columns(rows)
        self.add_rows(rows)
        if kept is not None:
            for i, row in enumerate(answer.rows):
                if row.key == kept.key:
                    self.move_cursor(row=i, animate=False)
                    break

    def render_lines(self, crop: Region) -> list[Strip]:
        """Note what every line of the frame depends on besides its own row, then draw."""
        self._frame = (
            self.app.theme,
            self.rich_style,
            self.get_pseudo_class_state(),
            self.size.width,
            self.scroll_offset.x,
            tuple(column.get_render_width(self) for column in self.ordered_columns),
            self.show_cursor,
            self.cursor_type,
            self.show_header,
        )
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        """Return the line at ``y``: drawn already when its row shows the same cells in the same place
        (the row's index is in the key: each cell's style carries it for mouse clicks) with the
        cursor on or off it as before; the row under the mouse is always drawn afresh."""
        index = y - (self.header_height if self.show_header else 0)
        if index >= 0:
            index += self.scroll_offset.y
        cells: Hashable = None
        if index >= 0:
            if index >= len(self._row_cells) or index >= self.row_count:
                return super().render_line(y)
            cells = self._row_cells[index]
        if self.hover_coordinate.row == index or self.cursor_type != "row":
            return super().render_line(y)
        key = (self._frame, index, cells, self.cursor_coordinate.row == index)
        line = self._lines.get(key)
        if line is None:
            line = super().render_line(y)
            self._lines[key] = line
        return line

    def _cells(self, i: int, row: Row, colours: dict[str, Style]) -> list[Text]:
        ranked = row.result
        place = _clip(f"{row.path}:{row.start_line}", PLACE_WIDTH, keep_end=True)  # cut to the pane in _fit
        cells = [
            Text(str(i + 1), style="bold"),
            _moved(self.moved, row.key, self._up_down),
            Text(place),
            Text(_clip(ranked.symbol or "", SYMBOL_WIDTH)),
            Text(ranked.kind or "", style="dim"),
            Text(f"{row.score:.4f}", justify="right"),
        ]
        for name in MODALITIES:
            vote = row.modality(name)
            cells.append(
                Text(
                    "" if vote is None else str(vote.rank + 1),
                    style=colours[name],
                    justify="right",
                )
            )
        cells.append(_marks(row))
        return cells

    def current_row(self) -> Row | None:
        """Return the highlighted result, if any."""
        if self.answer is None or not self.answer.rows or self.row_count == 0:
            return None
        index = min(max(self.cursor_row, 0), len(self.answer.rows) - 1)
        return self.answer.rows[index]


def _share(room: int, place: int, symbol: int) -> tuple[int, int]:
    """Split ``room`` cells between the place and the symbol: each keeps what it needs when both fit,
    else the symbol gets at most two fifths, and neither goes below its minimum."""
    if place + symbol <= room:
        return place, symbol
    symbol_w = min(symbol, max(SYMBOL_MIN, room * 2 // 5))
    place_w = min(place, max(PLACE_MIN, room - symbol_w))
    return place_w, min(symbol, max(symbol_w, room - place_w))


def _clip(text: str, width: int, keep_end: bool = False) -> str:
    """Cut a cell to ``width`` with an ellipsis, keeping the end of paths (the file name)."""
    if len(text) <= width:
        return text
    return "…" + text[-(width - 1) :] if keep_end else text[: width - 1] + "…"


def _moved(moved: dict[RowKey, int | None], key: RowKey, styles: tuple[Style, Style]) -> Text:
    """Return ``↑n``/``↓n`` for a what-if move, ``new`` for a newcomer, blank when unchanged."""
    if key not in moved:
        return Text("")
    delta = moved[key]
    if delta is None:
        return Text("new", style="bold italic")
    if delta > 0:
        return Text(f"↑{delta}", style=styles[0])
    if delta < 0:
        return Text(f"↓{-delta}", style=styles[1])
    return Text("")


def _marks(row: Row) -> Text:
    """Return the demotion and folding marks of a result."""
    text = Text()
    if row.demoted:
        text.append(DEMOTED_MARK, style="bold")
    if row.folded:
        text.append(f"+{row.folded}", style="dim")
    return text
