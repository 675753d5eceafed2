"""The token step and the word counts of an index build held less (issue 19.5) and wrote the same
files: the token places spilled to a file as read, rows sorted with their number packed beside
them, the names' trigrams sorted a group at a time, the chunk index's counts grown in place and
let go once the postings have packed them. Each is compared with the way it was built before."""

from __future__ import annotations

import errno
import os
import tracemalloc
from pathlib import Path

import numpy as np
import pytest

from maguyva_tui.core import chunk_words
from maguyva_tui.core.store import tokens as tokens_module
from maguyva_tui.core.store.arrays import bytes_blob, save_array
from maguyva_tui.core.store.place_blocks import block_size
from maguyva_tui.core.store.tokens import GRAM_SLICE, TokenBuilder, TokenIndex, file_places, name_grams
from maguyva_tui.core.store.words import StoredWords, save_words


def _files(seed: int, count: int = 60, names: int = 400) -> list[tuple[int, bytes]]:
    """Texts of identifiers (shared and rare), punctuation, repeats on a line, runs too long to be a
    token and a few empty files, with scattered document ids."""
    rng = np.random.default_rng(seed)
    vocab = [f"n{i}_{'x' * int(rng.integers(0, 9))}".encode() for i in range(names)]
    vocab += [b"self", b"$el", b"a", b"Z9", b"_", b"x" * 200]
    out = []
    for doc in sorted(rng.choice(5000, count, replace=False).tolist()):
        words = rng.choice(len(vocab), int(rng.integers(0, 300)))
        lines = [b" (".join(vocab[w] for w in words[i : i + 6]) + b");" for i in range(0, len(words), 6)]
        out.append((doc, "é\n".encode().join(lines)))
    return out


def _old_name_grams(blob: bytes, long_docs: np.ndarray) -> tuple[np.ndarray, ...]:
    """The names' trigrams as they were made before: one sort of every (trigram, position) key."""
    arr = np.frombuffer(blob, np.uint8)
    n = len(arr) - 2
    if n < 1:
        return np.zeros(0, np.uint32), np.zeros(1, np.int64), np.zeros(0, np.uint32), np.asarray(long_docs, np.uint32)
    keys = (arr[:-2].astype(np.uint64) << np.uint64(16) | arr[1:-1].astype(np.uint64) << np.uint64(8)
            | arr[2:].astype(np.uint64)) << np.uint64(32) | np.arange(n, dtype=np.uint64)
    keys.sort()
    code = (keys >> np.uint64(32)).astype(np.uint32)
    kept = ((code & 0xFF) != 0) & ((code & 0xFF00) != 0) & ((code & 0xFF0000) != 0)
    grams, positions = code[kept], keys.astype(np.uint32)[kept]
    firsts = np.flatnonzero(np.concatenate(([True], grams[1:] != grams[:-1]))) if len(grams) else np.zeros(0, np.int64)
    return grams[firsts], np.append(firsts, len(grams)).astype(np.int64), positions, np.asarray(long_docs, np.uint32)


def _reference(files: list[tuple[int, bytes]]) -> dict[str, object]:
    """The token index of these files as the builder made it before, by plain sorting: rows by
    token bytes then document, the places in the order the files were read."""
    rows = []
    places = []
    at = 0
    long_docs = []
    for doc, data in files:
        tokens, long_runs, found, counts = file_places(data)
        if long_runs:
            long_docs.append(doc)
        firsts = np.cumsum(counts, dtype=np.int64) - counts
        rows += [(token, doc, at + int(first), int(count)) for token, first, count in zip(tokens, firsts, counts)]
        places.append(found // block_size(len(data)))  # each place's block of the stored texts
        at += len(found)
    rows.sort(key=lambda row: (row[0], row[1]))
    names = sorted({row[0] for row in rows})
    blob, offsets = bytes_blob(names)
    starts = np.searchsorted(np.array([names.index(r[0]) for r in rows], np.int64), np.arange(len(names) + 1))
    return {
        "blob": blob, "offsets": offsets, "starts": starts.astype(np.int64),
        "docs": np.array([r[1] for r in rows], np.uint32),
        "grams": _old_name_grams(blob, np.array(sorted(set(long_docs)), np.uint32)),
        "places": (np.array([r[2] for r in rows], np.int64), np.array([r[3] for r in rows], np.uint32),
                   np.concatenate(places) if places else np.zeros(0, np.uint32)),
    }


def _built(files: list[tuple[int, bytes]], near: Path | None = None) -> TokenIndex:
    builder = TokenBuilder(near) if near is not None else TokenBuilder()
    for doc, data in files:
        builder.add(doc, data)
    return builder.finish()


def _assert_same(index: TokenIndex, want: dict[str, object]) -> None:
    assert bytes(index._blob) == want["blob"]
    assert np.array_equal(index._offsets, want["offsets"]) and np.array_equal(index.starts, want["starts"])
    assert index.docs.dtype == np.uint32 and np.array_equal(index.docs, want["docs"])
    assert index.grams is not None and index.places is not None
    for got, expected in zip(index.grams, want["grams"]):  # type: ignore[call-overload]
        assert got.dtype == expected.dtype and np.array_equal(got, expected)
    for got, expected in zip(index.places, want["places"]):  # type: ignore[call-overload]
        assert np.array_equal(np.asarray(got), expected)


def _saved(index: TokenIndex, folder: Path) -> dict[str, bytes]:
    folder.mkdir()
    index.save(folder)
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_token_index_is_the_one_built_before(tmp_path: Path, seed: int) -> None:
    files = _files(seed)
    index = _built(files, tmp_path)
    _assert_same(index, _reference(files))
    assert isinstance(index.places[2], np.memmap)  # type: ignore[index]  # the places were never held
    saved = _saved(index, tmp_path / "new")
    want = _reference(files)
    at, counts, places = want["places"]  # type: ignore[misc]
    save_array(tmp_path / "want.npy", np.minimum(counts, 255).astype(np.uint8))  # a byte a row, the wide ones aside
    assert saved["tokens_place_counts.npy"] == (tmp_path / "want.npy").read_bytes()
    wide = np.flatnonzero(counts >= 255)
    assert np.load(tmp_path / "new" / "tokens_place_counts_wide.npy").tolist() == [wide.tolist(), counts[wide].tolist()]
    assert "tokens_place_at.npy" not in saved  # the places follow the rows: each row's start is summed
    assert len(np.load(tmp_path / "new" / "tokens_place_blocks.npy")) == (int(counts.sum()) + 1) // 2  # 4 bits a place
    loaded = TokenIndex.load(tmp_path / "new")
    assert loaded.find(b"self") is not None and loaded.places is not None
    for row, (a, c) in enumerate(zip(at.tolist(), counts.tolist())):  # every row's places' blocks, as built
        first = int(loaded.places[0][row])
        assert loaded.place_blocks(first, int(loaded.places[1][row])) == places[a : a + c].tolist()
    assert _saved(loaded, tmp_path / "again") == saved  # an index read and written again: the same bytes


def test_no_temporary_file_a_full_disk_or_rows_too_wide_to_pack_build_the_same(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    files = _files(3)
    want = _saved(_built(files, tmp_path), tmp_path / "want")
    monkeypatch.setattr(tokens_module, "_temporary", lambda near: None)
    assert _saved(_built(files), tmp_path / "memory") == want
    monkeypatch.undo()
    real = os.pwrite
    written = []

    def pwrite(fd: int, data: memoryview, offset: int) -> int:
        if len(written) >= 7:
            raise OSError(errno.ENOSPC, "No space left on device")
        written.append(offset)
        return real(fd, data[: max(len(data) // 2, 1)], offset)  # short writes too

    monkeypatch.setattr(os, "pwrite", pwrite)
    half = _built(files, tmp_path)
    monkeypatch.undo()
    assert len(written) == 7 and not isinstance(half.places[2], np.memmap)  # type: ignore[index]
    assert _saved(half, tmp_path / "full") == want
    monkeypatch.setattr(tokens_module, "_row_bits", lambda tokens, doc, rows: (32, 0))  # sorted by a permutation
    assert _saved(_built(files, tmp_path), tmp_path / "wide") == want


def test_no_file_or_nothing_but_long_runs_builds_an_empty_index(tmp_path: Path) -> None:
    for files in ([], [(3, b"x" * 300), (4, b"")]):
        index = _built(files, tmp_path)
        assert len(index) == 0 and len(index.docs) == 0 and index.places is not None
        assert len(index.places[2]) == 0 and _saved(index, tmp_path / f"e{len(files)}")


@pytest.mark.parametrize("size", [0, 1, 5, 3 * 1024 + 7])
def test_name_grams_are_those_of_one_sort(monkeypatch: pytest.MonkeyPatch, size: int) -> None:
    monkeypatch.setattr(tokens_module, "GRAM_SLICE", 100)  # many slices, groups across them
    rng = np.random.default_rng(size)
    names = sorted({bytes(rng.choice(list(b"abcsSx_$09"), int(rng.integers(1, 12))).tolist()) for _ in range(size)})
    blob, _ = bytes_blob(names)
    for got, want in zip(name_grams(blob, np.array([4, 9], np.uint32)), _old_name_grams(blob, np.array([4, 9]))):
        assert got.dtype == want.dtype and np.array_equal(got, want)


def _traced_peak(run: object) -> int:
    tracemalloc.start()
    try:
        run()  # type: ignore[operator]
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_the_token_step_holds_under_50_bytes_a_row() -> None:
    """Traced while a corpus's tokens are added and finished: 72 bytes a row before (the places
    held per file, joined into a second copy, the rows sorted by a permutation), 43 now."""
    rng = np.random.default_rng(0)
    vocab = [f"name{i}_{'x' * int(rng.integers(0, 12))}".encode() for i in range(4000)]
    files = []
    for doc in range(40):
        words = rng.choice(len(vocab), 2000)
        files.append((doc, b"\n".join(b" ".join(vocab[w] for w in words[i : i + 8]) for i in range(0, 2000, 8))))
    built: list[TokenIndex] = []
    peak = _traced_peak(lambda: built.append(_built(files)))
    assert peak < 50 * len(built[0].docs)


def test_the_names_trigrams_hold_under_18_bytes_a_byte_of_names() -> None:
    """29 bytes a byte of names before (one sort of every key beside its columns), 13 now."""
    rng = np.random.default_rng(1)
    names = sorted({f"{rng.integers(1 << 40):x}_{i}".encode() for i in range(40000)})
    blob, _ = bytes_blob(names)
    assert len(blob) > 2 * GRAM_SLICE // 8
    assert _traced_peak(lambda: name_grams(blob, np.zeros(0, np.uint32))) < 18 * len(blob)


def _file_words(seed: int, files: int, stems: int) -> list[chunk_words._FileWords]:
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(files):
        chunks = int(rng.integers(1, 6))
        pairs = np.unique(rng.integers(0, stems, 400) << 32 | rng.integers(0, chunks, 400))
        out.append(chunk_words._FileWords(pairs.astype(np.int64), rng.integers(1, 30, len(pairs)).astype(np.int32),
                                          chunks, np.ones(chunks, np.int8)))
    return out


def test_word_counts_are_grown_in_place_and_let_go_once_packed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Traced per pair: joining the counts 20 bytes before, 13 now; inverting them (counts the
    caller no longer holds) 30 before, 21 now."""
    monkeypatch.setattr(chunk_words, "_GROUP_PAIRS", 1 << 16)
    words = _file_words(1, 1500, 5000)
    pairs = sum(len(w.keys) for w in words)
    tracemalloc.start()
    try:
        counts = chunk_words._Counts.of(iter(words))
        joined = tracemalloc.get_traced_memory()[1]
        del words
        tracemalloc.reset_peak()
        held = [counts]
        del counts
        inverted = chunk_words._invert(5000, held)
        inverting = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert not held and len(inverted.chunks) == pairs
    assert joined < 16 * pairs and inverting < 25 * pairs


def test_a_generation_s_words_are_the_files_written_before(tmp_path: Path) -> None:
    """The counts written before the postings are inverted, the postings after: the same files
    as :func:`save_words` wrote from both at once."""
    rows = [(1, 3, "function", "parse_cookie", "python"), (4, 6, "window", None, "python")]
    texts = ["def parse_cookie(jar):\n    return CookieJar.parse(jar)\nx = 1\ny = cookies\n",
             "class Cookie:\n    name = 'jar'\n\nparse_cookie(jar)\n", ""]
    files = [chunk_words.StoredFile(f"f{i}.py", 10 + i, rows, (lambda t=t: t), False) for i, t in enumerate(texts)]
    (tmp_path / "new").mkdir()
    chunk_words.save_generation(tmp_path / "new", files, None)
    counter = chunk_words._Counter()
    counts = chunk_words._Counts.of(counter.file(rows, t) for t in texts)
    inverted = chunk_words._invert(len(counter.vocabulary), counts)
    stems = list(counter.vocabulary)
    (tmp_path / "old").mkdir()
    save_words(tmp_path / "old", StoredWords(
        stems=stems, docs=np.array([10, 11, 12], np.int64), file_chunks=counts.chunks, file_voters=counts.voters,
        offsets=inverted.offsets, chunks=inverted.chunks, counts=inverted.counts, lengths=inverted.lengths,
        owners=inverted.owners, order=np.array(sorted(range(len(stems)), key=stems.__getitem__), np.int64)))
    old = {p.name: p.read_bytes() for p in (tmp_path / "old").iterdir()}
    assert old == {p.name: p.read_bytes() for p in (tmp_path / "new").iterdir()} and len(old) == 11


def test_a_build_spills_the_places_on_the_index_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Not in the system's temporary folder, which may be memory (tmpfs): the spill would cost RAM again."""
    from maguyva_tui.core.indexer import update_index

    asked: list[Path | None] = []
    real = tokens_module._temporary

    def recording(near: Path | None) -> object:
        asked.append(near)
        return real(near)

    monkeypatch.setattr(tokens_module, "_temporary", recording)
    root = tmp_path / "repo"
    root.mkdir()
    (root / "a.py").write_text("def alpha(beta):\n    return beta\n")
    update_index(root, tmp_path / "index")
    assert asked and all(near is not None and near.is_relative_to(tmp_path / "index") for near in asked)
