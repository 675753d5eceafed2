"""The child that compares a fresh process's indexed files with the disk is forked as soon as the
generation's file table is read (``indexer.open_unchanged``, ``Snapshot.load``'s ``read``), before
the postings, facts and centrality are opened: it stats on the other core meanwhile (issue 19:
100,000 files, forked at ~135 ms of the main process's CPU instead of ~235). It still catches a
changed file, and a child whose generation is not opened after all is ended and reaped."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.store import snapshot, walk_stamp
from tests.core.test_first_answer import _repo

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the child is forked on Linux only")


@pytest.fixture
def events(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """What happened, in order: "fork" (with the child after it), "postings" (the trigram index
    opened), "facts" (the facts opened)."""
    seen: list[object] = []
    aside, postings, facts = walk_stamp._files_aside, snapshot.TrigramIndex.load, snapshot.load_facts

    def forked(*args: object, **kwargs: object) -> object:
        child = aside(*args, **kwargs)  # type: ignore[arg-type]
        seen.extend(["fork", child])
        return child

    def opened_postings(*args: object, **kwargs: object) -> object:
        seen.append("postings")
        return postings(*args, **kwargs)

    def opened_facts(*args: object, **kwargs: object) -> object:
        seen.append("facts")
        return facts(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(walk_stamp, "_files_aside", forked)
    monkeypatch.setattr(snapshot.TrigramIndex, "load", opened_postings)
    monkeypatch.setattr(snapshot, "load_facts", opened_facts)
    # the suite's other tests leave idle threads behind; the child only stats, so forks here all the same
    monkeypatch.setattr(walk_stamp, "_may_fork", lambda: True)
    return seen


def _paths(engine: Engine, text: str) -> list[str]:
    return sorted({r.path for r in engine.search(text, modality="text").results})


def test_the_child_is_forked_before_the_rest_of_the_generation_is_opened(tmp_path: Path, events: list[object]) -> None:
    root = _repo(tmp_path)
    Engine(root, tmp_path / "index", static=False).refresh(semantic=False)
    events.clear()
    assert _paths(Engine(root, tmp_path / "index", static=False), "ALPHA") == ["pkg/a.py"]
    names = [e for e in events if isinstance(e, str)]
    assert names[:3] == ["fork", "postings", "facts"]  # the stats compared while the rest opens


def test_the_early_child_still_finds_an_edit_in_place(tmp_path: Path, events: list[object]) -> None:
    root = _repo(tmp_path)
    Engine(root, tmp_path / "index", static=False).refresh(semantic=False)
    target = root / "pkg" / "a.py"
    before = target.stat()
    target.write_text("OMEGA = 1\n")  # same size, its time put back: only its status-change time moves
    os.utime(target, ns=(before.st_atime_ns, before.st_mtime_ns))
    events.clear()
    engine = Engine(root, tmp_path / "index", static=False)
    assert _paths(engine, "OMEGA") == ["pkg/a.py"] and _paths(engine, "ALPHA") == []
    assert events[0] == "fork"


def test_a_child_whose_generation_does_not_open_is_ended_and_reaped(tmp_path: Path, events: list[object]) -> None:
    root = _repo(tmp_path)
    first = Engine(root, tmp_path / "index", static=False)
    first.refresh(semantic=False)
    generation = first.snapshot.generation
    assert generation is not None
    for damaged in generation.glob("trigram*"):
        damaged.write_bytes(b"damaged")  # read after the file table: the generation cannot open
    events.clear()
    engine = Engine(root, tmp_path / "index", static=False)
    assert _paths(engine, "ALPHA") == ["pkg/a.py"]  # rebuilt, and answered
    child = events[events.index("fork") + 1]
    assert isinstance(child, walk_stamp._Child)
    with pytest.raises(ChildProcessError):  # reaped: no zombie left behind
        os.waitpid(child._pid, os.WNOHANG)
