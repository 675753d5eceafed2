"""What lowered the index build's peak memory (issue 19) keeps the index as it was: the chunk
index's postings inverted from packed pairs, a compaction written from the rows held, and a first
build that reads its facts back once written still updating as before."""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np
import pytest

from maguyva_tui.core import chunk_words
from maguyva_tui.core.bm25 import K1, B, average_length, term_factors
from maguyva_tui.core.embed.store import VectorStore, content_hash
from maguyva_tui.core.indexer import update_index
from maguyva_tui.core.store.facts import RefColumns


def _reference(stems: int, counts: chunk_words._Counts) -> tuple[np.ndarray, ...]:
    """The postings as they were inverted before (columns sorted by one permutation)."""
    bases = np.cumsum([0, *counts.chunks.tolist()])
    sizes = np.diff(counts.starts)
    keys = counts.keys
    tf = counts.counts.astype(np.float64)
    chunks = (keys & 0xFFFFFFFF) + np.repeat(bases[:-1], sizes)
    stem = keys >> 32
    order = np.lexsort((chunks, stem))
    stem, chunks, tf = stem[order], chunks[order], tf[order]
    n_chunks = int(bases[-1])
    lengths = np.bincount(chunks, tf, n_chunks)
    average = float(lengths[lengths > 0].mean()) if np.any(lengths > 0) else 1.0
    factors = (tf * (K1 + 1) / (tf + K1 * (1 - B + B * lengths[chunks] / average))).astype(np.float32)
    offsets = np.searchsorted(stem, np.arange(stems + 1)).astype(np.int64)
    return offsets, chunks.astype(np.int32), factors, tf.astype(np.int64)


def _random_counts(seed: int, files: int, stems: int) -> chunk_words._Counts:
    rng = np.random.default_rng(seed)
    words = []
    for _ in range(files):
        chunks = int(rng.integers(0, 6))
        pairs = np.unique(rng.integers(0, stems, 40) << 32 | rng.integers(0, max(chunks, 1), 40)) if chunks else np.zeros(0, np.int64)
        counts = rng.integers(1, 300, len(pairs)).astype(np.int32)
        words.append(chunk_words._FileWords(pairs.astype(np.int64), counts, chunks, np.ones(chunks, np.int8)))
    return chunk_words._Counts.of(words)


def _random_files(seed: int, files: int, stems: int) -> list[chunk_words._FileWords]:
    counts = _random_counts(seed, files, stems)
    bases = np.cumsum([0, *counts.chunks.tolist()])
    return [chunk_words._FileWords(counts.keys[counts.starts[i] : counts.starts[i + 1]],
                                   counts.counts[counts.starts[i] : counts.starts[i + 1]], int(counts.chunks[i]),
                                   counts.voters[bases[i] : bases[i + 1]]) for i in range(files)]


@pytest.mark.parametrize("packed_bits", [64, 8])  # 8: too few to pack the count, carried by a permutation
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_postings_are_those_of_sorting_by_stem_then_chunk(monkeypatch: pytest.MonkeyPatch, packed_bits: int, seed: int) -> None:
    monkeypatch.setattr(chunk_words, "_PACKED_BITS", packed_bits)
    monkeypatch.setattr(chunk_words, "_GROUP_PAIRS", 37)  # many blocks, files never split
    counts = _random_counts(seed, files=60, stems=50)
    inverted = chunk_words._invert(50, counts)
    offsets, chunks, factors, tf = _reference(50, counts)
    assert np.array_equal(inverted.offsets, offsets)
    assert np.array_equal(inverted.chunks, chunks)
    stored = term_factors(inverted.counts, inverted.lengths[inverted.chunks], average_length(inverted.lengths))
    assert stored.tobytes() == factors.tobytes()  # the factors stored before format 26, worked out where asked
    assert np.array_equal(inverted.counts, tf) and inverted.counts.dtype == np.uint16  # counts up to 299
    assert inverted.owners.shape == (int(counts.chunks.sum()), 2)


@pytest.mark.parametrize("packed_bits", [64, 8])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_an_update_keeps_the_postings_of_unchanged_files_as_counting_them_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, packed_bits: int, seed: int
) -> None:
    """The next generation copies the postings of the files it keeps, renumbered (no file's counts
    are stored by file): the same postings, counts and lengths as inverting every file's counts."""
    from maguyva_tui.core.store.words import StoredWords, save_words

    monkeypatch.setattr(chunk_words, "_PACKED_BITS", packed_bits)
    monkeypatch.setattr(chunk_words, "_GROUP_PAIRS", 37)
    old_files = _random_files(seed, files=40, stems=50)
    inverted = chunk_words._invert(50, chunk_words._Counts.of(old_files))
    stems = [f"s{i:02}" for i in range(50)]
    save_words(tmp_path, StoredWords(
        stems=stems, docs=np.arange(100, 140, dtype=np.int64), file_chunks=np.array([f.chunks for f in old_files]),
        file_voters=np.concatenate([f.voters for f in old_files]), offsets=inverted.offsets, chunks=inverted.chunks,
        counts=inverted.counts, lengths=inverted.lengths, owners=inverted.owners, order=np.arange(50, dtype=np.int64)))
    previous = chunk_words._previous_words(tmp_path)
    assert previous is not None
    rng = np.random.default_rng(seed + 10)
    fresh = iter(_random_files(seed + 20, files=30, stems=60))
    plan: list[tuple[int, chunk_words._FileWords]] = []  # (old file number or -1, the file's counts)
    for number, words in enumerate(old_files):
        if rng.random() < 0.3:
            plan.append((-1, next(fresh)))  # a new file before it
        if rng.random() < 0.75:
            plan.append((number, words))  # kept; otherwise gone (or changed: counted as new)
    plan.append((-1, next(fresh)))
    whole = chunk_words._invert(60, chunk_words._Counts.of([w for _, w in plan]))
    reused = [(here, there) for here, (there, _) in enumerate(plan) if there >= 0]
    parts = [previous.get(100 + there)[1] if there >= 0 else w for there, w in plan]  # type: ignore[index]
    counts = chunk_words._Counts.of(parts)
    assert len(counts.keys) == sum(len(w.keys) for there, w in plan if there < 0)
    kept = chunk_words._invert(60, counts, previous.kept(reused, counts.chunks))
    for name in ("offsets", "chunks", "lengths", "owners"):
        assert getattr(kept, name).tobytes() == getattr(whole, name).tobytes(), name
    assert np.array_equal(kept.counts, whole.counts)  # its type may be wider: a dropped file's count counted


def test_counts_are_joined_in_file_order(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(chunk_words, "_GROUP_PAIRS", 5)
    files = [chunk_words._FileWords(np.arange(n, dtype=np.int64), np.full(n, n, np.int32), n, np.full(n, n % 2, np.int8))
             for n in (3, 0, 7, 1, 4)]
    counts = chunk_words._Counts.of(iter(files))
    assert counts.keys.tolist() == [k for f in files for k in f.keys.tolist()]
    assert counts.counts.tolist() == [c for f in files for c in f.counts.tolist()]
    assert counts.starts.tolist() == [0, 3, 3, 10, 11, 15]
    assert counts.chunks.tolist() == [3, 0, 7, 1, 4]
    assert counts.voters.tolist() == [v for f in files for v in f.voters.tolist()]
    empty = chunk_words._Counts.of([])
    assert len(empty.keys) == 0 and empty.starts.tolist() == [0]
    assert len(chunk_words._invert(0, empty).chunks) == 0


def _vector(text: str, dim: int = 16) -> np.ndarray:
    seed = int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "little")
    v = np.random.default_rng(seed).standard_normal(dim).astype(np.float32)
    return v / np.linalg.norm(v)


@pytest.mark.parametrize("hashed", [True, False])
def test_a_compaction_keeps_every_row_and_maps_the_merged_segment(tmp_path: Path, hashed: bool) -> None:
    texts = [f"chunk {i}" for i in range(40)]
    keys = [content_hash(t) if hashed else f"key-{i}" for i, t in enumerate(texts)]
    store = VectorStore(tmp_path, "fake:model:16", 16)
    for start in range(0, 40, 10):  # four segments
        store.add(keys[start : start + 10], np.stack([_vector(t) for t in texts[start : start + 10]]))
        store.save()
    assert store.segment_count == 4
    floats = np.array(store.floats)
    codes = np.array(store.codes)
    assert store.compact() == 0
    assert store.segment_count == 1
    rows = store.float_rows()
    assert rows is not None and rows.mapped  # read from the merged file, not held
    assert (store.lookup(keys) == np.arange(40)).all()
    assert np.array_equal(rows[np.arange(40)], floats) and np.array_equal(store.codes, codes)
    store.add(["late"], _vector("late")[None, :])  # a mapped store still grows
    store.save()
    again = VectorStore(tmp_path, "fake:model:16", 16)
    assert len(again) == 41 and (again.lookup(keys) == np.arange(40)).all()
    assert again.compact(keep=keys[::2]) == 21
    assert len(again) == 20 and (again.lookup(keys[::2]) >= 0).all() and (again.lookup(keys[1::2]) < 0).all()
    reopened = VectorStore(tmp_path, "fake:model:16", 16)
    assert reopened.segment_count == 1 and len(reopened) == 20
    assert np.array_equal(reopened.floats[reopened.lookup(keys[::2])], floats[::2])


def test_compacting_nothing_leaves_an_empty_store(tmp_path: Path) -> None:
    store = VectorStore(tmp_path, "fake:model:16", 16)
    store.add(["a"], _vector("a")[None, :])
    store.save()
    assert store.compact(keep=[]) == 1
    assert len(store) == 0 and store.segment_count == 0


def _repo(root: Path, files: int) -> None:
    for i in range(files):
        folder = root / f"pkg{i % 7}"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"mod{i}.py").write_text(
            f"import os\n\n\ndef helper_{i}(x):\n    return os.path.join(x, 'v{i}')\n\n\n"
            f"class Thing{i}:\n    def run(self):\n        return helper_{i}(self)\n"
        )


def test_an_update_after_a_first_build_reuses_what_did_not_change(tmp_path: Path) -> None:
    root, base = tmp_path / "repo", tmp_path / "index"
    _repo(root, 80)  # enough files for the graph to be built beside (facts read back once written)
    snap, summary = update_index(root, base)
    assert summary.files == 80 and summary.parsed == 80
    assert snap.facts["pkg3/mod3.py"].symbols and snap.trigrams is not None
    (root / "pkg1" / "mod1.py").write_text("def changed_here():\n    return 1\n")
    (root / "pkg2" / "mod2.py").unlink()
    snap, summary = update_index(root, base)
    assert (summary.files, summary.parsed, summary.reused, summary.removed) == (79, 1, 78, 1)
    assert [s.name for s in snap.facts["pkg1/mod1.py"].symbols] == ["changed_here"]
    assert "pkg2/mod2.py" not in snap.facts


def _fresh_rows(seed: int, files: int) -> dict[str, tuple]:
    import random

    rng = random.Random(seed)
    names = [f"n{i}" for i in range(30)] + ["x\x00y"]  # a name holding RefColumns' separator
    rows = {}
    for i in range(files):
        refs = [(rng.choice(["call", "read"]), rng.choice(names), rng.randint(1, 99), rng.choice([None, "f", "g"]))
                for _ in range(rng.randint(0, 12))]
        chunks = tuple((j, j + 3, rng.choice(["window", "function"]), rng.choice([None, "f"]), "python")
                       for j in range(rng.randint(0, 4)))
        symbols = tuple((rng.choice(names), f"q.{j}", "function", j, j + 2, "python", None, j, j % 2)
                        for j in range(rng.randint(0, 3)))
        imports = tuple(("os", "os", None, j) for j in range(rng.randint(0, 2)))
        rows[f"f{i:03d}.py"] = (rng.choice(["python", None]), chunks, symbols, RefColumns.of(refs), imports)
    return rows


def _saved(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def _save(folder: Path, rows: dict[str, tuple]) -> None:
    from maguyva_tui.core.store import facts_files

    folder.mkdir()
    facts_files.save_facts(folder, rows)


@pytest.mark.parametrize("mixed", [False, True])
def test_facts_are_written_as_one_writer_wrote_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mixed: bool) -> None:
    """Fresh records encoded a group at a time (and stored spans beside them, as an update carries
    them) give the tables and string ids that one writer of all the records gave."""
    from maguyva_tui.core.store import facts_files
    from maguyva_tui.core.store.arrays import Interner
    from maguyva_tui.core.store.records import TableWriter

    rows = _fresh_rows(7, 60)
    if mixed:
        _save(tmp_path / "first", rows)
        stored = facts_files.load_facts(tmp_path / "first").rows
        rows = {p: stored[p] if i % 3 else r for i, (p, r) in enumerate(rows.items())}
    monkeypatch.setattr(facts_files, "GROUP_RECORDS", 5)
    for field in range(1, 5):
        schema = facts_files.SCHEMAS[field]
        old, new = Interner(), Interner()
        writer = TableWriter(schema, old)
        for path in sorted(rows):
            writer.add(rows[path][field])
        expected = writer.table()
        got = facts_files._table([rows[p][field] for p in sorted(rows)], schema, new)
        assert np.array_equal(got, expected) and new.strings() == old.strings()
    _save(tmp_path / "again", rows)
    monkeypatch.setattr(facts_files, "GROUP_RECORDS", 1 << 16)
    _save(tmp_path / "whole", rows)
    assert _saved(tmp_path / "again") == _saved(tmp_path / "whole")


def test_reference_columns_are_their_rows_fields() -> None:
    refs = [("call", "a", 3, None), ("read", "b\x00c", 7, "f"), ("call", "a", 9, "g")]
    for columns in (RefColumns.of(refs), RefColumns.of(refs[:1]), RefColumns.of([])):
        rows = list(columns.records())
        assert columns._rows is None  # not kept
        for field in range(4):
            assert columns.column(field) == [r[field] for r in rows]
    columns = RefColumns.of(refs)
    assert columns.rows() == tuple(refs) and columns.records() is columns.rows()
    assert [columns.column(f) for f in range(4)] == [list(c) for c in zip(*refs)]


def test_embedding_texts_are_read_by_positional_reads_not_through_the_mapping(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fill reads every file: through the snapshot's mapping each page it touched stayed resident."""
    from maguyva_tui.core.semantic_index import ChunkTexts, embedding_items, embedding_keys
    from maguyva_tui.core.store.snapshot import Snapshot

    root = tmp_path / "repo"
    _repo(root, 12)
    (root / "crlf.py").write_bytes(b"def one():\r\n    return 1\r\n\r\ndef two():\r\n    return '\xc3\xa9'\r")
    snapshot, _ = update_index(root, tmp_path / "ix")
    items = embedding_items(snapshot)
    assert len(items) > 12

    def mapped(*_args: object) -> str:
        raise AssertionError("read through the mapping")

    monkeypatch.setattr(Snapshot, "text", mapped)
    monkeypatch.setattr(Snapshot, "raw", mapped)
    assert embedding_keys(snapshot) == [(i.chunk, i.key) for i in items]
    lazy = ChunkTexts(snapshot, [i.chunk for i in items])
    assert list(lazy) == [lazy[k] for k in range(len(lazy))] == [i.text for i in items]


def _resident() -> int:
    with open("/proc/self/status") as fh:
        return next(int(line.split()[1]) * 1024 for line in fh if line.startswith("VmRSS:"))


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads the resident size from /proc")
def test_saved_vectors_leave_the_process_and_read_back_the_same(tmp_path: Path) -> None:
    """A fill saves every few batches: what is saved need not stay resident (470,000 chunks: 250 MB)."""
    dim, batch, batches = 256, 4096, 16  # 32 MB of float16 rows
    store = VectorStore(tmp_path, "fake:model:256", dim)
    keys = [content_hash(f"chunk {i}") for i in range(batch * batches)]
    before = 0
    for b in range(batches):
        vectors = np.random.default_rng(b).standard_normal((batch, dim)).astype(np.float32)
        store.add(keys[b * batch : (b + 1) * batch], vectors)
        store.save()
        del vectors
        if b == 1:  # the allocator's own growth is behind: what follows is the rows'
            before = _resident()
    grown = _resident() - before
    rows = (batches - 2) * batch * dim * 2  # float16: held, they would all stay (28 MB)
    # alone 7-7.5 MB (keys, tables), 10.2 in a whole run; saved rows kept: 20 MB
    assert grown < 0.5 * rows, f"{grown / 2**20:.1f} MB stayed resident for {rows / 2**20:.0f} MB of rows"
    last = np.random.default_rng(batches - 1).standard_normal((batch, dim)).astype(np.float32)
    assert np.array_equal(store.floats[-batch:], last.astype(np.float16))  # read back from the file
    assert store.segment_count == batches and store.compact() == 0 and store.segment_count == 1
    again = VectorStore(tmp_path, "fake:model:256", dim)
    assert np.array_equal(again.float_rows()[np.arange(len(keys) - batch, len(keys))], last.astype(np.float16))
    assert (again.lookup(keys) == np.arange(len(keys))).all()


def test_segments_are_written_as_np_savez_writes_them(tmp_path: Path) -> None:
    from zipfile import ZipFile

    from maguyva_tui.core.embed.store import _savez

    arrays = {"keys": np.array([b"a" * 16, b"b" * 16], "S16"), "codes": np.arange(40, dtype=np.uint8).reshape(20, 2),
              "floats": np.random.default_rng(0).standard_normal((20_000, 3)).astype(np.float16),
              "none": np.zeros((0, 4))}
    seen: list[int] = []
    with open(tmp_path / "ours.npz", "wb") as handle:
        _savez(handle, arrays, seen.append)
    np.savez(tmp_path / "numpy.npz", **arrays)
    with ZipFile(tmp_path / "ours.npz") as ours, ZipFile(tmp_path / "numpy.npz") as theirs:
        assert ours.namelist() == theirs.namelist()
        assert all(ours.read(name) == theirs.read(name) for name in ours.namelist())
    assert seen[-1] == 20_000 and 8192 in seen


def test_counting_keeps_each_distinct_word_once() -> None:
    """The counter keeps every distinct word's stem ids; its stemmer need not keep the words too."""
    from maguyva_tui.core.bm25 import Stems

    counter = chunk_words._Counter()
    text = "def parseHTTPResponse(cookie_jar):\n    return CookieJar.parse(cookie_jar) + 42\n"
    words = counter.file([(1, 2, "function", "parseHTTPResponse", "python")], text)
    assert len(words.keys) and counter._ids and not counter._stems._known
    stems = Stems()
    for word in ("parseHTTPResponse", "cookie_jar", "CookieJar", "42", "return"):
        assert stems.unremembered(word) == Stems().of(word)
        assert counter._ids[word] == tuple(counter.vocabulary[s] for s in stems.of(word))


def test_the_words_are_let_go_of_before_the_postings_are_inverted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import gc

    inverted = chunk_words._invert
    held: list[int] = []

    def invert(stems: int, counts: chunk_words._Counts, kept: object = None) -> object:
        held.extend(len(o._ids) + len(o._stems._known) + len(o._stems._subtokens)
                    for o in gc.get_objects() if isinstance(o, chunk_words._Counter))
        return inverted(stems, counts, kept)

    monkeypatch.setattr(chunk_words, "_invert", invert)
    root = tmp_path / "repo"
    _repo(root, 12)
    update_index(root, tmp_path / "ix")
    assert held and not any(held)


def test_the_graph_process_is_a_fresh_interpreter_started_once_the_facts_are_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A forked graph process counted every page of the builder it was forked from."""
    from maguyva_tui.core import indexer

    seen: list[object] = []
    started = indexer._Beside.start

    def start(gen: Path, *rest: object) -> object:
        seen.append((gen / "facts_files.npy").is_file())
        beside = started(gen, *rest)  # type: ignore[arg-type]
        seen.append(type(getattr(beside, "child", None)).__name__)
        return beside

    monkeypatch.setattr(indexer._Beside, "start", start)
    monkeypatch.setattr(indexer, "GRAPH_PROCESS_MIN_FILES", 4)
    monkeypatch.setattr(indexer.threading, "active_count", lambda: 1)  # as the command line runs it
    root = tmp_path / "repo"
    _repo(root, 12)
    snapshot, summary = update_index(root, tmp_path / "ix")
    assert seen == [True, "Popen"] and summary.graph.get("nodes")
