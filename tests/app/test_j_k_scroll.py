"""j and k scroll the explain panel and the help as they scroll the preview (PyYAML at 140 columns:
e, tab, j did nothing, and in the help at 50x15 j did nothing while ↓ scrolled); the help lists the
explain panel's keys."""

from __future__ import annotations

import pytest

from maguyva_tui.app.screens.help import HelpScreen
from maguyva_tui.app.widgets.explain import ExplainPanel
from tests.app.conftest import ask

pytestmark = pytest.mark.anyio


@pytest.mark.slow
async def test_j_and_k_scroll_the_explain_panel(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(100, 24)) as pilot:
        await ask(pilot, "Greeter")
        await pilot.press("escape", "e")
        await pilot.pause(0.2)
        panel = app.query_one(ExplainPanel)
        panel.focus()
        await pilot.pause()
        assert panel.max_scroll_y > 2, panel.max_scroll_y
        await pilot.press("j", "j")
        await pilot.pause()
        assert panel.scroll_y == 2  # had stayed at 0
        await pilot.press("k")
        await pilot.pause()
        assert panel.scroll_y == 1


@pytest.mark.slow
async def test_j_and_k_scroll_the_help(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(50, 15)) as pilot:
        await pilot.press("escape", "question_mark")
        await pilot.pause(0.2)
        assert isinstance(app.screen, HelpScreen)
        box = app.screen.query_one("#help-box")
        await pilot.press("j", "j", "j")
        await pilot.pause()
        assert box.scroll_y == 3  # had stayed at 0
        await pilot.press("k")
        await pilot.pause()
        assert box.scroll_y == 2
        assert isinstance(app.screen, HelpScreen)
        sections = dict(app.binding_sections())
        keys = [b.key for b in sections["Explain panel (e, then tab)"]]
        assert "j" in keys and "k" in keys, keys

