"""A generation's stored texts, compressed (``content.bin``), read back filled lazily in memory.

``content.bin`` holds every file's text (UTF-8, in path order) cut into blocks of about
:data:`BLOCK_BYTES`, each a zstd frame of its own, made with one dictionary trained on the corpus
at build time (none for a small one); a block never spans two files, so that a build copies an
unchanged file's frames as they are when it keeps the dictionary. After the frames come the
dictionary, the table of blocks (each block's start in the texts and in the file, one more for the
ends; then each block's count of newlines, ``uint16``, padded to 8 bytes) and a footer of
:data:`FOOTER` (where the dictionary and the table lie, the number of blocks, the texts' whole size,
a magic number).

:class:`PackedTexts` gives the texts back to back at the offsets the file table records, as the
uncompressed ``content.bin`` had: :meth:`~PackedTexts.buffer` is an anonymous map of their whole
size whose blocks are decompressed into it when a reader first asks for a range
(:meth:`~PackedTexts.ensure`); a page a question never reads is never touched (no memory).
The blocks' newline counts number a line without the blocks before it
(:meth:`~PackedTexts.newlines_before`): a rare name's one line in the middle of a 40 KB file had
the file decompressed from its start, five blocks where the one holding it does.
"""

from __future__ import annotations

import mmap
import os
import threading
from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from maguyva_tui.core.store.format import IndexUnavailable

if TYPE_CHECKING:
    import zstandard

BLOCK_BYTES = 4096
"""About this many bytes of a file's text a block (a file's text cut into equal blocks no larger):
a literal's page reads a median of 27.5 pages of the texts, and a block costs about 6-13 µs to
decompress with the dictionary (16 KiB blocks compress 10 % better and cost 3x as much each)."""
LEVEL = 3
"""zstd's level: sympy's 29 MB of texts to 0.306x in 0.4 s (level 9: 0.274x in 1.75 s, read as fast)."""
DICTIONARY_BYTES = 112 * 1024
"""The dictionary's size, trained from the corpus's blocks (zstd's default)."""
TRAIN_MIN_BYTES = 2 * 1024 * 1024
"""Below this many bytes of texts no dictionary is trained (it would weigh 5 % of them and more)."""
SAMPLE_BLOCKS = 1000
"""Blocks sampled evenly over the corpus to train the dictionary (about 4 MB: 1 s of training)."""
MAGIC = 0x3244_5458_5447_414D  # "MAGTXTD2" little-endian (1: no newline counts)
FOOTER = 6
"""The footer's int64 fields: dictionary offset and length, table offset, blocks, text bytes, magic."""
_ONES = b"\1" * 4096
"""Marks for a run of blocks filled (a longer run makes its own)."""


def _counts_bytes(blocks: int) -> int:
    """The bytes of the table's newline counts of so many blocks (two a block, padded to 8)."""
    return -(-2 * blocks // 8) * 8


def cut(length: int) -> list[int]:
    """The sizes of the blocks a text of ``length`` bytes is cut into: as few as
    :data:`BLOCK_BYTES` allows, of equal size (the last one a little shorter)."""
    if length <= 0:
        return []
    count = -(-length // BLOCK_BYTES)
    size = -(-length // count)
    return [size] * (count - 1) + [length - size * (count - 1)]


def train(blocks: Iterable[bytes]) -> bytes | None:
    """A dictionary trained on some blocks of the texts, ``None`` where zstd cannot make one."""
    import zstandard  # imported where used: 2 ms of every command's start otherwise

    samples: list[bytes | bytearray | memoryview] = [b for b in blocks if b]
    if sum(map(len, samples)) < TRAIN_MIN_BYTES // 2:
        return None
    try:
        return zstandard.train_dictionary(DICTIONARY_BYTES, samples).as_bytes()
    except zstandard.ZstdError:
        return None


class TextsWriter:
    """Write a ``content.bin``: texts added file by file (or an unchanged file's frames copied),
    then the dictionary, the table and the footer on :meth:`close`."""

    def __init__(self, path: Path, dictionary: bytes | None) -> None:
        import zstandard

        self._out = open(path, "wb")  # noqa: SIM115 - closed by close()
        self.dictionary = dictionary
        self._compressor = zstandard.ZstdCompressor(
            level=LEVEL, dict_data=zstandard.ZstdCompressionDict(dictionary) if dictionary else None,
            write_checksum=False, write_content_size=True, write_dict_id=False)
        self._starts = array("q", [0])
        """Each block's start in the texts (one more: the end)."""
        self._places = array("q", [0])
        """Each block's start in the file (one more: the end)."""
        self._newlines = array("H")
        """Each block's count of newlines (a block holds at most :data:`BLOCK_BYTES` bytes)."""

    def add(self, data: bytes) -> None:
        """Append a file's text."""
        at = 0
        for size in cut(len(data)):
            self._frame(self._compressor.compress(data[at : at + size]), size, data.count(b"\n", at, at + size))
            at += size

    def copy(self, source: PackedTexts, offset: int, length: int) -> None:
        """Append a file's text as ``source`` stores it at ``offset`` (its frames copied: the same
        dictionary is the caller's to make sure of)."""
        if length <= 0:
            return
        first, end = source.blocks(offset, offset + length)
        starts, places, before = source.starts, source.places, source.before
        for b in range(first, end):
            self._frame(source.data[places[b] : places[b + 1]], starts[b + 1] - starts[b], before[b + 1] - before[b])

    def _frame(self, frame: bytes | memoryview, size: int, newlines: int) -> None:
        self._out.write(frame)
        self._places.append(self._places[-1] + len(frame))
        self._starts.append(self._starts[-1] + size)
        self._newlines.append(newlines)

    def close(self) -> int:
        """Write the dictionary, the table and the footer; close the file; return the texts' size."""
        out = self._out
        dict_at = self._places[-1]
        dictionary = self.dictionary or b""
        out.write(dictionary)
        table_at = dict_at + len(dictionary)
        out.write(self._starts.tobytes())
        out.write(self._places.tobytes())
        out.write(self._newlines.tobytes() + bytes(_counts_bytes(len(self._newlines)) - 2 * len(self._newlines)))
        size = self._starts[-1]
        out.write(array("q", [dict_at, len(dictionary), table_at, len(self._starts) - 1, size, MAGIC]).tobytes())
        out.close()
        return size


class PackedTexts:
    """A ``content.bin`` opened for reading (see the module): the texts filled in lazily."""

    def __init__(self, data: bytes | mmap.mmap) -> None:
        self.data = memoryview(data)
        if len(data) < 8 * FOOTER:
            raise IndexUnavailable("the index is corrupt (content.bin is cut short); rebuilding it")
        dict_at, dict_len, table_at, blocks, size, magic = np.frombuffer(
            data, np.int64, FOOTER, len(data) - 8 * FOOTER).tolist()
        if magic != MAGIC or blocks < 0 or not 0 <= dict_at <= table_at <= len(data) or (
                table_at + 16 * (blocks + 1) + _counts_bytes(blocks) + 8 * FOOTER != len(data)) or (
                dict_at + dict_len != table_at):
            raise IndexUnavailable("the index is corrupt (content.bin's table); rebuilding it")
        self.dictionary = bytes(data[dict_at:table_at]) or None
        self.starts = array("q")
        """Each block's start in the texts, and their end."""
        self.starts.frombytes(data[table_at : table_at + 8 * (blocks + 1)])
        self.places = array("q")
        """Each block's start in ``content.bin``, and the end of the last."""
        self.places.frombytes(data[table_at + 8 * (blocks + 1) : table_at + 16 * (blocks + 1)])
        if self.starts[-1] != size or self.places[-1] != dict_at or self.starts[0] or self.places[0]:
            raise IndexUnavailable("the index is corrupt (content.bin's table); rebuilding it")
        counts = np.frombuffer(data, np.uint16, blocks, table_at + 16 * (blocks + 1))
        self.before = array("q", bytes(8))
        """The newlines of the texts before each block, and in all of them (a block's own count:
        the step to the next)."""
        self.before.frombytes(np.cumsum(counts, dtype=np.int64).tobytes())
        if blocks and bool((counts > np.diff(np.frombuffer(self.starts, np.int64))).any()):
            raise IndexUnavailable("the index is corrupt (content.bin's table); rebuilding it")
        self.size = size
        """The texts' size, back to back."""
        self._filled = bytearray(blocks)
        """1 for each block decompressed into :attr:`_buffer`."""
        self._left = blocks
        self._held = (0, 0)
        """The bytes of the blocks the last :meth:`ensure` found or made filled: a file's places and
        lines asked one after the other are found there, no block looked up (two bisections of
        :attr:`starts`, 3,000 instructions)."""
        self.filled_bytes = 0
        """How many bytes of the texts are decompressed into :attr:`_buffer` (what it holds in memory)."""
        self._buffer: mmap.mmap | bytes | None = None
        self._lock = threading.Lock()
        """Filling is one thread's at a time (a decompressor is not to be shared by threads)."""
        self._decompressor: zstandard.ZstdDecompressor | None = None

    def buffer(self) -> bytes | mmap.mmap:
        """The texts back to back (an anonymous map, filled where :meth:`ensure` was asked)."""
        found = self._buffer
        if found is None:
            with self._lock:
                found = self._buffer
                if found is None:
                    found = self._buffer = mmap.mmap(-1, self.size) if self.size else b""
        return found

    def blocks(self, lo: int, hi: int) -> tuple[int, int]:
        """The first block holding byte ``lo`` of the texts and the end of those up to ``hi``."""
        return max(bisect_right(self.starts, lo) - 1, 0), bisect_left(self.starts, hi)

    def ensure(self, lo: int, hi: int) -> None:
        """Make bytes ``lo:hi`` of :meth:`buffer` hold the texts (their blocks decompressed, once)."""
        if self._left and hi > lo:
            held = self._held
            if held[0] <= lo and hi <= held[1]:
                return
            starts = self.starts
            first = bisect_right(starts, lo) - 1  # blocks(), written out: a page asks it for each file it reads
            first = first if first > 0 else 0
            end = bisect_left(starts, hi)
            if self._filled.find(0, first, end) >= 0:
                self._fill(first, end)
            if end < len(starts):
                self._held = (starts[first], starts[end])

    def newlines_before(self, at: int) -> int:
        """How many newlines the texts hold before byte ``at``: those of the blocks before its own
        from the table, its own block decompressed up to it (none for a block's first byte, a
        file's start: a line is numbered in its file from the two)."""
        starts = self.starts
        b = bisect_right(starts, at) - 1
        if b < 0:
            return 0
        if b >= len(self._filled) or at <= starts[b]:
            return self.before[min(b, len(self._filled))]
        self.ensure(starts[b], at)
        return self.before[b] + self.buffer()[starts[b] : at].count(b"\n")

    def line_at(self, lo: int, hi: int, at: int) -> tuple[int, int]:
        """The bounds of the line holding byte ``at`` of the text ``lo:hi``: its first byte and its
        newline (``hi`` for a last line without one), only the blocks it spans decompressed (a
        line may start in a block before ``at``'s and end in one after)."""
        starts, buffer, last = self.starts, self.buffer(), len(self._filled) - 1
        if last < 0 or hi <= lo:
            return lo, hi  # no text
        b = min(max(bisect_right(starts, at) - 1, 0), last)
        k, reach = b, at
        while True:  # back to the line's start
            s = max(starts[k], lo)
            self.ensure(s, reach)
            found = buffer.rfind(b"\n", s, reach)
            if found >= 0 or s <= lo or k <= 0:
                start = found + 1 if found >= 0 else s
                break
            k, reach = k - 1, s
        k, reach = b, at
        while True:  # on to its end
            e = min(starts[k + 1], hi)
            self.ensure(reach, e)
            found = buffer.find(b"\n", reach, e)
            if found >= 0 or e >= hi or k >= last:
                return start, found if found >= 0 else e
            k, reach = k + 1, e

    def filled_blocks(self) -> list[int]:
        """The blocks decompressed into :meth:`buffer` so far, in order (what a question read)."""
        filled = self._filled
        return [b for b in range(len(filled)) if filled[b]]

    def ensure_spans(self, lo: np.ndarray, hi: np.ndarray) -> None:
        """:meth:`ensure` of each span ``lo[i]:hi[i]``."""
        if self._left:
            ensure = self.ensure
            for a, b in zip(np.asarray(lo).tolist(), np.asarray(hi).tolist()):
                ensure(a, b)

    def ensure_all(self) -> None:
        """Fill the whole of :meth:`buffer` (a search over every text)."""
        if self._left:
            self._fill(0, len(self._filled))

    def _fill(self, first: int, end: int) -> None:
        """Decompress blocks ``first:end`` not filled yet into :meth:`buffer`: each run of them
        (a file's blocks, mostly) read in one call, frame after frame, straight into the map (a
        block's frame decompressed one call at a time cost half as much again in Python around it)."""
        buffer = self.buffer()
        assert isinstance(buffer, mmap.mmap)
        filled, starts = self._filled, self.starts
        with self._lock:
            decompressor = self._decompressor or self._new_decompressor()
            b = filled.find(0, first, end)
            while b >= 0:
                stop = filled.find(1, b, end)
                if stop < 0:
                    stop = end
                if stop - b == 1:
                    buffer[starts[b] : starts[stop]] = self._block(b)
                else:
                    self._run(decompressor, buffer, b, stop)
                filled[b:stop] = _ONES[: stop - b] if stop - b <= len(_ONES) else b"\1" * (stop - b)
                self._left -= stop - b  # written first, then marked: a reader that sees the mark sees the bytes
                self.filled_bytes += starts[stop] - starts[b]
                b = filled.find(0, stop, end)

    def trim(self) -> int:
        """Let go of every block decompressed so far (their pages given back to the system), to be
        decompressed again when next asked; the bytes let go. Only at a quiet point: a reader that
        asked :meth:`ensure` and still reads :meth:`buffer` would read zeros (the resident server
        between requests, an MCP server between questions)."""
        with self._lock:
            freed, buffer = self.filled_bytes, self._buffer
            advice = getattr(mmap, "MADV_REMOVE", getattr(mmap, "MADV_DONTNEED", None))
            if not freed or not isinstance(buffer, mmap.mmap) or advice is None:
                return 0
            buffer.madvise(advice)  # a shared anonymous map keeps its pages unless removed (Linux); elsewhere dropped
            self._held = (0, 0)
            self._filled[:] = bytes(len(self._filled))
            self._left = len(self._filled)
            self.filled_bytes = 0
            return freed

    def _run(self, decompressor: zstandard.ZstdDecompressor, buffer: mmap.mmap, first: int, end: int) -> None:
        """Blocks ``first:end`` decompressed from their frames, read one after the other, into
        ``buffer`` (the lock held): the frames must give exactly the blocks' bytes, no more and no
        fewer, else it is damage (as a block of the wrong size is)."""
        import zstandard

        starts, places = self.starts, self.places
        lo, hi = starts[first], starts[end]
        try:
            with decompressor.stream_reader(self.data[places[first] : places[end]], read_across_frames=True) as reader:
                got = reader.readinto(memoryview(buffer)[lo:hi])
                extra = reader.read(1) if got == hi - lo else b""
        except zstandard.ZstdError:
            got, extra = -1, b""
        if got != hi - lo or extra:
            raise IndexUnavailable("the index is corrupt (a block of content.bin); rebuilding it")

    def _new_decompressor(self) -> zstandard.ZstdDecompressor:
        import zstandard

        self._decompressor = zstandard.ZstdDecompressor(
            dict_data=zstandard.ZstdCompressionDict(self.dictionary) if self.dictionary else None)
        return self._decompressor

    def _block(self, b: int, frame: bytes | memoryview | None = None) -> bytes:
        """Block ``b`` decompressed from its ``frame`` (the mapping's where not given; the lock held)."""
        import zstandard

        decompressor = self._decompressor or self._new_decompressor()
        size = self.starts[b + 1] - self.starts[b]
        try:
            out = decompressor.decompress(
                self.data[self.places[b] : self.places[b + 1]] if frame is None else frame, max_output_size=size)
        except zstandard.ZstdError:
            out = b""
        if len(out) != size:
            raise IndexUnavailable("the index is corrupt (a block of content.bin); rebuilding it")
        return out

    def read(self, lo: int, hi: int, fd: int | None = None) -> bytes:
        """Bytes ``lo:hi`` of the texts, decompressed into a copy of their own where they are not
        filled in yet (a build reading every text leaves nothing resident). With ``fd``
        (``content.bin`` open) always from frames read by a positional read, not through the
        mapping: a pass over every text (the static tier's fill) had left the whole compressed file
        resident in the process, 91 MB of the 450 MB corpus's build peak (752.9 -> 842.5 MB, over
        2 x the corpus)."""
        if hi <= lo:
            return b""
        first, end = self.blocks(lo, hi)
        at, places = self.places[first], self.places
        if fd is None:
            with self._lock:  # not while :meth:`trim` lets the blocks go
                buffer = self._buffer
                if buffer is not None and self._filled.find(0, first, end) < 0:
                    return bytes(buffer[lo:hi])
        if fd is None:
            frames, at = self.data, 0
        else:
            frames = memoryview(os.pread(fd, places[end] - at, at))
            if len(frames) != places[end] - at:
                raise IndexUnavailable("the index is corrupt (content.bin is cut short); rebuilding it")
        with self._lock:
            parts = [self._block(b, frames[places[b] - at : places[b + 1] - at]) for b in range(first, end)]
        base = self.starts[first]
        return b"".join(parts)[lo - base : hi - base]


class PlainTexts:
    """Texts held whole in memory (a snapshot made by hand): nothing to fill."""

    def __init__(self, data: bytes | mmap.mmap) -> None:
        self._data = data
        self.size = len(data)

    def buffer(self) -> bytes | mmap.mmap:
        return self._data

    def ensure(self, lo: int, hi: int) -> None:
        """Nothing to fill."""

    def ensure_spans(self, lo: np.ndarray, hi: np.ndarray) -> None:
        """Nothing to fill."""

    def ensure_all(self) -> None:
        """Nothing to fill."""

    def newlines_before(self, at: int) -> int:
        """How many newlines the texts hold before byte ``at`` (counted: no table)."""
        at = min(max(at, 0), self.size)
        return int(np.count_nonzero(np.frombuffer(self._data, np.uint8, at) == 10)) if at else 0

    def line_at(self, lo: int, hi: int, at: int) -> tuple[int, int]:
        """The bounds of the line holding byte ``at`` of the text ``lo:hi`` (its first byte, its
        newline or ``hi``)."""
        stop = self._data.find(b"\n", at, hi)
        return self._data.rfind(b"\n", lo, at) + 1 or lo, hi if stop < 0 else stop

    def read(self, lo: int, hi: int) -> bytes:
        return bytes(self._data[lo:hi])


Texts = PackedTexts | PlainTexts


def open_texts(path: Path) -> PackedTexts:
    """Open a generation's ``content.bin`` (mapped read-only)."""
    with open(path, "rb") as handle:
        size = os.fstat(handle.fileno()).st_size
        if size == 0:
            raise IndexUnavailable("the index is corrupt (content.bin is empty); rebuilding it")
        return PackedTexts(mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ))
