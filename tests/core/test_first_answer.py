"""A fresh engine's first question is answered while the indexed files' stats are compared in a
child process (``Engine._first_answer``, ``walk_stamp.check_stamp(aside=True)``): the answer
stands when nothing changed, and an edit the child finds is answered from the updated index."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from maguyva_tui.core import indexer
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.store import walk_stamp
from maguyva_tui.core.walk import walk

HOUR_NS = 3600 * 10**9


def _repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "a.py").write_text("ALPHA = 1\n")
    (root / "b.py").write_text("BETA = 2\n")
    past = time.time_ns() - HOUR_NS  # written long before the walk: every folder is vouched for
    for folder, _, files in os.walk(root):
        for name in files:
            os.utime(os.path.join(folder, name), ns=(past, past))
        os.utime(folder, ns=(past, past))
    return root


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Count the walks and the children that compare the files."""
    counts = {"walks": 0, "children": 0}
    aside = walk_stamp._files_aside

    def walked(*args: object, **kwargs: object) -> object:
        counts["walks"] += 1
        return walk(*args, **kwargs)  # type: ignore[arg-type]

    def forked(*args: object, **kwargs: object) -> object:
        counts["children"] += 1
        return aside(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(indexer, "walk", walked)
    monkeypatch.setattr(walk_stamp, "_files_aside", forked)
    # the suite's other tests leave idle threads behind; the child only stats, so forks here all the same
    monkeypatch.setattr(walk_stamp, "_may_fork", lambda: sys.platform.startswith("linux"))
    return counts


def _paths(engine: Engine, text: str) -> list[str]:
    return sorted({r.path for r in engine.search(text, modality="text").results})


def test_a_first_answer_stands_when_the_files_are_as_indexed(tmp_path: Path, counted: dict[str, int]) -> None:
    root = _repo(tmp_path)
    Engine(root, tmp_path / "index", static=False).refresh(semantic=False)
    assert counted["walks"] == 1
    assert _paths(Engine(root, tmp_path / "index", static=False), "ALPHA") == ["pkg/a.py"]
    assert counted["walks"] == 1  # answered without a walk
    assert counted["children"] == (1 if sys.platform.startswith("linux") else 0)


def test_an_edit_in_place_found_aside_is_answered_from_the_updated_index(
        tmp_path: Path, counted: dict[str, int]) -> None:
    root = _repo(tmp_path)
    Engine(root, tmp_path / "index", static=False).refresh(semantic=False)
    target = root / "pkg" / "a.py"
    before = target.stat()
    target.write_text("OMEGA = 1\n")  # same size, its time put back: only its status-change time moves
    os.utime(target, ns=(before.st_atime_ns, before.st_mtime_ns))
    engine = Engine(root, tmp_path / "index", static=False)
    assert _paths(engine, "OMEGA") == ["pkg/a.py"] and _paths(engine, "ALPHA") == []
    assert counted["walks"] == 2


def test_a_file_removed_before_the_first_answer_is_gone_from_it(tmp_path: Path, counted: dict[str, int]) -> None:
    root = _repo(tmp_path)
    Engine(root, tmp_path / "index", static=False).refresh(semantic=False)
    before = root.stat()
    (root / "b.py").unlink()
    os.utime(root, ns=(before.st_atime_ns, before.st_mtime_ns))  # its time put back; its status-change time moved
    assert _paths(Engine(root, tmp_path / "index", static=False), "BETA") == []
