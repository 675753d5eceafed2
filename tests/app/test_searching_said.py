"""A question typed into an empty explorer says it is being searched until its answer comes (the
question block had said 'type a question, a symbol...' under it for as long as the search took:
1.5 s for urwid's "who calls zzqqnothing", which blends every engine)."""

from __future__ import annotations

import threading

import pytest
from textual.widgets import Static

from tests.app.conftest import ready, wait_for

pytestmark = pytest.mark.anyio


@pytest.mark.slow
async def test_a_slow_first_answer_is_said_to_be_searched(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        release = threading.Event()
        ask = app.source.ask

        def slow(request, **kwargs):
            release.wait(10)
            return ask(request, **kwargs)

        app.source.ask = slow
        app.part("#query").value = "who calls parse_config"
        await pilot.pause(0.3)
        question = str(app.query_one("#question", Static).render())
        assert "searching" in question and "type a question" not in question
        release.set()
        await wait_for(pilot, lambda: app.answer is not None)
        await pilot.pause()
        assert "find_references" in str(app.query_one("#question", Static).render())


@pytest.mark.slow
async def test_a_first_query_that_cannot_be_searched_is_not_said_to_be_searched(make_app) -> None:
    """ctrl+r in an empty explorer, then ``parse(``: the error line said ``invalid regex`` while the
    question block said ``searching…`` for good; it says what it said before the query."""
    from tests.app.conftest import settle

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        app.part("#query").focus()
        await pilot.press("ctrl+r")
        app.part("#query").value = "parse("
        await settle(pilot)
        assert app.query_one("#query-error").has_class("-shown") and app.answer is None
        question = str(app.query_one("#question", Static).render())
        assert "searching" not in question and "type a question" in question
