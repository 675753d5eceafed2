"""The static fill's chunks and keys held as arrays (issue 19: build peak <= 2x the corpus).

A fill listed every chunk with its key (a ``Chunk`` and a 32-character string each, then a sort key
each and the chunk table's look-up of every chunk): +438 MB on 470,664 chunks. The table is now file
and place numbers and 16-byte digests in arrays, and a batch's chunks are made when it is embedded.
These tests compare it with the lists it replaced (kept here as the reference): the same chunks,
keys and order, the same chunk table and census bytes, the same vectors in the same rows.
"""

from __future__ import annotations

import gc
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from maguyva_tui.core import semantic_index
from maguyva_tui.core.embed import progressive
from maguyva_tui.core.embed.store import VectorStore, content_hash
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.indexer import update_index
from maguyva_tui.core.semantic_index import ChunkTexts, key_table, read_chunk_table, write_census, write_chunk_table
from maguyva_tui.core.store.snapshot import Snapshot
from maguyva_tui.core.types import Chunk
from tests.core.test_build_stream_memory import _repo


def _old_embedding_keys(snapshot: Snapshot, importance: Callable[[Chunk], float] | None) -> list[tuple[Chunk, str]]:
    """What the fill listed before: every chunk and its key, sorted by a tuple each."""
    pairs = [(chunk, content_hash(text)) for chunk, text in semantic_index._texts_in_path_order(snapshot)]
    chunks = [chunk for chunk, _ in pairs]
    order = list(range(len(chunks)))
    if importance is not None:
        order.sort(key=lambda i: (-importance(chunks[i]), chunks[i].symbol is None, chunks[i].path, chunks[i].start_line))
    return [pairs[i] for i in order]


def _centrality(snapshot: Snapshot) -> Callable[[Chunk], float]:
    return lambda chunk: snapshot.centrality.at(chunk.path, chunk.start_line, chunk.end_line)


IMPORTANCES: dict[str, Callable[[Snapshot], Callable[[Chunk], float] | None]] = {
    "centrality": _centrality,
    "ties": lambda _: lambda chunk: float(chunk.start_line % 3) - 1.0,  # many equal values, -0.0 among them
    "none": lambda _: None,
}


@pytest.mark.parametrize("name", sorted(IMPORTANCES))
def test_the_key_table_lists_the_chunks_and_keys_of_the_old_lists(polyglot: Path, tmp_path: Path, name: str) -> None:
    snapshot, _ = update_index(polyglot, tmp_path / "ix")
    importance = IMPORTANCES[name](snapshot)
    old = _old_embedding_keys(snapshot, importance)
    table = key_table(snapshot, importance)
    assert len(old) > 50
    assert list(table) == old
    assert table.chunks_at(list(range(len(table)))[::-1]) == [chunk for chunk, _ in reversed(old)]
    lazy, reference = ChunkTexts(snapshot, table), ChunkTexts(snapshot, [chunk for chunk, _ in old])
    assert list(lazy) == list(reference) and lazy[3] == reference[3] and lazy[2:5] == reference[2:5]


def _table_bytes(snapshot: Snapshot) -> bytes:
    return next((snapshot.folder / "semantic").glob("chunks-*.bin")).read_bytes()


def test_the_table_written_from_arrays_is_the_table_written_from_the_lists(tmp_path: Path) -> None:
    """Two equal chunks of a file are recorded at the first one's place, as the look-up of every
    chunk recorded them."""
    root = tmp_path / "repo"
    _repo(root, 9)
    snapshot, _ = update_index(root, tmp_path / "ix")
    rows = {path: snapshot.facts.rows[path] for path in snapshot.facts.rows}
    path = sorted(rows)[4]
    language, chunks, *rest = rows[path]
    chunks = tuple(chunks)
    rows[path] = (language, (*chunks, chunks[0], *chunks), *rest)  # the same chunks twice
    snapshot.facts.rows = rows
    importance = _centrality(snapshot)
    old = _old_embedding_keys(snapshot, importance)
    write_chunk_table(snapshot, old)
    before = _table_bytes(snapshot)
    table = key_table(snapshot, importance)
    assert list(table) == old and len(old) > len(chunks) * 9
    assert int(table.places.max()) < len(chunks)  # a copy is at its first place
    write_chunk_table(snapshot, table)
    assert _table_bytes(snapshot) == before
    found = read_chunk_table(snapshot)
    assert found is not None and list(found) == old


def test_the_census_written_from_digests_is_the_census_written_from_keys(polyglot: Path, tmp_path: Path) -> None:
    snapshot, _ = update_index(polyglot, tmp_path / "ix")
    keys = list(dict.fromkeys(key for _, key in _old_embedding_keys(snapshot, _centrality(snapshot))))
    write_census(snapshot, keys)
    census = next((snapshot.folder / "semantic").glob("keys-*.bin"))
    before = census.read_bytes()
    digests, first = semantic_index.distinct_digests(key_table(snapshot, _centrality(snapshot)).digests)
    assert len(digests) == len(keys) and first.tolist() == sorted(first.tolist())
    write_census(snapshot, digests)
    assert census.read_bytes() == before
    assert semantic_index.read_census(snapshot) == keys


def _rows(store: VectorStore) -> tuple[list[str], np.ndarray, np.ndarray]:
    """Every row's key, code and what the store keeps of its floats (the static tier's: its crowding)."""
    last = store.last_rows()
    assert last is not None
    return store._all_keys().tolist(), np.asarray(store.codes), last[np.arange(len(store))]


def test_a_fill_embeds_the_same_vectors_in_the_same_rows(
    polyglot: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fill from the table against the old one from the lists (``embed_keyed``), batches small."""
    twice = "def again(x):\n    return x + 1\n\n\n"
    (polyglot / "twice.py").write_text(twice + "VALUE = 1\n\n\n" + twice)  # two chunks of one key: embedded once
    monkeypatch.setattr(semantic_index, "STATIC_BATCH", 7)
    monkeypatch.setattr(semantic_index, "STATIC_SAVE_EVERY", 3)
    engine = Engine(polyglot)
    engine.refresh()
    provider, snapshot = engine._static_provider, engine.generation.snapshot
    assert provider is not None and engine.semantic_tiers()["static"] == 1.0
    new = semantic_index.open_static_store(snapshot, provider)
    old_pairs = _old_embedding_keys(snapshot, _centrality(snapshot))
    old = VectorStore(tmp_path / "old", provider.id, provider.dim, last=semantic_index.STATIC_LAST)
    texts = ChunkTexts(snapshot, [chunk for chunk, _ in old_pairs])
    report = progressive.embed_keyed(old, provider, [key for _, key in old_pairs], texts.texts, 7, save_every=3)
    assert len(dict.fromkeys(k for _, k in old_pairs)) < len(old_pairs) == len(read_chunk_table(snapshot) or ())
    assert report.embedded == len(new) == len(old) > 50
    new_keys, new_codes, new_last = _rows(semantic_index.open_static_store(snapshot, provider))
    old_keys, old_codes, old_last = _rows(VectorStore(tmp_path / "old", provider.id, provider.dim,
                                                      last=semantic_index.STATIC_LAST))
    assert new_keys == old_keys and new_codes.tobytes() == old_codes.tobytes()
    assert new_last.dtype == np.float32 and new_last.tobytes() == old_last.tobytes()


@pytest.mark.slow
def test_a_fill_holds_its_chunks_and_keys_as_arrays(tmp_path: Path) -> None:
    """What a fill lists before it embeds (:meth:`Engine._chunk_pairs`: the keys found, the chunk
    table and the census written) peaked at about 1,000 bytes a chunk as lists (a chunk, a key, a
    pair and a sort key each, then the table's look-up of every chunk, and the centrality table's
    look-ups of every file kept); as arrays, under 150."""
    root = tmp_path / "repo"
    for i in range(200):
        folder = root / f"pkg{i % 7}"
        folder.mkdir(parents=True, exist_ok=True)
        body = "".join(f"def helper_{i}_{j}(x):\n    return os.path.join(x, 'v{i}{j}')\n\n\n" for j in range(25))
        (folder / f"mod{i}.py").write_text("import os\n\n\n" + body)
    engine = Engine(root, static=False)
    engine.refresh()
    generation = engine.generation
    snapshot = generation.snapshot
    list(snapshot.chunks())  # the stored strings decoded once, as a build has them
    spans = [snapshot.centrality.files.get(path) for path in snapshot.facts.rows]  # the stored spans made once
    assert any(spans)
    gc.collect()
    tracemalloc.start()
    try:
        table = engine._chunk_pairs(generation)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(table) >= 5000 and read_chunk_table(snapshot) is not None
    assert semantic_index.read_census_digests(snapshot) is not None
    assert peak < 150 * len(table), peak / len(table)
