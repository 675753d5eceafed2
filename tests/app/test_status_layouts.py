"""A notice coming and going repaints the status line, never lays out the screen: since 7f5e79a the
index figures shorten for a notice ('39 files · 1,851 symbols · 2,533 chunks' -> '39 files') and
lengthen when it goes, and each switch had resized the line's labels, which makes Textual place every
widget of the screen again (python -m bench.ui_latency: 0.64 layouts a typed key, about 10 ms of
UI-thread CPU each, where the fifteenth session's explorer made 0.01)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.app import App, ComposeResult

from maguyva_tui.app import app as app_module
from maguyva_tui.app.themes import BUILTIN
from maguyva_tui.app.widgets.status import StatusLine

pytestmark = pytest.mark.anyio

NOTICE = "showing the first 50; more match: narrow the query"


class LineApp(App[None]):
    """The explorer's status line alone, with the explorer's styles and theme."""

    CSS_PATH = Path(app_module.__file__).with_name("app.tcss")

    def __init__(self) -> None:
        super().__init__()
        for theme in BUILTIN:
            self.register_theme(theme)
        self.theme = BUILTIN[0].name

    def compose(self) -> ComposeResult:
        yield StatusLine()


async def test_a_notice_coming_and_going_lays_out_nothing() -> None:
    app = LineApp()
    async with app.run_test(size=(140, 3)) as pilot:
        status = app.query_one(StatusLine)
        status.repo("regex-syntax")
        status.ready("39 files · 1,851 symbols · 2,533 chunks")
        status.tiers([("static", 1.0), ("transformer", 0.04)])  # the model tier filling in
        await pilot.pause()
        layouts = 0
        layout = app.screen._refresh_layout

        def counted(*args: Any, **kwargs: Any) -> None:
            nonlocal layouts
            layouts += 1
            layout(*args, **kwargs)

        app.screen._refresh_layout = counted  # type: ignore[method-assign]
        shown = []
        for notice in (NOTICE, "", NOTICE, ""):  # answers of a typed question, with and without the notice
            status.notice(notice)
            await pilot.pause()
            shown.append((status.drawn().state, status.drawn().notice))
        assert shown == [("39 files", NOTICE), ("39 files · 1,851 symbols · 2,533 chunks", "")] * 2
        assert layouts == 0
