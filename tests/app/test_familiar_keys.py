"""Keys people already know (issue 20.5): ``?`` from an empty query, ctrl+c, escape out of a panel,
the what-if keys in the footer when they apply."""

from __future__ import annotations

import pytest
from textual.widgets._footer import FooterKey

from maguyva_tui.app.screens.help import HelpScreen
from maguyva_tui.app.widgets.results import ResultsTable
from tests.app.conftest import SIZE, ask, ready, settle, wait_for

pytestmark = pytest.mark.anyio


def footer(app) -> set[str]:
    """Return the descriptions the footer shows now."""
    return {key.description for key in app.screen.query(FooterKey)}


@pytest.mark.slow  # over 4 s each on 2 cores: run by .ci/run's slow pass
async def test_question_mark_opens_help_from_an_empty_query_and_is_typed_in_a_question(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        assert app.focused.id == "query"
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        text = app.screen.query_one("#help-body").render().plain  # type: ignore[union-attr]
        assert "double-click a row  open it" in text  # the typo 'rowopen' (issue 20.7)
        await pilot.press("escape")
        assert not isinstance(app.screen, HelpScreen) and app.focused.id == "query"
        await pilot.press("w", "h", "y", "question_mark")
        assert not isinstance(app.screen, HelpScreen)
        assert app.query_one("#query").value == "why?"


@pytest.mark.slow  # over 3 s on 2 cores: the slow pass (.ci/run) runs it
async def test_ctrl_c_clears_the_query_then_quits(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "parse_config")
        await pilot.press("end", "shift+left", "shift+left", "shift+left", "shift+left", "shift+left", "shift+left")
        await pilot.press("ctrl+c")  # selected text is copied, as ctrl+c does in Textual
        assert app.clipboard == "config" and app.query_one("#query").value == "parse_config"
        await pilot.press("escape", "e", "ctrl+c")  # from the results, the explain panel open
        await settle(pilot)
        assert app.query_one("#query").value == "" and app.focused.id == "query"
        assert app.answer is None and app.is_running
        await pilot.press("ctrl+g")  # over a panel too: the query is cleared already, so it quits
        await pilot.press("ctrl+c")
        await pilot.pause(0.1)
    assert app.return_code == 0 and not app.is_running


@pytest.mark.slow  # over 3 s on 2 cores: the slow pass (.ci/run) runs it
async def test_escape_leaves_each_panel(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "parse_config")
        table = app.query_one(ResultsTable)
        await pilot.press("escape", "e")
        assert app.explaining
        await pilot.press("escape")  # the explain panel closes, the results keep the focus
        assert not app.explaining and app.focused is table
        await pilot.press("enter")
        assert app.focused.id == "preview"
        await pilot.press("escape")  # preview -> results
        assert app.focused is table
        await pilot.press("plus")
        await settle(pilot)
        assert app.request.weights is not None
        await pilot.press("escape")  # the what-if is undone
        await settle(pilot)
        assert app.request.weights is None and app.focused is table
        await pilot.press("escape")  # and then back to the query box
        assert app.focused.id == "query"


@pytest.mark.slow  # over 3 s on 2 cores: the slow pass (.ci/run) runs it
async def test_footer_shows_the_what_if_keys_when_they_apply(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(200, 40)) as pilot:
        await ready(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert not footer(app) & {"+weight", "-weight", "Reset what-if"}  # nothing asked: nothing to re-weigh
        await ask(pilot, "parse_config")
        assert not footer(app) & {"+weight", "-weight", "Weight"}  # in the query box they are typed
        await pilot.press("escape")
        await wait_for(pilot, lambda: {"+weight", "-weight"} <= footer(app))
        assert "Reset what-if" not in footer(app)
        await pilot.press("plus")
        await settle(pilot)
        await wait_for(pilot, lambda: "Reset what-if" in footer(app))
        await pilot.press("0")
        await settle(pilot)
        await wait_for(pilot, lambda: "Reset what-if" not in footer(app))
