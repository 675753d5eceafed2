"""Per-file facts stored as plain tuples, decoded into dataclasses only for the files a search touches.

``FactsTable`` is a read-only mapping from path to ``FileFacts`` over a mapping of rows: a dict of
freshly parsed rows while indexing, or the stored rows of a generation (``facts_files.py``: record
tables mapped from disk, a file's rows decoded when asked). It decodes a file's facts on first
access and keeps the result.

A parsing worker ships a file's references as ``RefColumns``: a sequence of (kind, name, line,
scope) tuples that pickles as five flat values (names joined, lines as bytes, kinds and scopes as
small tables and indexes), so that sending them between our own processes costs next to nothing.
A build holds each freshly parsed file's row as a ``PackedRow`` (its parts serialized by ``marshal``
in the worker, made again where read) until its facts are written. Nothing of the index is pickled.
"""

from __future__ import annotations

import marshal
from array import array
from collections.abc import Iterable, Iterator, Mapping, Sequence
from operator import itemgetter
from typing import Any, Protocol, TypeAlias, overload, runtime_checkable

from maguyva_tui.core.types import (
    Chunk,
    FileFacts,
    Import,
    Reference,
    fast_constructor,
    stored_symbol,
    symbol_flags,
)

Row: TypeAlias = tuple[Any, ...]
"""One file's facts: (language, chunk rows, symbol rows, reference rows, import rows)."""

RefRow: TypeAlias = tuple[str, str, int, "str | None"]
"""A reference as (kind, name as written, line, scope): ``Reference`` without its path."""

_LINE_BYTES = array("i").itemsize
"""Bytes per stored line number."""

_KIND, _NAME, _LINE, _SCOPE = (itemgetter(i) for i in range(4))
"""The fields of a reference row."""

_SEPARATOR = "\x00"
"""Joins a file's reference names (no name read from a tree holds it; one that does is kept apart)."""


class RefColumns(Sequence[RefRow]):
    """One file's reference rows, stored as columns and made into tuples once, on first read."""

    __slots__ = ("_columns", "_rows")

    def __init__(self, kinds: tuple[str, ...], kind_of: bytes, names: str | tuple[str, ...], lines: bytes,
                 scopes: tuple[str | None, ...], scope_of: bytes) -> None:
        self._columns = (kinds, kind_of, names, lines, scopes, scope_of)
        self._rows: tuple[RefRow, ...] | None = None

    @classmethod
    def of(cls, rows: Iterable[RefRow]) -> RefColumns:
        """Store rows as columns."""
        rows = rows if isinstance(rows, list) else list(rows)
        if not rows:
            return cls((), b"", "", b"", (), b"")
        # each column read on its own (``zip(*rows)`` makes four tuples of every row's fields)
        kinds, scopes = list(map(_KIND, rows)), list(map(_SCOPE, rows))
        kind_table, scope_table = tuple(dict.fromkeys(kinds)), tuple(dict.fromkeys(scopes))
        kind_of = bytes(map({k: i for i, k in enumerate(kind_table)}.__getitem__, kinds))
        scope_of = array("i", map({s: i for i, s in enumerate(scope_table)}.__getitem__, scopes))
        joined = _SEPARATOR.join(map(_NAME, rows))
        names: str | tuple[str, ...] = joined
        if joined.count(_SEPARATOR) != len(rows) - 1:
            names = tuple(map(_NAME, rows))  # a name holding the separator
        return cls(kind_table, kind_of, names, array("i", map(_LINE, rows)).tobytes(), scope_table, scope_of.tobytes())

    def rows(self) -> tuple[RefRow, ...]:
        """Return the rows as tuples (made once)."""
        if self._rows is None:
            kinds, kind_of, names, lines, scopes, scope_of = self._columns
            if not lines:
                self._rows = ()
            else:
                named = names.split(_SEPARATOR) if isinstance(names, str) else names
                scope_index = array("i")
                scope_index.frombytes(scope_of)
                line_column = array("i")
                line_column.frombytes(lines)
                self._rows = tuple(zip(map(kinds.__getitem__, kind_of), named, line_column,
                                       map(scopes.__getitem__, scope_index)))
        return self._rows

    def records(self) -> Sequence[RefRow]:
        """The rows as tuples without keeping them (those made already, when they were): what
        writing every file's references makes, one group of files at a time."""
        if self._rows is not None:
            return self._rows
        rows = self.rows()
        self._rows = None
        return rows

    def column(self, field: int) -> list[Any]:
        """One field of every row (0 kind, 1 name, 2 line, 3 scope), made from its column alone."""
        if self._rows is not None:
            return [row[field] for row in self._rows]
        kinds, kind_of, names, lines, scopes, scope_of = self._columns
        if not lines:
            return []
        if field == 0:
            return list(map(kinds.__getitem__, kind_of))
        if field == 1:
            return names.split(_SEPARATOR) if isinstance(names, str) else list(names)
        column = array("i")
        column.frombytes(lines if field == 2 else scope_of)
        return column.tolist() if field == 2 else list(map(scopes.__getitem__, column))

    @overload
    def __getitem__(self, index: int) -> RefRow: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[RefRow, ...]: ...
    def __getitem__(self, index: int | slice) -> RefRow | tuple[RefRow, ...]:
        return self.rows()[index]

    def __len__(self) -> int:
        return len(self._columns[3]) // _LINE_BYTES

    def __iter__(self) -> Iterator[RefRow]:
        return iter(self.rows())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, RefColumns):
            return self.rows() == other.rows()
        if isinstance(other, (tuple, list)):
            return list(self.rows()) == list(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.rows())

    def __repr__(self) -> str:
        return f"RefColumns({list(self.rows())!r})"

    def __reduce__(self) -> tuple[type[RefColumns], tuple[Any, ...]]:
        return (RefColumns, self._columns)


class PackedRow(Sequence[Any]):
    """A freshly parsed file's row held compactly until its facts are written: its language, and its
    four parts (chunks, symbols, references, imports) serialized apart by ``marshal`` (made by the
    parsing worker), each made again when read. A build held every file's row as tuples from the
    parse to the facts' writing (+372 MB on the 450 MB corpus); these are a few bytes a field."""

    __slots__ = ("language", "lengths", "_blob", "_ends")

    def __init__(self, language: str | None, lengths: tuple[int, ...], blob: bytes, ends: tuple[int, ...]) -> None:
        self.language = language
        self.lengths = lengths
        """How many records each part holds (1 chunks ... 4 imports at 0 ... 3), read without decoding."""
        self._blob, self._ends = blob, ends

    @classmethod
    def of(cls, row: Row) -> PackedRow:
        """Pack a row as :func:`encode` or ``analyze_row`` makes it."""
        language, chunks, symbols, references, imports = row
        refs = references if isinstance(references, RefColumns) else RefColumns.of(list(references))
        parts = [marshal.dumps(tuple(chunks)), marshal.dumps(tuple(symbols)), marshal.dumps(refs._columns),
                 marshal.dumps(tuple(imports))]
        ends, at = [], 0
        for part in parts:
            at += len(part)
            ends.append(at)
        return cls(language, (len(chunks), len(symbols), len(refs), len(imports)), b"".join(parts), tuple(ends))

    def part(self, field: int) -> Any:
        """Part ``field`` (1 to 4) as the row held it."""
        end = self._ends[field - 1]
        start = self._ends[field - 2] if field > 1 else 0
        found = marshal.loads(memoryview(self._blob)[start:end])
        return RefColumns(*found) if field == 3 else found

    def row(self) -> Row:
        """The whole row, as tuples (and the references' columns)."""
        return (self.language, *(self.part(field) for field in range(1, 5)))

    @overload
    def __getitem__(self, index: int) -> Any: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Any, ...]: ...
    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return self.row()[index]
        if not -5 <= index < 5:
            raise IndexError(index)
        index %= 5
        return self.language if index == 0 else self.part(index)

    def __len__(self) -> int:
        return 5

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (PackedRow, tuple)):
            return tuple(self.row()) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.row())

    def __reduce__(self) -> tuple[type[PackedRow], tuple[Any, ...]]:
        return (PackedRow, (self.language, self.lengths, self._blob, self._ends))


def part_length(row: Row, field: int) -> int:
    """How many records part ``field`` of a row holds (a packed row's without decoding it)."""
    return row.lengths[field - 1] if isinstance(row, PackedRow) else len(row[field])


def encode(facts: FileFacts) -> Row:
    """Flatten a file's facts into plain tuples (the path is the table's key)."""
    return (
        facts.language,
        tuple((c.start_line, c.end_line, c.kind, c.symbol, c.language) for c in facts.chunks),
        tuple(
            (s.name, s.qualname, s.kind, s.start_line, s.end_line, s.language, s.signature, s.name_line,
             symbol_flags(s))
            for s in facts.symbols
        ),
        RefColumns.of([(r.kind, r.name, r.line, r.scope) for r in facts.references]),
        tuple((i.local, i.module, i.name, i.line) for i in facts.imports),
    )


def decode(path: str, row: Row) -> FileFacts:
    """Rebuild a file's facts from its row."""
    language, chunks, symbols, references, imports = row
    return FileFacts(
        path,
        language,
        tuple(Chunk(path, *c) for c in chunks),
        tuple(stored_symbol(path, s) for s in symbols),
        tuple(Reference(k, n, path, line, scope) for k, n, line, scope in references),
        tuple(Import(path, local, module, name, line) for local, module, name, line in imports),
    )


def imports_of(facts: Mapping[str, FileFacts], path: str) -> tuple[Import, ...]:
    """A file's imports; from the stored table's imports alone where it can give them
    (:meth:`FactsTable.imports`: the rest of a file's facts is not decoded)."""
    alone = getattr(facts, "imports", None)
    return alone(path) if callable(alone) else facts[path].imports


_new_chunk = fast_constructor(Chunk)
"""``Chunk(...)`` without its ``__init__``: a page's first look at a file makes every chunk of it."""


class FactsTable(Mapping[str, FileFacts]):
    """Path to facts, decoded lazily from rows."""

    def __init__(self, rows: Mapping[str, Row]) -> None:
        self.rows = rows
        self._decoded: dict[str, FileFacts] = {}
        self._chunks: dict[str, tuple[Chunk, ...]] = {}
        self._imports: dict[str, tuple[Import, ...]] = {}

    def chunks(self, path: str) -> tuple[Chunk, ...]:
        """A file's chunks alone, without decoding its symbols, references and imports (a line's
        enclosing chunk is asked of every hit; the rest of a file's facts is ten times larger)."""
        found = self._decoded.get(path)
        if found is not None:
            return found.chunks
        chunks = self._chunks.get(path)
        if chunks is None:
            row = self.rows.get(path)
            chunks = self._chunks[path] = () if row is None else tuple(_new_chunk(path, *c) for c in row[1])
        return chunks

    def imports(self, path: str) -> tuple[Import, ...]:
        """A file's imports alone, without decoding its chunks, symbols and references (who imports
        a module outside the repository reads the imports of every file spelling its name: sympy's
        1,377 files' whole facts had been 3.3 s of "import sympy")."""
        found = self._decoded.get(path)
        if found is not None:
            return found.imports
        imports = self._imports.get(path)
        if imports is None:
            row = self.rows.get(path)
            imports = self._imports[path] = () if row is None else tuple(
                Import(path, local, module, name, line) for local, module, name, line in row[4])
        return imports

    def __getitem__(self, path: str) -> FileFacts:
        found = self._decoded.get(path)
        if found is None:
            found = self._decoded[path] = decode(path, self.rows[path])
        return found

    def __contains__(self, path: object) -> bool:
        return path in self.rows

    def __iter__(self) -> Iterator[str]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def symbol_rows(self) -> Iterator[tuple[str, Row]]:
        """Every (path, symbol row) in path order, without decoding files."""
        return self._column_rows(2)

    def chunk_rows(self) -> Iterator[tuple[str, Row]]:
        """Every (path, chunk row) in path order, without decoding files."""
        return self._column_rows(1)

    def _column_rows(self, field: int) -> Iterator[tuple[str, Row]]:
        """Every (path, row) of one field of the rows, in path order."""
        rows = self.rows
        if isinstance(rows, Columnar):
            yield from rows.column_rows(field)
            return
        for path in sorted(rows):
            for row in rows[path][field]:
                yield path, row

    def imports_local(self, name: str) -> bool:
        """Whether some file imports something under the local name ``name`` (``import numpy as
        np``: ``np``; Go's ``"net/http"``: ``http``)."""
        stored = getattr(self.rows, "imports_local", None)
        if stored is not None:
            return bool(stored(name))
        return any(row[0] == name for _, row in self._column_rows(4))

    def importing_as(self, name: str) -> list[str]:
        """The files that import something under the local name ``name`` (``from ._lexer import
        _Lexer as Lexer``: ``Lexer``), in path order; their facts say what each imports."""
        stored = getattr(self.rows, "importing_as", None)
        if stored is not None:
            return list(stored(name))
        return list(dict.fromkeys(path for path, row in self._column_rows(4) if row[0] == name))

    def chunk_count(self) -> int:
        """Chunks in the table, without decoding."""
        rows = self.rows
        return rows.count(1) if isinstance(rows, Columnar) else sum(part_length(r, 1) for r in rows.values())

    def symbol_count(self) -> int:
        """Symbols in the table, without decoding."""
        rows = self.rows
        return rows.count(2) if isinstance(rows, Columnar) else sum(part_length(r, 2) for r in rows.values())


@runtime_checkable
class Columnar(Protocol):
    """Rows that can list one field of every file at once (the stored rows of ``facts_files.py``)."""

    def column_rows(self, field: int) -> Iterator[tuple[str, Row]]:
        """Every (path, row) of one field (1 chunks, 2 symbols), in path order."""

    def count(self, field: int) -> int:
        """How many rows one field holds over every file."""
