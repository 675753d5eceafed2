"""A trace pasted into the query box is asked whole (Textual's box kept its first line only:
``Traceback (most recent call last):``, asked as a grep for "Traceback")."""

from __future__ import annotations

import pytest
from textual import events

from maguyva_tui.app.widgets.query import LINE_MARK, QueryInput, asked, shown
from tests.app.conftest import SIZE, ready, settle

pytestmark = pytest.mark.anyio

TRACE = ('Traceback (most recent call last):\n  File "/home/someone/poly/app/server.py", line 2, in serve\n'
         '  File "/home/someone/poly/app/config.py", line 3, in parse_config\nKeyError: \'x\'\n')


def test_line_ends_are_marked_and_given_back() -> None:
    assert asked(shown(TRACE)) == TRACE.rstrip("\n").replace("\n  ", "\n  ")
    assert "\n" not in shown(TRACE) and shown(TRACE).count(LINE_MARK) == 3
    assert shown("parse_config") == "parse_config" == asked("parse_config")


async def test_a_pasted_trace_lists_its_frames(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        box = app.part("#query", QueryInput)
        box.focus()
        box.post_message(events.Paste(TRACE))
        await pilot.pause()
        await settle(pilot)
        assert box.value == shown(TRACE)
        answer = app.answer
        assert answer is not None and answer.result.rule == "location" and answer.request.text == TRACE.rstrip("\n")
        assert [row.path for row in answer.rows][:2] == ["app/config.py", "app/server.py"]
