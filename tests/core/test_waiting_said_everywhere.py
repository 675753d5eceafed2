"""Waiting for another build of the index is said wherever a front end waits, and timed as a wait.

Found by helper-260 (2026-12-05), after questions were bounded (e8682a6): a first ``maguyva
search`` behind a stopped ``maguyva index`` waited (rightly: nothing to answer from) without a word;
a search kept out of its update said "(after updating the index: 3.5 s)" of a wait that updated
nothing; a resident server's warm-up waited for the stopped build as long as it stayed stopped, and
its first search with it. The explorer's status line is tested in ``tests/app/test_waiting_status.py``.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from maguyva_tui import cli
from maguyva_tui.core import engine as engine_module
from maguyva_tui.core import indexer
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.indexer import index_folder, update_index
from maguyva_tui.core.live import LiveEvents, LiveIndex
from maguyva_tui.core.store import lock
from maguyva_tui.core.store.lock import index_lock

WAITING = "another build of this index (pid {pid}: "


def _repo(tmp_path: Path) -> tuple[Path, Path]:
    root, base = tmp_path / "repo", tmp_path / "ix"
    root.mkdir()
    (root / "a.py").write_text("def before_the_edit():\n    return 1\n")
    return root, base


@contextmanager
def _held_for(root: Path, base: Path, seconds: float, until: threading.Event | None = None) -> Iterator[None]:
    """The index's lock held by another build (a thread of this process, its pid named) for
    ``seconds``, or until ``until`` is set (at most 10 s)."""
    held = threading.Event()

    def other_build() -> None:
        with index_lock(index_folder(root, base)):
            held.set()
            if until is None:
                time.sleep(seconds)
            else:
                until.wait(10)

    other = threading.Thread(target=other_build, daemon=True)
    other.start()
    held.wait(5)
    try:
        yield
    finally:
        other.join(10)


@pytest.mark.slow  # a first build in process, the static tier filled (about 1.4 s)
def test_a_first_search_behind_another_build_says_once_that_it_waits(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(lock, "WAIT_TOLD_S", 0.0)
    monkeypatch.setenv("MAGUYVA_NO_SERVER", "1")
    root, base = _repo(tmp_path)
    told = threading.Event()  # the other build ends once the search has said that it waits
    say = cli._tell_waiting
    monkeypatch.setattr(cli, "_tell_waiting", lambda text: (say(text), told.set()))
    with _held_for(root, base, 0, until=told):
        status = cli.main(["search", "--repo", str(root), "--index-dir", str(base), "--modality", "text",
                           "before_the_edit"])
    out, err = capsys.readouterr()
    assert status == 0 and "a.py:1" in out
    said = [line for line in err.splitlines() if "another build" in line]
    assert len(said) == 1 and said[0].startswith(f"maguyva: {WAITING.format(pid=os.getpid())}"), err
    assert said[0].endswith("is writing it; waiting for it to finish (Ctrl-C stops waiting)")


def test_a_search_kept_out_by_another_build_says_it_waited_not_that_it_updated(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(engine_module, "ANSWER_WAIT_S", 0.1)
    root, base = _repo(tmp_path)
    update_index(root, base)
    (root / "a.py").write_text("def before_the_edit():\n    return 2\n")
    with index_lock(index_folder(root, base)):
        result = Engine(root, base, static=False).search("before_the_edit", modality="text")
    update = result.index_update
    assert update is not None and update.waited and update.files == 0 and update.ms >= 100
    assert json.loads(json.dumps(result.to_json()))["index_update"] == {
        "files": 0, "ms": update.ms, "built": False, "waited": True}
    cli._print_human(result)
    line = next(line for line in capsys.readouterr().out.splitlines() if " result" in line and " in " in line)
    assert " (after waiting for another build of the index: " in line and "updating" not in line


def test_a_live_index_tells_its_front_end_that_a_refresh_waits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                               ) -> None:
    monkeypatch.setattr(lock, "WAIT_TOLD_S", 0.0)
    root, base = _repo(tmp_path)
    update_index(root, base)
    (root / "b.py").write_text("def after_the_edit():\n    return 2\n")
    told: list[str] = []
    live = LiveIndex(Engine(root, base, static=False), embed=False, events=LiveEvents(waiting=told.append))
    with _held_for(root, base, 0.15):
        summary = live.refresh()  # a watcher's: waits as long as the other takes, then goes on
    assert summary.parsed == 1 and summary.stale_because is None
    assert len(told) == 1 and told[0].startswith(WAITING.format(pid=os.getpid()))
    assert "Ctrl-C" not in told[0]  # no terminal to press it at


def test_a_resident_server_s_warm_up_waits_for_another_build_as_a_question_does(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from maguyva_tui.resident.server import Server

    monkeypatch.setattr(indexer, "ANSWER_WAIT_S", 0.1)  # read when the warm-up runs
    monkeypatch.setenv("MAGUYVA_SERVER_FILL", "0")
    root, base = _repo(tmp_path)
    update_index(root, base)
    (root / "b.py").write_text("def after_the_edit():\n    return 2\n")
    server = Server(str(root), str(base), idle_s=600)
    warmed = threading.Thread(target=server.warm, daemon=True)
    with index_lock(index_folder(root, base)):
        warmed.start()
        warmed.join(5)
        assert not warmed.is_alive(), "the warm-up waited for the other build past a question's bound"
    notices = server.live.engine.notices_for_search()
    assert any(WAITING.format(pid=os.getpid()) in n for n in notices)
    assert server.live.is_stale()  # the next question updates the index
