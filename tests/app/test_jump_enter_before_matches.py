"""Go to with enter pressed before the matches of the text typed are listed (a traceback's frame
line pasted, then enter at once; sympy 1.13.3 under load: the matches take a fifth of a second):
enter goes to the first match of the text typed, and arrows pressed meanwhile move from it; it had
gone to the first match of the text before, the empty box's (``AUTHORS``)."""

from __future__ import annotations

import threading
import time

import pytest
from textual import events
from textual.app import App

from maguyva_tui.app import fuzzy
from maguyva_tui.app.fuzzy import Target
from maguyva_tui.app.screens.jump import JumpScreen

pytestmark = pytest.mark.anyio

TARGETS = [Target(f"lib/scan{n}.js", f"lib/scan{n}.js", 1, 1) for n in range(5)]
TARGETS.insert(0, Target("AUTHORS", "AUTHORS", 1, 1))


@pytest.fixture
def slow_matches(monkeypatch: pytest.MonkeyPatch) -> None:
    """Matches of a typed text take 0.3 s in the go-to's worker, as a long query on a large index."""
    rank = fuzzy.Finder.rank

    def slow(self: fuzzy.Finder, query: str, limit: int = 50) -> list[Target]:
        if query and threading.current_thread() is not threading.main_thread():
            time.sleep(0.3)
        return rank(self, query, limit)

    monkeypatch.setattr(fuzzy.Finder, "rank", slow)


async def _go(keys: list[str]) -> Target | None:
    app: App[None] = App()
    chosen: list[Target | None] = []
    async with app.run_test(size=(80, 20)) as pilot:
        app.push_screen(JumpScreen(TARGETS), chosen.append)
        await pilot.pause()
        while not app.screen.matches:  # the empty box's list: every target
            await pilot.pause(0.01)
        for key in keys:  # one read: no wait between them
            event = events.Key(key, key if len(key) == 1 else None)
            event.set_sender(app)
            app._driver.send_message(event)  # type: ignore[union-attr]
        while not chosen:
            await pilot.pause(0.01)
        await pilot.pause(0.4)  # the worker's late answer lands on a closed box without harm
    return chosen[0]


async def test_enter_before_the_matches_goes_to_the_first_of_the_text_typed(slow_matches: None) -> None:
    chosen = await _go([*"scan3", "enter"])
    assert chosen is not None and chosen.path == "lib/scan3.js"


async def test_arrows_before_the_matches_move_from_the_first_of_the_text_typed(slow_matches: None) -> None:
    chosen = await _go([*"scan", "down", "down", "enter"])
    assert chosen is not None and chosen.path == "lib/scan2.js"
