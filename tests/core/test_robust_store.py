"""The index store under hostile conditions: odd folder names, full disks, read-only or shared
indexes, swapped files and planted links (issue 18, robustness round 2)."""

from __future__ import annotations

import os
from pathlib import Path

from maguyva_tui.core.indexer import index_folder, update_index
from maguyva_tui.core.retrievers.text import TextRetriever
from maguyva_tui.core.store.snapshot import Snapshot


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
