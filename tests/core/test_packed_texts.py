"""The stored texts compressed (``content.bin``, format 72): searches read the same texts, a build
that keeps most files keeps the dictionary and copies their blocks, and threads filling the same
blocks at once read the same bytes."""

from __future__ import annotations

import random
import threading
from array import array
from pathlib import Path

import pytest

from maguyva_tui.core.indexer import update_index
from maguyva_tui.core.retrievers.text import TextRetriever
from maguyva_tui.core.store import texts
from maguyva_tui.core.store.format import IndexUnavailable
from maguyva_tui.core.store.snapshot import Snapshot


def _repo(root: Path, files: int = 40) -> Path:
    rng = random.Random(7)
    words = ["alpha", "beta", "gamma", "delta", "matrix", "expand", "solve", "value", "result", "index"]
    for i in range(files):
        body = "".join(f"def {rng.choice(words)}_{i}_{k}(x):\n    return {rng.choice(words)}(x) + {k}\n\n"
                       for k in range(rng.randint(20, 400)))
        (root / f"mod_{i:02d}.py").parent.mkdir(parents=True, exist_ok=True)
        (root / f"mod_{i:02d}.py").write_text(body + f"MARKER_{i} = {i}\n")
    return root


@pytest.fixture
def trained(monkeypatch: pytest.MonkeyPatch) -> None:
    """A dictionary trained however small the corpus (as for one of 2 MB and more)."""
    monkeypatch.setattr(texts, "TRAIN_MIN_BYTES", 1)
    monkeypatch.setattr("maguyva_tui.core.indexer.TRAIN_MIN_BYTES", 1)


def test_searches_find_every_file_whole_in_the_compressed_texts(tmp_path: Path, trained: None) -> None:
    root = _repo(tmp_path / "repo")
    snapshot, _ = update_index(root)
    opened = Snapshot.load(snapshot.folder)
    packed = opened.packed_texts
    assert packed is not None and packed.dictionary is not None
    assert (opened.generation / "content.bin").stat().st_size < opened.texts_size / 2
    text = TextRetriever(opened)
    for i in (0, 17, 39):
        assert [(h.path, h.line) for h in text.literal_lines(f"MARKER_{i}")] == [
            (f"mod_{i:02d}.py", (root / f"mod_{i:02d}.py").read_text().count("\n"))]
    for path in opened.files:
        assert opened.text(path) == (root / path).read_text()


def test_a_build_keeping_most_files_copies_their_blocks_with_the_same_dictionary(tmp_path: Path, trained: None) -> None:
    root = _repo(tmp_path / "repo")
    first, _ = update_index(root)
    before = Snapshot.load(first.folder).packed_texts
    (root / "mod_05.py").write_text("EDITED = 5\n")
    second, _ = update_index(root)
    assert second.generation != first.generation
    after = Snapshot.load(second.folder)
    packed = after.packed_texts
    assert before is not None and packed is not None and packed.dictionary == before.dictionary
    was, now = first.files["mod_06.py"], after.files["mod_06.py"]
    old = before.data[before.places[before.blocks(was.offset, was.offset + 1)[0]]:][:64]
    new = packed.data[packed.places[packed.blocks(now.offset, now.offset + 1)[0]]:][:64]
    assert bytes(old) == bytes(new)  # the unchanged file's frames copied as they were
    assert after.text("mod_05.py") == "EDITED = 5\n"
    assert [(h.path, h.line) for h in TextRetriever(after).literal_lines("EDITED")] == [("mod_05.py", 1)]
    for path in after.files:
        assert after.text(path) == (root / path).read_text()


def test_threads_filling_the_same_blocks_at_once_read_the_texts(tmp_path: Path, trained: None) -> None:
    root = _repo(tmp_path / "repo")
    snapshot, _ = update_index(root)
    opened = Snapshot.load(snapshot.folder)
    entries = sorted(opened.files.values(), key=lambda e: e.offset)
    wrong: list[str] = []

    def read() -> None:
        for entry in entries:
            opened.ensure(entry.offset, entry.offset + entry.length)
            if opened.blob()[entry.offset : entry.offset + entry.length] != (root / entry.path).read_bytes():
                wrong.append(entry.path)

    threads = [threading.Thread(target=read) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert wrong == []


def test_a_text_is_cut_into_blocks_of_at_most_the_block_size() -> None:
    assert texts.cut(0) == []
    assert texts.cut(10) == [10]
    assert texts.cut(texts.BLOCK_BYTES + 1) == [texts.BLOCK_BYTES // 2 + 1, texts.BLOCK_BYTES // 2]
    assert all(sum(texts.cut(n)) == n and max(texts.cut(n)) <= texts.BLOCK_BYTES for n in (1, 4095, 4096, 99_999))


def _packed(tmp_path: Path, sizes: list[int]) -> tuple[texts.PackedTexts, bytes]:
    """A ``content.bin`` of files of these sizes (each of several blocks) with a dictionary
    trained on them, opened."""
    rng = random.Random(11)
    words = [b"alpha", b"beta", b"gamma", b"delta", b"matrix", b"expand", b"solve", b"value", b"\n", b"    "]
    datas = [b" ".join(rng.choice(words) for _ in range(size // 5))[:size] for size in sizes]
    joined = b"".join(datas)
    dictionary = texts.train(joined[i : i + 1024] for i in range(0, len(joined), 256))
    assert dictionary is not None
    written = texts.TextsWriter(tmp_path / "content.bin", dictionary)
    for data in datas:
        written.add(data)
    written.close()
    return texts.open_texts(tmp_path / "content.bin"), b"".join(datas)


def test_blocks_filled_in_runs_read_the_texts_whatever_was_filled_before(tmp_path: Path, trained: None) -> None:
    """A range whose blocks are partly filled already (a file read before, a line of another):
    each run of the others is decompressed at once, and every byte is the text's."""
    packed, whole = _packed(tmp_path, [40_000, 3_000, 70_000, 9_000])
    assert len(packed.starts) - 1 > 20
    starts = packed.starts
    packed.ensure(starts[3] + 10, starts[3] + 20)  # one block alone
    packed.ensure(starts[7], starts[9])  # a run of two
    packed.ensure(starts[12] - 1, starts[12] + 1)  # two blocks across an edge
    blob = packed.buffer()
    assert blob[starts[7] : starts[9]] == whole[starts[7] : starts[9]]
    packed.ensure(0, len(whole))
    assert blob[:] == whole and packed._left == 0


def test_a_damaged_frame_inside_a_run_of_blocks_reads_as_damage(tmp_path: Path, trained: None) -> None:
    """A frame in the middle of a run decompressed at once is damage, as it is decompressed alone:
    an unreadable frame, or frames giving fewer bytes than the blocks hold."""
    packed, _ = _packed(tmp_path, [40_000])
    data = bytearray((tmp_path / "content.bin").read_bytes())
    at = packed.places[4]
    data[at] ^= 0xFF  # the fifth frame's magic number
    (tmp_path / "content.bin").write_bytes(data)
    damaged = texts.open_texts(tmp_path / "content.bin")
    with pytest.raises(IndexUnavailable):
        damaged.ensure(0, damaged.size)
    damaged.ensure(0, damaged.starts[4])  # the blocks before it read well
    assert damaged.buffer()[: damaged.starts[4]] == texts.open_texts(tmp_path / "content.bin").read(0, damaged.starts[4])


def test_frames_giving_more_bytes_than_their_blocks_read_as_damage(tmp_path: Path, trained: None) -> None:
    """A run whose frames hold more text than the table says its blocks do is damage."""
    packed, _ = _packed(tmp_path, [40_000])
    raw = bytearray((tmp_path / "content.bin").read_bytes())
    table_at = len(raw) - 8 * texts.FOOTER
    footer = list(array("q", raw[table_at:]))
    blocks = footer[3]
    starts = array("q", raw[footer[2] : footer[2] + 8 * (blocks + 1)])
    starts[-1] -= 1  # the last block one byte shorter, the texts' size too
    footer[4] -= 1
    raw[footer[2] : footer[2] + 8 * (blocks + 1)] = starts.tobytes()
    raw[table_at:] = array("q", footer).tobytes()
    (tmp_path / "content.bin").write_bytes(raw)
    damaged = texts.open_texts(tmp_path / "content.bin")
    with pytest.raises(IndexUnavailable):
        damaged.ensure(0, damaged.size)
