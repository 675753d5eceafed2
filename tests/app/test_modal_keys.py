"""What the help and the go-to box say of their keys (helper-243's leftovers, helper-251): the help
listed double-click on a result, not enter; under the go-to box (and the help) opened from the
preview, the footer had kept the preview's ``esc Back to results``."""

from __future__ import annotations

import pytest
from textual.geometry import Region
from textual.widgets import Static
from textual.widgets._footer import FooterKey

from maguyva_tui.app.screens.help import HelpScreen
from maguyva_tui.app.screens.jump import JumpScreen
from maguyva_tui.app.widgets.results import ResultsTable
from tests.app.conftest import SIZE, ask, settle, wait_for

pytestmark = pytest.mark.anyio

BACK = {"Back to results", "Back"}
"""The preview's escape, whole or short (at 130 columns its keys do not fit whole)."""


def _shown(app) -> dict[str, str]:
    """The footer keys drawn along the bottom row, by key: the top screen's where it has a footer."""
    bottom = app.size.height - 1
    keys = [key for screen in app.screen_stack for key in screen.query(FooterKey) if key.region.y == bottom]
    top = [key for key in keys if key.screen is app.screen]
    return {key.key: key.description for key in (top or keys)}


@pytest.mark.slow  # an app on 2 shared cores, about 3 s
async def test_the_help_lists_enter_on_the_results(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "parse_config")
        await pilot.press("escape", "f1")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        widget = app.screen.query_one("#help-body", Static)
        widget.render_lines(Region(0, 0, *widget.size))
        body = "\n".join("".join(s.text for s in widget.render_line(y)) for y in range(widget.size.height))
        results = body[body.index("\nResults\n"):body.index("\nPreview\n")]
        assert "enter" in results and "Open in the preview" in results, results
        await pilot.press("escape", "enter")  # and enter does what the help says
        await settle(pilot)
        assert app.focused.id == "preview"


@pytest.mark.slow  # an app on 2 shared cores, about 3 s
async def test_under_the_go_to_box_and_the_help_escape_is_said_to_close_them(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "parse_config")
        await pilot.press("escape", "enter")
        await settle(pilot)
        assert app.focused.id == "preview" and _shown(app)["escape"] in BACK
        for key, screen, says in (("ctrl+g", JumpScreen, "Cancel"), ("f1", HelpScreen, "Close help")):
            await pilot.press(key)
            await wait_for(pilot, lambda screen=screen: isinstance(app.screen, screen))
            await pilot.pause(0.1)
            assert _shown(app).get("escape") == says, _shown(app)  # it had said 'Back to results'
            await pilot.press("escape")
            await wait_for(pilot, lambda: len(app.screen_stack) == 1)
            await pilot.pause(0.1)
            assert isinstance(app.focused, type(app.part("#preview"))) and _shown(app)["escape"] in BACK
        assert isinstance(app.part("#results"), ResultsTable)
