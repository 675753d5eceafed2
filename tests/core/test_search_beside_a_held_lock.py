"""A question never waits forever for another process's build of its index.

Found by an outside tester (helper-248, 2026-12-05): a ``maguyva index`` stopped (``kill -STOP``) a
second into its update held the index's lock, and a ``maguyva search`` after an edit never returned
(``timeout 25``: rc 124, not a word). A question's update now waits
:data:`~maguyva_tui.core.indexer.ANSWER_WAIT_S` at most, then answers from the live generation with
one notice naming the other build (pid and command); a first build, with nothing to answer from,
goes on waiting, saying so.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from maguyva_tui.core import engine as engine_module
from maguyva_tui.core import indexer
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.indexer import index_folder, update_index
from maguyva_tui.core.live import LiveIndex
from maguyva_tui.core.store import lock
from maguyva_tui.core.store.lock import index_lock
from maguyva_tui.core.types import STALE_INDEX

BUSY = "another build of this index (pid {pid}"


def _repo(tmp_path: Path) -> tuple[Path, Path]:
    root, base = tmp_path / "repo", tmp_path / "ix"
    root.mkdir()
    (root / "a.py").write_text("def before_the_edit():\n    return 1\n")
    return root, base


def _edit(root: Path) -> None:
    (root / "b.py").write_text("def after_the_edit():\n    return 2\n")


@contextmanager
def _held(root: Path, base: Path) -> Iterator[None]:
    """The index's lock held as another build holds it (this process's own pid names it)."""
    with index_lock(index_folder(root, base)):
        yield


def _in_thread(work: object) -> tuple[threading.Thread, list[object]]:
    out: list[object] = []
    thread = threading.Thread(target=lambda: out.append(work()), daemon=True)  # type: ignore[operator]
    thread.start()
    return thread, out


def test_an_update_behind_another_build_answers_from_the_live_index_and_names_it(tmp_path: Path) -> None:
    root, base = _repo(tmp_path)
    update_index(root, base)
    _edit(root)
    with _held(root, base):
        thread, out = _in_thread(lambda: update_index(root, base, lock_wait=0.1))
        thread.join(5)
        assert not thread.is_alive(), "the update waited for the other build past its bound"
    snapshot, summary = out[0]  # type: ignore[misc]
    assert "b.py" not in snapshot.files  # the live generation as it was: nothing half-written read
    assert summary.stale_because.startswith(f"{STALE_INDEX}: {BUSY.format(pid=os.getpid())}: ")
    assert summary.stale_because.endswith("may miss the latest edits until that build ends")
    assert summary.unwritten == 1


def test_a_first_build_behind_another_keeps_waiting_and_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                               ) -> None:
    monkeypatch.setattr(lock, "WAIT_TOLD_S", 0.0)
    root, base = _repo(tmp_path)
    told: list[str] = []
    with _held(root, base):
        thread, out = _in_thread(lambda: update_index(root, base, waiting=told.append, lock_wait=0.05))
        time.sleep(0.2)
        assert thread.is_alive() and not out  # no live generation to answer from: it waits
        assert len(told) == 1 and told[0].startswith(BUSY.format(pid=os.getpid()))
    thread.join(10)
    snapshot, summary = out[0]  # type: ignore[misc]
    assert "a.py" in snapshot.files and summary.stale_because is None


def test_maguyva_index_waits_for_the_other_build_beyond_a_question_s_bound(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(indexer, "ANSWER_WAIT_S", 0.05, raising=False)
    monkeypatch.setattr(engine_module, "ANSWER_WAIT_S", 0.05, raising=False)
    root, base = _repo(tmp_path)
    update_index(root, base)
    _edit(root)
    with _held(root, base):
        thread, out = _in_thread(lambda: update_index(root, base))  # no bound: maguyva index's
        time.sleep(0.2)
        assert thread.is_alive() and not out
    thread.join(10)
    assert "b.py" in out[0][0].files  # type: ignore[index]


def test_a_search_after_an_edit_answers_with_a_notice(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine_module, "ANSWER_WAIT_S", 0.1, raising=False)
    root, base = _repo(tmp_path)
    update_index(root, base)
    _edit(root)
    engine = Engine(root, base, static=False)
    with _held(root, base):
        thread, out = _in_thread(lambda: engine.search("before_the_edit", modality="text"))
        thread.join(5)
        assert not thread.is_alive(), "the search waited for the other build past its bound"
    result = out[0]
    assert [r.path for r in result.results] == ["a.py"]  # type: ignore[attr-defined]
    busy = [n for n in result.notices if BUSY.format(pid=os.getpid()) in n]  # type: ignore[attr-defined]
    assert len(busy) == 1 and busy[0].startswith(STALE_INDEX)
    after = Engine(root, base, static=False).search("after_the_edit", modality="text")  # the next maguyva search
    assert [r.path for r in after.results] == ["b.py"]
    assert not [n for n in after.notices if "another build" in n]


def test_a_live_index_s_question_answers_with_a_notice_and_the_next_one_updates(tmp_path: Path,
                                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(indexer, "ANSWER_WAIT_S", 0.1, raising=False)  # read at call time by refresh_if_stale
    root, base = _repo(tmp_path)
    update_index(root, base)
    live = LiveIndex(Engine(root, base, static=False), embed=False)  # an MCP server's, a resident server's
    live.open()
    live.refresh()
    _edit(root)
    with _held(root, base):
        thread, out = _in_thread(live.refresh_if_stale)
        thread.join(5)
        assert not thread.is_alive(), "an MCP question waited for the other build past its bound"
    assert out == [False]
    assert any(BUSY.format(pid=os.getpid()) in n for n in live.engine.notices_for_search())
    assert live.is_stale()  # the edit (a new file) is still to index: the next question tries again
    assert live.refresh_if_stale() is True
    assert not any("another build" in n for n in live.engine.notices_for_search())


@pytest.mark.slow  # a real maguyva index stopped with SIGSTOP while it holds the lock, and a search's 3 s bound
def test_a_search_beside_a_stopped_maguyva_index_answers(tmp_path: Path) -> None:
    root, base = _repo(tmp_path)
    for n in range(300):  # an update long enough to be caught holding the lock
        (root / f"m{n}.py").write_text("".join(f"def f{n}_{i}(x):\n    return x + {i}\n\n" for i in range(40)))
    env = dict(os.environ, MAGUYVA_NO_SERVER="1")
    command = [sys.executable, "-m", "maguyva_tui", "index", str(root), "--no-semantic", "--index-dir", str(base)]
    subprocess.run(command, env=env, check=True, capture_output=True)
    for n in range(300):
        (root / f"m{n}.py").write_text((root / f"m{n}.py").read_text() + "\n# touched\n")
    build = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        named = index_folder(root, base) / "LOCK"
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and named.read_text().strip() != str(build.pid):
            time.sleep(0.005)
        os.kill(build.pid, signal.SIGSTOP)
        assert named.read_text().strip() == str(build.pid), "the build finished before it could be stopped"
        _edit(root)
        started = time.monotonic()
        searched = subprocess.run([sys.executable, "-m", "maguyva_tui", "search", "--repo", str(root), "--index-dir",
                                   str(base), "def before_the_edit"], env=env, capture_output=True, text=True,
                                  timeout=60)
        took = time.monotonic() - started
    finally:
        os.kill(build.pid, signal.SIGCONT)
        build.wait(60)
    assert searched.returncode == 0, searched.stderr
    assert "a.py:1" in searched.stdout and took < 20
    said = [line for line in searched.stderr.splitlines() if "another build" in line]
    assert len(said) == 1, searched.stderr
    assert f"(pid {build.pid}: " in said[0] and " index " in said[0] and "Traceback" not in searched.stderr
