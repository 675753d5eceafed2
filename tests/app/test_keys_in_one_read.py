"""Keys that arrive in one read (a fast typist, tmux send-keys, a terminal's burst): the ones after
a key that moves the focus go where it moved, not to the panel it left (``/def`` from the results had
sent ``e`` to the results, which opened the explain panel, and ``o`` there opens the editor)."""

from __future__ import annotations

import pytest
from textual import events
from textual.widgets import Input

from maguyva_tui.app.widgets.results import ResultsTable
from tests.app.conftest import SIZE, ask, settle, wait_for

pytestmark = pytest.mark.anyio


def burst(app, *keys: str) -> None:
    """Queue key presses at once, as a terminal's one read does (no wait between them)."""
    for key in keys:
        event = events.Key(key, key if len(key) == 1 else None)
        event.set_sender(app)
        app._driver.send_message(event)


@pytest.mark.slow  # an app test: over 2 s on 2 cores, run by .ci/run's slow pass
async def test_keys_after_a_focus_move_in_one_read_go_where_the_focus_went(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "parse_config")
        await pilot.press("enter")
        assert isinstance(app.focused, ResultsTable)
        burst(app, "slash", "d", "e", "f")
        await wait_for(pilot, lambda: app.query_one("#query").value == "parse_configdef", timeout=5)
        assert app.focused.id == "query" and not app.explaining
        await settle(pilot)
        burst(app, "enter", "j", "j")  # to the results and two rows down, nothing typed
        await wait_for(pilot, lambda: app.query_one(ResultsTable).cursor_row == 2, timeout=5)
        assert app.query_one("#query").value == "parse_configdef"
        burst(app, "escape", "x")  # back to the query box, the x typed there (not the results)
        await wait_for(pilot, lambda: app.query_one("#query").value == "parse_configdefx", timeout=5)


@pytest.mark.slow  # an app test: over 2 s on 2 cores, run by .ci/run's slow pass
async def test_editing_keys_read_with_characters_apply_in_the_order_typed(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "parse_config")
        box = app.query_one("#query")
        burst(app, "ctrl+u", "x", "y")  # ctrl+u had emptied the box after x and y were typed
        await wait_for(pilot, lambda: box.value == "xy", timeout=5)
        burst(app, "a", "b", "backspace", "c")  # the backspace had taken the c
        await wait_for(pilot, lambda: box.value == "xyac", timeout=5)
        await pilot.pause(0.2)
        assert box.value == "xyac"


@pytest.mark.slow  # an app test: over 2 s on 2 cores, run by .ci/run's slow pass
async def test_the_go_to_box_applies_its_editing_keys_in_the_order_typed(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "parse_config")
        await pilot.press("ctrl+g")
        await wait_for(pilot, lambda: isinstance(app.focused, Input) and app.focused.id == "jump-input", timeout=5)
        burst(app, "a", "b", "ctrl+u", "c", "o", "n")  # ctrl+u had emptied the box after con
        await wait_for(pilot, lambda: app.focused.value == "con", timeout=5)
        await pilot.pause(0.2)
        assert app.focused.value == "con"


@pytest.mark.slow  # an app test: over 2 s on 2 cores, run by .ci/run's slow pass
async def test_the_command_palette_applies_its_editing_keys_in_the_order_typed(make_app) -> None:
    from textual.command import CommandInput

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "parse_config")
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: isinstance(app.focused, CommandInput), timeout=5)
        burst(app, "a", "b", "ctrl+u", "t", "h", "e")  # ctrl+u had emptied the box after "the"
        await wait_for(pilot, lambda: app.focused.value == "the", timeout=5)
        burst(app, "x", "y", "backspace", "m")
        await wait_for(pilot, lambda: app.focused.value == "thexm", timeout=5)
        await pilot.pause(0.2)
        assert app.focused.value == "thexm"


@pytest.mark.slow  # an app test: over 2 s on 2 cores, run by .ci/run's slow pass
async def test_slash_from_the_preview_goes_back_to_the_query_box(make_app) -> None:
    """Enter on a result opens the preview; ``/`` there had done nothing, and the question typed
    next went to the preview and the app's keys (``p`` changed the preset, ``o`` opened the editor)."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "parse_config")
        await pilot.press("enter")
        await pilot.press("enter")  # the selected row: its preview, focused
        await wait_for(pilot, lambda: app.focused is not None and app.focused.id == "preview", timeout=5)
        burst(app, "slash", "x")
        await wait_for(pilot, lambda: app.query_one("#query").value == "parse_configx", timeout=5)
        assert app.focused.id == "query"
