"""Pilot-driven tests: typing, every binding, explain against the JSON, what-if, errors."""

from __future__ import annotations

import pytest

from maguyva_tui.app.screens.help import HelpScreen
from maguyva_tui.app.screens.jump import JumpScreen
from maguyva_tui.app.widgets.explain import ExplainPanel
from maguyva_tui.app.widgets.results import ResultsTable
from maguyva_tui.app.widgets.status import StatusLine
from tests.app.conftest import SIZE, ask, ready, settle, wait_for

pytestmark = pytest.mark.anyio


@pytest.mark.slow  # over 4 s each on 2 cores: run by .ci/run's slow pass
async def test_typing_updates_intent_and_results(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "parse_config", typed=True)
        answer = app.answer
        assert answer is not None and answer.intent == "find_definition"
        assert answer.target == "parse_config"
        table = app.query_one(ResultsTable)
        assert table.row_count == len(answer.rows) > 0
        assert answer.rows[0].path == "app/config.py"
        await ask(pilot, '"ECONNREFUSED"')
        assert app.answer.intent == "exact_match"
        assert all("ECONNREFUSED" in r.result.snippet for r in app.answer.rows)


async def test_stale_answer_never_replaces_newer(make_app) -> None:
    from maguyva_tui.app.messages import SearchDone

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "parse_config")
        shown = app.answer
        old = shown.request.with_(seq=app.seq - 1, text="stale")
        app.post_message(SearchDone(old, None, "should not show"))
        await pilot.pause(0.1)
        assert app.answer is shown
        assert not app.query_one("#query-error").has_class("-shown")


async def test_a_workers_news_arriving_while_the_explorer_closes_is_dropped(make_app) -> None:
    """The watcher or a search thread may post just as the app quits: Textual still delivers what
    was queued while the screen's widgets are removed, and the handler must not fail on the way out
    (seen in CI: a file change handled after the status line was gone)."""
    from maguyva_tui.app.messages import EmbedProgress, FilesChanged, IndexReady, SearchDone

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "parse_config")
        request = app.request
    assert not app.is_running
    app.on_files_changed(FilesChanged(1, None))
    app.on_files_changed(FilesChanged(1, None, error="disk gone"))
    app.on_embed_progress(EmbedProgress(3, 3))
    app.on_index_ready(IndexReady(None, error="late"))
    app.on_search_done(SearchDone(request, None, "late"))


@pytest.mark.slow
async def test_explain_shows_the_json_numbers(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "parse_config")
        await pilot.press("escape", "down", "e")
        await pilot.pause(0.1)
        panel = app.query_one(ExplainPanel)
        assert panel.display
        expected = app.engine.search("parse_config", limit=50).to_json()
        row = expected["results"][1]
        assert row["path"] in panel.plain
        for name, part in row["modalities"].items():
            if part is None:
                continue
            assert f"{part['contribution']:.6f}" in panel.plain, name
            assert f"1/({expected['k']} + {part['rank']} + 1)" in panel.plain
        assert f"{row['score']:.6f}" in panel.plain
        assert f"{row['boost']:.3f}" in panel.plain
        assert "terms add up" in panel.plain
        await pilot.press("e")
        assert not app.explaining
        await _explain_after_a_go_to(pilot, app, panel)


async def _explain_after_a_go_to(pilot, app, panel: ExplainPanel) -> None:
    """``e`` after a go-to explains the result holding what was gone to, highlighted (it had explained
    the row highlighted before the go-to, beside the other file); where no result holds it, it says so
    and the place gone to stays on show."""
    from maguyva_tui.app.session import holding

    table, rows, targets = app.query_one(ResultsTable), app.answer.rows, app.source.jump_targets()
    listed = next(t for t in targets if t.detail and holding(rows, t.path, t.line) not in (None, table.cursor_row))
    index = holding(rows, listed.path, listed.line)
    app._jumped(listed)
    await pilot.press("e")
    assert table.cursor_row == index
    assert panel.plain.startswith(f"#{index + 1}  {rows[index].path}:{rows[index].start_line}-")
    away = next(t for t in targets if t.detail and holding(rows, t.path, t.line) is None)
    app._jumped(away)
    await pilot.press("e")
    assert f"{away.label}  " in panel.plain and "is not among the" in panel.plain and "'parse_config'" in panel.plain
    assert table.cursor_row == index and app._place() == (away.path, away.line)
    assert app.query_one("#preview").shown[0] == away.path  # shown again as e closes the panel


@pytest.mark.slow  # over 4 s each on 2 cores: run by .ci/run's slow pass
async def test_what_if_reranks_and_marks_moves(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "parse_config")
        before = [r.key for r in app.answer.rows]
        await pilot.press("escape", "w")  # structural -> graph
        assert app.query_one("#readback").selected == "graph"
        await pilot.press("w", "w")  # -> semantic -> text
        for _ in range(5):
            await pilot.press("plus")
            await settle(pilot)
        assert app.answer.request.weights is not None
        assert app.answer.weights["text"] == pytest.approx(0.6)
        after = [r.key for r in app.answer.rows]
        assert after != before
        table = app.query_one(ResultsTable)
        assert any(v not in (0,) for v in table.moved.values())
        await pilot.press("0")
        await settle(pilot)
        assert app.answer.request.weights is None


@pytest.mark.slow
async def test_intent_and_preset_override(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "parse_config")
        assert app.answer.intent == "find_definition"
        await pilot.press("escape", "i")  # the classifier's own intent is passed over: i had seemed dead
        await settle(pilot)
        assert app.answer.request.intent == app.answer.intent == "find_references"
        await pilot.press("i")
        await settle(pilot)
        assert app.answer.intent == "understand_code"
        await pilot.press("p")
        await settle(pilot)
        assert app.answer.preset == "thorough"
        assert app.answer.k == 60
        await pilot.press("slash", "ctrl+u")  # a new question: its intent is read afresh, the preset kept
        await ask(pilot, "how is the config loaded")
        assert app.answer.request.intent is None and app.answer.intent == "understand_code"
        assert app.answer.preset == "thorough"


@pytest.mark.slow
async def test_invalid_regex_is_shown_inline(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "parse_config")
        await pilot.press("ctrl+r")
        await settle(pilot)
        assert app.answer.request.regex
        rows = len(app.answer.rows)
        await ask(pilot, "parse(")
        error = app.query_one("#query-error")
        assert error.has_class("-shown")
        assert app.request.regex
        assert len(app.answer.rows) == rows  # the last good list stays


@pytest.mark.slow  # over 4 s each on 2 cores: run by .ci/run's slow pass
async def test_focus_keys_and_quit(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "Server")
        await pilot.press("q")  # typed into the query box, not a quit
        assert app.query_one("#query").value == "Serverq"
        await pilot.press("backspace", "down", "enter")
        assert app.focused is app.query_one(ResultsTable)
        assert app.query_one(ResultsTable).cursor_row == 1
        await pilot.press("k", "j", "j")
        assert app.query_one(ResultsTable).cursor_row == 2
        await pilot.press("enter")
        assert app.focused.id == "preview"
        assert app.query_one("#preview").shown[0] == app.answer.rows[2].path
        await pilot.press("escape", "slash")
        assert app.focused.id == "query"
        await pilot.press("escape", "q")
        await pilot.pause(0.1)
    assert app.return_code == 0


@pytest.mark.slow
async def test_help_lists_every_binding(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("escape", "question_mark")
        assert isinstance(app.screen, HelpScreen)
        text = app.screen.query_one("#help-body").render().plain  # type: ignore[union-attr]
        for binding in type(app).BINDINGS:
            assert binding.description in text
        await pilot.press("escape")
        assert not isinstance(app.screen, HelpScreen)
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)


@pytest.mark.slow  # over 3 s on 2 cores: the slow pass (.ci/run) runs it
async def test_jump_to_symbol(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("ctrl+g")
        assert isinstance(app.screen, JumpScreen)
        await pilot.press(*"ConfigLoader")
        await wait_for(
            pilot,
            lambda: app.screen.matches and app.screen.matches[0].label.startswith("ConfigLoader"),
        )
        await pilot.press("enter")
        await pilot.pause(0.1)
        assert not isinstance(app.screen, JumpScreen)
        assert app.query_one("#preview").shown[0] == "app/config.py"
        assert app.jumped is not None


async def test_open_in_editor_suspends_and_runs_editor(make_app, monkeypatch) -> None:
    import contextlib

    from maguyva_tui.app import actions

    calls = []
    monkeypatch.setenv("EDITOR", "myeditor --wait")
    monkeypatch.setattr(actions.subprocess, "run",  # an editor closed as usual: status 0
                        lambda cmd, check: calls.append(cmd) or actions.subprocess.CompletedProcess(cmd, 0))
    app = make_app()
    monkeypatch.setattr(app, "suspend", contextlib.nullcontext)
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "parse_config")
        await pilot.press("escape", "o")
        row = app.answer.rows[0]
        assert calls == [
            [
                "myeditor",
                "--wait",
                f"+{row.start_line}",
                str(app.engine.root / row.path),
            ]
        ]


@pytest.mark.slow
async def test_palette_commands_exist(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        titles = [c.title for c in app.get_system_commands(app.screen)]
        for title in (
            "Preset: thorough",
            "Intent: find_references",
            "Reindex",
            "What-if: more graph",
            "Theme",
        ):
            assert any(t.startswith(title) for t in titles), title
        await pilot.press("ctrl+p")
        await pilot.pause(0.1)
        from textual.command import CommandPalette

        assert isinstance(app.screen, CommandPalette)  # the explorer's own, its box's keys in the order typed


@pytest.mark.slow
async def test_theme_toggle_and_empty_query(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "parse_config")
        await pilot.press("escape", "t")
        assert app.theme == "maguyva-light"
        await pilot.press("slash", "ctrl+a", "ctrl+k")
        await settle(pilot)
        assert app.answer is None and app.query_one(ResultsTable).row_count == 0


@pytest.mark.slow
async def test_empty_repository_is_not_fatal(make_app, tmp_path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    app = make_app(empty)
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "anything")
        assert "no searchable files" in app.query_one(StatusLine).drawn().state
        assert app.answer is not None and app.answer.rows == []


@pytest.mark.slow  # over 3 s on 2 cores: the slow pass (.ci/run) runs it
async def test_watch_refreshes_results(make_app, polyglot) -> None:
    app = make_app(polyglot, watch=True)
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "brand_new_function_xyz")
        await wait_for(pilot, lambda: app.watching)
        assert not any(r.path == "app/fresh.py" for r in app.answer.rows)
        (polyglot / "app" / "fresh.py").write_text("def brand_new_function_xyz():\n    return 1\n")
        await wait_for(
            pilot,
            lambda: any(r.path == "app/fresh.py" for r in app.answer.rows),
            timeout=20,
        )


async def test_the_mouse_selects_a_result_and_the_preview_follows(make_app) -> None:
    from maguyva_tui.app.widgets.preview import Preview

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "parse_config")
        table = app.query_one(ResultsTable)
        assert table.row_count >= 3
        third = app.answer.rows[2]
        await pilot.click(ResultsTable, offset=(10, 4))  # border, header, then rows 1, 2, 3
        await wait_for(pilot, lambda: table.cursor_row == 2)
        preview = app.query_one(Preview)
        await wait_for(pilot, lambda: str(preview.border_title).startswith(f"{third.path}:"))


@pytest.mark.slow  # over 3 s on 2 cores (three questions): the slow pass runs it
async def test_the_list_reuses_a_drawn_line_only_where_it_looks_the_same(make_app) -> None:
    from textual.cache import LRUCache
    from textual.geometry import Region

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        table = app.query_one(ResultsTable)

        def check() -> None:  # each line as the table draws it now, then with nothing kept: the same
            table.render_lines(Region(0, 0, *table.size))  # notes what the whole frame depends on
            lines = range(table.size.height)
            shown = [list(table.render_line(y)) for y in lines]
            kept, table._lines = table._lines, LRUCache(16)
            assert shown == [list(table.render_line(y)) for y in lines]
            table._lines = kept

        await ask(pilot, "parse_config")
        check()
        await ask(pilot, "ConfigLoader")
        check()
        hits = table._lines.hits
        await ask(pilot, "parse_config")  # the first question's rows again: their lines are reused
        await pilot.pause(0.1)
        assert table._lines.hits > hits
        check()
        table.focus()
        for key in ("j", "j", "k"):  # the cursor moves: its old and new rows are drawn again
            await pilot.pause(0.1)
            check()
            await pilot.press(key)
        await pilot.pause(0.1)
        check()
        await pilot.click(ResultsTable, offset=(10, 3))  # a kept line still says which row it shows
        await wait_for(pilot, lambda: table.cursor_row == 1)
        check()


@pytest.mark.slow  # over 2 s on 2 cores: the slow pass (.ci/run) runs it
async def test_user_and_file_text_never_goes_through_markup(make_app, tmp_path) -> None:
    from textual.content import Content

    from maguyva_tui.app.widgets.preview import Preview

    repo = tmp_path / "[b]repo"
    repo.mkdir()
    (repo / "[b]loud.py").write_text("def loud_fn():\n    return '[/]'\n")
    app = make_app(repo)
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "loud_fn")
        assert "[b]repo" in str(app.query_one("#repo").render())
        preview = app.query_one(Preview)
        await wait_for(pilot, lambda: preview.border_title)
        assert Content.from_markup(preview.border_title).plain.startswith("[b]loud.py:")
        await ask(pilot, "[bold]x[/bold] [/]")  # a query with markup-like text
        await pilot.press("ctrl+r")
        await settle(pilot)
        await ask(pilot, "x[/](", typed=True)  # regex mode: an invalid pattern with a closing tag
        error = app.query_one("#query-error")
        assert error.has_class("-shown") and "x[/](" in str(error.render())
        app.notify("cannot read [/]odd.py: [Errno 2]")
        await pilot.pause(0.2)
        assert app.is_running and app.return_code is None


@pytest.mark.slow
async def test_deleting_the_repository_keeps_the_index_and_says_so(make_app, polyglot) -> None:
    """The repository vanishes under an open explorer: the results stay, the status line says the
    index could not be brought up to date instead of claiming a fresh one (issue 18.20)."""
    import shutil

    app = make_app(polyglot, watch=True)
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "parse_config")
        await wait_for(pilot, lambda: app.watching)
        before = [r.path for r in app.answer.rows]
        shutil.rmtree(polyglot)
        status = app.query_one(StatusLine)
        await wait_for(pilot, lambda: "not up to date" in status.drawn().state, timeout=20)
        assert "cannot read the repository" in status.drawn().state
        await ask(pilot, "where is parse_config defined")
        assert {r.path for r in app.answer.rows} <= set(before) and app.answer.rows


@pytest.mark.parametrize(  # the width that broke runs by default; the others with -m slow
    "width", [pytest.param(100, marks=pytest.mark.slow), pytest.param(130, marks=pytest.mark.slow), 160,
              pytest.param(180, marks=pytest.mark.slow), pytest.param(200, marks=pytest.mark.slow),
              pytest.param(220, marks=pytest.mark.slow)])
async def test_every_engine_rank_column_is_in_view(make_app, width: int) -> None:
    from maguyva_tui.app.widgets.bars import SHORT
    from maguyva_tui.core.types import MODALITIES

    app = make_app()
    async with app.run_test(size=(width, 40)) as pilot:
        await ask(pilot, "parse config")
        table = app.query_one(ResultsTable)
        visible = table.scrollable_content_region.width
        right = 0
        for column in table.columns.values():
            right += column.get_render_width(table)
            if column.key.value in MODALITIES:
                assert right <= visible, f"{column.key.value} ends at {right} of {visible} at {width} columns"
        header, first = table.render_line(0).text, table.render_line(1).text
        # whole, or its first letter where no row has a rank from it and the place and symbol are cut
        unranked = {m for m in MODALITIES if not any(row.modality(m) for row in app.answer.rows)}
        assert all(SHORT[m] in header.split() or (m in unranked and SHORT[m][0] in header.split())
                   for m in MODALITIES), header
        row = app.answer.rows[0]
        ranks = [str(vote.rank + 1) for m in MODALITIES if (vote := row.modality(m)) is not None]
        assert ranks and first.split(f"{row.score:.4f}")[1].split()[: len(ranks)] == ranks, first

