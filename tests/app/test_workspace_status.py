"""The explorer over several repositories, as its rows and status line name them: a path cut to
the pane keeps its repository, and a first build's engines are said of the repository they are of."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.app import MaguyvaApp
from maguyva_tui.app.widgets.results import ResultsTable, clip_place
from maguyva_tui.app.widgets.status import StatusLine
from maguyva_tui.app.workspace import ExplorerWorkspace
from maguyva_tui.core.types import MODALITIES
from tests.app.conftest import ask, settle, wait_for
from tests.app.test_workspace_app import FirstWord, indexed

pytestmark = pytest.mark.anyio

LONG = "python-dateutil-2.9.0"


def test_a_cut_place_keeps_its_repository_and_file_name() -> None:
    labels = (LONG, "ms")
    place = f"{LONG}/src/dateutil/parser/_parser.py:1270"
    assert clip_place(place, 41, labels) == f"{LONG}/…er/_parser.py:1270"
    assert clip_place(place, 30, labels) == "python-date…/…/_parser.py:1270"
    assert clip_place("ms/package/index.js:48", 20, labels) == "ms/…kage/index.js:48"
    assert clip_place(place, 15, labels) == "_parser.py:1270"  # too narrow for both: the file name wins
    assert clip_place(place, 14, labels) == "_pars….py:1270"  # and keeps its start, extension and line
    assert clip_place("other/src/x.py:3", 10, labels) == "…rc/x.py:3"  # no repository's: as one repository's
    # one cell more than the file's name: the folders' going is said (it had read as a file at the top)
    assert clip_place("classes/range.js:98", 12) == "…range.js:98"


def two_repos(tmp_path: Path) -> list[Path]:
    deep = tmp_path / LONG / "src" / "dateutil" / "parser"
    deep.mkdir(parents=True)
    (deep / "_parser.py").write_text("def parse_stamp(text):\n    return text\n")
    (tmp_path / "ms").mkdir()
    (tmp_path / "ms" / "index.js").write_text("function parse_stamp(str) {\n  return str;\n}\n")
    return [tmp_path / LONG, tmp_path / "ms"]


def app_on(tmp_path: Path) -> MaguyvaApp:
    workspace = ExplorerWorkspace(two_repos(tmp_path), tmp_path / "index", provider=FirstWord(), static=False)
    return MaguyvaApp(workspace, watch=False, embed=False)


@pytest.mark.slow
async def test_a_narrow_list_still_says_which_repository_a_row_is_of(tmp_path: Path) -> None:
    app = app_on(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await indexed(pilot)
        await ask(pilot, "parse_stamp")
        table = app.query_one(ResultsTable)
        shown = {str(table.get_row_at(i)[2]) for i in range(table.row_count)}
        assert any(cell.startswith("python-da") and cell.endswith("/_parser.py:1") for cell in shown), shown
        assert "ms/index.js:1" in shown


@pytest.mark.slow
async def test_a_first_builds_engines_are_said_of_their_repository(tmp_path: Path) -> None:
    app = app_on(tmp_path)
    async with app.run_test(size=(130, 40)) as pilot:
        await indexed(pilot)
        status = app.query_one(StatusLine)
        await wait_for(pilot, lambda: "files" in status.drawn().state)  # the workspace's IndexReady
        events = app._events("ms")
        events.joined(("text", "structural", "graph"))  # type: ignore[misc]
        await wait_for(pilot, lambda: "searchable" in status.drawn().state)
        assert status.drawn().state.startswith(("ms: searchable (text, structure, graph)", "ms: searchable"))
        app._progress("ms: ")("static", 2, 5)  # the repository whose engines are said: its step shows
        await wait_for(pilot, lambda: "5/5" in status.drawn().state)
        assert status.drawn().state in ("ms: searchable (text, structure, graph) · 5/5: semantic index",
                                       "ms: searchable · 5/5: semantic index")
        assert status.drawn().percentage == "40%"
        events.joined(tuple(MODALITIES))  # type: ignore[misc]  # ms is complete: the next one's phase shows
        app._progress(f"{LONG}: ")("parse", 1, 4)
        await wait_for(pilot, lambda: "pars" in status.drawn().state)
        assert status.drawn().state == f"{LONG}: indexing 2/5: parsing"


def test_a_first_builds_long_phases_say_how_far_they_got(tmp_path: Path) -> None:
    """The status line's bar follows the indexer's reports: the trigrams, tokens and words of every
    file move it as they go (each had been said once, at 0 %, for all its seconds), and a step of
    unknown length (writing, the graph) is said without a count, never as 0 of 1; each counted step
    ends with its whole count (39386c8: off a terminal its last line had read 80 %)."""
    from maguyva_tui.core.indexer import update_index

    root = tmp_path / "many"
    root.mkdir()
    for i in range(250):
        (root / f"m{i}.py").write_text(f"def f{i}():\n    return {i}\n")
    said: list[tuple[str, int, int]] = []
    update_index(root, tmp_path / "index", lambda phase, done, total: said.append((phase, done, total)))
    for phase in ("trigrams", "tokens", "words"):
        assert [done for p, done, _ in said if p == phase] == [0, 100, 200, 250], phase
    assert [(p, done, total) for p, done, total in said if p in ("write", "graph")] == [("write", 0, 0), ("graph", 0, 0)]


async def test_a_question_typed_before_the_index_answers_is_said_to_wait(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(MaguyvaApp, "index_repo", lambda self: None)  # the first build never gets searchable
    app = app_on(tmp_path)
    async with app.run_test(size=(130, 40)) as pilot:
        app.part("#query").value = "parse_stamp"
        await pilot.pause()
        question = str(app.query_one("#question").render())
        assert "not searchable yet" in question and "type a question" not in question
        app.part("#query").value = ""  # an empty box: the invitation again
        await pilot.pause()
        assert "type a question" in str(app.query_one("#question").render())


@pytest.mark.slow  # over 2 s on 2 cores: the slow pass (.ci/run) runs it
async def test_the_file_gone_to_stays_on_show_when_the_list_is_drawn_again(tmp_path: Path) -> None:
    """A resize or the same question answered again (an engine joining, a file changed) draws the
    list again on the same result: the file gone to stays in the preview, and the editor opens it."""
    app = app_on(tmp_path)
    async with app.run_test(size=(130, 40)) as pilot:
        await indexed(pilot)
        await ask(pilot, "parse_stamp")
        highlighted = app.query_one(ResultsTable).current_row()
        target = next(t for t in app.source.jump_targets() if t.path == "ms/index.js" and not t.detail)
        if highlighted.path == "ms/index.js":  # go to the other repository's file
            target = next(t for t in app.source.jump_targets() if t.path.endswith("_parser.py") and not t.detail)
        app._jumped(target)
        preview = app.query_one("#preview")
        await pilot.resize_terminal(100, 30)
        await pilot.pause(0.2)
        app.rerun()
        await settle(pilot)
        assert preview.shown[0] == target.path and app.jumped is target
        assert app._place() == (target.path, target.line)
        await pilot.press("escape", "enter")  # the result chosen: its file shows again
        await pilot.pause(0.1)
        assert preview.shown[0] == highlighted.path and app.jumped is None
