"""A record table stored with each column at the width its values need (issue 19: sympy's
references, ``int32`` x 4 because name ids reach 78,548, were 0.28 x its tree).

A table of records (``records.py``: rows x fields, ``int32``) is stored as a 1-D array of packed
records, one field per column at the narrowest of ``uint8``, ``uint16``, 3 bytes, ``uint32``
that holds the column's largest value, or ``int32`` where a value is negative (``NULL_INT``):

    c0, c1, ...   column j's values (its low 16 bits where the column takes 3 bytes)
    h1, ...       the high byte of a 3-byte column j, beside it

Each column's width is chosen at write time from its own values, so no value is ever cut: the
check is the choice. :class:`Columns` reads such a table as a 2-D ``int32`` table is read (rows
by slice or index array, a column, a block of columns, ``np.array(table, dtype=np.int32)``);
a column of ``uint8``/``uint16``/``uint32``/``int32`` is a view of the mapped file, a 3-byte one
is joined when read. Sympy's references: 7.19 -> 3.6 MB (kind 1 byte, name 2, line 2, scope 3).

A column whose values come in long runs, or whose high bytes do, is stored apart from the records
where that saves :data:`CODED_LEAST` bytes or more (sympy's references 4.97 -> 3.17 MB: a file's
references in line order, most under the scope of the one before):

    NAME_runs{j}.npy   uint32, shape (2, runs): where each run of equal values of column j starts
                       (the first at 0, increasing) and its value; the records hold no field for it
                       (the kind: 4,918 runs in 552,369 references)
    NAME_highs{j}.npy  the same of the column's values shifted right 8 bits, the records holding
                       its low byte as ``l{j}`` (``uint8``): the line (12,073 runs of its high
                       byte), the scope (34,196)

A file's rows are found in the runs by bisection, the runs they lie in repeated; a whole column
is the runs repeated. Reading a file's four columns costs more (sympy's every file, one by one:
190 -> 416 million instructions, callgrind; only a graph update reads them so).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TypeAlias

import numpy as np
from numpy.typing import NDArray

from maguyva_tui.core.numpy_headers import HEADER_LOCK
from maguyva_tui.core.store.arrays import damaged, load_array, save_array

WIDTHS: tuple[tuple[type[np.generic], int], ...] = ((np.uint8, 1 << 8), (np.uint16, 1 << 16))
"""The plain unsigned widths tried first, each with the first value it cannot hold."""

THREE_BYTES = 1 << 24
"""Below this a column takes a ``uint16`` low half and a ``uint8`` high byte."""

CODED_LEAST = 1 << 12
"""Bytes a column stored as runs (or its high bytes as runs) saves at the least, or it stays in the
records: a small table keeps every column in them."""

RUN_BYTES = 8
"""A stored run's bytes: its start and its value, ``uint32`` each."""

RUNS, HIGHS = "_runs", "_highs"
"""The suffixes (then the column's number) of a column's runs and of its high bytes' runs."""

WRITE_ROWS = 1 << 16
"""Rows packed and written at once: the packed table is never whole in memory beside the
``int32`` one it comes from (a build's peak)."""


def packed_type(table: NDArray[Any], coded: bool = False) -> np.dtype[Any]:
    """The packed record type of a 2-D integer table: each column at the width its values need
    (with ``coded``, a column stored as runs left out, one whose high bytes are kept as runs
    as its low byte ``l{j}``: :func:`coding`)."""
    codes = coding(table) if coded else {}
    fields: list[tuple[str, Any]] = []
    for j in range(table.shape[1]):
        if codes.get(j) == RUNS:
            continue
        if codes.get(j) == HIGHS:
            fields.append((f"l{j}", "u1"))
            continue
        column = table[:, j]
        low = int(column.min()) if len(column) else 0
        top = int(column.max()) if len(column) else 0
        if low < 0:
            fields.append((f"c{j}", "<i4"))
            continue
        kind = next((k for k, end in WIDTHS if top < end), None)
        if kind is not None:
            fields.append((f"c{j}", np.dtype(kind).str))
        elif top < THREE_BYTES:
            fields += [(f"c{j}", "<u2"), (f"h{j}", "u1")]
        else:
            fields.append((f"c{j}", "<u4"))
    return np.dtype(fields)


def _width(column: NDArray[Any]) -> int:
    """The bytes a column's value takes in the records (:func:`packed_type`)."""
    top = int(column.max()) if len(column) else 0
    return next((np.dtype(k).itemsize for k, end in WIDTHS if top < end), 3 if top < THREE_BYTES else 4)


def _run_count(values: NDArray[Any]) -> int:
    """How many runs of equal values a column has."""
    return 1 + int(np.count_nonzero(values[1:] != values[:-1])) if len(values) else 0


def coding(table: NDArray[Any]) -> dict[int, str]:
    """Per column of a table stored apart from its records, how (:data:`RUNS` or :data:`HIGHS`):
    the smaller where either saves :data:`CODED_LEAST` bytes (a column holding a negative value,
    or values past 32 bits, stays in the records)."""
    found: dict[int, str] = {}
    rows = len(table)
    for j in range(table.shape[1] if table.ndim == 2 else 0):
        column = table[:, j]
        if not rows or int(column.min()) < 0 or int(column.max()) >= 1 << 32:
            continue
        plain = rows * _width(column)
        runs = RUN_BYTES * _run_count(column)
        highs = rows + RUN_BYTES * _run_count(np.asarray(column, np.int64) >> 8) if plain > rows else plain
        best = min(runs, highs)
        if best + CODED_LEAST <= plain:
            found[j] = RUNS if runs <= highs else HIGHS
    return found


def _runs_of(values: NDArray[Any]) -> NDArray[np.uint32]:
    """Where each run of equal values starts and its value, shape (2, runs)."""
    starts = np.flatnonzero(np.concatenate(([True], values[1:] != values[:-1]))) if len(values) else np.zeros(0, np.int64)
    return np.stack((starts, np.asarray(values)[starts])).astype(np.uint32)


def pack(table: NDArray[Any], kind: np.dtype[Any]) -> NDArray[Any]:
    """Rows of a 2-D integer table as packed records of ``kind`` (from :func:`packed_type`)."""
    packed = np.zeros(len(table), dtype=kind)
    for name in kind.names or ():
        j = int(name[1:])
        if name[0] == "l":
            packed[name] = table[:, j] & 0xFF
        elif name[0] == "h":
            packed[name] = table[:, j] >> 16
        elif f"h{j}" in (kind.names or ()):
            packed[name] = table[:, j] & 0xFFFF
        else:
            packed[name] = table[:, j]
    return packed


def save_table(path: Path, table: NDArray[Any]) -> None:
    """Write a 2-D integer table as packed records, :data:`WRITE_ROWS` at a time (an ``.npy`` of
    one structured dimension: what ``np.save`` writes for the whole packed array)."""
    codes = coding(table)
    kind = packed_type(table, coded=True)
    header = {"descr": np.lib.format.dtype_to_descr(kind), "fortran_order": False, "shape": (len(table),)}
    with open(path, "wb") as handle:
        np.lib.format.write_array_header_1_0(handle, header)
        for start in range(0, len(table), WRITE_ROWS):
            handle.write(pack(table[start : start + WRITE_ROWS], kind).view(np.uint8).data)
    for j, how in codes.items():
        column = np.asarray(table[:, j], np.int64)
        save_array(_side(path, how, j), _runs_of(column if how == RUNS else column >> 8))


def _side(path: Path, how: str, j: int) -> Path:
    """The file of column ``j``'s runs (``how``: :data:`RUNS` or :data:`HIGHS`) beside a table."""
    return path.with_name(f"{path.stem}{how}{j}.npy")


def _readable(kind: np.dtype[Any], columns: int) -> bool:
    """Whether a stored record type is one :func:`packed_type` writes for ``columns`` columns."""
    names = kind.names or ()
    plain = {np.dtype(k) for k, _ in WIDTHS} | {np.dtype("<u4"), np.dtype("<i4")}
    wanted: list[str] = []
    for j in range(columns):
        if f"l{j}" in names:
            wanted.append(f"l{j}")
            if kind[f"l{j}"] != np.dtype("u1"):
                return False
            continue
        if f"c{j}" not in names:
            continue  # stored as runs (its file is checked where it is read)
        wanted.append(f"c{j}")
        if f"h{j}" in names:
            wanted.append(f"h{j}")
            if kind[f"c{j}"] != np.dtype("<u2") or kind[f"h{j}"] != np.dtype("u1"):
                return False
        elif f"c{j}" not in names or kind[f"c{j}"] not in plain:
            return False
    return list(names) == wanted and kind.itemsize == sum(kind[n].itemsize for n in names)


def load_table(path: Path, columns: int) -> Columns | None:
    """Map a stored packed table read-only, checking its record type and size (damage is
    IndexUnavailable); ``None`` when the file holds a plain array (a table written before, which
    ``arrays.load_array`` reads and checks)."""
    try:
        with HEADER_LOCK:
            array = np.load(path, mmap_mode="r", allow_pickle=False)
        size = path.stat().st_size
    except Exception:
        return None  # missing or damaged: the plain reader says which
    if not isinstance(array, np.ndarray):
        close = getattr(array, "close", None)
        if close is not None:
            close()
        return None
    if array.dtype.names is None:
        return None
    offset = getattr(array, "offset", None)
    if array.ndim != 1 or not _readable(array.dtype, columns) or offset is None or offset + array.nbytes != size:
        raise damaged(path, "unexpected layout")
    names = array.dtype.names or ()
    coded = {j: _load_runs(_side(path, RUNS if f"l{j}" not in names else HIGHS, j), len(array))
             for j in range(columns) if f"c{j}" not in names}
    return Columns(np.asarray(array), columns, coded or None)


Runs: TypeAlias = tuple[NDArray[np.uint32], NDArray[np.uint32], memoryview, memoryview]
"""A column's runs as read: their starts and values, and the two as memory views (an item read is
a Python ``int``)."""


def _load_runs(path: Path, rows: int) -> Runs:
    """A column's runs as stored beside its table, checked: shape (2, runs), the first starting at
    0 and each after the one before (damage is IndexUnavailable)."""
    runs = np.asarray(load_array(path, np.uint32, 2))  # plain views of the map (a memmap's slices run its finalizer)
    starts = runs[0] if runs.shape[0] == 2 else runs[:0, 0]
    if runs.shape[0] != 2 or (rows and (not len(starts) or int(starts[0]) != 0 or int(starts[-1]) >= rows)) \
            or (len(starts) > 1 and not bool((starts[1:] > starts[:-1]).all())):
        raise damaged(path, "its runs disagree with the table")
    starts, values = np.ascontiguousarray(runs[0]), np.ascontiguousarray(runs[1])  # rows of a C array: views
    return starts, values, memoryview(starts.data.cast("B")).cast("I"), memoryview(values.data.cast("B")).cast("I")


_ONE = (int, np.integer)
"""An index that picks one row or one column (a plain ``isinstance`` test: ``SupportsIndex``, a
runtime protocol, took 27 us, where the whole read of a file's column takes 1)."""


class Columns:
    """A packed table read as a 2-D ``int32`` record table is: ``len``, ``shape``, rows by slice or
    index array (a table again), ``[rows, j]`` one column, ``[rows, [j, k]]`` a block of
    columns as ``int32``, and ``np.array(table, dtype=np.int32)``."""

    __slots__ = ("_coded", "_data", "_rows", "_width")

    ndim = 2

    def __init__(self, data: NDArray[Any], width: int, coded: dict[int, Runs] | None = None,
                 rows: tuple[int, int] | NDArray[np.int64] | None = None) -> None:
        self._data = data
        self._width = width
        self._coded = coded
        """Per column stored apart, its runs (of its values, or of its high bytes where the records
        hold its low byte ``l{j}``); ``None`` when every column is in the records."""
        self._rows = rows
        """The stored table's rows these are (``None`` all of them, ``(start, end)``, or each row's
        position): what a column stored as runs is read at. Kept only where some column is."""

    @property
    def shape(self) -> tuple[int, int]:
        """Rows and columns, as the 2-D table's."""
        return len(self._data), self._width

    def __len__(self) -> int:
        return len(self._data)

    def __iter__(self) -> Iterator[NDArray[np.int32]]:
        return iter(self.block(list(range(self._width))))

    def column(self, j: int) -> NDArray[Any]:
        """Column ``j``'s values (a view of the stored field where it is one field)."""
        names = self._data.dtype.names or ()
        if self._coded is not None and j in self._coded:
            runs = self._at_runs(self._coded[j])
            if f"l{j}" not in names:
                return runs
            return self._data[f"l{j}"].astype(np.int32) | (runs << 8)
        low = self._data[f"c{j}"]
        if f"h{j}" not in names:
            return low
        return low.astype(np.int32) | (self._data[f"h{j}"].astype(np.int32) << 16)

    def block(self, columns: list[int]) -> NDArray[np.int32]:
        """These columns side by side, as ``int32``."""
        out = np.empty((len(self._data), len(columns)), dtype=np.int32)
        for k, j in enumerate(columns):
            out[:, k] = self.column(j)
        return out

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, tuple):
            rows, picked = key
            if isinstance(rows, _ONE):
                return np.asarray(self[rows])[picked]
            table = self if isinstance(rows, slice) and rows == slice(None) else self[rows]
            if isinstance(picked, _ONE):
                return table.column(range(self._width)[picked])
            wanted = range(self._width)[picked] if isinstance(picked, slice) else np.asarray(picked).tolist()
            return table.block(list(wanted))
        if isinstance(key, _ONE):
            return self.block(list(range(self._width)))[key]
        if self._coded is None:
            return Columns(self._data[key], self._width)
        return Columns(self._data[key], self._width, self._coded, self._picked(key))

    def _picked(self, key: Any) -> tuple[int, int] | NDArray[np.int64]:
        """The stored rows that ``self[key]`` holds (a slice of a run of rows stays a run)."""
        rows = self._rows
        if isinstance(key, slice) and not isinstance(rows, np.ndarray):
            lo, hi, step = key.indices(len(self._data))
            first = 0 if rows is None else rows[0]
            if step == 1:
                return first + lo, first + max(hi, lo)
        every = rows if isinstance(rows, np.ndarray) else np.arange(0 if rows is None else rows[0],
                                                                    (0 if rows is None else rows[0]) + len(self._data))
        picked: NDArray[np.int64] = np.asarray(every[key], np.int64)
        return picked

    def _at_runs(self, runs: Runs) -> NDArray[np.int32]:
        """A column stored as runs, at these rows: the runs they lie in repeated (their ends found by
        bisection of the starts' memory view, which reads Python ints: a numpy search cost 3-4
        times a file's whole read of a column; one value filled where they lie in one run, as a
        file's kinds mostly do), or each row's run."""
        starts, values, starts_view, values_view = runs
        rows = self._rows
        if isinstance(rows, np.ndarray):
            at = np.searchsorted(starts, rows.astype(starts.dtype), "right") - 1
            return np.asarray(values[at], np.int32)
        lo, hi = (0, len(self._data)) if rows is None else rows
        if hi <= lo:
            return np.zeros(0, np.int32)
        first = bisect_right(starts_view, lo) - 1
        last = bisect_right(starts_view, hi - 1, first + 1) - 1
        if first == last:
            return np.full(hi - lo, values_view[first], np.int32)
        lengths = np.diff(starts[first : last + 2] if last + 1 < len(starts) else np.append(starts[first:], hi))
        lengths[0] -= lo - starts_view[first]
        lengths[-1] -= (starts_view[last + 1] if last + 1 < len(starts) else hi) - hi
        return np.repeat(values[first : last + 1].astype(np.int32), lengths)

    def __array__(self, dtype: Any = None, copy: bool | None = None) -> NDArray[Any]:
        whole = self.block(list(range(self._width)))
        return whole if dtype is None else whole.astype(dtype, copy=False)


StoredTable: TypeAlias = NDArray[Any] | Columns
"""A stored record table as read: a plain 2-D array, or packed records."""
