"""A stored generation's BM25 hits are read from the facts' chunk columns (a file's first row
plus the hit's index), not from each file's whole stored row: the chunks are those the rows
decode to, every one of them."""

from __future__ import annotations

import numpy as np
import pytest

from maguyva_tui.core.chunk_words import open_index
from maguyva_tui.core.indexer import update_index
from maguyva_tui.core.store.facts_files import StoredRows
from maguyva_tui.core.store.snapshot import Snapshot
from maguyva_tui.core.types import Chunk
from tests.core.test_text_tokens import _write_repo


@pytest.fixture(scope="module")
def snapshot(tmp_path_factory: pytest.TempPathFactory) -> Snapshot:
    root = tmp_path_factory.mktemp("repo")
    _write_repo(root, 5, files=30)
    (root / "empty.py").write_text("")
    return Snapshot.load(update_index(root, tmp_path_factory.mktemp("index"))[0].folder)


def _from_rows(snapshot: Snapshot, path: str, index: int) -> Chunk:
    """A chunk as a file's whole stored row decodes it."""
    return Chunk(path, *snapshot.facts.rows[path][1][index])


def test_every_chunk_is_its_stored_row(snapshot: Snapshot) -> None:
    assert isinstance(snapshot.facts.rows, StoredRows)
    index = open_index(snapshot)
    numbers = np.arange(index.size)
    owners = index._owners[numbers]
    chunks = index.chunks(numbers)
    assert len(chunks) == index.size > 30
    for chunk, (_, k) in zip(chunks, owners.tolist()):
        assert chunk == _from_rows(snapshot, chunk.path, k)
    assert [c.path for c in chunks] == sorted(c.path for c in chunks)  # files in order, each chunk once
    assert len(set(chunks)) == len(chunks)
    shuffled = np.random.default_rng(3).permutation(index.size)
    assert index.chunks(shuffled) == [chunks[n] for n in shuffled.tolist()]


def test_hits_read_no_whole_row(snapshot: Snapshot, monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(self: StoredRows, path: str) -> None:
        raise AssertionError(f"{path}'s whole row read")

    index = open_index(snapshot)
    monkeypatch.setattr(StoredRows, "__getitem__", refused)
    found = index.search(["widget", "draw"], 20)
    assert found and all(m.chunk.path for m in found)
