"""The same question answered again (an engine joined, a file changed): the first result is
highlighted when nothing was chosen; a result chosen stays chosen wherever it went."""

from __future__ import annotations

from dataclasses import replace

import pytest

from maguyva_tui.app.widgets.results import ResultsTable
from tests.app.conftest import SIZE, ask

pytestmark = pytest.mark.anyio


@pytest.mark.slow  # a pilot run: seconds on 2 cores
async def test_a_reanswer_highlights_its_first_result_unless_one_was_chosen(make_app) -> None:
    """A first build's early answer (text and structure) had left its first result highlighted, and
    its file in the preview, at row 3 of the full answer that came next, the user having chosen
    nothing (faraday's 'how are retries handled': the class Retry, not the retry method on top)."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "parse config")
        first = app.answer
        assert first is not None and len(first.rows) >= 3
        table = app.query_one(ResultsTable)
        assert table.cursor_row == 0 and app.focused is app.query_one("#query")

        again = replace(first, rows=list(reversed(first.rows)))  # the same question, ranked anew
        app._show_answer(again)
        await pilot.pause(0.1)
        assert table.cursor_row == 0
        assert table.current_row().key == again.rows[0].key
        assert app.query_one("#preview").shown[0] == again.rows[0].path

        await pilot.press("down")  # chosen from the query box: it stays chosen
        chosen = table.current_row()
        app._show_answer(replace(again, rows=list(reversed(again.rows))))
        await pilot.pause(0.1)
        assert table.current_row().key == chosen.key
