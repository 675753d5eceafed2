"""The facts of a generation on disk: record tables mapped read-only, a file's rows decoded when asked.

For the files in path order (strings as in ``arrays.py``, records as in ``records.py``):

    facts_paths.bin, facts_paths_offsets.npy       the paths
    facts_files.npy        (files, 5): language, then how many chunks, symbols, references and
                           imports the file has (its rows follow those of the files before it), in
                           the first of :data:`FILE_TYPES` that holds them all (``int64`` before)
    facts_chunks.npy       (start_line, end_line, kind, symbol, language)
    facts_symbols.npy      (name, qualname, kind, start_line, end_line, language, signature, name_line,
                           template: 1 for a definition a macro's template writes)
                           (these two as ``.zst`` instead where one zstd frame of their rows is
                           smaller: :data:`PACKED_FIELDS`)
    facts_imports.npy      (local, module, name, line)
    facts_strings.bin, facts_strings_offsets.npy   the strings of the files' languages and of the
                           three tables above
    facts_refs.npy         (kind, name, line, scope)
                           (the references and imports as packed records, each column at the width
                           its values need: ``column_widths.py``; ``uint16`` or ``int32`` x 4 before;
                           a column in long runs, or its high bytes, as runs beside:
                           ``facts_refs_runs{j}.npy``, ``facts_refs_highs{j}.npy``)
    facts_refnames.bin, facts_refnames_offsets.npy the strings of the references, kept apart so that
                           listing every symbol never decodes a reference name
                           (these two string tables packed: one zstd frame each, ``arrays.py``;
                           issue 19: 36.8 -> 8.3 MB on the 450 MB corpus)
    defs_*                 the defined names, case-folded and sorted (``definitions.py``)

Opening maps the tables and decodes only the paths; a question then decodes the rows it reads.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from operator import itemgetter
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from maguyva_tui.core.store.arrays import (
    Interner,
    PathIndex,
    Strings,
    damaged,
    frame_intact,
    frame_size,
    load_array,
    map_bytes,
    narrowest,
    packed_blob,
    save_array,
    save_strings,
    strictly_sorted,
    unpacked,
)
from maguyva_tui.core.store.column_widths import StoredTable, load_table, save_table
from maguyva_tui.core.store.definitions import (
    Definitions,
    build_definitions,
    load_definitions,
    save_definitions,
    stored_symbol_sites,
)
from maguyva_tui.core.store.facts import FactsTable, PackedRow, RefColumns, Row, part_length
from maguyva_tui.core.store.records import (
    Record,
    StoredRecords,
    StoredSpan,
    Table,
    carry_stored,
    decode_records,
    encode_records,
)
from maguyva_tui.core.store.vouched import vouch, vouched

SCHEMAS = ("", "iisss", "sssiissii", "ssis", "sssi")
"""The fields of each part of a row after its language: chunks, symbols, references and imports
(``s`` a string, ``i`` an int)."""

TABLES = (None, "chunks", "symbols", "refs", "imports")
"""The record table of each part of a row."""

FILE_COLUMNS = 5
"""Columns of ``facts_files.npy``: the language id, then the four counts."""

FILE_TYPES: tuple[type[np.generic], ...] = (np.uint16, np.uint32, np.int64)
"""The types ``facts_files.npy`` is stored in: the first that holds its largest value (every value
is at least 0; issue 19: sympy's 62 -> 15 KB, 4.0 -> 1.0 MB at 100,000 files); read, it is summed
into ``int64`` starts at once."""


NARROW_FIELDS = (3, 4)
"""The tables stored as packed records, each column at the width its values need
(``column_widths.py``: sympy's references, whose scope ids pass 65,535, 7.19 -> 3.6 MB); the
others, whose lines are computed with, stay ``int32``. Every reader of these two decodes them
(``decode_records``), reads a column, or copies them as ``int32``."""

NARROW_TYPE = np.uint16
"""The type of :data:`NARROW_FIELDS`' tables where every value fit in it, as written before the
packed records (still read)."""


def save_facts(folder: Path, rows: Mapping[str, Row]) -> None:
    """Write every file's rows into a generation being written."""
    paths = sorted(rows)
    strings, refnames = Interner(), Interner()
    counts = np.zeros((len(paths), FILE_COLUMNS), dtype=np.int64)
    languages: list[str | None] = []
    for i, path in enumerate(paths):
        row = rows[path]
        languages.append(row[0])
        for field in range(1, 5):
            counts[i, field] = part_length(row, field)  # a packed row's, without decoding it
    counts[:, 0] = strings.column(languages)
    symbols = None
    for field in range(1, 5):  # each table written and let go as it is made (the symbols' kept)
        table = _table([_part(rows[p], field) for p in paths], SCHEMAS[field], refnames if field == 3 else strings)
        if field in NARROW_FIELDS:
            save_table(folder / f"facts_{TABLES[field]}.npy", table)
        elif field not in PACKED_FIELDS or not _save_packed_table(folder / f"facts_{TABLES[field]}.zst", table):
            save_array(folder / f"facts_{TABLES[field]}.npy", table)
        symbols = table if field == 2 else symbols
        del table
    assert symbols is not None
    save_array(folder / "facts_files.npy", counts.astype(narrowest(int(counts.max()) if counts.size else 0, FILE_TYPES)))
    save_strings(folder, "facts_paths", paths)
    names = strings.strings()
    save_strings(folder, "facts_strings", names, packed=True)
    save_strings(folder, "facts_refnames", refnames.strings(), packed=True)
    ids, files, lines = stored_symbol_sites(symbols, np.cumsum(counts[:, 2]))
    # the names of the string table by id (0 is None); each symbol's position there is its id
    save_definitions(folder, build_definitions([None, *names], ids, files, lines, spelling=ids))


PACKED_FIELDS = (1, 2)
"""The tables kept as one zstd frame of their ``int32`` rows (``facts_{chunks,symbols}.zst``) where
that is smaller (issue 19: the 450 MB corpus's 9.5 + 12.8 MB): each is read whole where it is read
(a question's chunks, the graph's symbols), decompressed once when first asked."""


def _save_packed_table(path: Path, table: Table) -> bool:
    """Write a table's rows as one zstd frame, where that is smaller (see :data:`PACKED_FIELDS`);
    ``False`` (nothing written) where it is not."""
    rows = np.ascontiguousarray(table, dtype=np.int32)
    raw = rows.tobytes()
    frame = packed_blob(raw)
    if frame is raw:
        return False
    path.write_bytes(frame)
    return True


class _PackedTable:
    """A table kept as one zstd frame (:data:`PACKED_FIELDS`): its length known from the frame's
    header, its rows decompressed whole when first asked."""

    __slots__ = ("_frame", "_rows", "length", "path", "width")

    def __init__(self, path: Path, width: int) -> None:
        self.path, self.width = path, width
        self._frame = map_bytes(path)
        size = frame_size(self._frame)
        if size < 0 or size % (4 * width):
            raise damaged(path, "unexpected frame")
        self.length = size // (4 * width)
        self._rows: NDArray[np.int32] | None = None

    def __len__(self) -> int:
        return self.length

    def intact(self) -> bool:
        """Whether the frame passes its checksum (read a piece at a time and let go, where the rows
        are not decompressed yet)."""
        if self._rows is not None:
            return True
        return frame_intact(self._frame, self.length * self.width * 4)

    def rows(self) -> NDArray[np.int32] | None:
        """The rows (decompressed once); ``None`` where the frame fails its checksum."""
        if self._rows is None:
            raw = unpacked(self._frame, self.length * self.width * 4)
            if raw is None:
                return None
            self._rows = np.frombuffer(raw, np.int32).reshape(self.length, self.width)
        return self._rows


class _Packed:
    """A packed row's part (:class:`~maguyva_tui.core.store.facts.PackedRow`), made where the writer
    reads it and let go: every file's part of a field made at once was the facts' writing's peak
    (+175 MB on the 150 MB corpus)."""

    __slots__ = ("field", "row")

    def __init__(self, row: PackedRow, field: int) -> None:
        self.row, self.field = row, field

    def __len__(self) -> int:
        return self.row.lengths[self.field - 1]

    def decoded(self) -> Sequence[Record]:
        """The part, made from the packed row."""
        found: Sequence[Record] = self.row.part(self.field)
        return found


def _part(row: Row, field: int) -> Sequence[Record] | _Packed:
    """A row's part ``field`` as the writer takes it: a packed row's read only where written."""
    return _Packed(row, field) if isinstance(row, PackedRow) else row[field]


def _column(part: Sequence[Record], j: int) -> Iterable[Any]:
    """Field ``j`` of every record of a part."""
    return part.column(j) if isinstance(part, RefColumns) else map(itemgetter(j), part)


GROUP_RECORDS = 1 << 16
"""Fresh records encoded at once: a build's references made into tuples a group at a time (every
file's at once, kept in each file's columns, was the build's peak once the texts were written)."""


def _table(parts: Sequence[Sequence[Record] | _Packed], schema: str, strings: Interner) -> Table:
    """Every file's records of one part as one table, as :class:`TableWriter` makes it (the same
    string ids: stored spans' strings first, then each run of fresh records column by column),
    with fresh records encoded :data:`GROUP_RECORDS` at a time. A packed part is made twice (for
    its strings, then its records), never every one at once."""
    blocks: list[list[Sequence[Record] | _Packed] | StoredSpan] = []
    out = _Rows(sum(map(len, parts)), len(schema))
    for part in parts:  # a stored part is copied, not decoded
        if not isinstance(part, _Packed) and carry_stored(blocks, part, schema):
            continue
        last = blocks[-1] if blocks else None
        if isinstance(last, list):
            last.append(part)
        else:
            blocks.append([part])
    del parts
    text_columns = [j for j, kind in enumerate(schema) if kind == "s"]
    remaps = _remaps(blocks, text_columns, strings)
    for block in blocks:
        if isinstance(block, StoredSpan):
            piece = np.array(block.table[block.start : block.end], dtype=np.int32)
            remap = remaps[id(block.strings)]
            for j in text_columns:
                piece[:, j] = remap[np.clip(piece[:, j], 0, len(remap) - 1)]
            out.add(piece)
            continue
        # the ids encoding the whole run gives, column by column: each column's strings in the
        # order they first occur (a string met again takes no new id)
        firsts: list[dict[Any, None]] = [{} for _ in text_columns]
        for held in block:
            part = held.decoded() if isinstance(held, _Packed) else held
            for first, j in zip(firsts, text_columns):
                first.update(dict.fromkeys(_column(part, j)))
        for first in firsts:
            strings.column(first)
        del firsts
        group: list[Record] = []
        for held in block:
            part = held.decoded() if isinstance(held, _Packed) else held
            group.extend(part.records() if isinstance(part, RefColumns) else part)
            if len(group) >= GROUP_RECORDS:
                out.add(encode_records(group, schema, strings))
                group = []
        out.add(encode_records(group, schema, strings))
    return out.table()


class _Rows:
    """A table filled a piece at a time in place (its size known from the parts' lengths): the
    pieces and their concatenation were two copies of the largest table (the references')."""

    def __init__(self, rows: int, width: int) -> None:
        self._table = np.zeros((rows, width), dtype=np.int32)
        self._at = 0

    def add(self, piece: Table) -> None:
        """Append a piece."""
        self._table[self._at : self._at + len(piece)] = piece
        self._at += len(piece)

    def table(self) -> Table:
        """The table, once every piece is in."""
        if self._at != len(self._table):
            raise ValueError(f"a part held {self._at} records, not the {len(self._table)} it said")
        return self._table


def _remaps(blocks: list[list[Sequence[Record] | _Packed] | StoredSpan], text_columns: list[int], strings: Interner
            ) -> dict[int, NDArray[np.int32]]:
    """Per source string table of the stored spans, its ids to the new ones (only the ids used)."""
    used: dict[int, tuple[Strings, NDArray[np.bool_]]] = {}
    for block in blocks:
        if isinstance(block, StoredSpan):
            source = block.strings
            _, mask = used.setdefault(id(source), (source, np.zeros(len(source) + 2, dtype=np.bool_)))
            ids = block.table[block.start : block.end][:, text_columns]
            mask[np.clip(ids, 0, len(source) + 1)] = True  # a damaged id reads as "", as it would
    remaps: dict[int, NDArray[np.int32]] = {}
    for key, (source, mask) in used.items():
        remap = remaps[key] = np.zeros(len(mask), dtype=np.int32)
        wanted = np.flatnonzero(mask)
        remap[wanted] = strings.column(source.pick(wanted))
    return remaps


def load_facts(folder: Path, known: tuple[Strings, list[str]] | None = None) -> FactsTable:
    """Open a generation's facts (mapped; only the paths are decoded, or taken from ``known``: a
    stored table of the same paths, decoded and checked in order); damage is IndexUnavailable."""
    return FactsTable(StoredRows(folder, known))


PACKED_CHECK = "zstd"
"""What ``vouched.json`` says a packed string table was checked against (its frame's checksum)."""


def _check_packed(folder: Path, tables: dict[str, Strings], records: list[_PackedTable]) -> None:
    """Refuse packed string tables and record tables whose frames fail their checksums: decompressed
    whole once, a piece at a time, nothing kept (the 450 MB corpus's: about 60 MB, 60 ms), then
    vouched for by their stats (``vouched.py``), so that a later process trusts them unread. A
    damaged string table read later would read every string as ``""``, and a build would carry
    those into the next generation."""
    packed = {name: table for name, table in tables.items() if table.packed}
    paths = [folder / f"{name}.bin" for name in packed] + [table.path for table in records]
    if not paths or vouched(paths, PACKED_CHECK):
        return
    for path, table in zip(paths, packed.values()):
        if not table.intact():
            raise damaged(path, "its frame fails its checksum")
    for found in records:
        if not found.intact():
            raise damaged(found.path, "its frame fails its checksum")
    vouch(paths, PACKED_CHECK)


class StoredRows(Mapping[str, Row]):
    """Path to row over a generation's stored facts, each row decoded when asked (and not kept)."""

    def __init__(self, folder: Path, known: tuple[Strings, list[str]] | None = None) -> None:
        files = load_array(folder / "facts_files.npy", FILE_TYPES, 2, FILE_COLUMNS)
        stored = Strings.load(folder, "facts_paths")
        self._known = known is not None and known[0].same(stored)
        """Whether the paths are another table's, already checked in order."""
        self.paths = known[1] if known is not None and self._known else stored.all()
        self._index = PathIndex(self.paths)
        self._tables: list[StoredTable | _PackedTable | None] = [None]
        for field in range(1, 5):
            path, width = folder / f"facts_{TABLES[field]}.npy", len(SCHEMAS[field])
            zst = path.with_suffix(".zst")
            if field in PACKED_FIELDS and zst.exists():
                self._tables.append(_PackedTable(zst, width))
                continue
            packed = load_table(path, width) if field in NARROW_FIELDS else None
            types = (np.int32, NARROW_TYPE) if field in NARROW_FIELDS else np.int32
            self._tables.append(packed if packed is not None else load_array(path, types, 2, width))
        self._strings = Strings.load(folder, "facts_strings")
        self._refnames = Strings.load(folder, "facts_refnames")
        _check_packed(folder, {"facts_strings": self._strings, "facts_refnames": self._refnames},
                      [t for t in self._tables if isinstance(t, _PackedTable)])
        self._languages = np.asarray(files[:, 0])
        self._starts = np.zeros((len(files) + 1, FILE_COLUMNS), dtype=np.int64)
        np.cumsum(files, axis=0, dtype=np.int64, out=self._starts[1:])
        self._check(folder, files)
        self._definitions = load_definitions(folder, len(self.paths), len(self._strings))

    def imports_local(self, name: str) -> bool:
        """Whether some file imports something under the local name ``name`` (Go's ``http``,
        Python's ``np``): one search of the strings, one compare over the imports' column."""
        wanted = self._strings.id_of(name)
        table = self._table(4)
        return bool(wanted) and table is not None and bool(np.any(table[:, 0] == wanted))

    def importing_as(self, name: str) -> list[str]:
        """The files that import something under the local name ``name``, in path order: one
        search of the strings, one compare over the imports' column."""
        wanted = self._strings.id_of(name)
        table = self._table(4)
        if not wanted or table is None:
            return []
        rows = np.flatnonzero(table[:, 0] == wanted)
        files = np.unique(np.searchsorted(self._starts[1:, 4], rows, side="right"))
        return [self.paths[int(i)] for i in files]

    def _table(self, field: int) -> StoredTable | None:
        """Table ``field`` as stored (a packed one decompressed when first asked; one whose frame
        fails its checksum reads as no rows: reading is total)."""
        table = self._tables[field]
        if isinstance(table, _PackedTable):
            rows = table.rows()
            return rows if rows is not None else np.zeros((0, table.width), np.int32)
        return table

    def _check(self, folder: Path, files: NDArray[np.int64]) -> None:
        """Refuse tables that disagree with the files' counts (a torn or damaged write)."""
        totals = self._starts[-1]
        tables = self._tables
        if (len(files) != len(self.paths) or not (self._known or strictly_sorted(self.paths)) or (files[:, 1:] < 0).any()
                or any(int(totals[f]) != len(t) for f, t in enumerate(tables) if t is not None)):
            raise damaged(folder / "facts_files.npy", "its counts disagree with the tables")

    def __getitem__(self, path: str) -> Row:
        i = self._index.get(path)
        if i is None:
            raise KeyError(path)
        language = self._strings.pick(self._languages[i : i + 1])[0]
        return (language, *(self._part(field, i) for field in range(1, 5)))

    def chunk_columns(self) -> tuple[NDArray[np.int32], NDArray[np.int64], Strings, PathIndex]:
        """Every file's chunk rows as stored (one table, files in path order: start line, end line,
        and the kind, symbol and language as string ids), the row each file's begin at (one more
        than the files), the strings the ids read and the paths' index."""
        table = self._table(1)
        assert isinstance(table, np.ndarray)  # chunks are never packed (NARROW_FIELDS)
        return table, self._starts[:, 1], self._strings, self._index

    def symbol_columns(self) -> tuple[NDArray[np.int32], NDArray[np.int64], Strings]:
        """Every file's symbol rows as stored (one ``int32`` table, files in path order, fields as
        ``SCHEMAS[2]``), the row each file's begin at (one more than the files) and the strings the
        ids read: what a stored graph reads its symbols from (``graph/persist.py``), not a copy."""
        table = self._table(2)
        assert isinstance(table, np.ndarray)  # symbols are never packed (NARROW_FIELDS)
        return table, self._starts[:, 2], self._strings

    def _part(self, field: int, i: int) -> StoredRecords:
        """Return file ``i``'s records of one part of the rows, decoded when read."""
        table = self._table(field)
        assert table is not None
        start, end = int(self._starts[i, field]), int(self._starts[i + 1, field])
        return StoredRecords(table, start, end, SCHEMAS[field], self._refnames if field == 3 else self._strings)

    def __contains__(self, path: object) -> bool:
        return self._index.get(path) is not None

    def __iter__(self) -> Iterator[str]:
        return iter(self.paths)

    def __len__(self) -> int:
        return len(self.paths)

    def column_rows(self, field: int) -> Iterator[tuple[str, Row]]:
        """Every (path, row) of one field (1 chunks, 2 symbols), in path order, decoded in one pass."""
        table = self._table(field)
        assert table is not None
        records = decode_records(table, SCHEMAS[field], self._refnames if field == 3 else self._strings)
        ends = self._starts[1:, field].tolist()
        start = 0
        for path, end in zip(self.paths, ends):
            for record in records[start:end]:
                yield path, record
            start = end

    def decode_strings(self) -> None:
        """Decode every string of the rows at once (one split of each table), for a reader that
        reads every file: it then picks strings from a list, not one by one into a dict of those
        decoded (0.1 ms a file, and a dict entry of 70 bytes a string, on top of the string)."""
        self._strings.all()
        self._refnames.all()

    def definitions(self) -> Definitions:
        """The table of defined names written with the facts (mapped; its spelling column holds
        ids that :meth:`spellings` reads)."""
        return self._definitions

    def spellings(self, ids: NDArray[Any]) -> list[str | None]:
        """The names as written of a definitions table's spelling ids."""
        return self._strings.pick(ids)

    def count(self, field: int) -> int:
        """How many rows one field holds over every file."""
        return int(self._starts[-1, field])

