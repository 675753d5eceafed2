"""Snapshot tests of the main views (pytest-textual-snapshot); update with ``--snapshot-update``."""

from __future__ import annotations

import pytest

from tests.app.conftest import SIZE, ask, settle, wait_for


@pytest.fixture(autouse=True)
def _stable(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hide the only number that changes from run to run: the engine's time."""
    monkeypatch.setattr("maguyva_tui.app.widgets.readback.format_elapsed", lambda ms: "‹ms›")


def _query(text: str, *keys: str):
    async def run_before(pilot) -> None:
        app = pilot.app
        app.part("#query").cursor_blink = False
        await ask(pilot, text)
        for key in keys:  # one at a time: each what-if answer lands before the next key
            await pilot.press(key)
            await settle(pilot)
        preview = app.part("#preview")
        await wait_for(pilot, lambda: preview.coloured == preview.shown)  # colours arrive from a worker
        await wait_for(
            pilot,
            lambda: not app.workers or all(w.group in ("index",) or w.is_finished for w in app.workers),
        )
        await pilot.pause(0.1)

    return run_before


def test_results_view(snap_compare, make_app) -> None:
    assert snap_compare(make_app(), terminal_size=SIZE, run_before=_query("parse_config"))


def test_explain_view(snap_compare, make_app) -> None:
    assert snap_compare(make_app(), terminal_size=SIZE, run_before=_query("ConfigLoader", "escape", "e"))


def test_help_view(snap_compare, make_app) -> None:
    assert snap_compare(
        make_app(),
        terminal_size=SIZE,
        run_before=_query("Server", "escape", "question_mark"),
    )


def test_light_theme_wide(snap_compare, make_app) -> None:
    app = make_app(theme="maguyva-light")
    assert snap_compare(app, terminal_size=(170, 40), run_before=_query('"ECONNREFUSED"'))


@pytest.mark.slow  # over 3 s on 2 cores: the slow pass (.ci/run) runs it
def test_what_if_marks(snap_compare, make_app) -> None:
    keys = ("escape", "w", "w", "w", "plus", "plus", "plus")
    assert snap_compare(make_app(), terminal_size=SIZE, run_before=_query("parse_config", *keys))
