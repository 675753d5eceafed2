"""The index store under hostile conditions: odd folder names, full disks, read-only or shared
indexes, swapped files and planted links (issue 18, robustness round 2)."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from maguyva_tui.core import indexer
from maguyva_tui.core.embed.store import VectorStore
from maguyva_tui.core.indexer import index_folder, update_index
from maguyva_tui.core.retrievers.text import TextRetriever
from maguyva_tui.core.semantic_index import semantic_folder
from maguyva_tui.core.store.format import current_generation
from maguyva_tui.core.store.snapshot import Snapshot
from maguyva_tui.core.walk import Candidate, WalkReport, read_source, walk


def _repo(root: Path, files: dict[str, str]) -> Path:
    """Write a tiny repository."""
    root.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def _lines(snapshot: Snapshot, literal: str) -> set[tuple[str, int]]:
    return {(m.path, m.line) for m in TextRetriever(snapshot).literal_lines(literal)}


# -- 9. the index folder's name ------------------------------------------------------------------


def test_a_repository_name_of_250_bytes_gets_an_index(tmp_path: Path) -> None:
    root = _repo(tmp_path / ("r" * 250), {"a.py": "LONG_NAME_MARKER = 1\n"})
    snapshot, _ = update_index(root)
    assert _lines(snapshot, "LONG_NAME_MARKER") == {("a.py", 1)}
    assert len(os.fsencode(index_folder(root).name)) <= 100


def test_a_repository_name_that_is_not_utf8_gets_an_index(tmp_path: Path) -> None:
    root = _repo(tmp_path / os.fsdecode(b"caf\xe9\x1b[31m"), {"a.py": "LATIN1_MARKER = 1\n"})
    snapshot, _ = update_index(root)
    assert _lines(snapshot, "LATIN1_MARKER") == {("a.py", 1)}
    name = index_folder(root).name
    assert name.isprintable() and name.encode("utf-8")  # no escape byte, no lone surrogate
    assert index_folder(root) != index_folder(tmp_path / os.fsdecode(b"caf\xe8\x1b[31m"))  # hashed on the bytes


# -- 13. an index inside the repository ----------------------------------------------------------


def test_an_index_inside_the_repository_never_indexes_itself(tmp_path: Path, monkeypatch) -> None:
    root = _repo(tmp_path / "repo", {"a.py": "SELF_MARKER = 1\n"})
    monkeypatch.setenv("MAGUYVA_INDEX_DIR", str(root / ".index"))
    update_index(root)
    snapshot, _ = update_index(root)  # the second walk meets the first build's content.bin
    assert set(snapshot.files) == {"a.py"}
    assert _lines(snapshot, "SELF_MARKER") == {("a.py", 1)}
    assert "ignored" not in snapshot.manifest.skipped  # left out silently, not counted


def test_an_index_base_that_is_the_repository_itself_is_skipped(tmp_path: Path) -> None:
    root = _repo(tmp_path / "repo", {"a.py": "BASE_MARKER = 1\n"})
    update_index(root, root)  # --index-dir pointing at the repository itself
    snapshot, _ = update_index(root, root)
    assert set(snapshot.files) == {"a.py"}


# -- 12. what tells a file changed ---------------------------------------------------------------


def _same_times(*paths: Path) -> None:
    """Give files one modification time, as tar and zip extraction do."""
    for path in paths:
        os.utime(path, ns=(1_600_000_000_000_000_000, 1_600_000_000_000_000_000))


def test_two_files_of_one_size_and_time_swapped_with_mv_are_seen(tmp_path: Path) -> None:
    root = _repo(tmp_path / "repo", {"a.py": "ALPHA_ONE = 1\n", "b.py": "BRAVO_TWO = 2\n"})
    _same_times(root / "a.py", root / "b.py")
    update_index(root)
    os.rename(root / "a.py", root / "t.py")
    os.rename(root / "b.py", root / "a.py")
    os.rename(root / "t.py", root / "b.py")  # mv keeps each file's size and time
    snapshot, _ = update_index(root)
    assert _lines(snapshot, "ALPHA_ONE") == {("b.py", 1)}
    assert _lines(snapshot, "BRAVO_TWO") == {("a.py", 1)}


def test_a_same_size_edit_with_its_time_put_back_is_seen(tmp_path: Path) -> None:
    root = _repo(tmp_path / "repo", {"a.py": "OLD_VALUE = 1\n"})
    _same_times(root / "a.py")
    update_index(root)
    (root / "a.py").write_text("NEW_VALUE = 2\n")
    _same_times(root / "a.py")  # touch -r: the time is what it was
    snapshot, _ = update_index(root)
    assert _lines(snapshot, "NEW_VALUE") == {("a.py", 1)} and not _lines(snapshot, "OLD_VALUE")


def test_an_index_of_an_older_manifest_row_is_reused_without_reparsing(tmp_path: Path) -> None:
    root = _repo(tmp_path / "repo", {"a.py": "def kept():\n    return 1\n"})
    update_index(root)
    gen = current_generation(index_folder(root))
    manifest = json.loads((gen / "manifest.json").read_text())
    manifest["files"] = [row[:8] for row in manifest["files"]]  # rows written before inode and ctime
    (gen / "manifest.json").write_text(json.dumps(manifest))
    snapshot, summary = update_index(root)
    assert summary.rebuilt_because is None and summary.parsed == 0
    _, summary = update_index(root)
    assert summary.parsed == 0 and summary.reused == 1


# -- 21. a file swapped for a link between the walk and the read ---------------------------------


def test_a_file_swapped_for_a_link_after_the_walk_is_not_read(tmp_path: Path, monkeypatch) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("SECRET_MARKER = 1\n")
    root = _repo(tmp_path / "repo", {"a.py": "PLAIN = 1\n", "b.py": "OTHER = 1\n"})
    real_walk = indexer.walk

    def walk_then_swap(*args: object, **kwargs: object) -> Iterator[Candidate]:
        found = list(real_walk(*args, **kwargs))  # type: ignore[arg-type]
        (root / "a.py").unlink()
        (root / "a.py").symlink_to(secret)
        return iter(found)

    monkeypatch.setattr(indexer, "walk", walk_then_swap)
    snapshot, summary = update_index(root)
    assert not _lines(snapshot, "SECRET_MARKER")
    assert set(snapshot.files) == {"b.py"} and summary.skipped == {"vanished": 1}


def test_a_link_inside_the_root_retargeted_after_the_walk_is_not_read(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("SECRET_MARKER = 1\n")
    root = _repo(tmp_path / "repo", {"real.py": "LINKED = 1\n"})
    (root / "link.py").symlink_to(root / "real.py")
    report = WalkReport()
    found = {c.path: c for c in walk(root, report)}
    (root / "link.py").unlink()
    (root / "link.py").symlink_to(secret)
    assert read_source(found["link.py"], report) is None
    assert read_source(found["real.py"], report) is not None


# -- 22, 23. files of the index: never through a planted path, private whatever the umask ---------


def test_a_planted_current_tmp_link_is_never_written_through(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    root = _repo(tmp_path / "repo", {"a.py": "X = 1\n"})
    folder = index_folder(root)
    folder.mkdir(parents=True)
    (folder / f"CURRENT.{os.getpid()}.tmp").symlink_to(victim)
    snapshot, _ = update_index(root)
    assert victim.read_text() == "precious\n"
    assert set(snapshot.files) == {"a.py"} and current_generation(folder).is_dir()


def test_a_planted_lock_link_is_refused_not_followed(tmp_path: Path) -> None:
    root = _repo(tmp_path / "repo", {"a.py": "X = 1\n"})
    folder = index_folder(root)
    folder.mkdir(parents=True)
    (folder / "LOCK").symlink_to(tmp_path / "planted")
    with pytest.raises(OSError):
        update_index(root)
    assert not (tmp_path / "planted").exists()


def _modes(folder: Path) -> dict[str, int]:
    """Every path under a folder (and the folder) with its permission bits."""
    paths = [folder, *folder.rglob("*")]
    return {str(p.relative_to(folder.parent)): stat.S_IMODE(p.lstat().st_mode) for p in paths}


def test_index_folders_are_private_whatever_the_umask(tmp_path: Path) -> None:
    root = _repo(tmp_path / "repo", {"a.py": "PRIVATE = 1\n"})
    base = tmp_path / "cache" / "indexes"
    old = os.umask(0)
    try:
        snapshot, _ = update_index(root, base)
        store = VectorStore(semantic_folder(snapshot), "test:private:8", 8)
        store.add(["k"], np.ones((1, 8), np.float32))
        store.save()
    finally:
        os.umask(old)
    modes = _modes(base)
    loose = {p: oct(m) for p, m in modes.items() if m != (0o700 if (base.parent / p).is_dir() else 0o600)}
    assert not loose, loose
    assert any(p.endswith(".npz") for p in modes) and any(p.endswith("content.bin") for p in modes)
