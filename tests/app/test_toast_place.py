"""A notification (``p``'s ``preset: thorough``) leaves the status line and the preview's bottom
border in view: at 80x24 Textual's toast took three lines over both."""

from __future__ import annotations

import pytest
from textual.widgets._toast import Toast

from maguyva_tui.app.widgets.status import StatusLine
from tests.app.conftest import ask

pytestmark = pytest.mark.anyio


@pytest.mark.slow
@pytest.mark.parametrize("size", [(80, 24), (140, 40)])
async def test_a_notice_covers_neither_the_status_line_nor_the_preview_border(make_app, size) -> None:
    app = make_app()
    async with app.run_test(size=size, notifications=True) as pilot:
        await ask(pilot, "parse_config")
        app.notify("preset: thorough", timeout=5)
        await pilot.pause(0.3)
        toast = app.screen.query_one(Toast).region
        preview = app.query_one("#preview").region
        assert toast.height == 1  # one line for a one-line notice
        assert toast.bottom <= preview.bottom - 1  # its last row above the preview's bottom border
        assert toast.bottom <= app.query_one(StatusLine).region.y
