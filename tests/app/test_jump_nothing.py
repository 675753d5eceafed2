"""Go to with nothing matching says so and stays open (an empty list had said nothing, and enter
closed the box as if it had gone somewhere)."""

from __future__ import annotations

import pytest
from textual.app import App
from textual.widgets import OptionList

from maguyva_tui.app.fuzzy import Target
from maguyva_tui.app.screens.jump import JumpScreen
from tests.app.conftest import wait_for

pytestmark = pytest.mark.anyio


async def test_go_to_with_no_match_says_so_and_enter_stays() -> None:
    app: App[None] = App()
    chosen: list[Target | None] = []
    async with app.run_test(size=(80, 20)) as pilot:
        app.push_screen(JumpScreen([Target("lib/scan.js", "lib/scan.js", 1, 1)]), chosen.append)
        await pilot.pause()
        await pilot.press(*"zzq")
        options = app.screen.query_one("#jump-list", OptionList)
        await wait_for(pilot, lambda: options.option_count == 1 and options.get_option_at_index(0).disabled)
        assert str(options.get_option_at_index(0).prompt) == "nothing matches zzq"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, JumpScreen) and not chosen
