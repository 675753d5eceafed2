"""An index whose lock another process holds past the wait (``store/lock.py``): a search answers
from the live generation, said stale, and with none says so in one line; it had ended in
"internal error: LockTimeout: another maguyva process is indexing ..."."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest

from maguyva_tui.cli import EXIT_NOT_UPDATED
from maguyva_tui.core import indexer
from maguyva_tui.core.store.lock import index_lock
from tests.conftest import Runner


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "repo"
    root.mkdir()
    (root / "core.py").write_text("def held_lock_function():\n    return 1\n")
    monkeypatch.setattr(indexer, "index_lock", partial(index_lock, wait=0.1))
    return root


def test_a_first_build_behind_a_held_lock_says_so_in_one_line(repo: Path, tmp_path: Path, here: Runner) -> None:
    with index_lock(indexer.index_folder(repo.resolve(), tmp_path / "ix")):
        found = here("search", "held_lock_function", "--repo", str(repo), "--index-dir", str(tmp_path / "ix"))
    assert found.returncode == EXIT_NOT_UPDATED, found
    assert "internal error" not in found.stderr and "Traceback" not in found.stderr
    assert found.stderr.count("\n") == 1 and "another maguyva process has held its lock" in found.stderr


def test_an_update_behind_a_held_lock_answers_from_the_live_index_said_stale(repo: Path, tmp_path: Path) -> None:
    indexer.update_index(repo, tmp_path / "ix")
    (repo / "more.py").write_text("def another_function():\n    return 2\n")
    with index_lock(indexer.index_folder(repo.resolve(), tmp_path / "ix")):
        snapshot, summary = indexer.update_index(repo, tmp_path / "ix")
    assert set(snapshot.files) == {"core.py"}
    assert summary.stale_because and "another maguyva process has held its lock" in summary.stale_because
