"""What a command loads, not how fast: the index is mapped, not copied; an unchanged repository's
texts are not read; a literal never builds the semantic engine nor the symbol table; the semantic
engine is built without making any chunk's embedding text; a vector segment is mapped."""

from __future__ import annotations

import mmap
from pathlib import Path

import numpy as np
import pytest

import maguyva_tui.core.semantic_index as semantic_index
from maguyva_tui.core.embed.store import VectorStore
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.indexer import index_folder, update_index
from maguyva_tui.core.store.facts import FactsTable
from maguyva_tui.core.store.format import current_generation
from maguyva_tui.core.store.snapshot import Snapshot
from tests.core.test_semantic_tiers import WordProvider


def test_the_stored_texts_are_mapped_and_never_copied(polyglot: Path) -> None:
    snapshot, _ = update_index(polyglot)
    opened = Snapshot.load(snapshot.folder)
    assert isinstance(opened.blob(), mmap.mmap) and opened.blob() is opened.blob()
    path = next(iter(opened.files))
    entry = opened.files[path]
    assert opened.raw(path) == opened.blob()[entry.offset : entry.offset + entry.length]


def test_an_unchanged_repository_is_checked_without_reading_its_stored_texts(
    polyglot: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    update_index(polyglot)
    read: list[str] = []
    real = Snapshot.raw
    monkeypatch.setattr(Snapshot, "raw", lambda self, path: read.append(path) or real(self, path))
    _, summary = update_index(polyglot)
    assert summary.parsed == 0 and read == []


def test_a_content_file_changed_after_its_build_is_verified_file_by_file_and_repaired(polyglot: Path) -> None:
    snapshot, _ = update_index(polyglot)
    marker = "ConfigLoader"
    content = current_generation(index_folder(polyglot)) / "content.bin"
    data = content.read_bytes()
    at = data.index(marker.encode())
    content.write_bytes(data[:at] + b"X" + data[at + 1 :])  # a flipped byte: same size, a new mtime
    repaired, _ = update_index(polyglot)
    assert repaired.generation != snapshot.generation  # the damaged file was read from disk again
    assert repaired.raw("app/config.py").count(marker.encode()) == snapshot.raw("app/config.py").count(marker.encode())


def test_a_literal_search_builds_neither_the_semantic_engine_nor_the_symbol_table(
    polyglot: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = Engine(polyglot, provider=WordProvider("model"), static=False)
    first.refresh()
    first.search("config loader")  # records the generation's keys, as `maguyva index` does

    def refuse(*_: object) -> None:
        raise AssertionError("a literal search loaded more than the text engine")

    monkeypatch.setattr(Engine, "_semantic_on", refuse)
    monkeypatch.setattr(FactsTable, "symbol_rows", refuse)
    monkeypatch.setattr(semantic_index, "embedding_items", refuse)
    later = Engine(polyglot, provider=WordProvider("model"), static=False)  # a new process, as `maguyva search` is
    result = later.search('"ConfigLoader"')
    assert result.results and {r.path for r in result.results} >= {"app/config.py"}


def test_the_semantic_engine_is_built_without_making_any_embedding_text(
    polyglot: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = Engine(polyglot, provider=WordProvider("model"), static=False)
    first.refresh()
    first.embed_pending()
    expected = first.search("config loader", modality="semantic").results
    assert expected

    def refuse(*_: object) -> None:
        raise AssertionError("every chunk's embedding text was made again")

    monkeypatch.setattr(semantic_index, "embedding_items", refuse)
    later = Engine(polyglot, provider=WordProvider("model"), static=False)
    found = later.search("config loader", modality="semantic").results
    assert [(r.path, r.start_line) for r in found] == [(r.path, r.start_line) for r in expected]


def test_a_damaged_chunk_table_is_ignored_and_made_again(polyglot: Path) -> None:
    first = Engine(polyglot, provider=WordProvider("model"), static=False)
    first.refresh()
    first.embed_pending()
    expected = first.search("config loader", modality="semantic").results
    tables = list(semantic_index.semantic_folder(first.snapshot).glob(f"{semantic_index.CHUNKS_PREFIX}*.bin"))
    assert len(tables) == 1
    tables[0].write_bytes(tables[0].read_bytes()[:-3] + b"\xff\xff\xff")
    assert semantic_index.read_chunk_table(first.snapshot) is None
    later = Engine(polyglot, provider=WordProvider("model"), static=False)
    assert [r.path for r in later.search("config loader", modality="semantic").results] == [r.path for r in expected]
    assert semantic_index.read_chunk_table(later.snapshot) is not None


def test_a_lone_vector_segment_is_mapped_and_looked_up_without_a_row_per_key(tmp_path: Path) -> None:
    keys = [f"{i:032x}" for i in range(5000)]
    vectors = np.random.default_rng(7).standard_normal((len(keys), 16)).astype(np.float32)
    store = VectorStore(tmp_path, "p:m:16", 16)
    store.add(keys, vectors)
    store.save()
    again = VectorStore(tmp_path, "p:m:16", 16)
    assert isinstance(again.floats, np.memmap) and isinstance(again.codes, np.memmap)
    rows = again.lookup([keys[4321], "nope", keys[0], keys[0][:-1]])  # a key's prefix is no key
    assert rows.tolist() == [4321, -1, 0, -1]
    np.testing.assert_allclose(again.floats[4321], vectors[4321], rtol=1e-2, atol=1e-2)
    assert again.add(["fresh"], vectors[:1]) == 1 and again.lookup(["fresh", keys[1]]).tolist() == [5000, 1]
    assert not isinstance(again.floats, np.memmap)  # grown in memory once something is added
