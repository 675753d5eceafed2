"""Go to with the arrows and enter read at once (tmux send-keys, a fast typist): enter goes where
the arrows moved, not to the match highlighted before them (enter ran as it arrived, the arrows
once their key had climbed back to the screen: down down enter had opened the first match)."""

from __future__ import annotations

import pytest
from textual import events
from textual.app import App
from textual.widgets import OptionList

from maguyva_tui.app.fuzzy import Target
from maguyva_tui.app.screens.jump import JumpScreen

pytestmark = pytest.mark.anyio

TARGETS = [Target(f"lib/scan{n}.js", f"lib/scan{n}.js", 1, 1) for n in range(5)]


async def test_arrows_then_enter_in_one_read_go_where_the_arrows_moved() -> None:
    app: App[None] = App()
    chosen: list[Target | None] = []
    async with app.run_test(size=(80, 20)) as pilot:
        app.push_screen(JumpScreen(TARGETS), chosen.append)
        await pilot.pause()
        options = app.screen.query_one("#jump-list", OptionList)
        while options.option_count < len(TARGETS):  # the matches come from a thread worker
            await pilot.pause(0.01)
        listed = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert options.highlighted == 0 and len(listed) == len(TARGETS)
        for key in ("down", "down", "up", "down", "enter"):  # one read: no wait between them
            event = events.Key(key, None)
            event.set_sender(app)
            app._driver.send_message(event)  # type: ignore[union-attr]
        while not chosen:
            await pilot.pause(0.01)
        await pilot.pause()  # the keys left handled before the app ends
        assert chosen and chosen[0] is not None
        assert f"file  {chosen[0].label}" == listed[2]
