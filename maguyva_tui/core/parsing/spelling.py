"""One name however its letters are encoded: a file's names in the normal form its language
reads them in (:func:`~maguyva_tui.core.names.spelled`: NFC, NFKC for Python).

``café`` is written composed (NFC, ``é`` one code point) or decomposed (NFD, ``e`` and U+0301, as
macOS writes it): the same name to Python (NFKC), to Rust (NFC) and to a person, two strings to a
byte comparison. The names a file defines and uses (symbols, reference names and scopes, import
bindings) are stored normalised, so a lookup, a caller and the graph's edges meet across the two
spellings; spans, signatures and text keep the bytes as written, which a quoted literal and a
regex search as ``rg -F`` does. A file that is all ASCII is passed over whole, at no cost.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from maguyva_tui.core.names import spelled
from maguyva_tui.core.parsing.facts.imports import ImportRow
from maguyva_tui.core.store.facts import RefRow
from maguyva_tui.core.types import Chunk, Import, Reference, Symbol


def _spelled_or_none(name: str | None, language: str) -> str | None:
    return None if name is None else spelled(name, language)


def spelled_definitions(chunks: Sequence[Chunk], symbols: Sequence[Symbol],
                        language: str) -> tuple[list[Chunk], list[Symbol]]:
    """Return the chunks and symbols with their names normalised (chunks name their symbol's qualname)."""
    chunks = [c if c.symbol is None or c.symbol.isascii() else replace(c, symbol=spelled(c.symbol, language))
              for c in chunks]
    symbols = [s if s.qualname.isascii() and s.name.isascii()
               else replace(s, name=spelled(s.name, language), qualname=spelled(s.qualname, language))
               for s in symbols]
    return chunks, symbols


def spelled_rows(references: Sequence[RefRow], imports: Sequence[ImportRow],
                 language: str) -> tuple[list[RefRow], list[ImportRow]]:
    """Return reference rows (kind, name, line, scope) and import rows (local, module, name, line)
    with their names normalised; a module stays as written but in Python, where it is dotted names."""
    refs = [(kind, spelled(name, language), line, _spelled_or_none(scope, language))
            for kind, name, line, scope in references]
    rows = [(spelled(local, language), _module(module, language), _spelled_or_none(name, language), line)
            for local, module, name, line in imports]
    return refs, rows


def _module(module: str, language: str) -> str:
    """A Python module is dotted names, read as names; another language's is a path or a string."""
    return spelled(module, language) if language == "python" else module


def spelled_references(references: Sequence[Reference], language: str) -> list[Reference]:
    """Return the references with their names and scopes normalised."""
    return [replace(r, name=spelled(r.name, language), scope=_spelled_or_none(r.scope, language))
            for r in references]


def spelled_imports(imports: Sequence[Import], language: str) -> list[Import]:
    """Return the imports with their bound names (and a Python module's names) normalised."""
    return [replace(i, local=spelled(i.local, language), module=_module(i.module, language),
                    name=_spelled_or_none(i.name, language)) for i in imports]
