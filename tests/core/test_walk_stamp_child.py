"""The forked child's comparison of the indexed files' stats (``walk_stamp._files_as_recorded`` with
``own_process``): each folder made the working one and each name stat-ed by a plain ``os.stat(name)``
(issue 19: the 100,000 stats were a search process's largest fixed cost; ``stat(name, dir_fd=fd)``
through a ``partial`` copied and parsed its keywords for each file). It must still see an edit in
place whose time is put back, a removal and a rename; run here in this process, the working folder
put back after."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from maguyva_tui.core.indexer import update_index
from maguyva_tui.core.store import walk_stamp

HOUR_NS = 3600 * 10**9


def _indexed(tmp_path: Path) -> tuple[Path, object]:
    root = tmp_path / "repo"
    (root / "pkg" / "deep").mkdir(parents=True)
    (root / "pkg" / "a.py").write_text("ALPHA = 1\n")
    (root / "pkg" / "deep" / "b.py").write_text("BETA = 2\n")
    (root / "pkg" / "z.py").write_text("ZETA = 3\n")  # pkg/'s files in two runs: a.py, then deep/b.py, then z.py
    (root / "top.py").write_text("TOP = 4\n")
    past = time.time_ns() - HOUR_NS
    for folder, _, files in os.walk(root):
        for name in files:
            os.utime(os.path.join(folder, name), ns=(past, past))
    snapshot, _ = update_index(root)
    return root.resolve(), snapshot.manifest.files


def _as_recorded(root: Path, files: object) -> bool:
    return walk_stamp._files_as_recorded(os.fspath(root) + os.sep, files, own_process=True)  # type: ignore[arg-type]


def test_the_childs_stats_are_plain_and_see_every_change(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the comparison moves the working folder; put back after
    root, files = _indexed(tmp_path)
    assert list(walk_stamp._runs(["a.py", "pkg/a.py", "pkg/deep/b.py", "pkg/z.py"])) == [
        ("", ["a.py"]), ("pkg/", ["a.py"]), ("pkg/deep/", ["b.py"]), ("pkg/", ["z.py"])]
    real, keyed = os.stat, []

    def stat(*args: object, **kwargs: object) -> os.stat_result:
        keyed.append(bool(kwargs))
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "stat", stat)
    assert _as_recorded(root, files)
    assert keyed == [False] * 4  # one plain stat a file, none with a folder's descriptor
    target = root / "pkg" / "deep" / "b.py"
    before = real(target)
    target.write_text("OMEGA = 9\n")  # same size, its time put back: its ctime tells
    os.utime(target, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert not _as_recorded(root, files)
    target.write_text("BETA = 2\n")
    os.utime(target, ns=(before.st_atime_ns, before.st_mtime_ns))
    files = update_index(root)[0].manifest.files
    assert _as_recorded(root, files)
    (root / "pkg" / "z.py").rename(root / "pkg" / "y.py")
    assert not _as_recorded(root, files)
    (root / "pkg" / "y.py").rename(root / "pkg" / "z.py")
    files = update_index(root)[0].manifest.files
    assert _as_recorded(root, files)
    (root / "top.py").unlink()
    assert not _as_recorded(root, files)
