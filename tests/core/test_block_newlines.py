"""The stored texts' blocks carry their newline counts (``content.bin``, format 75): a line is
numbered from the counts of the blocks before its own and its own block read up to it, so a page
decompresses only the blocks its matches' lines span, not each file from its start up to its last
match. The counts are written as a text is cut, carried when an unchanged file's frames are
copied, and the lines and snippets a page shows are those a plain reading of the files gives
(several-block files, CRLF lines, a line across a block's edge, a last line without a newline,
an empty file; with a dictionary or without one)."""

from __future__ import annotations

import random
from array import array
from collections.abc import Iterator
from pathlib import Path

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.indexer import update_index
from maguyva_tui.core.store import texts
from maguyva_tui.core.store.format import IndexUnavailable
from maguyva_tui.core.store.snapshot import Snapshot
from tests.core.test_engine import CountingProvider


def _datas() -> list[bytes]:
    """Texts of several blocks: LF and CRLF lines, a long line across a block's edge, a last line
    without a newline, an empty text, one without any newline."""
    rng = random.Random(5)
    words = [b"alpha", b"beta", b"gamma", b"delta", b"matrix", b"expand"]
    lines = [b" ".join(rng.choice(words) for _ in range(rng.randint(0, 14))) for _ in range(2_000)]
    plain = b"\n".join(lines[:900]) + b"\n"
    crlf = b"\r\n".join(lines[900:1400]) + b"\r\n"
    long_line = b"head\n" + b"x" * 9_000 + b"\n" + b"\n".join(lines[1400:1600])  # no final newline
    return [plain, b"", crlf, b"one line without its newline", long_line, b"\n" * 5_000]


def _write(path: Path, datas: list[bytes], dictionary: bytes | None) -> texts.PackedTexts:
    written = texts.TextsWriter(path, dictionary)
    for data in datas:
        written.add(data)
    written.close()
    return texts.open_texts(path)


@pytest.fixture(params=[False, True], ids=["no dictionary", "dictionary"])
def packed(request: pytest.FixtureRequest, tmp_path: Path,
           monkeypatch: pytest.MonkeyPatch) -> tuple[texts.PackedTexts, bytes]:
    monkeypatch.setattr(texts, "TRAIN_MIN_BYTES", 1)  # a dictionary however small the texts
    datas = _datas()
    joined = b"".join(datas)
    dictionary = texts.train(joined[i : i + 1024] for i in range(0, len(joined), 97)) if request.param else None
    if request.param:
        assert dictionary is not None
    return _write(tmp_path / "content.bin", datas, dictionary), joined


def _blocks_of(packed: texts.PackedTexts, lo: int, hi: int) -> set[int]:
    first, end = packed.blocks(lo, hi)
    return set(range(first, end))


def test_newlines_before_a_byte_read_only_its_own_block(packed: tuple[texts.PackedTexts, bytes]) -> None:
    store, whole = packed
    raw = bytes(store.data)
    assert len(store.starts) - 1 > 12
    assert store.before[-1] == whole.count(b"\n")
    for at in random.Random(3).sample(range(len(whole) + 1), 300) + list(store.starts):
        fresh = texts.PackedTexts(raw)
        assert fresh.newlines_before(at) == whole.count(b"\n", 0, at), at
        assert set(fresh.filled_blocks()) <= _blocks_of(fresh, at - 1, at)  # a block's first byte: none read


def test_a_lines_bounds_read_only_the_blocks_it_spans(packed: tuple[texts.PackedTexts, bytes]) -> None:
    store, whole = packed
    raw, datas = bytes(store.data), _datas()
    offsets = [sum(map(len, datas[:i])) for i in range(len(datas) + 1)]
    rng = random.Random(9)
    for lo, hi in zip(offsets, offsets[1:]):
        for at in (rng.sample(range(lo, hi), min(40, hi - lo)) if hi > lo else []):
            fresh = texts.PackedTexts(raw)
            start, stop = fresh.line_at(lo, hi, at)
            found = whole.find(b"\n", at, hi)
            assert (start, stop) == (whole.rfind(b"\n", lo, at) + 1 or lo, hi if found < 0 else found), at
            assert set(fresh.filled_blocks()) <= _blocks_of(fresh, start - 1 if start > lo else lo, stop + 1)
            assert fresh.buffer()[start:stop] == whole[start:stop]


def test_plain_texts_count_and_bound_lines_as_packed_ones(packed: tuple[texts.PackedTexts, bytes]) -> None:
    store, whole = packed
    raw, plain = bytes(store.data), texts.PlainTexts(whole)
    for at in random.Random(4).sample(range(len(whole) + 1), 100):
        assert plain.newlines_before(at) == store.newlines_before(at)
        if at < len(whole):
            assert plain.line_at(0, len(whole), at) == texts.PackedTexts(raw).line_at(0, len(whole), at)


def test_copied_frames_carry_their_newline_counts(tmp_path: Path) -> None:
    datas = _datas()
    source = _write(tmp_path / "a.bin", datas, None)
    offsets = [sum(map(len, datas[:i])) for i in range(len(datas) + 1)]
    copy = texts.TextsWriter(tmp_path / "b.bin", None)
    kept = [4, 1, 0, 2]  # copied in another order, an empty text among them
    for i in kept:
        copy.copy(source, offsets[i], len(datas[i]))
    copy.add(b"added\r\nafter\n")
    copy.close()
    copied = texts.open_texts(tmp_path / "b.bin")
    joined = b"".join(datas[i] for i in kept) + b"added\r\nafter\n"
    assert copied.before[-1] == joined.count(b"\n")
    for at in random.Random(6).sample(range(len(joined) + 1), 200):
        assert copied.newlines_before(at) == joined.count(b"\n", 0, at)


def test_a_build_keeping_files_keeps_their_counts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(texts, "TRAIN_MIN_BYTES", 1)
    monkeypatch.setattr("maguyva_tui.core.indexer.TRAIN_MIN_BYTES", 1)
    root = tmp_path / "repo"
    root.mkdir()
    for i, data in enumerate(_datas()):
        (root / f"f{i}.txt").write_bytes(data.replace(b"\r\n", b"\n") if i == 0 else data)
    first, _ = update_index(root)
    (root / "f3.txt").write_bytes(b"edited\nlines\n")
    second, _ = update_index(root)
    packed = Snapshot.load(second.folder).packed_texts
    assert packed is not None and packed.dictionary is not None  # the dictionary kept: frames copied
    for path, entry in second.files.items():
        data = (root / path).read_bytes()
        base = packed.newlines_before(entry.offset)
        for at in range(entry.offset, entry.offset + entry.length + 1, 97):
            assert packed.newlines_before(at) - base == data.count(b"\n", 0, at - entry.offset), path


def test_a_count_larger_than_its_block_reads_as_damage(tmp_path: Path) -> None:
    assert _write(tmp_path / "content.bin", _datas(), None).before[-1] == b"".join(_datas()).count(b"\n")
    raw = bytearray((tmp_path / "content.bin").read_bytes())
    footer = list(array("q", raw[len(raw) - 8 * texts.FOOTER :]))
    counts_at = footer[2] + 16 * (footer[3] + 1)
    raw[counts_at : counts_at + 2] = (60_000).to_bytes(2, "little")
    (tmp_path / "content.bin").write_bytes(raw)
    with pytest.raises(IndexUnavailable):
        texts.open_texts(tmp_path / "content.bin")


NAME = "quorvex_total"
"""A name a few files hold, in their later blocks."""


def _page_files() -> dict[str, bytes]:
    filler = b"".join(b"value_%d = compute(%d) + other_thing\n" % (i, i) for i in range(1_500))  # ~55 KB
    crlf = filler.replace(b"\n", b"\r\n")
    name = NAME.encode()
    across = b"z = " + b"w" * 40 + b" + " + name + b"\n"  # starts in a block, the name in the next
    edge = texts.cut(len(filler) + len(across))[0]
    split = filler.rfind(b"\n", 0, edge - 20) + 1
    return {
        "mid.py": filler[:30_000] + b"x = " + name + b"(1)\n" + filler[30_000:],
        "crlf.py": crlf[:40_000] + b"y = " + name + b"(2)\r\n" + crlf[40_000:],
        "edge.py": filler[:split] + across + filler[split:],
        "unended.py": filler + b"last = " + name,  # its last line, without a newline
        "twice.py": filler[:20_000] + name + b" = 1\n" + filler[20_000:45_000] + b"print(" + name + b")\n",
        "empty.py": b"",
    }


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    root = tmp_path_factory.mktemp("block-newlines") / "repo"
    root.mkdir()
    for name, data in _page_files().items():
        (root / name).write_bytes(data)
    made = Engine(root, tmp_path_factory.mktemp("block-newlines-index"), provider=CountingProvider())
    made.refresh(semantic=False)
    yield made
    made.close()


def _truth() -> dict[tuple[str, int], tuple[str, int, int]]:
    """Each line holding the name: its text and its bounds in its file."""
    out = {}
    for path, data in _page_files().items():
        at = 0
        for i, line in enumerate(data.split(b"\n")):
            if NAME.encode() in line:
                out[(path, i + 1)] = (line.decode().removesuffix("\r"), at, at + len(line))
            at += len(line) + 1
    return out


@pytest.mark.parametrize("limit", [3, 100])
def test_a_pages_lines_are_the_files_and_read_only_their_blocks(engine: Engine, limit: int) -> None:
    engine.trim_texts(keep=0)  # every block let go: only what this question reads is filled
    assert engine.snapshot.packed_texts is not None and not engine.snapshot.packed_texts.filled_blocks()
    result = engine.search(NAME, modality="text", limit=limit)
    truth = _truth()
    shown = [(r.path, r.start_line, r.end_line, r.snippet) for r in result.results]
    assert len(shown) == min(limit, len(truth))
    for path, start, end, text in shown:
        assert start == end and truth[(path, start)][0] == text, (path, start)
    snapshot = engine.snapshot
    packed = snapshot.packed_texts
    assert packed is not None and len(packed.starts) - 1 > 40
    spanned: set[int] = set()
    for (path, _), (_, lo, hi) in truth.items():  # every line holding it (each numbered to rank the page)
        offset = snapshot.files[path].offset
        spanned |= _blocks_of(packed, offset + max(lo - 1, 0), offset + hi + 1)  # the line, the bytes by it
    assert set(packed.filled_blocks()) <= spanned  # not the blocks before the lines (a file's start)
    whole = engine.search(NAME, modality="text", limit=10**7).results
    assert [(r.path, r.start_line) for r in result.results] == [(r.path, r.start_line) for r in whole][:limit]


def test_texts_without_a_block_count_no_newline(tmp_path: Path) -> None:
    empty = _write(tmp_path / "content.bin", [b""], None)
    assert len(empty.starts) == 1 and empty.newlines_before(0) == 0 and empty.line_at(0, 0, 0) == (0, 0)
