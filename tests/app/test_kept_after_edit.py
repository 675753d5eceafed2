"""The result chosen stays chosen when a file changed on disk moves its lines: an edit above it
(badger's value.go, a line added at its top) had sent the cursor back to the first row, and the
preview to another file, while the chosen method was still listed one line lower."""

from __future__ import annotations

from dataclasses import replace

import pytest

from maguyva_tui.app.session import Answer, Request, Row, moves, same_result
from maguyva_tui.app.widgets.results import ResultsTable, cell_plain
from maguyva_tui.core.types import Ranked, SearchResult
from tests.app.conftest import ask, wait_for

pytestmark = pytest.mark.anyio


def _row(path: str, line: int, symbol: str | None, kind: str | None = "method") -> Row:
    return Row(Ranked(path, line, line + 5, symbol, kind, "go", 0.01, "", ()))


def _result(*rows: Row) -> SearchResult:
    """A search result listing ``rows``, nothing else said."""
    return SearchResult("q", "(text 'q')", "understand_code", 0.4, None, "fallback", (), "fused", "default", 40,
                        (), (), 1.0, (), tuple(r.result for r in rows), 0.0)


def _moved(row: Row, by: int) -> Row:
    return Row(replace(row.result, start_line=row.start_line + by, end_line=row.end_line + by))


def test_a_result_moved_down_its_file_is_found_by_its_symbol() -> None:
    pick = _row("value.go", 1625, "valueLog.pickLog")
    rows = [_row("value.go", 843, "valueLog", "struct"), _row("db.go", 62, "DB", "struct"), _moved(pick, 1)]
    assert same_result([*rows[:2], pick], rows, 2) == 2
    assert same_result([pick, *rows[:2]], rows, 0) == 2


def test_the_same_place_comes_first_and_an_ambiguous_name_finds_nothing() -> None:
    call, other = _row("bank.go", 388, "runTest", "call"), _row("bank.go", 482, "runTest", "call")
    assert same_result([call, other], [other, call], 0) == 1
    moved = [_moved(call, 1), _row("bank.go", 483, "runTest", "call")]
    assert same_result([call, other], moved, 0) is None  # two calls in one caller: which one is not known
    assert same_result([call], moved, 0) is None  # one before, two now: the same
    window = _row("errors.go", 66, None, "window")
    assert same_result([window], [_moved(window, 1)], 0) is None


def test_a_what_if_finds_a_result_an_edit_moved_as_the_cursor_does() -> None:
    """A what-if's marks matched a result to its place before by file and line: the watcher's refresh
    after a line added at the top of preact's src/render.js marked its ``render`` ``new``, not ``↓1``."""
    render, diffed = _row("src/render.js", 14, "render", "function"), _row("src/index.d.ts", 345, "Options.diffed")
    before = Answer.build(Request("q"), _result(render, diffed), 0.0)
    after = Answer.build(Request("q", weights=(("text", 0.4),)), _result(diffed, _moved(render, 1)), 0.0)
    assert moves(before, after) == {diffed.key: 1, ("src/render.js", 15): -1}
    call = _row("bank.go", 388, "runTest", "call")
    twice = Answer.build(Request("q"), _result(_moved(call, 1), _row("bank.go", 483, "runTest", "call")), 0.0)
    assert moves(Answer.build(Request("q"), _result(call), 0.0), twice) == {("bank.go", 389): None, ("bank.go", 483): None}


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


@pytest.mark.slow  # a pilot run: seconds on 2 cores
async def test_the_what_if_marks_follow_a_result_an_edit_moved(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await ask(pilot, "parse config")
        await pilot.press("escape", "w", "w", "w", "plus", "plus")  # text's weight up: a what-if
        await wait_for(pilot, lambda: app.answer.request.weights is not None and app.answer.request.seq == app.seq)
        answer, table = app.answer, app.query_one(ResultsTable)

        def marks() -> list[str]:
            return [cell_plain(cells[1]) for cells in table._row_cells]

        shown = marks()
        assert any(mark.startswith(("↑", "↓")) for mark in shown)
        named = [(r.path, r.result.symbol) for r in answer.rows]
        path = next(r.path for r in answer.rows if r.result.symbol and named.count((r.path, r.result.symbol)) == 1)
        edited = [_moved(r, 1) if r.path == path else r for r in answer.rows]
        app._show_answer(replace(answer, rows=edited))  # the watcher's refresh: a line added at the file's top
        await pilot.pause(0.1)
        for row, was, now in zip(answer.rows, shown, marks(), strict=True):
            if row.path == path and row.result.symbol and named.count((row.path, row.result.symbol)) == 1:
                assert now == was, (row.key, was, now)  # had read new
