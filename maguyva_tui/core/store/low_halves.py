"""A column of ``uint32`` values stored in half their bytes: each value's low 16 bits, and the runs
of equal high 16 bits (issue 19: the token places, 0.43 x sympy's tree as ``uint32``).

Offsets into files are mostly below 65,536, and where a file is longer its offsets still come in
long runs of one high half (a row's places increase), so the high halves are kept as runs:

    NAME.npy         uint16 (values): each value's low 16 bits
    NAME_highs.npy   uint32, shape (runs,): per run of equal high halves, where it starts (increasing,
                     the first at 0) shifted left 8 bits, joined to its high half: 4 bytes a run (a
                     column under 2**24 values whose high halves stay under 256: files and names
                     under 16 MB; sympy's places 0.86 -> 0.45 MB, its names' trigrams 1.02 -> 0.51);
                     else uint32 (int64 past 2**32 values), shape (2, runs): the starts, and the highs

Reading is random access, as the plain column's was: a value is its low half joined to the high
half of the last run starting at or before it (one bisection of the runs). A column with too many
runs (more than one value in :data:`WORTH_RUNS`) is stored whole, as before; so is one the writer
cannot split. Sympy (25 MB): 2,809,766 places in 48,568 runs, 11.24 -> 6.01 MB.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from maguyva_tui.core.store.arrays import damaged, load_array, save_array
from maguyva_tui.core.store.format import IndexUnavailable

WORTH_RUNS = 4
"""A column is split when it has fewer runs than one in this many values: a run costs 8 bytes, a
value saves 2."""

HIGHS = "_highs"
"""The suffix of the runs' file beside the low halves."""

RUN_TYPES: tuple[type[np.generic], ...] = (np.uint32, np.int64)

PACKED_BITS = 8
"""The bits of a run's high half beside its start, where both fit one ``uint32``."""


def high_runs(blocks: Iterable[NDArray[Any]]) -> NDArray[np.int64]:
    """Where each run of equal high halves starts and its high half (shape (2, runs); the first run
    starts at 0), over a column given a block at a time."""
    starts: list[NDArray[np.int64]] = []
    highs: list[NDArray[np.int64]] = []
    at, last = 0, -1
    for block in blocks:
        high = (np.asarray(block, np.uint32) >> np.uint32(16)).astype(np.uint16)  # 2 bytes a value held
        if not len(high):
            continue
        change = np.flatnonzero(high[1:] != high[:-1]) + 1
        if int(high[0]) != last:
            change = np.concatenate((np.zeros(1, np.int64), change))
        starts.append(change + at)
        highs.append(high[change].astype(np.int64))
        last, at = int(high[-1]), at + len(high)
    if not starts:
        return np.zeros((2, 0), np.int64)
    return np.stack((np.concatenate(starts), np.concatenate(highs)))


def save_column(path: Path, length: int, blocks: Callable[[], Iterator[NDArray[Any]]]) -> int:
    """Write a ``uint32`` column (``length`` values, given a block at a time by ``blocks()``, asked
    twice) as low halves and runs where that is smaller, else whole; return the bytes written."""
    runs = high_runs(blocks())
    highs = path.with_name(path.stem + HIGHS + ".npy")
    if WORTH_RUNS * runs.shape[1] >= length:
        _write_blocks(path, length, np.uint32, blocks())
        return 4 * length
    if length < 1 << (32 - PACKED_BITS) and (not runs.shape[1] or int(runs[1].max()) < 1 << PACKED_BITS):
        stored = ((runs[0] << PACKED_BITS) | runs[1]).astype(np.uint32)
    else:
        stored = np.asarray(runs, RUN_TYPES[0] if length < 1 << 32 else RUN_TYPES[1])
    _write_blocks(path, length, np.uint16, blocks())
    save_array(highs, stored)
    return 2 * length + int(stored.nbytes)


def _write_blocks(path: Path, length: int, dtype: type[np.generic], blocks: Iterator[NDArray[Any]]) -> None:
    """Write ``.npy`` of ``length`` values of ``dtype`` a block at a time (what ``save_array``
    writes of the whole column, byte for byte); a ``uint16`` column keeps each value's low half."""
    header = np.lib.format.header_data_from_array_1_0(np.zeros(0, dtype))
    header["shape"] = (length,)
    with open(path, "wb") as handle:
        np.lib.format.write_array_header_1_0(handle, header)
        for block in blocks:
            handle.write(np.ascontiguousarray(np.asarray(block, np.uint32).astype(dtype)).data)


def load_column(path: Path) -> NDArray[Any] | LowHalves:
    """Map a column written by :func:`save_column`: the plain ``uint32`` array, or its low halves
    joined to their runs (a ``uint16`` column without its runs, or with runs that do not start at
    0, is IndexUnavailable)."""
    column = load_array(path, (np.uint32, np.uint16))
    if column.dtype == np.uint32:
        return column
    highs = path.with_name(path.stem + HIGHS + ".npy")
    try:
        runs = load_array(highs, np.uint32)
    except IndexUnavailable:
        runs = load_array(highs, RUN_TYPES, ndim=2)  # (a missing file says so again here)
    first = (int(runs[0]) >> PACKED_BITS if runs.ndim == 1 else int(runs[0, 0])) if runs.shape[-1] else -1
    if (runs.ndim == 2 and runs.shape[0] != 2) or (len(column) and first != 0):
        raise damaged(highs, "its runs do not start at the column's start")  # (one page read: a run
        # starting past the column's end is never found by a place's bisection, so harmless)
    return LowHalves(column, runs)


class LowHalves:
    """A stored column of low halves and runs of high halves, read as the ``uint32`` array it stands
    for: ``len``, a slice, an index or an array of indices (as numpy reads them)."""

    __slots__ = ("_highs", "_last_run", "_low", "_mask", "_shift", "_starts")

    def __init__(self, low: NDArray[np.uint16], runs: NDArray[Any]) -> None:
        self._low = low
        packed = runs.ndim == 1
        self._starts = runs if packed else runs[0]
        """Where each run starts (increasing, the first at 0), shifted left by ``_shift`` with its
        high half in the bits below where they are packed: bisected for ``place << _shift | _mask``."""
        self._highs = None if packed else runs[1]
        """Each run's high half, ``None`` where they are packed beside the starts."""
        self._shift = PACKED_BITS if packed else 0
        self._mask = (1 << self._shift) - 1
        self._last_run: tuple[int, int, int] = (0, 0, 0)
        """The run the last slice lay in: its first value, the first value past it and its high
        half shifted into place (a page's rows of one token lie in a few runs, read one after
        another: no bisection of the runs, 2 µs, for the next slice in it)."""

    def __len__(self) -> int:
        return len(self._low)

    @property
    def nbytes(self) -> int:
        """The bytes stored."""
        return int(self._low.nbytes + self._starts.nbytes + (0 if self._highs is None else self._highs.nbytes))

    def _high(self, run: int) -> int:
        """Run ``run``'s high half."""
        return int(self._starts[run]) & self._mask if self._highs is None else int(self._highs[run])

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, slice):
            lo, hi, step = key.indices(len(self._low))
            if step != 1 or hi <= lo:
                return self[np.arange(lo, hi, step, dtype=np.int64)]
            low = self._low[lo:hi]
            run_lo, run_hi, high = self._last_run
            if not run_lo <= lo or not hi <= run_hi:
                starts, shift = self._starts, self._shift
                first = bisect_right(starts, lo << shift | self._mask)  # a page's few places: a bisection, not
                # a numpy call (2.8 us)
                if first < len(starts) and hi > int(starts[first]) >> shift:  # past one run
                    return self._joined(low, np.arange(lo, hi, dtype=np.int64))
                run_hi = int(starts[first]) >> shift if first < len(starts) else len(self._low)
                high = (self._high(first - 1) & 0xFFFF) << 16
                self._last_run = (int(starts[first - 1]) >> shift, run_hi, high)
            joined = low.astype(np.uint32)  # one run: one high half for all
            if high:
                joined |= np.uint32(high)
            return joined
        if isinstance(key, (int, np.integer)):
            return self[np.array([key], np.int64)][0]
        index = np.asarray(key)
        low = self._low[index]  # an index out of range raises here, as the plain column's
        return self._joined(low, np.where(index < 0, index + len(self._low), index))

    def _joined(self, low: NDArray[np.uint16], index: NDArray[Any]) -> NDArray[np.uint32]:
        """Low halves joined to the high halves of their runs (the places at ``index``)."""
        starts = self._starts
        keys = (np.asarray(index, np.int64) << self._shift | self._mask).astype(starts.dtype)  # searched in
        # the runs' own type: keys of another type would copy the runs
        run = np.searchsorted(starts, keys, "right") - 1
        highs = np.asarray(starts[run] & self._mask if self._highs is None else self._highs[run], np.uint32)
        return low.astype(np.uint32) | (highs << np.uint32(16))
