"""What a command loads, not how fast: the index is mapped, not copied; an unchanged repository's
texts are not read; a literal never builds the semantic engine nor the symbol table; the semantic
engine is built without making any chunk's embedding text, nor any chunk a question does not read;
a vector segment and the static tier's token table are mapped, and their rows read, not faulted in."""

from __future__ import annotations

import hashlib
import json
import mmap
from pathlib import Path

import numpy as np
import pytest

import maguyva_tui.core.semantic_index as semantic_index
from maguyva_tui.core.embed import static
from maguyva_tui.core.embed.static import StaticModel
from maguyva_tui.core.embed.store import VectorStore
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.indexer import index_folder, update_index
from maguyva_tui.core.store.facts import FactsTable
from maguyva_tui.core.store.format import current_generation
from maguyva_tui.core.store.snapshot import Snapshot
from tests.core.test_semantic_tiers import WordProvider


def test_the_stored_texts_are_compressed_and_filled_in_only_where_read(polyglot: Path) -> None:
    snapshot, _ = update_index(polyglot)
    opened = Snapshot.load(snapshot.folder)
    assert isinstance(opened.blob(), mmap.mmap) and opened.blob() is opened.blob()
    stored = (opened.generation / "content.bin").stat().st_size
    assert stored < opened.texts_size  # the texts compressed (table and footer included)
    path = next(iter(opened.files))
    entry = opened.files[path]
    span = slice(entry.offset, entry.offset + entry.length)
    assert opened.raw(path) and not any(opened.blob()[span])  # read apart: nothing filled in
    opened.ensure(span.start, span.stop)
    assert opened.blob()[span] == opened.raw(path) == (polyglot / path).read_bytes()
    last = max(opened.files.values(), key=lambda e: e.offset)
    assert not any(opened.blob()[last.offset : last.offset + last.length])  # a file never asked for: not filled


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
    at = len(data) // 4  # inside the compressed blocks
    content.write_bytes(data[:at] + bytes([data[at] ^ 0xFF]) + data[at + 1 :])  # same size, a new mtime
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


# -- the static tier's token table, the vector rows and the chunk table (issue 19) ------------------


def _resident_kb(path: Path) -> int:
    """The resident kB of every map of ``path`` in this process (``/proc/self/smaps``)."""
    total, inside = 0, False
    for line in Path("/proc/self/smaps").read_text().splitlines():
        head = line.split()
        if head and "-" in head[0] and len(head) >= 5 and not head[0].endswith(":"):
            inside = len(head) >= 6 and head[5] == str(path)
        elif inside and line.startswith("Rss:"):
            total += int(head[1])
    return total


needs_smaps = pytest.mark.skipif(not Path("/proc/self/smaps").exists(), reason="reads /proc/self/smaps")


def _table(rows: int = 30522, dim: int = 8) -> static.Derivation:
    rng = np.random.default_rng(5)
    return static.Derivation(rng.standard_normal((rows, dim)).astype(np.float32), np.zeros(384), np.eye(384)[:, :dim])


def _no_derivation(**_: object) -> static.Derivation:
    raise AssertionError("the token table was derived again")


def test_the_token_table_is_cached_as_float16_and_mapped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    derived = _table()
    monkeypatch.setattr(static, "derive", lambda **_: derived)
    model = StaticModel.load(tmp_path)
    assert isinstance(model.vectors, np.memmap) and model.vectors.dtype == np.float16 and model.rows.mapped
    assert np.array_equal(model.vectors, derived.vectors.astype(np.float16))
    assert [p.name for p in tmp_path.iterdir()] == [static.cache_name()]
    monkeypatch.setattr(static, "derive", _no_derivation)
    again = StaticModel.load(tmp_path)  # read back, not derived
    assert again.vectors.tobytes() == model.vectors.tobytes()


def test_a_cache_of_the_previous_layout_is_converted_not_derived(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    derived = _table()
    meta = json.dumps({**static._meta(1), "sha256": derived.sha256()}).encode()  # layout 1: float32, no "format"
    assert static._atomic_npz(tmp_path / static.cache_name(1), vectors=derived.vectors, mean=derived.mean,
                              components=derived.components, meta=np.frombuffer(meta, np.uint8))
    assert static.read_cache(tmp_path / static.cache_name(1)) is None  # never read as the new layout
    monkeypatch.setattr(static, "derive", _no_derivation)
    model = StaticModel.load(tmp_path)
    assert np.array_equal(model.vectors, derived.vectors.astype(np.float16))
    assert static.read_cache(tmp_path / static.cache_name()) is not None


@needs_smaps
def test_a_question_reads_its_own_rows_of_the_table_and_weights_only_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(static, "derive", lambda **_: _table(dim=64))
    model = StaticModel.load(tmp_path)
    provider = model.provider(np.linspace(0.5, 2.0, len(model.vectors), dtype=np.float32))
    question = provider.embed_query("how is the config file parsed")
    assert provider._weighted is None  # no weighted copy of the table
    assert _resident_kb(tmp_path / static.cache_name()) == 0  # the rows were read, the map never touched
    assert model._words.tokenizer._tokenizer is None  # ASCII words: the tokenizers library was not needed
    _ = provider._table  # what embedding a document makes: the whole weighted table
    assert np.array_equal(provider.embed_query("how is the config file parsed"), question)  # the same bits


def test_documents_are_embedded_from_their_own_tokens_rows_bit_for_bit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(static, "derive", lambda **_: _table(dim=64))
    model = StaticModel.load(tmp_path)
    weights = np.linspace(0.5, 2.0, len(model.vectors), dtype=np.float32)
    texts = ["src/auth.py method refresh_token\n    self.expires = now() + ttl", "how is the config file parsed", ""]
    provider = model.provider(weights)
    found = provider.embed_documents(texts)
    assert provider._weighted is None  # a fill no longer holds the whole weighted table (31 MB of float32)
    whole = model.provider(weights)
    _ = whole._table
    assert found.tobytes() == whole.embed_documents(texts).tobytes()  # the same bits as the table's product
    words = model._words._words  # the words' token ids held at 4 bytes each, given out as int64
    assert words._tokens.dtype == words._starts.dtype == np.int32
    assert model._words.token_ids(texts)[0].dtype == np.int64


def test_the_vocabulary_read_alone_is_the_tokenizers_and_other_words_still_split_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(static, "derive", lambda **_: _table())
    model = StaticModel.load(tmp_path)
    real = static.load_tokenizer()
    assert model._words.tokenizer.get_vocab() == real.get_vocab()
    texts = ["naïve café über_größe 東京 parse", "plain words only"]
    eager = static.StaticModel(model.vectors, model.weights, real)
    assert [a.tolist() for a in model._words.token_ids(texts)] == [a.tolist() for a in eager._words.token_ids(texts)]
    assert model._words.tokenizer._tokenizer is not None  # loaded for the words its WordPiece does not take


@needs_smaps
def test_scattered_rows_of_a_mapped_segment_are_read_not_faulted_in(tmp_path: Path) -> None:
    keys = [f"{i:032x}" for i in range(8_000)]
    vectors = np.random.default_rng(11).standard_normal((len(keys), 256)).astype(np.float32)
    store = VectorStore(tmp_path, "p:m:256", 256)
    store.add(keys, vectors)
    store.save()
    again = VectorStore(tmp_path, "p:m:256", 256)
    rows = np.random.default_rng(2).choice(len(keys), 200, replace=False)
    reader = again.float_rows()
    assert reader is not None and reader.mapped
    found = reader[rows]
    (segment,) = again.folder.glob("seg-*.npz")
    assert _resident_kb(segment) == 0  # 200 rows of 4 MB read without mapping a page of them
    assert np.array_equal(found, vectors[rows].astype(np.float16))
    assert np.array_equal(reader[[-1]], vectors[-1:].astype(np.float16))
    with pytest.raises(IndexError):
        reader[[len(keys)]]


def test_a_semantic_search_makes_only_the_chunks_it_reads(polyglot: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = Engine(polyglot, provider=WordProvider("model"), static=False)
    first.refresh()
    first.embed_pending()
    expected = first.search("config loader", modality="semantic").results
    assert expected

    def refuse(*_: object) -> None:
        raise AssertionError("every chunk of the repository was made")

    monkeypatch.setattr(Snapshot, "chunks", refuse)
    later = Engine(polyglot, provider=WordProvider("model"), static=False)
    found = later.search("config loader", modality="semantic").results
    assert [(r.path, r.start_line, r.symbol) for r in found] == [(r.path, r.start_line, r.symbol) for r in expected]
    table = semantic_index.read_chunk_table(later.snapshot)
    assert table is not None and [table[i][0] for i in range(len(table))] == table.chunks()


def test_a_chunk_table_of_the_previous_layout_is_made_again(polyglot: Path) -> None:
    first = Engine(polyglot, provider=WordProvider("model"), static=False)
    first.refresh()
    first.embed_pending()
    expected = first.search("config loader", modality="semantic").results
    (table,) = semantic_index.semantic_folder(first.snapshot).glob(f"{semantic_index.CHUNKS_PREFIX}*.bin")
    body = table.read_bytes()[len(b"MGCHNK2\n") + 32 :]
    count = len(body) // 24
    old = body[: 4 * count] + body[8 * count :]  # layout 1 had one int32 column (not this one) and the keys
    table.write_bytes(b"MGCHNK1\n" + hashlib.blake2b(old, digest_size=16).hexdigest().encode() + old)
    assert semantic_index.read_chunk_table(first.snapshot) is None
    later = Engine(polyglot, provider=WordProvider("model"), static=False)
    assert [r.path for r in later.search("config loader", modality="semantic").results] == [r.path for r in expected]
    assert semantic_index.read_chunk_table(later.snapshot) is not None
