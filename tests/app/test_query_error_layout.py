"""An invalid regex's error line moves the list down a row and narrows nothing."""

from __future__ import annotations

import pytest

from tests.app.conftest import ask, settle

pytestmark = pytest.mark.anyio


@pytest.mark.slow  # a pilot run: seconds on 2 cores
async def test_a_regex_error_keeps_the_list_and_preview_at_full_width(make_app) -> None:
    """Textual narrows every 1fr sibling by the widest side margins among them: the error line's
    margin of 2 had cut 2 columns off the list and the preview, a blank strip at their right."""
    app = make_app()
    async with app.run_test(size=(140, 40)) as pilot:
        await ask(pilot, "Server")
        main = app.query_one("#main")
        width = main.region.width
        await pilot.press("ctrl+r")
        await settle(pilot)
        await ask(pilot, "parse(")
        assert app.query_one("#query-error").has_class("-shown")
        assert main.region.width == width == 138
        assert app.query_one("#query-error").content_region.x == 2  # its text indented as before
