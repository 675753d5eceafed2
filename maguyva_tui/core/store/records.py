"""Records on disk: rows of strings and ints as one 2-D ``int32`` array, one column per field.

A string field holds 1 + the string's position in a string table (``arrays.Strings``; 0 for
``None``), an int field the int itself (``NULL_INT`` for ``None``). ``StoredRecords`` reads a
slice of a stored table when asked; ``TableWriter`` writes one table from fresh rows and stored
slices, copying the stored ones with their string ids mapped, never decoding them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Any, TypeAlias, overload

import numpy as np
from numpy.typing import NDArray

from maguyva_tui.core.store.arrays import Interner, Strings
from maguyva_tui.core.store.column_widths import StoredTable

Table: TypeAlias = NDArray[np.int32]
"""Records as stored: one row per record, one column per field."""

Record: TypeAlias = tuple[Any, ...]
"""A record as read: strings, ints and ``None``."""

NULL_INT = np.iinfo(np.int32).min
"""Stands for ``None`` in an int field."""

_INT32 = (int(np.iinfo(np.int32).min), int(np.iinfo(np.int32).max))
"""The range an int field holds."""


def encode_records(rows: Sequence[Record], schema: str, strings: Interner) -> Table:
    """Return records as a table; ``schema`` has one letter per field: ``s`` string, ``i`` int."""
    table = np.zeros((len(rows), len(schema)), dtype=np.int32)
    for j, kind in enumerate(schema):
        column = list(map(itemgetter(j), rows))
        table[:, j] = strings.column(column) if kind == "s" else _ints(column)
    return table


def _ints(values: list[Any]) -> NDArray[np.int64]:
    """Return an int column (``None`` as NULL_INT), refusing ints that do not fit."""
    try:
        column = np.fromiter(values, np.int64, len(values))
    except TypeError:  # a None among them
        column = np.fromiter((NULL_INT if v is None else v for v in values), np.int64, len(values))
    if len(column) and (int(column.min()) < _INT32[0] or int(column.max()) > _INT32[1]):
        raise OverflowError("an int field does not fit in 32 bits")
    return column


class StoredRecords(Sequence[Record]):
    """Rows ``start:end`` of a stored table, decoded on first read (a question reading a file's
    symbols never decodes its references), and written again without being decoded."""

    __slots__ = ("_rows", "end", "schema", "start", "strings", "table")

    def __init__(self, table: StoredTable, start: int, end: int, schema: str, strings: Strings) -> None:
        self.table = table
        self.start, self.end = start, end
        self.schema = schema
        self.strings = strings
        self._rows: tuple[Record, ...] | None = None

    def rows(self) -> tuple[Record, ...]:
        """Return the records as tuples (decoded once)."""
        if self._rows is None:
            self._rows = decode_records(self.table[self.start : self.end], self.schema, self.strings)
        return self._rows

    @overload
    def __getitem__(self, index: int) -> Record: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Record, ...]: ...
    def __getitem__(self, index: int | slice) -> Record | tuple[Record, ...]:
        return self.rows()[index]

    def __len__(self) -> int:
        return self.end - self.start

    def __iter__(self) -> Iterator[Record]:
        return iter(self.rows())

    def __repr__(self) -> str:
        return f"StoredRecords({list(self.rows())!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return self.rows() == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.rows())


@dataclass(slots=True)
class StoredSpan:
    """Consecutive stored rows carried into a table being written (copied, never decoded)."""

    table: StoredTable
    start: int
    end: int
    strings: Strings


def carry_stored(blocks: list[Any], part: Sequence[Record], schema: str) -> bool:
    """Add a stored part of ``schema`` to the blocks of a table being written as a span of its
    table (joined to the span before it when they are consecutive rows of one table), and tell
    whether it was one; a fresh part is left to the caller."""
    if not (isinstance(part, StoredRecords) and part.schema == schema):
        return False
    last = blocks[-1] if blocks else None
    if isinstance(last, StoredSpan) and last.table is part.table and last.end == part.start:
        last.end = part.end
    else:
        blocks.append(StoredSpan(part.table, part.start, part.end, part.strings))
    return True


class TableWriter:
    """Collects records in order, fresh ones as tuples and stored ones as spans of their table, and
    makes one table of them: stored rows are copied with their string ids mapped to the new string
    table, never decoded (an update rewrites every unchanged file's facts)."""

    def __init__(self, schema: str, strings: Interner) -> None:
        self.schema = schema
        self.strings = strings
        self._blocks: list[list[Record] | StoredSpan] = []
        self._text_columns = [j for j, kind in enumerate(schema) if kind == "s"]

    def add(self, part: Sequence[Record]) -> None:
        """Append one file's records."""
        blocks = self._blocks
        if carry_stored(blocks, part, self.schema):
            return
        last = blocks[-1] if blocks else None
        if isinstance(last, list):
            last.extend(part)
        else:
            blocks.append(list(part))

    def table(self) -> Table:
        """Return every record added, as one table."""
        remaps = self._remaps()
        pieces: list[Table] = []
        for block in self._blocks:
            if isinstance(block, list):
                pieces.append(encode_records(block, self.schema, self.strings))
                continue
            piece = np.array(block.table[block.start : block.end], dtype=np.int32)
            remap = remaps[id(block.strings)]
            for j in self._text_columns:
                piece[:, j] = remap[np.clip(piece[:, j], 0, len(remap) - 1)]
            pieces.append(piece)
        return np.concatenate(pieces) if pieces else np.zeros((0, len(self.schema)), dtype=np.int32)

    def _remaps(self) -> dict[int, NDArray[np.int32]]:
        """Per source string table, its stored ids to the new ones (only the ids the spans use)."""
        used: dict[int, tuple[Strings, NDArray[np.bool_]]] = {}
        for block in self._blocks:
            if isinstance(block, StoredSpan):
                strings = block.strings
                _, mask = used.setdefault(id(strings), (strings, np.zeros(len(strings) + 2, dtype=np.bool_)))
                ids = block.table[block.start : block.end][:, self._text_columns]
                mask[np.clip(ids, 0, len(strings) + 1)] = True  # a damaged id reads as "", as it would
        remaps: dict[int, NDArray[np.int32]] = {}
        for key, (strings, mask) in used.items():
            remap = remaps[key] = np.zeros(len(mask), dtype=np.int32)
            wanted = np.flatnonzero(mask)
            remap[wanted] = self.strings.column(strings.pick(wanted))
        return remaps


def decode_records(table: StoredTable, schema: str, strings: Strings) -> tuple[Record, ...]:
    """Return the records of a table (or a slice of one) as tuples."""
    if not len(table):
        return ()
    columns: list[list[Any]] = []
    for j, kind in enumerate(schema):
        column = table[:, j]
        if kind == "s":
            columns.append(strings.pick(column))
        else:
            values = column.tolist()
            if (column == NULL_INT).any():
                values = [None if v == NULL_INT else v for v in values]
            columns.append(values)
    return tuple(zip(*columns))
