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
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, TypeAlias

import numpy as np
from numpy.typing import NDArray

from maguyva_tui.core.numpy_headers import HEADER_LOCK
from maguyva_tui.core.store.arrays import damaged

WIDTHS: tuple[tuple[type[np.generic], int], ...] = ((np.uint8, 1 << 8), (np.uint16, 1 << 16))
"""The plain unsigned widths tried first, each with the first value it cannot hold."""

THREE_BYTES = 1 << 24
"""Below this a column takes a ``uint16`` low half and a ``uint8`` high byte."""

WRITE_ROWS = 1 << 16
"""Rows packed and written at once: the packed table is never whole in memory beside the
``int32`` one it comes from (a build's peak)."""


def packed_type(table: NDArray[Any]) -> np.dtype[Any]:
    """The packed record type of a 2-D integer table: each column at the width its values need."""
    fields: list[tuple[str, Any]] = []
    for j in range(table.shape[1]):
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


def pack(table: NDArray[Any], kind: np.dtype[Any]) -> NDArray[Any]:
    """Rows of a 2-D integer table as packed records of ``kind`` (from :func:`packed_type`)."""
    packed = np.zeros(len(table), dtype=kind)
    for name in kind.names or ():
        j = int(name[1:])
        if name[0] == "h":
            packed[name] = table[:, j] >> 16
        elif f"h{j}" in (kind.names or ()):
            packed[name] = table[:, j] & 0xFFFF
        else:
            packed[name] = table[:, j]
    return packed


def save_table(path: Path, table: NDArray[Any]) -> None:
    """Write a 2-D integer table as packed records, :data:`WRITE_ROWS` at a time (an ``.npy`` of
    one structured dimension: what ``np.save`` writes for the whole packed array)."""
    kind = packed_type(table)
    header = {"descr": np.lib.format.dtype_to_descr(kind), "fortran_order": False, "shape": (len(table),)}
    with open(path, "wb") as handle:
        np.lib.format.write_array_header_1_0(handle, header)
        for start in range(0, len(table), WRITE_ROWS):
            handle.write(pack(table[start : start + WRITE_ROWS], kind).view(np.uint8).data)


def _readable(kind: np.dtype[Any], columns: int) -> bool:
    """Whether a stored record type is one :func:`packed_type` writes for ``columns`` columns."""
    names = kind.names or ()
    plain = {np.dtype(k) for k, _ in WIDTHS} | {np.dtype("<u4"), np.dtype("<i4")}
    wanted: list[str] = []
    for j in range(columns):
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
    return Columns(np.asarray(array), columns)


_ONE = (int, np.integer)
"""An index that picks one row or one column (a plain ``isinstance`` test: ``SupportsIndex``, a
runtime protocol, took 27 us, where the whole read of a file's column takes 1)."""


class Columns:
    """A packed table read as a 2-D ``int32`` record table is: ``len``, ``shape``, rows by slice or
    index array (a table again), ``[rows, j]`` one column, ``[rows, [j, k]]`` a block of
    columns as ``int32``, and ``np.array(table, dtype=np.int32)``."""

    __slots__ = ("_data", "_width")

    ndim = 2

    def __init__(self, data: NDArray[Any], width: int) -> None:
        self._data = data
        self._width = width

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
        return Columns(self._data[key], self._width)

    def __array__(self, dtype: Any = None, copy: bool | None = None) -> NDArray[Any]:
        whole = self.block(list(range(self._width)))
        return whole if dtype is None else whole.astype(dtype, copy=False)


StoredTable: TypeAlias = NDArray[Any] | Columns
"""A stored record table as read: a plain 2-D array, or packed records."""
