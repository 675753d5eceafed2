"""A preset picked with p, remembered between runs, is in view at 80 columns: the fusion line had
said it after the count and the time, where the 40-cell question block cut it away ('30 results in
9.6 ms  …'), so a second run ranked otherwise with nothing on screen saying why. The default preset
is said where it was."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from maguyva_tui.app.session import Answer, Request
from maguyva_tui.app.settings import Settings, save_settings
from maguyva_tui.app.widgets.readback import question_block
from maguyva_tui.core.types import SearchResult
from tests.app.conftest import ask

pytestmark = pytest.mark.anyio


def _answer(preset: str) -> Answer:
    result = SearchResult("Loader", "(text 'Loader')", "find_definition", 0.9, "Loader", "symbol", (), "direct",
                          preset, 60, ("structural",), (), 1.0, (), (), 9.6)
    return Answer.build(Request("Loader", preset=preset), result, 0.0)


def test_a_chosen_preset_is_said_on_the_confidence_line() -> None:
    lines = question_block(_answer("thorough")).plain.splitlines()
    assert lines[1].endswith("  preset thorough") and len(lines[1]) <= 40, lines
    assert "preset" not in lines[3] and lines[3].endswith("k 60"), lines


def test_the_default_preset_is_said_where_it_was() -> None:
    lines = question_block(_answer("default")).plain.splitlines()
    assert "preset" not in lines[1] and lines[3].endswith("preset default  k 60"), lines


@pytest.mark.slow
async def test_a_remembered_preset_shows_at_80_columns(make_app, tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    save_settings(path, Settings(preset="thorough"))
    app = make_app(settings_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await ask(pilot, "Greeter")
        block = app.query_one("#question", Static)
        shown = [line.rstrip() for line in block.render_lines(block.content_region.reset_offset)
                 for line in [line.text]]
        assert any(line.endswith("preset thorough") for line in shown), shown
