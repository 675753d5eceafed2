"""What an answer costs the screen around the results list: a layout of the whole screen (every
widget placed again, the scrollbars redrawn) only when a size changes (issue 19.4)."""

from __future__ import annotations

from typing import Any

import pytest

from maguyva_tui.app.widgets.banner import LookupBanner
from tests.app.conftest import SIZE, ask

pytestmark = pytest.mark.anyio


@pytest.mark.slow
async def test_a_new_banner_text_while_it_stays_shown_lays_out_nothing(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        banner = app.query_one(LookupBanner)
        layouts: list[bool] = []
        refresh = banner.refresh

        def spy(*regions: Any, **kwargs: Any) -> Any:
            layouts.append(bool(kwargs.get("layout")))
            return refresh(*regions, **kwargs)

        banner.refresh = spy  # type: ignore[method-assign]
        await ask(pilot, "zebra_unicorn_helper")
        assert banner.has_class("-shown") and banner.region.height == 1
        layouts.clear()
        await ask(pilot, "zebra_unicorn_helpers")  # not found either: the banner says so, in place
        assert "no symbol named zebra_unicorn_helpers;" in str(banner.render())
        assert banner.has_class("-shown") and banner.region.height == 1
        assert layouts and not any(layouts), "the banner's new text laid out the screen"


@pytest.mark.slow
async def test_the_banner_coming_and_going_moves_nothing(make_app) -> None:
    """The banner's line is always there: a target found at one key and not at the next (``def
    sympif``, ``def sympify``) changes its colours only, never the screen's layout nor the list's
    place (12 of 16 results frames of a typed question were whole layouts for it)."""
    from maguyva_tui.app.widgets.results import ResultsTable

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        banner = app.query_one(LookupBanner)
        table = app.query_one(ResultsTable)
        await ask(pilot, "parse_config")
        assert not banner.has_class("-shown") and banner.region.height == 1  # blank, kept
        where = (banner.region, table.region)
        layouts: list[bool] = []
        refresh = banner.refresh

        def spy(*regions: Any, **kwargs: Any) -> Any:
            layouts.append(bool(kwargs.get("layout")))
            return refresh(*regions, **kwargs)

        banner.refresh = spy  # type: ignore[method-assign]
        await ask(pilot, "zebra_unicorn_helper")
        assert banner.has_class("-shown") and "no symbol named zebra_unicorn_helper" in str(banner.render())
        assert (banner.region, table.region) == where
        await ask(pilot, "parse_config")
        assert not banner.has_class("-shown") and str(banner.render()) == ""
        assert (banner.region, table.region) == where
        assert layouts and not any(layouts), "the banner coming or going laid out the screen"


@pytest.mark.slow  # over 2 s on 2 cores: the slow pass (.ci/run) runs it
async def test_a_list_emptied_then_filled_and_a_short_file_then_a_long_one_lay_out_nothing(make_app) -> None:
    """The list's and the preview's vertical scrollbars stay: an answer after an empty box (the
    list filled from nothing), and a file that fits the preview after one that does not, lay out
    nothing (a scrollbar shown or hidden laid out the whole screen: 32 of 37 layouts typing on sympy)."""
    from maguyva_tui.app.widgets.preview import Preview
    from maguyva_tui.app.widgets.results import ResultsTable

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        table, preview = app.query_one(ResultsTable), app.query_one(Preview)
        await ask(pilot, "parse_config")
        await pilot.pause(0.2)
        layouts: list[bool] = []
        for widget in (table, preview):
            def spy(*regions: Any, _refresh: Any = widget.refresh, **kwargs: Any) -> Any:
                layouts.append(bool(kwargs.get("layout")))
                return _refresh(*regions, **kwargs)

            widget.refresh = spy  # type: ignore[method-assign]
        files: set[int] = set()
        for question in ("", "parse_config", "", "ConfigLoader", "ECONNREFUSED", "parse_config"):
            await ask(pilot, question)
            await pilot.pause(0.1)
            files.add(preview.virtual_size.height > preview.scrollable_content_region.height)
        assert files == {True, False}, "the questions show a file that fits the preview and one that does not"
        assert table.show_vertical_scrollbar and preview.show_vertical_scrollbar
        assert layouts and not any(layouts), "a scrollbar shown or hidden laid out the screen"


@pytest.mark.slow
async def test_the_weights_are_redrawn_only_when_they_change(make_app) -> None:
    from textual.widgets import Static

    from maguyva_tui.app.widgets.readback import Readback, weights_block

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        readback = app.query_one(Readback)
        block = readback.query_one("#weights", Static)
        updates: list[object] = []
        update = block.update

        def spy(*args: Any, **kwargs: Any) -> Any:
            updates.append(args[0] if args else None)
            return update(*args, **kwargs)

        block.update = spy  # type: ignore[method-assign]
        await ask(pilot, "parse_config")
        weights = dict(app.answer.weights)
        assert updates and str(block.render()) == str(weights_block(app.answer, readback.selected, False))
        updates.clear()
        await ask(pilot, "ConfigLoader")  # the same intent and engine: the same weights, nothing redrawn
        assert app.answer.weights == weights and not updates
        app.query_one("#results").focus()
        await pilot.press("w")  # another modality to re-weigh: the pointer moves
        await pilot.pause(0.1)
        assert updates and str(block.render()) == str(weights_block(app.answer, readback.selected, False))


@pytest.mark.slow  # 4-9 s on 2 cores (a question typed key by key): the slow pass runs it
async def test_a_new_question_typed_in_the_box_rebuilds_no_footer(make_app) -> None:
    """The what-if keys are never offered while the query box has the focus: clearing it and typing
    a new question refreshes no binding (the footer was rebuilt twice: a layout and a remount), and
    the results, once focused, offer them again."""
    from textual.widgets._footer import FooterKey

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "parse_config")
        refreshed: list[int] = []
        refresh_bindings = app.refresh_bindings

        def spy() -> None:
            refreshed.append(1)
            refresh_bindings()

        app.refresh_bindings = spy  # type: ignore[method-assign]
        await ask(pilot, "")
        await ask(pilot, "ConfigLoader", typed=True)
        assert app.answer is not None and app.answer.weights
        assert not refreshed
        descriptions = lambda: {key.description for key in app.query(FooterKey)}  # noqa: E731
        assert "Weight" not in descriptions()
        app.query_one("#results").focus()
        await pilot.pause(0.2)
        assert {"Weight", "+weight", "-weight"} <= descriptions()
