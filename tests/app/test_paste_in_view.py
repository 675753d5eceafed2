"""A text pasted into a box never edited shows its end, where the cursor is (Textual's box skips
its scroll on its first change: a long line pasted first at 80 columns showed its start, the cursor
and what was pasted last out of view until the next key)."""

from __future__ import annotations

import pytest
from textual import events

from maguyva_tui.app.widgets.query import QueryInput
from tests.app.conftest import ready

pytestmark = pytest.mark.anyio

LONG = 'raise RuntimeError("rows, render mismatch") and then some more words to make it long enough'


@pytest.mark.slow
async def test_a_first_paste_shows_its_end(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        box = app.part("#query", QueryInput)
        box.focus()
        box.post_message(events.Paste(LONG))
        await pilot.pause()
        assert box.value == LONG and box.cursor_position == len(LONG)
        assert box.render_line(0).text.rstrip().endswith("long enough")
