"""A long target (a symbol of 150 letters, a long literal) is cut with an ellipsis on its own line:
it had wrapped onto the next and hidden the fusion line (strategy, count, time, preset, k)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from textual.app import App, ComposeResult

import maguyva_tui.app
from maguyva_tui.app.session import Answer, Request
from maguyva_tui.app.themes import MODALITY_DEFAULTS
from maguyva_tui.app.widgets.readback import Readback
from tests.app.test_units import _result

pytestmark = pytest.mark.anyio

TARGET = "prop_" * 30 + "value"


class ReadbackApp(App[None]):
    """The read-back alone, styled by the explorer's stylesheet."""

    CSS_PATH = str(Path(maguyva_tui.app.__file__).parent / "app.tcss")

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return dict(MODALITY_DEFAULTS)

    def compose(self) -> ComposeResult:
        yield Readback(id="readback")


async def test_a_long_target_leaves_the_fusion_line_shown() -> None:
    app = ReadbackApp()
    async with app.run_test(size=(120, 8)) as pilot:
        result = replace(_result("a.py"), target=TARGET)
        app.query_one(Readback).show(Answer.build(Request(f"who calls {TARGET}"), result, 0.0))
        await pilot.pause()
        question = app.query_one("#question")
        lines = [question.render_line(y).text.rstrip() for y in range(question.size.height)]
        assert lines[2].startswith("target  prop_prop_") and lines[2].endswith("…")
        assert lines[3].startswith("fusion  fused")
