"""A build that waits for another's lock says so, once, naming the other process: the second of
two ``maguyva index`` runs on one folder had printed nothing while it waited."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from maguyva_tui.core.indexer import index_folder
from maguyva_tui.core.store import lock
from maguyva_tui.core.store.lock import LockTimeout, index_lock, lock_holder


def test_a_held_lock_names_its_holder_and_a_waiter_is_told_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lock, "WAIT_TOLD_S", 0.0)
    told: list[int | None] = []
    with index_lock(tmp_path):
        assert lock_holder(tmp_path) == os.getpid()
        with pytest.raises(LockTimeout), index_lock(tmp_path, wait=0.15, waiting=told.append):
            pass
    assert told == [os.getpid()]  # once, not at every poll
    assert lock_holder(tmp_path) is None  # released: a later waiter never names a finished build


def test_a_moment_s_wait_says_nothing(tmp_path: Path) -> None:
    told: list[int | None] = []
    with index_lock(tmp_path), pytest.raises(LockTimeout), index_lock(tmp_path, wait=0.1, waiting=told.append):
        pass
    assert told == []


@pytest.mark.slow  # a build behind a lock held for 0.4 s
def test_maguyva_index_behind_another_build_says_once_that_it_waits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    from maguyva_tui import cli

    monkeypatch.setattr(lock, "WAIT_TOLD_S", 0.1)
    root, base = tmp_path / "repo", tmp_path / "ix"
    root.mkdir()
    (root / "a.py").write_text("def waited_for():\n    return 1\n")
    held = threading.Event()

    def other_build() -> None:
        with index_lock(index_folder(root, base)):
            held.set()
            time.sleep(0.4)

    other = threading.Thread(target=other_build)
    other.start()
    held.wait(5)
    assert cli.main(["index", str(root), "--no-semantic", "--index-dir", str(base)]) == 0
    other.join()
    said = [line for line in capsys.readouterr().err.splitlines() if "waiting" in line]
    assert len(said) == 1, said
    assert said[0].startswith(f"maguyva: another build of this index (pid {os.getpid()}: ")
    assert said[0].endswith("is writing it; waiting for it to finish (Ctrl-C stops waiting)")
