"""An invalid regex's error goes with the question: a box emptied says nothing about a regex no
longer there (hx, orjson 3.10.7: ``invalid regex: missing ): foo(`` had stayed under the empty box,
regex mode off and all, until another question was answered)."""

from __future__ import annotations

import pytest

from tests.app.conftest import ask, settle

pytestmark = pytest.mark.anyio


@pytest.mark.slow  # a pilot run: seconds on 2 cores
async def test_emptying_the_box_clears_the_regex_error(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.press("ctrl+r")
        await ask(pilot, "parse(")
        error = app.query_one("#query-error")
        assert error.has_class("-shown") and "invalid regex" in str(error.render())
        await ask(pilot, "")
        assert not error.has_class("-shown")
        assert "invalid regex" not in str(error.render())
        await pilot.press("ctrl+r")  # regex mode off: still nothing said
        await settle(pilot)
        assert not error.has_class("-shown")
