"""Files with other names (hard links) are watched one by one up to a bound; past it none is, and
every question stats them, as for a symbolic link."""

from __future__ import annotations

import os
from pathlib import Path
from types import SimpleNamespace

import pytest

from maguyva_tui.resident import watch
from maguyva_tui.resident.watch import WatchedFreshness


def _snapshot(root: Path) -> SimpleNamespace:
    files = {}
    for path in sorted(root.rglob("*.py")):
        st = path.stat()
        rel = path.relative_to(root).as_posix()
        files[rel] = SimpleNamespace(path=rel, size=st.st_size, mtime_ns=st.st_mtime_ns, inode=st.st_ino,
                                     ctime_ns=st.st_ctime_ns)
    return SimpleNamespace(root=root, files=files, manifest=SimpleNamespace(files=list(files.values())))


@pytest.mark.parametrize(("bound", "watched"), [(3, True), (2, False)])
def test_linked_files_are_watched_up_to_the_bound(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, bound: int,
                                                  watched: bool) -> None:
    monkeypatch.setattr(watch, "LINKED_WATCHED_MAX", bound)
    (tmp_path / "repo").mkdir()
    (tmp_path / "copy").mkdir()
    for name in ("a.py", "b.py", "c.py"):
        (tmp_path / "repo" / name).write_text("x = 1\n")
        os.link(tmp_path / "repo" / name, tmp_path / "copy" / name)
    snapshot = _snapshot(tmp_path / "repo")
    fresh = WatchedFreshness(lambda: snapshot)  # type: ignore[arg-type,return-value]
    try:
        fresh.after_refresh(fresh.before_refresh())
        assert fresh.watching is watched and not fresh.stale()
        with open(tmp_path / "copy" / "c.py", "a") as other:  # through the other name: seen either way
            other.write("y = 2\n")
        assert fresh.stale()
    finally:
        fresh.close()
