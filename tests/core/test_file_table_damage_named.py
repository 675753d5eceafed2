"""A damaged file of the file table is named in the rebuild's notice: a flipped byte in
``files_hashes.npy`` had been reported as "files_table.npy: its digest differs", the digest covering
the table's six files together. Where a process vouched for them (``vouched.py``), the file written
since is named; where none did, the six are."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from maguyva_tui.core.indexer import index_folder, update_index
from maguyva_tui.core.store import vouched
from maguyva_tui.core.store.format import current_generation
from tests.core.test_open_vouched import TICK, _flip


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(vouched, "RACY_NS", 0)  # vouch for the fresh files of a test
    root = tmp_path / "repo"
    root.mkdir()
    (root / "a.py").write_text("FIRST_MARKER = 1\n")
    (root / "b.py").write_text("SECOND_MARKER = 2\n")
    update_index(root)
    return root


def test_a_damaged_hash_column_is_named(repo: Path) -> None:
    time.sleep(TICK)
    update_index(repo)  # hashes the table, finds it whole, vouches for its files
    time.sleep(TICK)
    _flip(current_generation(index_folder(repo)) / "files_hashes.npy", -1)  # the last file's content hash
    _, summary = update_index(repo)
    assert summary.rebuilt_because == "the index is corrupt (files_hashes.npy: its digest differs); rebuilding it"


def test_unvouched_files_are_named_together(repo: Path) -> None:
    _flip(current_generation(index_folder(repo)) / "files_hashes.npy", -1)
    _, summary = update_index(repo)
    assert summary.rebuilt_because == (
        "the index is corrupt (one of files_paths.bin, files_paths_offsets.npy, files_languages.bin, "
        "files_languages_offsets.npy, files_table.npy, files_hashes.npy: their digest differs); rebuilding it")
