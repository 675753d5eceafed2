"""Per-file facts stored as plain tuples, decoded into dataclasses only for the files a search touches.

Pickling hundreds of thousands of slotted dataclasses costs seconds each way; plain tuples of
strings and ints pickle at C speed. ``FactsTable`` is a read-only mapping from path to
``FileFacts`` that decodes a file's rows on first access and keeps the result.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, TypeAlias

from maguyva_tui.core.types import Chunk, FileFacts, Import, Reference, Symbol

Row: TypeAlias = tuple[Any, ...]
"""One file's facts: (language, chunk rows, symbol rows, reference rows, import rows)."""


def encode(facts: FileFacts) -> Row:
    """Flatten a file's facts into plain tuples (the path is the table's key)."""
    return (
        facts.language,
        tuple((c.start_line, c.end_line, c.kind, c.symbol, c.language) for c in facts.chunks),
        tuple(
            (s.name, s.qualname, s.kind, s.start_line, s.end_line, s.language, s.signature, s.name_line)
            for s in facts.symbols
        ),
        tuple((r.kind, r.name, r.line, r.scope) for r in facts.references),
        tuple((i.local, i.module, i.name, i.line) for i in facts.imports),
    )


def decode(path: str, row: Row) -> FileFacts:
    """Rebuild a file's facts from its row."""
    language, chunks, symbols, references, imports = row
    return FileFacts(
        path,
        language,
        tuple(Chunk(path, *c) for c in chunks),
        tuple(Symbol(n, q, k, path, s, e, lang, sig, nl) for n, q, k, s, e, lang, sig, nl in symbols),
        tuple(Reference(k, n, path, line, scope) for k, n, line, scope in references),
        tuple(Import(path, local, module, name, line) for local, module, name, line in imports),
    )


class FactsTable(Mapping[str, FileFacts]):
    """Path to facts, decoded lazily from rows."""

    def __init__(self, rows: dict[str, Row], decoded: dict[str, FileFacts] | None = None) -> None:
        self.rows = rows
        self._decoded: dict[str, FileFacts] = dict(decoded or {})

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
        """Every (path, symbol row) without decoding files."""
        for path in sorted(self.rows):
            for row in self.rows[path][2]:
                yield path, row

    def chunk_count(self) -> int:
        """Chunks in the table, without decoding."""
        return sum(len(r[1]) for r in self.rows.values())

    def symbol_count(self) -> int:
        """Symbols in the table, without decoding."""
        return sum(len(r[2]) for r in self.rows.values())


def as_table(facts: Mapping[str, FileFacts]) -> FactsTable:
    """Wrap freshly parsed facts in a table (rows encoded now, decoded objects kept)."""
    if isinstance(facts, FactsTable):
        return facts
    return FactsTable({p: encode(f) for p, f in facts.items()}, dict(facts))
