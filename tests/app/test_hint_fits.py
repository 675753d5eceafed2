"""The empty explorer's invitation fits its block at 80 columns (it read ``type a question, a
symbol, a "l…``, the rest cut), and so does the line said while the first index is built."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from maguyva_tui.app.widgets.readback import WAITING, question_block
from tests.app.conftest import ready

pytestmark = pytest.mark.anyio


@pytest.mark.slow
async def test_the_empty_explorers_hint_is_read_whole_at_80_columns(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await pilot.pause()
        block = app.query_one("#question", Static)
        width = block.content_region.width
        for said in (question_block(None), WAITING):
            lines = said.plain.splitlines()
            assert len(lines) <= block.content_region.height
            assert all(len(line) <= width for line in lines), (width, lines)
        shown = " ".join(" ".join(str(block.render()).split()).split("intent ")[1:])
        assert shown.strip() == 'type a question, a symbol, a "literal" or a regex'
