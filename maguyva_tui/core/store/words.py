"""The chunk index's files in a generation (``words_*``): what :mod:`maguyva_tui.core.bm25` writes.

Two parts, every array ``.npy`` under the rules of :mod:`~maguyva_tui.core.store.arrays`:

- each file's own part: ``docs`` (document ids in path order), ``file_chunks`` (chunks per file)
  and ``file_voters`` (one byte per chunk: whether a question may vote for it);
- the postings: ``offsets`` (per stem id) into ``chunks`` (chunk numbers) and ``counts`` (how
  often the stem occurs in the chunk), ``lengths`` (per chunk number: its counts summed), ``owners``
  (per chunk number: file number, chunk index), and ``order`` (stem ids sorted by stem: a
  question's stems are found by bisection). A question works its stems' BM25 term factors out
  from the counts and lengths (:func:`~maguyva_tui.core.bm25.term_factors`); the next generation
  copies the postings of the files it did not change. Counts and lengths are stored in the
  narrowest unsigned type that holds the largest; counts past 254 may instead be kept apart
  (``counts_spilled``: see :class:`SpilledCounts`). (Before format 26 each file's counts were kept a
  second time by file, and the factors stored: 0.75 x the indexed bytes, now 0.07 x.) ``chunks``
  and ``counts`` of a block of postings or more are packed (:data:`PACKED`: ``words_chunks.zst``
  and ``words_counts.zst`` with their frames' tables, ``blocks.py``; the 450 MB corpus's 54.1 +
  13.5 -> 9.5 + 4.1 MB), read by slices as the mapped columns were;

and ``words_stems``, the stems by id (a string table). :func:`check_words` is what opening a
generation runs: a missing, damaged or inconsistent part is ``IndexUnavailable`` (rebuilt).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from maguyva_tui.core.store.arrays import (
    OFFSET_TYPES,
    Strings,
    damaged,
    load_array,
    map_bytes,
    narrowest,
    save_array,
    save_strings,
)
from maguyva_tui.core.store.blocks import BLOCK, PackedColumn, save_packed

STEMS = "words_stems"
"""The string table of stems."""

_TYPES: dict[str, tuple[type[np.generic], int]] = {
    "docs": (np.int64, 1), "file_chunks": (np.int64, 1), "file_voters": (np.int8, 1), "offsets": (np.int64, 1),
    "chunks": (np.int32, 1), "counts": (np.uint32, 1), "lengths": (np.uint64, 1), "owners": (np.int32, 2),
    "order": (np.int64, 1),
}
"""Each array's type (``counts`` and ``lengths``: the widest of their :data:`NARROW` types) and
number of dimensions."""

COUNT_TYPES: tuple[type[np.generic], ...] = (np.uint8, np.uint16, np.uint32)
"""The types ``counts`` is stored in: the first that holds the largest count."""

NARROW: dict[str, tuple[type[np.generic], ...]] = {
    "counts": COUNT_TYPES, "lengths": (np.uint16, np.uint32, np.uint64),
    "chunks": (np.uint16, np.int32), "owners": (np.uint16, np.int32), "order": (np.uint16, np.int32, np.int64),
    "offsets": (np.uint32, np.int64),
}
"""The parts stored in the first of their types that holds their largest value (each value is
at least 0): a repository of fewer than 65,536 chunks keeps its postings' chunk numbers in 2 bytes,
not 4 (sympy: 0.14 -> 0.07 x the indexed bytes); every reader indexes with them or widens them."""


def count_type(top: int) -> type[np.generic]:
    """The type the counts are stored in when the largest is ``top``."""
    return narrowest(top, COUNT_TYPES)


@dataclass(frozen=True, slots=True)
class StoredWords:
    """A generation's chunk index as stored (see the module docstring for each part)."""

    stems: Strings | list[str]
    """The stems by id: a mapped string table when read (decoded on first use), a list when written."""
    docs: np.ndarray
    file_chunks: np.ndarray
    file_voters: np.ndarray
    offsets: np.ndarray
    chunks: np.ndarray
    counts: np.ndarray | SpilledCounts
    lengths: np.ndarray
    owners: np.ndarray
    order: np.ndarray
    """Stem ids in the order of their stems, so that a stem is found by bisection without decoding
    the table."""
    stem_bytes: tuple[memoryview, np.ndarray] | None = None
    """The mapped table's bytes and offsets (string ``i`` is ``bytes[offsets[i]:offsets[i + 1] - 1]``),
    which :func:`find_stem` bisects without decoding a string; ``None`` when written."""

    def consistent(self) -> bool:
        """Whether the parts' sizes agree with each other (a torn or tampered write does not)."""
        files, chunks = len(self.docs), int(np.sum(self.file_chunks))
        return (
            len(self.file_chunks) == files
            and len(self.file_voters) == chunks == len(self.owners) == len(self.lengths) and self.owners.shape[1:] == (2,)
            and len(self.offsets) == len(self.stems) + 1 and int(self.offsets[0]) == 0 and len(self.order) == len(self.stems)
            and int(self.offsets[-1]) == len(self.chunks) == len(self.counts)
            and (not len(self.chunks) or 0 <= int(self.chunks.min()) <= int(self.chunks.max()) < chunks)
        )


def save_words(folder: Path, words: StoredWords) -> None:
    """Write every part into a generation's folder."""
    save_strings(folder, STEMS, words.stems if isinstance(words.stems, list) else words.stems.all())
    for name in _TYPES:
        save_part(folder, name, getattr(words, name))


SPILLED = "words_counts_spilled.npy"
"""Beside ``words_counts.npy`` when it holds ``uint8`` counts with the larger ones kept apart."""

SPILL_MARK = 255
"""A ``uint8`` count that stands for one kept apart (the next at or after its position there)."""

SPILL_SHARE = 16
"""Counts past 254 are kept apart when fewer than one count in this many is: each costs 8 bytes
(its position and value) and every other count saves one byte or more (sympy: 38 of 842,584,
1.69 -> 0.84 MB)."""


PACKED: dict[str, bool] = {"chunks": True, "counts": False}
"""The parts stored as packed columns (``blocks.py``: zstd frames of a block of values each, read
by slices as the mapped column was) where they hold a block or more, and whether each is stored
as steps (a stem's chunk numbers rise): issue 19, the 450 MB corpus's 54.1 + 13.5 MB."""


def save_part(folder: Path, name: str, array: np.ndarray) -> None:
    """Write one part as :func:`save_words` does (the counts spilled where that is smaller)."""
    array = np.asarray(array)
    if name == "counts" and len(array) and int(array.max()) >= SPILL_MARK:
        big = np.flatnonzero(array >= SPILL_MARK)
        if len(big) * SPILL_SHARE < len(array):
            kind = narrowest(max(len(array), int(array.max())), (np.uint32, np.int64))
            _save_column(folder, name, np.minimum(array, SPILL_MARK).astype(np.uint8))
            save_array(folder / SPILLED, np.stack((big, array[big])).astype(kind))
            return
    _save_column(folder, name, stored_part(name, array))


def _save_column(folder: Path, name: str, column: np.ndarray) -> None:
    """Write a part's column as it is stored: packed (:data:`PACKED`) from a block of values, else plainly."""
    if name in PACKED and len(column) >= BLOCK:
        save_packed(folder / f"words_{name}.zst", column, PACKED[name])
    else:
        save_array(folder / f"words_{name}.npy", column)


def _load_column(folder: Path, name: str, types: type[np.generic] | tuple[type[np.generic], ...],
                 ndim: int) -> np.ndarray | PackedColumn:
    """A part's column: packed where its frames are there (its type checked), else mapped."""
    packed = folder / f"words_{name}.zst"
    if name not in PACKED or not packed.exists():
        return load_array(folder / f"words_{name}.npy", types, ndim)
    column = PackedColumn.load(packed)
    if column.dtype.type not in (types if isinstance(types, tuple) else (types,)):
        raise damaged(packed, "unexpected type")
    return column


class SpilledCounts:
    """Postings' counts stored as ``uint8`` where the few past 254 are kept apart (their positions
    and values), read as the plain column: ``len``, a slice (what a stem's postings read), an
    array of positions, ``max``."""

    __slots__ = ("_at", "_low", "_values")

    def __init__(self, low: np.ndarray | PackedColumn, spilled: np.ndarray) -> None:
        self._low = low
        self._at, self._values = spilled[0], spilled[1]

    def __len__(self) -> int:
        return len(self._low)

    def max(self) -> int:
        """The largest count."""
        return max(int(self._low.max()) if len(self._low) else 0, int(self._values.max()) if len(self._values) else 0)

    def __getitem__(self, key: slice | np.ndarray) -> np.ndarray:
        if not isinstance(key, slice) or key.step not in (None, 1):
            index = np.arange(len(self._low))[key]
            return np.asarray(self[:][index])
        lo, hi, _ = key.indices(len(self._low))
        low = self._low[lo:hi]
        first, last = np.searchsorted(self._at, (lo, max(lo, hi))).tolist()
        if first == last:
            return low  # no count of these kept apart
        out = low.astype(self._values.dtype)
        out[self._at[first:last] - lo] = self._values[first:last]
        return out

    def __array__(self, dtype: Any = None, copy: object = None) -> np.ndarray:
        whole = self[:]
        return whole if dtype is None else whole.astype(dtype)


def stored_part(name: str, array: np.ndarray) -> np.ndarray:
    """A part as it is stored: its type (the counts' the narrowest that holds them)."""
    array = np.asarray(array)
    if name in NARROW:
        return array.astype(narrowest(int(array.max()) if len(array) else 0, NARROW[name]), copy=False)
    return array.astype(_TYPES[name][0], copy=False)


def load_words(folder: Path, whole: bool = False) -> StoredWords:
    """Map every part of a generation's chunk index; IndexUnavailable when any is missing, damaged
    or disagrees with the others; ``whole``: its packed parts' every block checked too (what a build
    that copies the postings of unchanged files asks: a damaged block is then no reuse, where a
    question meets it only in the blocks it reads)."""
    offsets = load_array(folder / f"{STEMS}_offsets.npy", OFFSET_TYPES)
    blob = map_bytes(folder / f"{STEMS}.bin")
    try:
        stems = Strings(blob, offsets)
    except ValueError as exc:
        raise damaged(folder / f"{STEMS}.bin", exc) from None
    arrays: dict[str, Any] = {name: _load_column(folder, name, NARROW.get(name, dtype), ndim)
                              for name, (dtype, ndim) in _TYPES.items()}
    if (folder / SPILLED).exists():
        arrays["counts"] = _spilled(folder, arrays["counts"])
    if whole:
        for name in PACKED:
            column = arrays[name]._low if isinstance(arrays[name], SpilledCounts) else arrays[name]
            if isinstance(column, PackedColumn):
                column.verify()
    words = StoredWords(stems, **arrays, stem_bytes=(blob, offsets))
    if not words.consistent():
        raise damaged(folder / "words_offsets.npy", "parts disagree")
    return words


def _spilled(folder: Path, low: np.ndarray | PackedColumn) -> SpilledCounts:
    """The counts with those kept apart joined (IndexUnavailable when they disagree)."""
    spilled = load_array(folder / SPILLED, (np.uint32, np.int64), 2)
    at = spilled[0] if len(spilled) == 2 else np.zeros(0, np.int64)
    # the few kept apart checked (a mark elsewhere, a damaged byte, reads as 255: never a crash);
    # packed counts' marks are not read here (that would decode every block at each open: their
    # frames carry checksums)
    if low.dtype != np.uint8 or len(spilled) != 2 or (len(at) and (
            int(at[-1]) >= len(low) or (np.diff(at.astype(np.int64)) <= 0).any()
            or not (isinstance(low, PackedColumn) or (low[at] == SPILL_MARK).all()))):
        raise damaged(folder / SPILLED, "it disagrees with the counts")
    return SpilledCounts(low, spilled)


def find_stem(words: StoredWords, stem: str) -> int | None:
    """The id of a stem, by bisection over ``order`` (a few stems' bytes compared, nothing decoded:
    UTF-8 bytes sort as their strings do)."""
    table, order = words.stems, words.order
    if isinstance(table, list):
        return table.index(stem) if stem in table else None
    if words.stem_bytes is None:
        return _find_decoding(table, order, stem)
    blob, offsets = words.stem_bytes
    count, key = len(table), stem.encode("utf-8", "surrogatepass")

    def at(position: int) -> bytes:
        sid = int(order[position])
        if not 0 <= sid < count:
            return b""  # a damaged id reads as "", as Strings.pick reads it
        return bytes(blob[int(offsets[sid]) : max(int(offsets[sid]), int(offsets[sid + 1]) - 1)])

    lo, hi = 0, len(order)
    while lo < hi:
        mid = (lo + hi) // 2
        if at(mid) < key:
            lo = mid + 1
        else:
            hi = mid
    if lo < len(order) and at(lo) == key:
        return int(order[lo])
    return None


def _find_decoding(table: Strings, order: np.ndarray, stem: str) -> int | None:
    """:func:`find_stem` over a string table whose bytes are not at hand: a stem decoded a probe."""
    lo, hi = 0, len(order)
    while lo < hi:
        mid = (lo + hi) // 2
        if (table.pick(order[mid : mid + 1].astype(np.int64) + 1)[0] or "") < stem:
            lo = mid + 1
        else:
            hi = mid
    if lo < len(order) and table.pick(order[lo : lo + 1].astype(np.int64) + 1)[0] == stem:
        return int(order[lo])
    return None


def check_words(folder: Path) -> None:
    """Refuse a generation whose chunk index cannot be opened (what opening a generation checks:
    headers and sizes only, nothing decoded)."""
    load_words(folder)
