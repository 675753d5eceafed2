"""The explorer opens in the layout its terminal's width asks for: at 130 columns stacked from the
first frame (it had opened side by side, the wide layout, then stacked itself once Textual's first
resize event came, half a second later on docutils)."""

from __future__ import annotations

import pytest
from textual import events
from textual.screen import Screen

from tests.app.conftest import SIZE, ready

pytestmark = pytest.mark.anyio


@pytest.mark.slow  # an app test: over 2 s on 2 cores, run by .ci/run's slow pass
async def test_the_first_frame_has_the_layout_of_the_terminals_size(make_app, monkeypatch) -> None:
    async def resized_without_breakpoints(self: Screen, event: events.Resize) -> None:
        event.stop()
        self._screen_resized(event.size)  # Textual's resize, less its breakpoints: the frames before it

    monkeypatch.setattr(Screen, "_on_resize", resized_without_breakpoints)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        assert app.screen.has_class("-narrow") and not app.screen.has_class("-wide")
        assert app.screen.has_class("-tall") and not app.screen.has_class("-short")
        main = app.query_one("#main")
        assert main.styles.layout is not None and main.styles.layout.name == "vertical"
