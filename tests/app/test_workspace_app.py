"""The explorer over a workspace (issue 21.1): two small repositories made here, and a third that
does not exist. A question is answered from both, each row shows ``repo/path``, the preview, go-to,
the explanation and the editor read the right repository's file, and the missing one is named."""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
from pathlib import Path

import pytest

from maguyva_tui.app import MaguyvaApp
from maguyva_tui.app.screens.jump import JumpScreen
from maguyva_tui.app.session import Request
from maguyva_tui.app.widgets.explain import ExplainPanel
from maguyva_tui.app.widgets.preview import Preview
from maguyva_tui.app.widgets.results import ResultsTable
from maguyva_tui.app.widgets.status import StatusLine
from maguyva_tui.app.workspace import ExplorerWorkspace
from maguyva_tui.core.indexer import IndexSummary
from maguyva_tui.core.types import QueryError
from tests.app.conftest import SIZE, ask, settle, wait_for
from tests.fakes import FakeProvider

pytestmark = pytest.mark.anyio

ALPHA_LOADER = '''"""Settings for the alpha service."""


def load_settings(path):
    """Read the alpha settings file."""
    with open(path) as handle:
        return handle.read().split("alpha_only_marker")
'''

BETA_SETTINGS = '''"""Settings for the beta worker."""


class Settings:
    """The beta worker's settings."""

    beta_only_marker = True


def load_settings(path):
    """Read the beta settings."""
    return Settings()
'''


class FirstWord(FakeProvider):
    """Vectors seeded by a text's first word: deterministic, no model to load."""

    id = "test:workspace-app:64"

    def seed(self, text: str) -> int:
        return sum(map(ord, (text.split() or [""])[0]))


def repos(tmp_path: Path) -> tuple[Path, Path, Path]:
    """Two repositories, each defining ``load_settings``, and a folder that is not there."""
    alpha, beta = tmp_path / "alpha", tmp_path / "beta"
    (alpha / "svc").mkdir(parents=True)
    (alpha / "svc" / "loader.py").write_text(ALPHA_LOADER)
    beta.mkdir()
    (beta / "settings.py").write_text(BETA_SETTINGS)
    return alpha, beta, tmp_path / "gone"


async def indexed(pilot: object) -> None:
    """Wait until every repository that opens has been indexed (the first answers may come from
    the first one alone, said in their notices, and are asked again as the others join)."""
    app = pilot.app  # type: ignore[attr-defined]
    await wait_for(pilot, lambda: app.index_ready and app.workspace.summary() is not None, timeout=60)


def workspace_app(tmp_path: Path, **kwargs: object) -> MaguyvaApp:
    alpha, beta, gone = repos(tmp_path)
    workspace = ExplorerWorkspace([alpha, beta, gone], tmp_path / "index", provider=FirstWord(), static=False)
    kwargs.setdefault("watch", False)
    kwargs.setdefault("embed", False)
    return MaguyvaApp(workspace, **kwargs)  # type: ignore[arg-type]


@pytest.mark.slow
async def test_a_question_is_answered_from_both_repositories(tmp_path: Path) -> None:
    app = workspace_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await indexed(pilot)
        await ask(pilot, "load_settings")
        paths = [row.path for row in app.answer.rows]
        assert "alpha/svc/loader.py" in paths and "beta/settings.py" in paths
        table = app.query_one(ResultsTable)
        shown = [str(table.get_row_at(i)[2]) for i in range(table.row_count)]  # the path:line column
        assert any(cell.startswith("alpha/svc/loader.py:") for cell in shown)
        assert any(cell.startswith("beta/settings.py:") for cell in shown)


@pytest.mark.slow
async def test_the_preview_reads_the_selected_rows_own_repository(tmp_path: Path) -> None:
    app = workspace_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await indexed(pilot)
        await ask(pilot, "load_settings")
        rows = app.answer.rows
        preview = app.query_one(Preview)
        for want, marker in (("alpha/svc/loader.py", "alpha_only_marker"), ("beta/settings.py", "beta_only_marker")):
            index = next(i for i, r in enumerate(rows) if r.path == want)
            app.query_one(ResultsTable).move_cursor(row=index)
            await wait_for(pilot, lambda want=want: preview.shown is not None and preview.shown[0] == want)
            code = preview.shown_text
            assert marker in code, (want, code[:200])
            assert str(preview.border_title).startswith(f"{want}:")


@pytest.mark.slow
async def test_the_missing_repository_is_named(tmp_path: Path) -> None:
    app = workspace_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await indexed(pilot)
        await ask(pilot, "load_settings")
        status = str(app.query_one("#repo").render())
        assert "alpha" in status and "beta" in status and "gone missing" in status
        assert any(n.startswith("gone: not searched") and "no such directory" in n for n in app.answer.notices)
        assert app.query_one(StatusLine).drawn().notice.startswith("gone: not searched")
        warned = [n.message for n in app._notifications]
        assert any("gone is not searched" in m for m in warned)


@pytest.mark.slow  # over 3 s on 2 cores: the slow pass (.ci/run) runs it
async def test_explain_go_to_and_the_editor_use_the_right_repository(tmp_path: Path, monkeypatch) -> None:
    from maguyva_tui.app import actions

    calls: list[list[str]] = []
    monkeypatch.setenv("EDITOR", "myeditor")
    monkeypatch.setattr(actions.subprocess, "run",  # an editor closed as usual: status 0
                        lambda cmd, check: calls.append(cmd) or actions.subprocess.CompletedProcess(cmd, 0))
    app = workspace_app(tmp_path)
    monkeypatch.setattr(app, "suspend", contextlib.nullcontext)
    async with app.run_test(size=SIZE) as pilot:
        await indexed(pilot)
        await ask(pilot, "load_settings")
        index = next(i for i, r in enumerate(app.answer.rows) if r.path == "beta/settings.py")
        await pilot.press("escape")
        app.query_one(ResultsTable).move_cursor(row=index)
        await pilot.press("e")
        await settle(pilot)
        panel = app.query_one(ExplainPanel)
        await wait_for(pilot, lambda: "beta/settings.py" in panel.plain)
        assert "weighted RRF" in panel.plain and "✓ terms add up" in panel.plain
        await pilot.press("e", "o")
        row = app.answer.rows[index]
        assert calls == [["myeditor", f"+{row.start_line}", str((tmp_path / "beta" / "settings.py").resolve())]]
        await pilot.press("g")
        await wait_for(pilot, lambda: isinstance(app.screen, JumpScreen))
        labels = {t.label for t in app.screen.candidates}
        assert {"alpha/svc/loader.py", "beta/settings.py"} <= labels
        await pilot.press(*"loader", "enter")
        await wait_for(pilot, lambda: app.jumped is not None)
        assert app.jumped.path == "alpha/svc/loader.py"
        assert "alpha_only_marker" in app.query_one(Preview).shown_text


def test_a_workspace_with_no_repository_that_opens_is_refused(tmp_path: Path) -> None:
    with pytest.raises(QueryError, match="no repository of the workspace can be opened"):
        ExplorerWorkspace([tmp_path / "nope", tmp_path / "neither"], tmp_path / "index", provider=FirstWord())


def test_repositories_not_indexed_yet_read_as_indexing_not_missing(tmp_path: Path) -> None:
    alpha, beta, gone = repos(tmp_path)
    workspace = ExplorerWorkspace([alpha, beta, gone], tmp_path / "index", provider=FirstWord(), static=False)
    try:
        assert workspace.status_name() == "alpha indexing… · beta indexing… · gone missing"
        with pytest.raises(QueryError, match="no repository of the workspace has an index yet"):
            workspace.ask(Request("load_settings"))
        workspace.shards["alpha"].open()  # alpha's index is built: alpha answers, beta is said to be indexing
        answer = workspace.ask(Request("load_settings"))
        assert {row.path.split("/")[0] for row in answer.rows} == {"alpha"}
        assert "beta: not searched (still indexing)" in answer.notices
        assert workspace.status_name() == "alpha · beta indexing… · gone missing"
    finally:
        workspace.close()


def test_a_repository_inside_another_is_answered_and_listed_once(tmp_path: Path) -> None:
    """alpha and alpha/svc opened as one had answered and listed alpha/svc's files twice."""
    alpha, _, _ = repos(tmp_path)
    workspace = ExplorerWorkspace([alpha, alpha / "svc"], tmp_path / "index", provider=FirstWord(), static=False)
    try:
        for shard in workspace.shards.values():
            shard.open()
        answer = workspace.ask(Request("load_settings"))
        assert [row.path for row in answer.rows] == ["svc/loader.py"]
        assert "svc is inside alpha (svc/): its files are answered once, as svc's" in answer.notices
        places = [t.path for t in workspace.jump_targets()]
        assert "svc/loader.py" in places and "alpha/svc/loader.py" not in places
    finally:
        workspace.close()


def test_a_repository_inside_another_is_counted_once(tmp_path: Path) -> None:
    """The status line's figures over alpha and alpha/svc had counted svc's files, symbols and
    chunks twice (tinydb-4.8.0 with tinydb-4.8.0/tinydb: 35 files where 18 are)."""
    alpha, _, _ = repos(tmp_path)
    (alpha / "main.py").write_text("def main():\n    return 1\n")
    workspace = ExplorerWorkspace([alpha, alpha / "svc"], tmp_path / "index", provider=FirstWord(), static=False)
    try:
        for label, shard in workspace.shards.items():
            shard.open()
            snap = workspace.engines[label].snapshot
            workspace.summaries[label] = IndexSummary(files=len(snap.files), symbols=snap.facts.symbol_count(),
                                                      chunks=snap.facts.chunk_count())
        summary = workspace.summary()
        assert summary is not None
        alone = workspace.engines["alpha"].snapshot
        assert (summary.files, summary.symbols, summary.chunks) == (
            2, alone.facts.symbol_count(), alone.facts.chunk_count())  # alpha holds every file once
        assert workspace.file_count() == 2
    finally:
        workspace.close()


@pytest.mark.slow  # a watcher's debounce and a refresh on 2 shared cores: run by .ci/run's slow pass
async def test_an_edit_in_one_repository_is_found_by_the_watcher(tmp_path: Path) -> None:
    app = workspace_app(tmp_path, watch=True)
    async with app.run_test(size=SIZE) as pilot:
        await indexed(pilot)
        await ask(pilot, "load_settings")
        await wait_for(pilot, lambda: app.watching)
        (tmp_path / "beta" / "extra.py").write_text("def brand_new_helper(x):\n    return x + 1\n")
        await wait_for(pilot, lambda: app.source.file_count() == 3, timeout=60)
        await ask(pilot, "brand_new_helper")
        assert app.answer.rows[0].path == "beta/extra.py"


@pytest.mark.slow  # a real process builds two indexes (the static tier too) on 2 shared cores
@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_maguyva_with_two_repositories_in_a_real_terminal(tmp_path: Path) -> None:
    from tests.app.test_tmux import Terminal

    alpha, beta, gone = repos(tmp_path)
    env = {"MAGUYVA_INDEX_DIR": str(tmp_path / "index"), "TERM": "xterm-256color", "PYTHONPATH": os.getcwd(),
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "COLUMNS": "140", "LINES": "40"}  # Textual trusts these
    command = [sys.executable, "-m", "maguyva_tui", str(alpha), "--repo", str(beta), "--repo", str(gone), "--no-watch"]
    term = Terminal(command, env, size=(140, 40))
    try:
        term.wait(lambda: "alpha · beta · gone missing" in term.screen() and "symbols" in term.screen(),
                  "both indexes", timeout=240)
        term.keys("load_settings")
        term.wait(lambda: "alpha/svc/loader.py:4" in term.screen() and "beta/settings.py:10" in term.screen(),
                  "results from both repositories")
        term.wait(lambda: "gone: not searched" in term.screen(), "the missing repository said beside the results")
        term.keys("Escape")  # to the results, where q quits (wait for the footer to say so: a loaded machine)
        term.wait(lambda: "Quit" in term.screen().rstrip().splitlines()[-1], "the results to take the focus")
        term.keys("q")
        term.wait(lambda: not term.alive(), "the app to quit", timeout=20)
    finally:
        term.close()
