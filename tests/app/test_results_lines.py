"""The results list draws its lines itself (no Rich renderable per cell): every line it draws is the
line DataTable would draw through Rich from the same cells, whatever the cursor, the mouse, the
focus, the theme, the width and the horizontal scroll."""

from __future__ import annotations

from typing import Any

import pytest
from rich.text import Text
from textual.geometry import Region
from textual.widgets import DataTable

from maguyva_tui.app.widgets.results import Cell, ResultsTable
from tests.app.conftest import SIZE, ask, wait_for

pytestmark = pytest.mark.anyio


def _as_text(cell: Cell) -> Text:
    """The cell as the list made it before it drew its own lines: one Rich Text."""
    parts, right = cell
    if len(parts) == 1:
        text, style = parts[0]
        return Text(text, style=style, justify="right" if right else None)
    return Text.assemble(*parts)


def _through_rich(table: ResultsTable, y: int) -> list[Any]:
    """The line DataTable itself draws at ``y``, its cells given as Rich Text."""
    plain = {key: dict(cells) for key, cells in table._data.items()}
    try:
        for row_key in table._row_locations:
            index = table._row_locations.get(row_key)
            assert index is not None
            for column, cell in zip(table.ordered_columns, table._row_cells[index], strict=True):
                table._data[row_key][column.key] = _as_text(cell)  # type: ignore[assignment]
        table._clear_caches()
        return list(DataTable.render_line(table, y))
    finally:
        table._data.clear()
        table._data.update(plain)
        table._clear_caches()


def _check(table: ResultsTable) -> int:
    """Compare every line on show with DataTable's; return how many rows were compared."""
    table.render_lines(Region(0, 0, *table.size))  # notes the frame, as a frame does
    rows = 0
    for y in range(table.size.height):
        # a hidden column (no cells) is an empty segment in DataTable's lines: it draws nothing
        drawn = [segment for segment in table.render_line(y) if segment.text]
        theirs = [segment for segment in _through_rich(table, y) if segment.text]
        assert drawn == theirs, f"line {y} differs from DataTable's"
        rows += y >= table.header_height and table.scroll_offset.y + y - table.header_height < table.row_count
    return rows


@pytest.mark.slow
async def test_the_lines_drawn_are_the_lines_datatable_draws(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "parse_config")
        table = app.query_one(ResultsTable)
        assert _check(table) >= 3  # unfocused, the cursor on the first row
        table.focus()
        await pilot.press("j", "j")
        await pilot.pause(0.1)
        assert table.cursor_row == 2
        assert _check(table) >= 3  # focused: the cursor's own colours
        table._set_hover_cursor(True)
        table.hover_coordinate = table.hover_coordinate._replace(row=1)
        _check(table)  # the row under the mouse
        app.theme = "maguyva-light"
        await pilot.pause(0.1)
        _check(table)
        _rows_as_datatable_adds_them(table)


def _rows_as_datatable_adds_them(table: ResultsTable) -> None:
    """The rows added in one go hold what DataTable's row-by-row ``add_rows`` makes of the same cells."""
    def state() -> Any:
        return (table.row_count, [table.get_row_at(i) for i in range(table.row_count)],
                [(row.height, row.label, row.auto_height) for row in table.ordered_rows], table.cursor_row,
                table.virtual_size)
    cells = [table.get_row_at(i) for i in range(table.row_count)]
    assert cells and all(isinstance(cell, str) for row in cells for cell in row)
    table.clear()
    table.add_rows(cells)
    table._update_dimensions(table._new_rows)
    bulk = state()
    table.clear()
    DataTable.add_rows(table, cells)
    table._update_dimensions(table._new_rows)
    assert state() == bulk


@pytest.mark.slow  # 5 s on 2 cores (six what-if keys): the slow pass runs it
async def test_what_if_marks_and_a_narrow_scrolled_list_are_drawn_as_datatable_draws_them(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(46, 40)) as pilot:  # too narrow for every column: the list scrolls
        await ask(pilot, "parse_config")
        table = app.query_one(ResultsTable)
        table.focus()
        for key in ("w", "w", "w", "plus", "plus", "plus"):
            await pilot.press(key)
            await wait_for(pilot, lambda: app.shown_seq == app.seq)
        await pilot.pause(0.1)
        assert table.moved and any(cell[0][0][0] for cell in (row[1] for row in table._row_cells))
        assert table.virtual_size.width > table.size.width
        _check(table)
        table.scroll_to(x=9, animate=False, force=True)
        await pilot.pause(0.1)
        assert table.scroll_offset.x == 9
        assert _check(table) >= 3
