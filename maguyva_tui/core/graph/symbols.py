"""Every file's symbols, kept as the ``Symbol`` objects a build received or as plain rows after
opening a stored graph, decoded one file at a time when a query asks; and the name tables built from them."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping, MutableMapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any, TypeAlias

import numpy as np
from numpy.typing import NDArray

from maguyva_tui.core.graph import modules as mod
from maguyva_tui.core.graph.bulk import bulk
from maguyva_tui.core.graph.spans import Bounds, SpanMap
from maguyva_tui.core.graph.tables import CLASS_KINDS, KIND_PRIORITY, SEPARATOR, split_id, symbol_id
from maguyva_tui.core.store.arrays import Strings
from maguyva_tui.core.store.records import decode_records
from maguyva_tui.core.types import Symbol, stored_symbol, symbol_flags

if TYPE_CHECKING:
    from maguyva_tui.core.graph.nodes import NodeTable

Row: TypeAlias = tuple[Any, ...]
"""(name, qualname, kind, start_line, end_line, language, signature, name_line, flags)."""


def to_row(symbol: Symbol) -> Row:
    """Flatten a symbol (its path is the file's key)."""
    s = symbol
    return (s.name, s.qualname, s.kind, s.start_line, s.end_line, s.language, s.signature, s.name_line, symbol_flags(s))


def from_row(path: str, row: Row) -> Symbol:
    """Rebuild a symbol from its row."""
    return stored_symbol(path, row)


def position(symbol: Symbol | Row) -> tuple[int, int]:
    """Sort key of a symbol or its row: by start line, an enclosing symbol before those inside it."""
    if isinstance(symbol, Symbol):
        return symbol.start_line, -symbol.end_line
    return symbol[3], -symbol[4]


def outranks(kind: str, other: str) -> bool:
    """Tell whether a definition of one kind stands for a name over another's of the same file
    (a class over its type alias, a method over the field of its name)."""
    return KIND_PRIORITY.get(kind, 9) < KIND_PRIORITY.get(other, 9)


def names_of(entry: Sequence[Symbol] | Sequence[Row]) -> Iterator[tuple[str, str, str, str]]:
    """Yield (name, qualname, kind, language) of every symbol of one file, duplicates included."""
    for item in entry:
        if isinstance(item, Symbol):
            yield item.name, item.qualname, item.kind, item.language
        else:
            yield item[0], item[1], item[2], item[5]


def _pairs(entry: Sequence[Symbol] | Sequence[Row]) -> Iterator[tuple[str, str]]:
    """Yield (name, qualname) of every symbol of one file."""
    if entry and isinstance(entry[0], Symbol):
        return ((s.name, s.qualname) for s in entry)  # type: ignore[union-attr]
    return ((r[0], r[1]) for r in entry)  # type: ignore[index]


@dataclass(slots=True)
class QueryNames:
    """Bare and qualified names to the symbol nodes so named, for ``queries.definitions``."""

    by_name: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    by_qualname: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))

    def add(self, path: str, entry: Sequence[Symbol] | Sequence[Row]) -> None:
        """Index one file's symbols."""
        prefix, by_name, by_qualname = symbol_id(path, ""), self.by_name, self.by_qualname
        for name, qualname in _pairs(entry):
            node = prefix + qualname
            by_name[name].add(node)
            by_qualname[qualname].add(node)

    def discard(self, path: str, entry: Sequence[Symbol] | Sequence[Row]) -> None:
        """Forget one file's symbols."""
        for name, qualname in _pairs(entry):
            node = symbol_id(path, qualname)
            self.by_name[name].discard(node)
            self.by_qualname[qualname].discard(node)


LINKED_FAMILIES: frozenset[str] = frozenset({"c", "go", "rust", "ruby"})
"""The language families whose resolvers look names up across files (C and C++ linkage, Go's and
Rust's methods defined away from their type): the only ones :class:`LinkNames` holds (every
family's held every symbol's id again, 87 MB of a 450 MB corpus of mostly Python)."""

TYPE_FAMILIES: frozenset[str] = frozenset({"php"})
"""The families whose top-level types alone :class:`LinkNames` holds in ``tops``, by name: a PHP
class in a file not named after it (``class Formatter`` in ``helpers.php``), which PSR-4's file
names cannot find (``resolve/php.py``)."""


@dataclass(slots=True)
class LinkNames:
    """Qualified names to symbol nodes per language family of ``LINKED_FAMILIES``, for the resolver."""

    qualnames: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    """Family to qualname to symbol ids (one per definition), for methods defined away from their type."""
    tops: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    """Family to top-level name to symbol ids, for C/C++ linkage."""
    derived: dict[str, Any] = field(default_factory=dict)
    """What the resolver derives from every name of a family (Rust's open and trait methods), kept
    until a file's symbols change: a build makes a resolver per file to resolve its base types."""

    def add(self, path: str, entry: Sequence[Symbol] | Sequence[Row]) -> None:
        """Index one file's symbols."""
        self.derived.clear()
        for _, qualname, kind, language in names_of(entry):
            family = mod.family(language)
            if family not in LINKED_FAMILIES:
                if family in TYPE_FAMILIES and "." not in qualname and kind in CLASS_KINDS:
                    self.tops.setdefault(family, {}).setdefault(qualname, []).append(symbol_id(path, qualname))
                continue
            node = symbol_id(path, qualname)
            self.qualnames.setdefault(family, {}).setdefault(qualname, []).append(node)
            if "." not in qualname:
                self.tops.setdefault(family, {}).setdefault(qualname, []).append(node)

    def discard(self, path: str, entry: Sequence[Symbol] | Sequence[Row]) -> None:
        """Forget one file's symbols."""
        self.derived.clear()
        for _, qualname, _, language in names_of(entry):
            family = mod.family(language)
            if family not in LINKED_FAMILIES | TYPE_FAMILIES:
                continue
            node = symbol_id(path, qualname)
            _discard(self.qualnames, family, qualname, node)
            _discard(self.tops, family, qualname, node)


def _discard(table: dict[str, dict[str, list[str]]], family: str, key: str, node: str) -> None:
    """Remove one node from a two-level name table."""
    nodes = table.get(family, {}).get(key)
    if nodes and node in nodes:
        nodes.remove(node)


SCANS_BEFORE_TABLES = 8
"""Name lookups answered by reading every file's names before the name tables are built: a process
that asks a few questions (a command, a first question on 100,000 files: 0.04 s a scan against 1 s
for the tables) never builds them, one that keeps asking (the explorer, a server) soon has them.
A graph opened from disk looks names up in its record table's columns instead (a millisecond)."""

SCHEMA = "sssiissii"
"""The fields of a stored symbol row (``Row``): ``s`` a string id, ``i`` an int."""


def _decode_rows(table: NDArray[Any], strings: Strings, start: int, end: int) -> Sequence[Symbol] | Sequence[Row]:
    return decode_records(table[start:end], SCHEMA, strings)


class StoredRows(SpanMap[Sequence[Symbol] | Sequence[Row]]):
    """File to its symbols' rows, decoded from a stored graph's record table when first read; a
    name is looked up over the table's string-id columns without decoding a row."""

    __slots__ = ("_ends", "_paths", "_set", "_strings", "_table")

    def __init__(self, paths: list[str], table: NDArray[Any], counts: NDArray[Any], strings: Strings,
                 files: Mapping[str, int] | None = None) -> None:
        """``files``: each path's position, when the caller has it already."""
        self._ends = np.cumsum(counts, dtype=np.int64)
        positions = dict(zip(paths, range(len(paths)))) if files is None else files
        decode = partial(_decode_rows, table, strings)  # not a method of itself: no cycle to keep it alive
        super().__init__(Bounds(positions, [0, *self._ends.tolist()]), decode, {"table": table})
        self._paths, self._table, self._strings = paths, table, strings
        self._set: set[str] = set()
        """Files whose rows were set since opening (a changed file): read as they are."""

    @property
    def table(self) -> NDArray[Any]:
        """The stored record table (one row per symbol, files in path order; see ``SCHEMA``)."""
        return self._table

    def slots(self) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
        """Return the node slot of each stored file and of each stored row, as the stored graph
        numbers its nodes (each file, then the distinct qualnames of its rows in row order; a
        qualname's later rows share its first row's node): slots an update leaves as they are
        for the files it does not change."""
        table, files = self._table, len(self._paths)
        counts = np.diff(self._ends, prepend=0)
        file_of_row = np.repeat(np.arange(files, dtype=np.int64), counts)
        first = np.arange(len(table), dtype=np.int64)
        if len(table) > 1:
            key = file_of_row * (len(self._strings) + 2) + table[:, 1].astype(np.int64)
            order = np.argsort(key, kind="stable")
            ordered = key[order]
            opens = np.ones(len(order), dtype=np.bool_)
            opens[1:] = ordered[1:] != ordered[:-1]
            first[order] = order[np.flatnonzero(opens)][np.cumsum(opens) - 1]
        keep = first == np.arange(len(table))
        kept_counts = np.bincount(file_of_row[keep], minlength=files)
        before = np.cumsum(kept_counts) - kept_counts
        file_slots = np.arange(files, dtype=np.int64) + before
        within = np.cumsum(keep) - 1 - before[file_of_row]
        return file_slots, (file_slots[file_of_row] + 1 + within)[first]

    def __setitem__(self, path: str, entry: Sequence[Symbol] | Sequence[Row]) -> None:
        super().__setitem__(path, entry)
        self._set.add(path)

    def __delitem__(self, path: str) -> None:
        super().__delitem__(path)
        self._set.discard(path)

    def stored_named(self, name: str, column: int) -> list[tuple[str, str]]:
        """Return (path, qualname) of every stored row whose name (column 0) or qualname (1) is
        ``name``, in files neither changed nor removed since opening."""
        sid = self._strings.id_of(name)
        if not sid or not len(self._table):
            return []
        rows = np.flatnonzero(self._table[:, column] == sid)
        files = np.searchsorted(self._ends, rows, side="right").tolist()
        qualnames = self._strings.pick(self._table[rows, 1])
        found = []
        for f, qualname in zip(files, qualnames):
            path = self._paths[f]
            if path not in self._set and path in self and qualname is not None:
                found.append((path, qualname))
        return found

    def changed(self) -> Iterator[tuple[str, Sequence[Symbol] | Sequence[Row]]]:
        """Yield the files set since opening, with their rows (or symbols)."""
        return ((path, self[path]) for path in self._set)


class SymbolStore:
    """Per file, its symbols in position order: objects, or rows until a query decodes them."""

    __slots__ = ("_first", "_link", "_query", "_scans", "entries")

    def __init__(self) -> None:
        self.entries: MutableMapping[str, Sequence[Symbol] | Sequence[Row]] = {}
        self._first: dict[str, dict[str, Symbol]] = {}
        self._query: QueryNames | None = None
        self._link: LinkNames | None = None
        self._scans = 0

    def drop_names(self) -> None:
        """Forget the name tables (built again when next asked)."""
        self._query = self._link = None

    def put(self, path: str, entry: Sequence[Symbol] | Sequence[Row]) -> None:
        """Store one file's symbols (already in position order)."""
        self.entries[path] = entry
        self._first.pop(path, None)
        for tables in (self._query, self._link):
            if tables is not None:
                tables.add(path, entry)

    def pop(self, path: str) -> Sequence[Symbol] | Sequence[Row] | None:
        """Forget one file's symbols and return them."""
        entry = self.entries.pop(path, None)
        self._first.pop(path, None)
        for tables in (self._query, self._link):
            if entry is not None and tables is not None:
                tables.discard(path, entry)
        return entry

    def of(self, path: str) -> list[Symbol]:
        """Return one file's symbols in position order (``KeyError`` for an unknown file)."""
        entry = self.entries[path]
        if entry and not isinstance(entry[0], Symbol):
            entry = self.entries[path] = [from_row(path, row) for row in entry]  # type: ignore[arg-type]
        return entry  # type: ignore[return-value]

    def rows(self, path: str) -> tuple[Row, ...]:
        """Return one file's symbols as rows."""
        entry = self.entries[path]
        if entry and isinstance(entry[0], Symbol):
            return tuple(to_row(s) for s in entry)  # type: ignore[arg-type]
        return tuple(entry)  # type: ignore[arg-type]

    def get(self, node: str) -> Symbol | None:
        """Return the symbol of a node id: when a file defines the name twice, the definition the
        resolver ties its uses to (``KIND_PRIORITY``: Java's method ``head()`` over the field
        ``Node head;`` written above it), else the first; ``None`` for a file's node, ``a::b.py`` too."""
        if SEPARATOR not in node or node in self.entries:
            return None
        path, qualname = split_id(node)
        first = self._first.get(path)
        if first is None:
            if path not in self.entries:
                return None
            first = {}
            for symbol in self.of(path):
                old = first.get(symbol.qualname)
                if old is None or outranks(symbol.kind, old.kind):
                    first[symbol.qualname] = symbol
            self._first[path] = first
        return first.get(qualname)

    def named(self, name: str, *, qualified: bool) -> set[str]:
        """Return the symbol nodes whose qualified (or bare) name is ``name``: over a stored graph's
        columns, from the name tables once they are built, else by reading every file's names
        (see ``SCANS_BEFORE_TABLES``)."""
        column = 1 if qualified else 0
        entries = self.entries
        if isinstance(entries, StoredRows) and self._query is None:
            found = {symbol_id(path, qualname) for path, qualname in entries.stored_named(name, column)}
            return found | _scan(entries.changed(), name, column)
        if self._query is None and self._scans < SCANS_BEFORE_TABLES:
            self._scans += 1
            return _scan(entries.items(), name, column)
        tables = self.query_names
        return set((tables.by_qualname if column else tables.by_name).get(name, ()))

    @property
    def query_names(self) -> QueryNames:
        """Return the names queries look symbols up by, building them on first use."""
        if self._query is None:
            tables = QueryNames()
            with bulk():
                for path, entry in self.entries.items():
                    tables.add(path, entry)
            self._query = tables
        return self._query

    def link_names(self) -> LinkNames:
        """Return the names the resolver reads across files, building them on first use."""
        if self._link is None:
            tables = LinkNames()
            with bulk():
                for path, entry in self.entries.items():
                    tables.add(path, entry)
            self._link = tables
        return self._link


def _scan(entries: Iterable[tuple[str, Sequence[Symbol] | Sequence[Row]]], name: str, column: int) -> set[str]:
    """Return the nodes of the symbols whose name (column 0) or qualname (1) is ``name``."""
    found: set[str] = set()
    for path, entry in entries:
        if not entry:
            continue
        if isinstance(entry[0], Symbol):
            hits = [s.qualname for s in entry if (s.qualname if column else s.name) == name]  # type: ignore[union-attr]
        else:
            hits = [row[1] for row in entry if row[column] == name]  # type: ignore[index]
        found.update(symbol_id(path, qualname) for qualname in hits)
    return found


class SymbolsView(Mapping[str, Symbol]):
    """Symbol node id to its ``Symbol``."""

    def __init__(self, store: SymbolStore, nodes: NodeTable) -> None:
        self._store = store
        self._nodes = nodes

    def __getitem__(self, node: str) -> Symbol:
        found = self._store.get(node)
        if found is None:
            raise KeyError(node)
        return found

    def get(self, node: str, default: Any = None) -> Any:
        """Return the symbol of a node id, ``default`` when it is not a symbol."""
        found = self._store.get(node)
        return default if found is None else found

    def __contains__(self, node: object) -> bool:
        return (isinstance(node, str) and SEPARATOR in node and node not in self._store.entries
                and node in self._nodes.index)

    def __iter__(self) -> Iterator[str]:
        for path, entry in self._store.entries.items():
            seen: set[str] = set()
            for _, qualname, _, _ in names_of(entry):
                if qualname not in seen:
                    seen.add(qualname)
                    yield symbol_id(path, qualname)

    def __len__(self) -> int:
        return sum(len({q for _, q, _, _ in names_of(e)}) for e in self._store.entries.values())


class ByPathView(Mapping[str, list[Symbol]]):
    """File to its symbols in position order."""

    def __init__(self, store: SymbolStore) -> None:
        self._store = store

    def __getitem__(self, path: str) -> list[Symbol]:
        return self._store.of(path)

    def __iter__(self) -> Iterator[str]:
        return iter(self._store.entries)

    def __len__(self) -> int:
        return len(self._store.entries)
