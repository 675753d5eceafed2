"""The banner above the results when the question's target was not found (issue 20.2)."""

from __future__ import annotations

import pytest

from maguyva_tui.app.widgets.banner import LookupBanner
from maguyva_tui.app.widgets.results import ResultsTable
from tests.app.conftest import SIZE, ask, settle

pytestmark = pytest.mark.anyio


def _banner_line(app: object) -> str:
    banner = app.query_one(LookupBanner)  # type: ignore[attr-defined]
    return str(banner.render()) if banner.has_class("-shown") else ""


async def test_a_symbol_nothing_defines_shows_the_banner_above_the_related_results(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "zebra_unicorn_helper")
        banner = app.query_one(LookupBanner)
        assert banner.has_class("-shown") and banner.region.height == 1
        assert "no symbol named zebra_unicorn_helper; showing related code" in _banner_line(app)
        assert banner.region.y < app.query_one(ResultsTable).region.y  # above the results
        assert app.query_one(ResultsTable).row_count > 0  # the related results stay
        await ask(pilot, "parse_config")
        assert not banner.has_class("-shown") and str(banner.render()) == ""  # a blank line, kept


async def test_a_string_in_another_case_is_said_and_only_its_lines_are_listed(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, '"econnrefused"')
        assert "in another case" in _banner_line(app)
        assert app.answer.rows and all("econnrefused" in r.result.snippet.lower() for r in app.answer.rows)
        await ask(pilot, '"ECONNREFUSED"')
        assert _banner_line(app) == ""


@pytest.mark.slow
async def test_a_named_file_not_in_the_index_is_said_whole_above_the_results(make_app) -> None:
    """A path the index does not hold was said only in the status line, cut at the screen's width;
    the banner says it, on as many lines as it needs, and takes one line again after it."""
    path = "src/" + "".join(f"folder_{i}/" for i in range(7)) + "missing.py"  # whole in a notice: 80 at most
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, path)
        banner, table = app.query_one(LookupBanner), app.query_one(ResultsTable)
        said = f"no indexed file is {path}; searching the question's words instead"
        assert app.answer.result.lookup_failed.kind == "place" and said in _banner_line(app)
        assert len("⚠ " + said) > banner.content_region.width  # one line would cut it
        assert banner.region.height == 2 and table.region.y >= banner.region.bottom  # whole, above the list
        assert table.row_count > 0  # the words' results stay
        await ask(pilot, "parse_config")
        assert banner.region.height == 1 and _banner_line(app) == ""


def test_a_failure_asked_of_an_index_being_updated_says_it_is_asked_again() -> None:
    from maguyva_tui.app.widgets.banner import banner_text
    from maguyva_tui.core.types import LookupFailure

    failure = LookupFailure("f", "symbol", "no symbol named f; showing related code")
    assert str(banner_text(failure)) == "⚠ no symbol named f; showing related code"
    assert str(banner_text(failure, updating=True)) == (
        "⚠ no symbol named f; showing related code (index being updated: asked again once it is)")


@pytest.mark.slow
async def test_a_symbol_missing_while_the_stored_index_is_brought_up_to_date_is_said_provisional(make_app) -> None:
    """The stored index answers while its refresh runs: a function added since read 'no symbol
    named X' flatly, and nothing said the index was being updated, until the answer changed by
    itself. The banner and the status line say it; the refresh's end asks again and the mark goes."""
    from types import SimpleNamespace

    from maguyva_tui.app.messages import FilesChanged, IndexProgress, IndexReady
    from maguyva_tui.app.widgets.status import StatusLine
    from tests.app.conftest import settle, wait_for

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "zebra_unicorn_helper")
        await wait_for(pilot, lambda: not app.updating)  # the start-up refresh is done
        app.post_message(IndexReady(None))  # as at start-up: the stored index opened, its refresh to come
        await wait_for(pilot, lambda: app.updating)
        await settle(pilot)
        assert _banner_line(app).endswith("showing related code (index being updated: asked again once it is)")
        app.post_message(IndexProgress("parse", 3, 10))
        await pilot.pause()
        assert app.query_one(StatusLine)._index_text == "updating 2/5: parsing"
        app.post_message(IndexReady(SimpleNamespace(files=9, symbols=9, chunks=9, skipped={})))
        await wait_for(pilot, lambda: not app.updating)
        await settle(pilot)
        assert _banner_line(app) == "⚠ no symbol named zebra_unicorn_helper; showing related code"
        app.updating = True  # as the watcher sets it, refreshing after a file was saved
        await ask(pilot, "zebra_unicorn_helpers")
        assert _banner_line(app).endswith("(index being updated: asked again once it is)")
        app.post_message(FilesChanged(1, None, error="disk full"))  # the refresh failed: asked again, unmarked
        await wait_for(pilot, lambda: not app.updating)
        await settle(pilot)
        assert _banner_line(app) == "⚠ no symbol named zebra_unicorn_helpers; showing related code"


@pytest.mark.slow
async def test_a_regex_no_line_matches_is_said_as_a_string_no_line_holds(make_app) -> None:
    """ctrl+r then a pattern no line matches showed an empty list with no banner (only ``0
    results`` in the fusion line), where a string no line holds says ``⚠ no line holds "[(*"``."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await ask(pilot, "parse_config")
        await pilot.press("ctrl+r")
        await settle(pilot)
        await ask(pilot, "zzq+x{3}y")
        assert app.answer.request.regex and app.query_one(ResultsTable).row_count == 0
        assert _banner_line(app) == '⚠ no line matches the regex "zzq+x{3}y"'
        await ask(pilot, "parse_con+fig")  # a pattern some line matches: the line is blank again
        assert app.query_one(ResultsTable).row_count > 0 and _banner_line(app) == ""
