"""A column of integers read by slices, stored as zstd frames of :data:`BLOCK` values each (issue 19:
the chunk index's postings, 54.1 + 13.5 MB plainly on the 450 MB corpus).

Two files stand for the column ``NAME``:

    NAME.zst          the frames, back to back: block ``b`` holds values ``b * block`` to
                      ``(b + 1) * block`` (the last fewer), each value (less the one before it, as
                      a zigzagged step, where the column is ``stepped``: postings' chunk numbers
                      rise within a stem) in the fewest bytes that hold the block's largest, cut
                      into its bytes, the low bytes of the block first, then the next, ...: what
                      zstd packs best (sympy's postings: 2.01 -> 0.80 MB; 1.07 unsplit)
    NAME_frames.npy   ``int64``: :data:`HEADER` fields (length, block, type, stepped, least,
                      largest), then where each frame starts in ``NAME.zst`` (one more: the end)

Reading is a slice (or an array of positions) of :class:`PackedColumn`: the blocks it covers are
decompressed (about 60 µs for 8,192 values) and kept in a bounded cache, so a stem's postings cost
what reading them from a map did plus the blocks' decoding; the least and largest values, written
in the header, answer ``min`` and ``max`` without decoding. A frame that does not decompress (zstd
checks each frame's checksum), or holds other than the header's count of values or values outside
its bounds, is ``IndexUnavailable`` where it is read: damage reads as damage.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from maguyva_tui.core.store.arrays import damaged, load_array, map_bytes, save_array

BLOCK = 8192
"""Values a frame: a stem's postings, however few, decode one block (8,192 chunk numbers, about
60 µs); a frequent one's, its blocks in turn."""

LEVEL = 3
"""zstd's level for the frames."""

HEADER = 6
"""The leading fields of ``NAME_frames.npy``: length, block, type (an index into :data:`TYPES`),
stepped (1 or 0), least value, largest value."""

TYPES: tuple[type[np.generic], ...] = (np.uint8, np.uint16, np.uint32, np.int32, np.int64)
"""The types a packed column is read back in (its values' type when written)."""

CACHE_VALUES = 1 << 21
"""Decoded values a column keeps (about 8 MB of ``int32``), the blocks read longest ago let go first."""

FRAMES = "_frames"
"""The suffix of the frames' table beside ``NAME.zst``."""


def frames_path(path: Path) -> Path:
    """Where the frames' table of the packed column ``path`` (``NAME.zst``) lies."""
    return path.with_name(path.stem + FRAMES + ".npy")


def save_packed(path: Path, column: NDArray[Any], stepped: bool) -> None:
    """Write a column of integers (of one of :data:`TYPES`) as ``path`` (``NAME.zst``) and its
    frames' table; ``stepped``: each value stored as its step from the one before."""
    import zstandard  # imported where used: 2 ms of every command's start otherwise

    column = np.asarray(column)
    kind = TYPES.index(column.dtype.type)  # a type not among them is ValueError
    compressor = zstandard.ZstdCompressor(level=LEVEL, write_checksum=True)
    least, largest = (int(column.min()), int(column.max())) if len(column) else (0, 0)
    if least < 0:
        raise ValueError(f"{path.name}: a packed column holds no negative value")
    ends = [0]
    with open(path, "wb") as handle:
        for lo in range(0, len(column), BLOCK):
            frame = compressor.compress(_planes(column[lo : lo + BLOCK], stepped))
            handle.write(frame)
            ends.append(ends[-1] + len(frame))
    head = [len(column), BLOCK, kind, int(stepped), least, largest]
    save_array(frames_path(path), np.asarray(head + ends, np.int64))


def _planes(values: NDArray[Any], stepped: bool) -> bytes:
    """A block's values as stored: (their steps, zigzagged) in the fewest bytes that hold the
    block's largest (1, 2, 4 or 8: what the frame's length tells), cut into byte planes, low bytes
    first (every value is at least 0)."""
    wide: NDArray[np.int64] = values.astype(np.int64)
    if stepped:
        steps: NDArray[np.int64] = np.diff(wide, prepend=np.int64(0))
        wide = (steps << 1) ^ (steps >> 63)
    top = int(wide.max()) if len(wide) else 0
    width = next((w for w in (1, 2, 4) if top < 1 << (8 * w)), 8)
    return wide.astype(f"<u{width}").view(np.uint8).reshape(-1, width).T.tobytes()


def _joined(raw: bytes, count: int) -> NDArray[np.uint64]:
    """A block's values from its byte planes (the width its length tells), as ``uint64``."""
    width = len(raw) // count
    planes = np.frombuffer(raw, np.uint8).reshape(width, count)
    if width == 1:
        single: NDArray[np.uint64] = planes[0].astype(np.uint64)
        return single
    kind = np.dtype(f"<u{width}")
    joined: NDArray[Any] = planes[0].astype(kind)
    for i in range(1, width):
        joined |= planes[i].astype(kind) << kind.type(8 * i)
    wide: NDArray[np.uint64] = joined.astype(np.uint64)
    return wide


class PackedColumn:
    """A packed column read as the plain one was: ``len``, ``dtype``, ``min``, ``max``, a slice, an
    array of positions, ``np.asarray``."""

    __slots__ = ("_cache", "_ends", "_frames", "_held", "_lock", "_path", "block", "dtype", "largest", "least",
                 "length", "stepped")

    def __init__(self, path: Path, frames: memoryview, table: NDArray[np.int64]) -> None:
        self._path = path
        self._frames = frames
        head = [int(x) for x in table[:HEADER]] if len(table) >= HEADER else []
        if len(head) != HEADER or head[0] < 0 or head[1] <= 0 or not 0 <= head[2] < len(TYPES) or head[3] not in (0, 1):
            raise damaged(frames_path(path), "unexpected header")
        self.length, self.block, kind, stepped, self.least, self.largest = head
        self.dtype = np.dtype(TYPES[kind])
        self.stepped = bool(stepped)
        ends = np.asarray(table[HEADER:], np.int64)
        blocks = -(-self.length // self.block)
        if len(ends) != blocks + 1 or int(ends[0]) != 0 or int(ends[-1]) != len(frames) or bool((np.diff(ends) <= 0).any()) \
                or self.least > self.largest or (self.length and not (
                    int(np.iinfo(self.dtype).min) <= self.least and self.largest <= int(np.iinfo(self.dtype).max))):
            raise damaged(frames_path(path), "its frames disagree")
        self._ends = ends.tolist()
        self._cache: OrderedDict[int, NDArray[Any]] = OrderedDict()
        self._held = 0
        """Values the cache holds."""
        self._lock = threading.Lock()

    @classmethod
    def load(cls, path: Path) -> PackedColumn:
        """Open a packed column (its frames mapped, none decoded); IndexUnavailable when its parts
        are missing or disagree."""
        table = load_array(frames_path(path), np.int64)
        return cls(path, map_bytes(path), table)

    def __len__(self) -> int:
        return self.length

    def min(self) -> int:
        """The least value (0 for an empty column)."""
        return self.least

    def max(self) -> int:
        """The largest value (0 for an empty column)."""
        return self.largest

    def _decoded(self, b: int) -> NDArray[Any]:
        """Block ``b``'s values (decoded once, then kept while the cache holds it)."""
        with self._lock:
            found = self._cache.get(b)
            if found is not None:
                self._cache.move_to_end(b)
                return found
        found = self._decode(b)
        with self._lock:
            if b not in self._cache:
                self._cache[b] = found
                self._held += len(found)
            while self._held > CACHE_VALUES and len(self._cache) > 1:
                self._held -= len(self._cache.popitem(last=False)[1])
        return found

    def _decode(self, b: int) -> NDArray[Any]:
        """Decompress and decode block ``b``; IndexUnavailable when it is damaged."""
        import zstandard  # imported where used: 2 ms of every command's start otherwise

        count = min(self.block, self.length - b * self.block)
        try:
            raw = zstandard.ZstdDecompressor().decompress(self._frames[self._ends[b] : self._ends[b + 1]],
                                                          max_output_size=count * 8)
        except zstandard.ZstdError as exc:
            raise damaged(self._path, f"block {b}: {exc}") from None
        if not count or len(raw) not in (count, 2 * count, 4 * count, 8 * count):
            raise damaged(self._path, f"block {b} holds other than {count} values")
        joined = _joined(raw, count)
        if self.stepped:
            zig = joined.view(np.int64)
            values = np.cumsum((zig >> 1) ^ -(zig & 1))
        else:
            values = joined.view(np.int64)
        if count and (int(values.min()) < self.least or int(values.max()) > self.largest):
            raise damaged(self._path, f"block {b} holds values out of bounds")
        return values.astype(self.dtype, copy=False)

    def verify(self) -> None:
        """Decode every block once (none kept): IndexUnavailable where one is damaged (what a build
        checks before it copies a column's values into the next generation)."""
        for b in range(len(self._ends) - 1):
            self._decode(b)

    def _span(self, lo: int, hi: int) -> NDArray[Any]:
        """Values ``lo`` to ``hi`` (0 <= lo <= hi <= length)."""
        if lo >= hi:
            return np.zeros(0, self.dtype)
        first, last = lo // self.block, (hi - 1) // self.block
        if first == last:
            base = first * self.block
            return self._decoded(first)[lo - base : hi - base]
        parts = [self._decoded(b) for b in range(first, last + 1)]
        whole = np.concatenate(parts)
        base = first * self.block
        return whole[lo - base : hi - base]

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, slice) and key.step in (None, 1):
            lo, hi, _ = key.indices(self.length)
            return self._span(lo, max(lo, hi))
        if isinstance(key, (int, np.integer)):
            at = int(key) + (self.length if int(key) < 0 else 0)
            if not 0 <= at < self.length:
                raise IndexError(key)
            return self._decoded(at // self.block)[at % self.block]
        positions = np.arange(self.length)[key]
        if not len(positions):
            return np.zeros(0, self.dtype)
        blocks = np.unique(positions // self.block)
        out = np.empty(len(positions), self.dtype)
        which = positions // self.block
        for b in blocks.tolist():
            mine = which == b
            out[mine] = self._decoded(b)[positions[mine] - b * self.block]
        return out

    def __array__(self, dtype: Any = None, copy: object = None) -> NDArray[Any]:
        whole = self._span(0, self.length)
        return whole if dtype is None else whole.astype(dtype)
