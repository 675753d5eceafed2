"""The result chosen stays chosen when a file changed on disk moves its lines: an edit above it
(badger's value.go, a line added at its top) had sent the cursor back to the first row, and the
preview to another file, while the chosen method was still listed one line lower."""

from __future__ import annotations

from dataclasses import replace

import pytest

from maguyva_tui.app.session import Row
from maguyva_tui.app.widgets.results import ResultsTable, same_result
from maguyva_tui.core.types import Ranked
from tests.app.conftest import ask

pytestmark = pytest.mark.anyio


def _row(path: str, line: int, symbol: str | None, kind: str | None = "method") -> Row:
    return Row(Ranked(path, line, line + 5, symbol, kind, "go", 0.01, "", ()))


def _moved(row: Row, by: int) -> Row:
    return Row(replace(row.result, start_line=row.start_line + by, end_line=row.end_line + by))


def test_a_result_moved_down_its_file_is_found_by_its_symbol() -> None:
    pick = _row("value.go", 1625, "valueLog.pickLog")
    rows = [_row("value.go", 843, "valueLog", "struct"), _row("db.go", 62, "DB", "struct"), _moved(pick, 1)]
    assert same_result(rows, pick) == 2


def test_the_same_place_comes_first_and_an_ambiguous_name_finds_nothing() -> None:
    call = _row("bank.go", 388, "runTest", "call")
    assert same_result([_row("bank.go", 482, "runTest", "call"), call], call) == 1
    moved = [_moved(call, 1), _row("bank.go", 483, "runTest", "call")]
    assert same_result(moved, call) is None  # two calls in one caller: which one is not known
    window = _row("errors.go", 66, None, "window")
    assert same_result([_moved(window, 1)], window) is None


@pytest.mark.slow  # a pilot run: seconds on 2 cores
async def test_the_chosen_result_stays_chosen_when_an_edit_moves_its_lines(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await ask(pilot, "parse config")
        first = app.answer
        assert first is not None and len(first.rows) >= 3
        table = app.query_one(ResultsTable)
        table.focus()
        await pilot.press("down", "down")
        chosen = table.current_row()
        assert chosen is not None and chosen.result.symbol
        same = [r for r in first.rows if (r.path, r.result.symbol) == (chosen.path, chosen.result.symbol)]
        assert len(same) == 1
        edited = [_moved(r, 1) if r.path == chosen.path else r for r in first.rows]
        app._show_answer(replace(first, rows=edited))
        await pilot.pause(0.1)
        now = table.current_row()
        assert table.cursor_row == 2 and now is not None
        assert (now.path, now.start_line) == (chosen.path, chosen.start_line + 1)
        assert app.query_one("#preview").shown[:2] == (chosen.path, chosen.start_line + 1)
