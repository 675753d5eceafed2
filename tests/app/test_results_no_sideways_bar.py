"""A list whose rows fit the pane keeps every line for its rows: no horizontal scrollbar. The rows
take the vertical scrollbar's cell where they fit (b36cffb), and the scrollbar is always drawn; the
last column's blank padding, counted in the rows' width, had made them one cell wider than the
pane: a horizontal scrollbar took the list's last line, scrolled the list one cell sideways, and
laid out the whole screen as it came and went (sympy, ``TypeE`` typed: 5 layouts in 9 keys; on the
fixture at 80 columns ``parse_config``). Under 70 columns the engines' columns still scroll sideways."""

from __future__ import annotations

from typing import Any

import pytest

from tests.app.conftest import ask

pytestmark = pytest.mark.anyio


@pytest.mark.slow
async def test_rows_that_fit_leave_no_horizontal_scrollbar_and_lay_out_nothing(make_app) -> None:
    from maguyva_tui.app.widgets.results import ResultsTable

    app = make_app()
    async with app.run_test(size=(80, 30)) as pilot:
        table = app.query_one(ResultsTable)
        await ask(pilot, "config")  # more rows than the pane holds: they scroll
        assert table.virtual_size.height > table.size.height
        layouts: list[bool] = []
        refresh = table.refresh

        def spy(*regions: Any, **kwargs: Any) -> Any:
            layouts.append(bool(kwargs.get("layout")))
            return refresh(*regions, **kwargs)

        table.refresh = spy  # type: ignore[method-assign]
        for question in ("parse_config", "ECONNREFUSED", "who calls parse_config", "config"):
            await ask(pilot, question)
            await pilot.pause(0.1)
            assert not table.show_horizontal_scrollbar, question
            assert table.scrollable_content_region.height == table.size.height, question  # every line a row's
            assert table.max_scroll_x == 0, question
        assert layouts and not any(layouts), "a horizontal scrollbar shown or hidden laid out the screen"


@pytest.mark.slow
async def test_at_60_columns_the_engines_columns_stay_in_view(make_app) -> None:
    """Under 70 columns the engines' columns had scrolled sideways; the score and the kind give way
    now (test_engines_in_view_narrow)."""
    from maguyva_tui.app.widgets.results import ResultsTable

    app = make_app()
    async with app.run_test(size=(60, 30)) as pilot:
        await ask(pilot, "parse_config")
        table = app.query_one(ResultsTable)
        assert not table.show_horizontal_scrollbar and table.max_scroll_x == 0
