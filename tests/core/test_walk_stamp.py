"""The walk stamp (``core/store/walk_stamp.py``): an unchanged repository answers without a walk,
and every change a walk would find is still found (issue 19: a search on 100,000 files in 1 s)."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from maguyva_tui.core import indexer
from maguyva_tui.core.indexer import index_folder, update_index
from maguyva_tui.core.retrievers.text import TextRetriever
from maguyva_tui.core.store import walk_stamp
from maguyva_tui.core.store.format import current_generation
from maguyva_tui.core.types import Query

HOUR_NS = 3600 * 10**9


def _age(root: Path) -> None:
    """Set every folder's and file's times an hour back (a tree written long before the walk)."""
    past = time.time_ns() - HOUR_NS
    for folder, _, files in os.walk(root):
        for name in files:
            os.utime(os.path.join(folder, name), ns=(past, past), follow_symlinks=False)
        os.utime(folder, ns=(past, past))


@pytest.fixture
def walks(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the walks the indexer makes."""
    count: list[int] = []
    real = indexer.walk

    def counted(*args: object, **kwargs: object) -> Iterator[object]:
        count.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(indexer, "walk", counted)
    monkeypatch.setattr(walk_stamp, "RACY_NS", 0)  # files written a moment ago are settled here
    return count


def _repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / "pkg" / "deep").mkdir(parents=True)
    (root / "pkg" / "deep" / "a.py").write_text("ALPHA = 1\n")
    (root / "b.py").write_text("BETA = 2\n")
    (root / "blob.dat").write_bytes(b"\0\1\2 GAMMA_IN_BINARY")
    (root / ".gitignore").write_text("*.log\n.gitignore\n")
    (root / "debug.log").write_text("DELTA_IN_LOG = 1\n")
    _age(root)
    return root


def _found(root: Path, literal: str) -> list[str]:
    snapshot, _ = update_index(root)
    return sorted(h.path for h in TextRetriever(snapshot).search(Query(literal), 50))


def test_an_unchanged_repository_answers_without_a_walk(tmp_path: Path, walks: list[int]) -> None:
    root = _repo(tmp_path)
    first, _ = update_index(root)
    assert len(walks) == 1
    again, summary = update_index(root)
    assert len(walks) == 1 and again.generation == first.generation
    assert summary.files == 2 and summary.skipped == first.manifest.skipped and summary.skipped["binary"] == 1


def test_an_edit_in_place_with_its_time_put_back_is_found(tmp_path: Path, walks: list[int]) -> None:
    root = _repo(tmp_path)
    update_index(root)
    target = root / "pkg" / "deep" / "a.py"
    before = target.stat()
    target.write_text("OMEGA = 1\n")  # same size; the folder's time does not move
    os.utime(target, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert _found(root, "OMEGA") == ["pkg/deep/a.py"] and len(walks) == 2


@pytest.mark.parametrize("change", ["added deep", "removed", "renamed", "new folder"])
def test_files_added_removed_or_renamed_are_found(tmp_path: Path, walks: list[int], change: str) -> None:
    root = _repo(tmp_path)
    update_index(root)
    if change == "added deep":
        (root / "pkg" / "deep" / "c.py").write_text("ALPHA_TOO = 3\n")
        assert _found(root, "ALPHA") == ["pkg/deep/a.py", "pkg/deep/c.py"]
    elif change == "removed":
        (root / "pkg" / "deep" / "a.py").unlink()
        assert _found(root, "ALPHA") == []
    elif change == "renamed":
        (root / "pkg" / "deep" / "a.py").rename(root / "pkg" / "deep" / "z.py")
        assert _found(root, "ALPHA") == ["pkg/deep/z.py"]
    else:
        (root / "pkg" / "deep" / "new").mkdir()
        (root / "pkg" / "deep" / "new" / "n.py").write_text("ALPHA_NEW = 1\n")
        assert _found(root, "ALPHA_NEW") == ["pkg/deep/new/n.py"]
    assert len(walks) == 2


def test_changes_to_files_not_indexed_are_found(tmp_path: Path, walks: list[int]) -> None:
    root = _repo(tmp_path)
    update_index(root)
    (root / ".gitignore").write_text(".gitignore\n")  # ignored itself, yet its edit un-ignores debug.log
    assert _found(root, "DELTA_IN_LOG") == ["debug.log"]
    (root / "blob.dat").write_bytes(b"GAMMA_AS_TEXT = 1\n\n")  # the binary file is text now
    assert _found(root, "GAMMA_AS_TEXT") == ["blob.dat"]
    (root / ".git" / "info").mkdir(parents=True)
    (root / ".git" / "info" / "exclude").write_text("b.py\n")  # git's exclude file, outside the walk
    assert _found(root, "BETA") == []
    assert len(walks) == 4


def test_a_folder_changed_just_before_the_walk_is_walked_until_a_walk_stamps_it(
    tmp_path: Path, walks: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _repo(tmp_path)
    os.utime(root / "pkg", ns=(time.time_ns(), time.time_ns()))  # "now": a change could share its tick
    monkeypatch.setattr(walk_stamp, "RACY_NS", HOUR_NS // 2)
    update_index(root)
    assert not walk_stamp.trusted(walk_stamp.read_stamp(current_generation(index_folder(root))))
    update_index(root)
    assert len(walks) == 2  # not vouched for: walked again (nothing changed: the same generation)
    monkeypatch.setattr(walk_stamp, "RACY_NS", 0)  # time passed
    update_index(root)  # walks, finds nothing changed, stamps anew
    update_index(root)
    assert len(walks) == 3


def test_a_broken_link_leaves_the_walk_unvouched_for(tmp_path: Path, walks: list[int]) -> None:
    """Stamped (a live index watches the folders it listed), marked unsound: every search walks."""
    root = _repo(tmp_path)
    (root / "dangling.py").symlink_to(root / "pkg" / "later.py")
    update_index(root)
    gen = current_generation(index_folder(root))
    stamp = walk_stamp.read_stamp(gen)
    assert stamp is not None and stamp["unsound"] == "broken_symlink: dangling.py"
    assert ["dangling.py", *walk_stamp.MISSING] in stamp["watched"]
    assert walk_stamp.check_stamp(gen, root, [], stamp["max_bytes"]) is False  # the next search walks
    (root / "pkg" / "later.py").write_text("LATER = 1\n")
    assert _found(root, "LATER") == ["pkg/later.py"]  # the link, mended, is its target's duplicate


def test_a_folder_touched_with_nothing_changed_is_walked_once(tmp_path: Path, walks: list[int]) -> None:
    root = _repo(tmp_path)
    first, _ = update_index(root)
    os.utime(root / "pkg", ns=(time.time_ns() - HOUR_NS // 2, time.time_ns() - HOUR_NS // 2))
    again, _ = update_index(root)
    assert len(walks) == 2 and again.generation == first.generation  # walked: nothing new to index
    update_index(root)
    assert len(walks) == 2  # the walk stamped the folder's new time


def test_an_ignore_file_above_the_root_is_watched(tmp_path: Path, walks: list[int]) -> None:
    """A root below its work tree's top reads the ``.gitignore`` files above it: one written there
    after the index is found, not answered from the stamp."""
    top = tmp_path / "top"
    (top / ".git").mkdir(parents=True)
    root = top / "pkg"
    root.mkdir()
    (root / "a.py").write_text("ALPHA = 1\n")
    (root / "debug.log").write_text("DELTA_IN_LOG = 1\n")
    _age(top)
    assert _found(root, "DELTA_IN_LOG") == ["debug.log"]
    (top / ".gitignore").write_text("*.log\n")
    assert _found(root, "DELTA_IN_LOG") == [] and len(walks) == 2


def test_a_nested_repositorys_exclude_file_is_watched(tmp_path: Path, walks: list[int]) -> None:
    """The ``info/exclude`` of a repository nested in the root, written after the index, is found."""
    root = tmp_path / "repo"
    (root / "lib" / ".git" / "info").mkdir(parents=True)
    (root / "lib" / "a.py").write_text("ALPHA = 1\n")
    _age(root)
    assert _found(root, "ALPHA") == ["lib/a.py"]
    (root / "lib" / ".git" / "info" / "exclude").write_text("a.py\n")
    assert _found(root, "ALPHA") == [] and len(walks) == 2
