"""Parts of an index kept compressed (issue 19): the chunk index's postings as zstd frames of a
block of values, the facts' string tables as one frame each, the graph's and centrality's larger
archive members as frames. Each reads back exactly what was written, smaller on disk, and a
damaged one reads as damage."""

from __future__ import annotations

import zipfile
from pathlib import Path

import numpy as np
import pytest

from maguyva_tui.core.store import blocks
from maguyva_tui.core.store.arrays import Strings, save_strings
from maguyva_tui.core.store.blocks import PackedColumn, save_packed
from maguyva_tui.core.store.centrality import centrality_columns, load_centrality, save_centrality
from maguyva_tui.core.store.format import IndexUnavailable
from maguyva_tui.core.store.npz import mapped_npz, save_npz


def _postings(rng: np.random.Generator, stems: int = 400, chunks: int = 50_000) -> np.ndarray:
    """Chunk numbers as a chunk index stores them: each stem's rising, stem after stem."""
    parts = [np.sort(rng.choice(chunks, size=int(rng.integers(1, 300)), replace=False)) for _ in range(stems)]
    return np.concatenate(parts).astype(np.int32)


def _frame_middle(path: Path, member: str) -> int:
    """Where the middle of an archive member's zstd frame lies in the file."""
    data = path.read_bytes()
    with zipfile.ZipFile(path) as archive:
        info = archive.getinfo(member)
    start = data.index(b"\x28\xb5\x2f\xfd", info.header_offset)
    return start + (info.header_offset + info.compress_size - start) // 2 + 15


def _flip(path: Path, at: int) -> None:
    data = bytearray(path.read_bytes())
    data[at] ^= 0xFF
    path.write_bytes(bytes(data))


def test_a_packed_column_reads_every_slice_as_the_plain_one_and_is_smaller(tmp_path: Path) -> None:
    rng = np.random.default_rng(7)
    for column, stepped in ((_postings(rng), True), (rng.integers(1, 6, 70_000).astype(np.uint8), False),
                            (np.arange(20_000, dtype=np.uint16), True)):
        path = tmp_path / "part.zst"
        save_packed(path, column, stepped)
        packed = PackedColumn.load(path)
        assert path.stat().st_size < column.nbytes / 2
        assert len(packed) == len(column) and packed.dtype == column.dtype
        assert (packed.min(), packed.max()) == (int(column.min()), int(column.max()))
        assert np.array_equal(np.asarray(packed), column)
        for _ in range(200):
            lo = int(rng.integers(0, len(column)))
            hi = lo + int(rng.integers(0, 20_000))
            assert np.array_equal(packed[lo:hi], column[lo:hi])
        positions = rng.integers(0, len(column), 50)
        assert np.array_equal(packed[positions], column[positions])
        assert int(packed[len(column) - 1]) == int(column[-1])


def test_a_damaged_packed_column_reads_as_damage(tmp_path: Path) -> None:
    column = _postings(np.random.default_rng(3))
    path = tmp_path / "words_chunks.zst"
    save_packed(path, column, True)
    table = np.load(blocks.frames_path(path))
    _flip(path, int(table[blocks.HEADER + 1]) + 20)  # inside the second frame
    packed = PackedColumn.load(path)
    assert np.array_equal(packed[: blocks.BLOCK], column[: blocks.BLOCK])  # the first frame is whole
    with pytest.raises(IndexUnavailable):
        packed[blocks.BLOCK : blocks.BLOCK + 5]
    path.write_bytes(path.read_bytes()[:-10])  # cut: the frames' table no longer spans it
    with pytest.raises(IndexUnavailable):
        PackedColumn.load(path)


def _names(count: int) -> list[str]:
    return [f"module_{i % 97}.Class{i}.method_{i * 7 % 1000}" for i in range(count)]


def test_a_packed_string_table_reads_as_the_plain_one_and_is_smaller(tmp_path: Path) -> None:
    names = _names(20_000)
    save_strings(tmp_path, "plain", names)
    save_strings(tmp_path, "packed", names, packed=True)
    assert (tmp_path / "packed.bin").stat().st_size < (tmp_path / "plain.bin").stat().st_size / 3
    plain, packed = Strings.load(tmp_path, "plain"), Strings.load(tmp_path, "packed")
    ids = np.array([1, 5, 19_999, 20_000, 0, 20_001, -3])
    assert packed.pick(ids, bulk=False) == plain.pick(ids, bulk=False)
    assert packed.id_of(names[1234]) == plain.id_of(names[1234]) == 1235
    assert np.array_equal(packed.ids_ending("method_7"), plain.ids_ending("method_7"))
    assert np.array_equal(packed.initials(np.arange(1, 100)), plain.initials(np.arange(1, 100)))
    assert packed.all() == names
    assert packed.same(plain)


def test_a_damaged_packed_string_table_reads_as_damage_or_as_empty_strings(tmp_path: Path) -> None:
    names = _names(20_000)
    save_strings(tmp_path, "facts_strings", names, packed=True)
    blob = tmp_path / "facts_strings.bin"
    _flip(blob, blob.stat().st_size // 2)  # the frame's body: its checksum fails where it is read
    table = Strings.load(tmp_path, "facts_strings")
    assert table.pick(np.array([1, 2])) == ["", ""]
    assert table.id_of(names[5]) == 0
    _flip(blob, 5)  # its header: the size it says no longer matches the offsets
    with pytest.raises(IndexUnavailable):
        Strings.load(tmp_path, "facts_strings")


def test_an_archives_larger_members_are_packed_and_read_back_exactly(tmp_path: Path) -> None:
    rng = np.random.default_rng(5)
    arrays = {"big": np.repeat(rng.integers(0, 50, 5_000), 20).astype(np.int32), "small": np.arange(10),
              "floats": np.round(rng.random(40_000), 2)}
    save_npz(tmp_path / "a.npz", arrays)
    with open(tmp_path / "b.npz", "wb") as handle:
        np.savez(handle, **arrays)  # type: ignore[arg-type]
    assert (tmp_path / "a.npz").stat().st_size < (tmp_path / "b.npz").stat().st_size / 2
    read = mapped_npz(tmp_path / "a.npz")
    assert read.keys() == arrays.keys()
    assert all(np.array_equal(read[k], arrays[k]) and read[k].dtype == arrays[k].dtype for k in arrays)
    read["big"][:] = 0  # writable, as a copy-on-write map's members are
    _flip(tmp_path / "a.npz", _frame_middle(tmp_path / "a.npz", "big.npy"))
    with pytest.raises(ValueError):
        mapped_npz(tmp_path / "a.npz")


def test_a_damaged_packed_centrality_table_reads_as_damage(tmp_path: Path) -> None:
    files = 3_000
    paths = sorted(f"src/pkg{i // 100}/mod{i}.py" for i in range(files))
    counts = np.full(files, 4, np.int64)
    spans = np.stack((np.arange(files * 4) % 500, np.arange(files * 4) % 500 + 3), axis=1).astype(np.int32)
    table = centrality_columns(paths, np.linspace(0, 1, files), counts, spans, np.round(np.linspace(0, 1, files * 4), 3))
    path = tmp_path / "centrality.npz"
    save_centrality(path, table)
    assert [[a, b] for a, b, _ in load_centrality(path).files[paths[7]][1]] == spans[28:32].tolist()
    _flip(path, _frame_middle(path, "values.npy"))
    with pytest.raises(IndexUnavailable):
        load_centrality(path)


@pytest.mark.slow
def test_a_chunk_index_with_packed_postings_ranks_as_one_counted_in_memory(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from maguyva_tui.core.chunk_words import build_index, open_index
    from maguyva_tui.core.indexer import update_index
    from maguyva_tui.core.store import words
    from maguyva_tui.core.store.snapshot import Snapshot
    from tests.core.test_text_tokens import _write_repo

    monkeypatch.setattr(words, "BLOCK", 64)  # a small repository's postings packed, in blocks of 64
    monkeypatch.setattr(blocks, "BLOCK", 64)
    root = tmp_path / "repo"
    root.mkdir()
    _write_repo(root, 3, files=30)
    (root / "loud.py").write_text("def loud():\n    " + "zebra + " * 300 + "walrus\n\ndef quiet():\n    zebra()\n")

    def pages(snapshot: Snapshot) -> tuple[list, list]:
        assert snapshot.generation is not None
        stored = words.load_words(snapshot.generation)
        assert isinstance(stored.chunks, PackedColumn) and len(stored.chunks) > 64
        found = []
        for index in (open_index(snapshot), build_index(snapshot)):
            chunks, scores, _ = index.page(["zebra", "walru", "def"], 10)
            found.append([(c.path, c.start_line, round(s, 9)) for c, s in zip(chunks, scores)])
        return found[0], found[1]

    snapshot = Snapshot.load(update_index(root, tmp_path / "index")[0].folder)
    assert snapshot.generation is not None and (snapshot.generation / "words_chunks.zst").exists()
    stored, counted = pages(snapshot)
    assert stored == counted and "loud.py" in {path for path, _, _ in stored}
    (root / "added.py").write_text("def added():\n    zebra(zebra)\n")  # the others' postings carried over
    again = Snapshot.load(update_index(root, tmp_path / "index")[0].folder)
    stored, counted = pages(again)
    assert stored == counted and "added.py" in {path for path, _, _ in stored}


def test_a_damaged_block_of_packed_postings_is_counted_anew_by_the_next_build(tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from maguyva_tui.core.chunk_words import build_index, open_index
    from maguyva_tui.core.indexer import update_index
    from maguyva_tui.core.store import words
    from maguyva_tui.core.store.snapshot import Snapshot
    from tests.core.test_text_tokens import _write_repo

    monkeypatch.setattr(words, "BLOCK", 64)
    monkeypatch.setattr(blocks, "BLOCK", 64)
    root = tmp_path / "repo"
    root.mkdir()
    _write_repo(root, 3, files=30)
    snapshot = Snapshot.load(update_index(root, tmp_path / "index")[0].folder)
    assert snapshot.generation is not None
    packed = snapshot.generation / "words_chunks.zst"
    _flip(packed, int(np.load(blocks.frames_path(packed))[blocks.HEADER + 1]) + 10)  # inside the second block
    with pytest.raises(IndexUnavailable):
        words.load_words(snapshot.generation, whole=True)
    (root / "added.py").write_text("def added():\n    zebra(zebra)\n")
    again = Snapshot.load(update_index(root, tmp_path / "index")[0].folder)  # no reuse of the damaged postings
    pages = []
    for index in (open_index(again), build_index(again)):
        chunks, scores, _ = index.page(["zebra", "def", "widget"], 10)
        pages.append([(c.path, c.start_line, round(s, 9)) for c, s in zip(chunks, scores)])
    assert pages[0] == pages[1] and "added.py" in {path for path, _, _ in pages[0]}


def test_packed_facts_read_as_plain_ones(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from maguyva_tui.core.indexer import update_index
    from maguyva_tui.core.store import arrays
    from tests.core.test_text_tokens import _write_repo

    root = tmp_path / "repo"
    root.mkdir()
    _write_repo(root, 3, files=30)
    plain, _ = update_index(root, tmp_path / "plain")
    monkeypatch.setattr(arrays, "PACK_LEAST", 64)  # a small repository's facts packed
    packed, _ = update_index(root, tmp_path / "packed")
    assert packed.generation is not None and plain.generation is not None
    assert {"facts_chunks.zst", "facts_symbols.zst"} <= {p.name for p in packed.generation.iterdir()}
    assert not (packed.generation / "facts_chunks.npy").exists()
    assert (packed.generation / "facts_strings.bin").read_bytes()[:4] == b"\x28\xb5\x2f\xfd"
    assert sorted(packed.facts) == sorted(plain.facts)
    assert all(packed.facts[p] == plain.facts[p] for p in plain.facts)


@pytest.mark.parametrize("name", ["facts_strings.bin", "facts_symbols.zst"])
def test_a_damaged_packed_facts_table_is_a_rebuild(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    from maguyva_tui.core.indexer import update_index
    from maguyva_tui.core.store import arrays
    from tests.core.test_text_tokens import _write_repo

    monkeypatch.setattr(arrays, "PACK_LEAST", 64)  # a small repository's facts packed
    root = tmp_path / "repo"
    root.mkdir()
    _write_repo(root, 3, files=30)
    snapshot, _ = update_index(root, tmp_path / "index")
    assert snapshot.generation is not None
    blob = snapshot.generation / name
    assert blob.read_bytes()[:4] == b"\x28\xb5\x2f\xfd"
    _flip(blob, blob.stat().st_size // 2)
    again, summary = update_index(root, tmp_path / "index")
    assert name in (summary.rebuilt_because or "")
    assert again.facts["m006.py"].symbols  # the rebuilt facts read whole
