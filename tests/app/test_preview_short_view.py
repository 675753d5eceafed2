"""A preview a few lines tall opens with the place in sight: at 50x15 its two lines had shown the
two lines above PyYAML's ``def safe_load`` (114-115 of a place at 117), three lines of context
being kept above the place whatever the view's height."""

from __future__ import annotations

import pytest

from maguyva_tui.app.widgets.preview import Preview
from tests.app.conftest import ask, settle

pytestmark = pytest.mark.anyio


@pytest.mark.slow
async def test_at_50x15_the_preview_shows_the_place(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(50, 15)) as pilot:
        await ask(pilot, "who calls load_config")
        rows = app.answer.rows
        row = next(i for i, r in enumerate(rows) if r.start_line > 4)  # a place with lines above it
        app.part("ResultsTable").move_cursor(row=row)
        await settle(pilot)
        preview = app.query_one(Preview)
        height = preview.scrollable_content_region.height
        assert 0 < height < 4, height
        top = round(preview.scroll_y)
        assert top <= rows[row].start_line - 1 < top + height, (top, height, rows[row].start_line)
