"""The go-to box fits an 80x24 terminal: 24 rows tall, it had lost its bottom border under the
footer (its list's last row and scrollbar drawn over ``esc Cancel``)."""

from __future__ import annotations

import pytest

from maguyva_tui.app.screens.jump import JumpScreen
from maguyva_tui.app.widgets.footer import KeysFooter
from tests.app.conftest import ready, wait_for

pytestmark = pytest.mark.anyio


@pytest.mark.slow
@pytest.mark.parametrize("size", [(80, 24), (140, 40)])
async def test_the_go_to_box_is_whole_above_the_footer(make_app, size) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await ready(pilot)
        await pilot.press("ctrl+g")
        await wait_for(pilot, lambda: isinstance(app.screen, JumpScreen))
        await pilot.pause(0.2)
        box = app.screen.query_one("#jump-box").region
        footer = app.screen.query_one(KeysFooter).region
        assert box.y >= 0 and box.bottom <= footer.y, (box, footer)
        assert box.height >= min(24, size[1] - 6)  # still tall where there is room
