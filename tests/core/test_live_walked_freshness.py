"""A live index (the MCP server's, the explorer's, a resident server's) sees what its walk saw
beside the indexed files: a file added in a folder that holds none, git's exclude file edited, a
file skipped as too large that shrinks back. Each had left the index stale until an unrelated edit,
where ``maguyva search`` run in process (it checks the walk stamp) answered right."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.live import LiveIndex
from maguyva_tui.core.walk import MAX_FILE_BYTES
from maguyva_tui.resident.watch import WatchedFreshness


def _repo(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    (repo / "pkg").mkdir(parents=True)
    (repo / "pkg" / "core.py").write_text("def core():\n    return 1\n")
    (repo / "other").mkdir()
    (repo / "other" / "util.py").write_text("def util():\n    return 2\n")
    (repo / ".git" / "info").mkdir(parents=True)
    (repo / ".git" / "info" / "exclude").write_text("# git ls-files --others --exclude-from=.git/info/exclude\n")
    return repo


@pytest.fixture(params=["stat", "inotify"])
def live(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[LiveIndex]:
    """A live index on a small repository, checked by stat before every question (the MCP server,
    the explorer) or after inotify saw a change (a resident server)."""
    engine = Engine(_repo(tmp_path), tmp_path / "ix")
    watched = None
    if request.param == "inotify":
        watched = WatchedFreshness(lambda: engine.snapshot if engine.index_folder is not None else None)
    index = LiveIndex(engine, embed=False, freshness=watched)
    index.refresh()
    index.refresh_if_stale()
    assert not index.is_stale()
    yield index
    index.close(wait=0)
    if watched is not None:
        watched.close()


def _files(index: LiveIndex) -> set[str]:
    return set(index.engine.snapshot.files)


def test_a_file_added_in_a_folder_made_since_is_seen(live: LiveIndex) -> None:
    (live.root / "newpkg").mkdir()
    assert live.is_stale()
    live.refresh_if_stale()
    assert not live.is_stale()  # the new folder is known by the time the walk read before listing it
    (live.root / "newpkg" / "mod.py").write_text("def brand_new():\n    return 3\n")
    assert live.is_stale()
    assert live.refresh_if_stale()
    assert "newpkg/mod.py" in _files(live)


def test_a_rule_added_to_and_removed_from_gits_exclude_file_is_seen(live: LiveIndex) -> None:
    exclude = live.root / ".git" / "info" / "exclude"
    with open(exclude, "a") as handle:  # in place: no folder above an indexed file changes
        handle.write("other/\n")
    assert live.is_stale()
    live.refresh_if_stale()
    assert "other/util.py" not in _files(live)
    live.refresh_if_stale()  # the exclude file, first seen by the last refresh, is stamped now
    assert not live.is_stale()
    exclude.write_text(exclude.read_text().replace("other/\n", ""))
    assert live.is_stale()
    live.refresh_if_stale()
    assert "other/util.py" in _files(live)


def test_a_file_that_grew_too_large_and_shrank_back_is_indexed_again(live: LiveIndex) -> None:
    path = live.root / "pkg" / "core.py"
    small = path.read_text()
    path.write_text(small + "#" * MAX_FILE_BYTES + "\n")
    assert live.is_stale()
    live.refresh_if_stale()
    assert "pkg/core.py" not in _files(live)
    live.refresh_if_stale()  # the file, skipped for the first time, is stamped now
    assert not live.is_stale()
    path.write_text(small + "def shrunk():\n    return 4\n")
    os.utime(path)
    assert live.is_stale()
    live.refresh_if_stale()
    assert "pkg/core.py" in _files(live)


@pytest.mark.slow  # four refreshes on each of the two fixtures: about 1.5 s on 2 cores
@pytest.mark.parametrize("link", ["dangling", "loop"])
def test_a_file_added_in_a_folder_made_since_is_seen_beside_a_broken_link(live: LiveIndex, link: str) -> None:
    """A dangling link (or a loop) anywhere in the repository had left the walk without a stamp:
    the folders it listed were neither stat-ed nor watched, and a module written into a folder just
    made stayed unsearchable (diskcache with one dangling link, MCP and resident servers alike)."""
    target = live.root / "pkg" / "later.py"
    (live.root / "pkg" / "link.py").symlink_to(target if link == "dangling" else live.root / "pkg" / "link.py")
    live.refresh_if_stale()
    (live.root / "newpkg").mkdir()
    live.refresh_if_stale()
    (live.root / "newpkg" / "mod.py").write_text("def brand_new():\n    return 3\n")
    assert live.is_stale()
    assert live.refresh_if_stale()
    assert "newpkg/mod.py" in _files(live)
    if link == "dangling":
        assert not live.is_stale()
        target.write_text("def later():\n    return 5\n")  # the link is stat-ed through: its target appearing is a change
        assert live.is_stale()
        live.refresh_if_stale()
        assert "pkg/later.py" in _files(live) and "pkg/link.py" not in _files(live)  # mended: a duplicate
