"""What an outside tester of the explorer found on transitions 0.9.2 (helper-219, 2026-12-05),
following helper-208's findings on rouge: the footer offered ``+ +weight  - -weight`` under the help
opened from the query box (the app read the help's focus, not the explorer's)."""

from __future__ import annotations

import pytest
from textual.widgets._footer import FooterKey

from maguyva_tui.app.screens.help import HelpScreen
from maguyva_tui.app.screens.jump import JumpScreen
from maguyva_tui.app.widgets.results import ResultsTable
from tests.app.conftest import SIZE, ask, settle, wait_for

pytestmark = pytest.mark.anyio

WHAT_IF = {"+weight", "-weight"}
"""The keys that re-weigh an answer: typed, not offered, in the query box."""


def footer(app) -> set[str]:
    """Return the descriptions the explorer's footer shows now, whichever screen is on top."""
    return {key.description for key in app.screen_stack[0].query(FooterKey)}


@pytest.mark.slow  # an app on 2 shared cores, about 3 s
async def test_the_footer_keeps_the_explorers_keys_under_the_help_and_the_go_to_box(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "parse_config")
        assert app.focused.id == "query" and not footer(app) & WHAT_IF  # query box: typed there
        for key, screen in (("f1", HelpScreen), ("ctrl+g", JumpScreen)):
            await pilot.press(key)
            await wait_for(pilot, lambda screen=screen: isinstance(app.screen, screen))
            await pilot.press("down", "x")  # the next keys had rebuilt the footer with the what-if keys
            await pilot.pause(0.1)
            assert not footer(app) & WHAT_IF, f"under {screen.__name__} from the query box: {sorted(footer(app))}"
            await pilot.press("escape")
            await wait_for(pilot, lambda: len(app.screen_stack) == 1)
            await pilot.pause(0.1)
            assert app.focused.id == "query" and not footer(app) & WHAT_IF
        await pilot.press("escape")  # the list: the what-if keys apply
        await wait_for(pilot, lambda: WHAT_IF <= footer(app))
        assert isinstance(app.focused, ResultsTable)
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.press("down")
        await pilot.pause(0.1)
        assert WHAT_IF <= footer(app), "under the help from the list, the list's keys stay"
        await pilot.press("escape", "enter")  # back to the list, then the preview: they apply there too
        await settle(pilot)
        assert app.focused.id == "preview" and WHAT_IF <= footer(app)


@pytest.mark.slow  # an app on 2 shared cores, about 2 s
async def test_the_preview_of_a_file_removed_since_indexing_says_so_in_its_title(tmp_path) -> None:
    from maguyva_tui.app import MaguyvaApp
    from maguyva_tui.app.widgets.preview import Preview
    from maguyva_tui.core.engine import Engine

    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "kept.py").write_text("def kept_machine():\n    return 1\n", encoding="utf-8")
    (repo / "doomed.py").write_text("def doomed_machine():\n    return 2\n", encoding="utf-8")
    app = MaguyvaApp(Engine(repo, tmp_path / "index"), watch=False, embed=False)  # type: ignore[arg-type]
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.index_ready)
        (repo / "doomed.py").unlink()
        await ask(pilot, "doomed_machine")
        preview = app.query_one(Preview)
        await wait_for(pilot, lambda: preview.shown is not None and preview.shown[0] == "doomed.py")
        title = str(preview.border_title)
        assert title.startswith("doomed.py:1") and "no longer on disk" in title, title
        assert "doomed_machine" in preview.shown_text  # the indexed text stays readable
        await ask(pilot, "kept_machine")
        await wait_for(pilot, lambda: preview.shown is not None and preview.shown[0] == "kept.py")
        assert "no longer on disk" not in str(preview.border_title)


@pytest.mark.slow  # an app on 2 shared cores, about 3 s
async def test_at_80_columns_the_marks_heading_gives_the_symbol_the_room_over_its_marks(tmp_path) -> None:
    from maguyva_tui.app import MaguyvaApp
    from maguyva_tui.app.widgets.results import MARKS, SYMBOL, ResultsTable, cell_plain
    from maguyva_tui.core.engine import Engine

    repo = tmp_path / "repo"
    (repo / "transitions" / "extensions").mkdir(parents=True)
    (repo / "tests").mkdir()
    for name in ("core", "nesting", "markup"):
        (repo / "transitions" / "extensions" / f"{name}.py").write_text(
            f"class {name.title()}Machine:\n    def add_transition(self, trigger):\n        return trigger\n\n"
            f"    def remove_transition(self, trigger):\n        return trigger\n",
            encoding="utf-8",
        )
    (repo / "tests" / "test_core.py").write_text(  # a test file: demoted, marked ▼
        "class TestMachine:\n    def remove_transition(self, trigger):\n        return trigger\n", encoding="utf-8"
    )
    app = MaguyvaApp(Engine(repo, tmp_path / "index"), watch=False, embed=False)  # type: ignore[arg-type]
    async with app.run_test(size=(80, 30)) as pilot:
        table = app.query_one(ResultsTable)
        for question, marks in (("add_transition", ""), ("remove_transition", "▼")):
            await ask(pilot, question)
            assert table.row_count >= 3
            assert "".join(cell_plain(row[MARKS]) for row in table._row_cells).strip("▼") == ""
            symbols = [cell_plain(row[SYMBOL]) for row in table._row_cells]
            assert all(len(symbol) >= 8 for symbol in symbols), f"{question}: {symbols}"  # Machi… had been 6
            heading = "".join(s.text for s in table.render_line(0)).rstrip()
            # the marks' heading: none, not 'm' (the graph's heading whole, or its letter where it ranks none)
            assert heading.endswith((" graph", " g")), f"{question}: {heading!r}"
            assert table.virtual_size.width <= table.size.width, f"{question}: the marks are off the right edge"
            if marks:
                assert any(marks in "".join(s.text for s in table.render_line(y)) for y in range(1, 5))
