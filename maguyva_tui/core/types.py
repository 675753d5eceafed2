"""Shared values: chunks, symbols, graph facts, hits and queries.

Every value is a frozen, slotted dataclass so that it is hashable and cheap to keep by the
hundred thousand. Paths are relative to the repository root with ``/`` separators; lines are
1-based and inclusive.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

MODALITIES: tuple[str, ...] = ("semantic", "text", "structural", "graph")
"""The four retrieval engines, in display order."""

SYMBOL_KINDS: tuple[str, ...] = (
    "function",
    "method",
    "class",
    "struct",
    "interface",
    "trait",
    "enum",
    "type",
    "variable",
    "constant",
    "import",
    "module",
)
"""Every kind a symbol may have."""


@dataclass(frozen=True, slots=True)
class Chunk:
    """A span of a file that a result can point at: a definition or a window of lines."""

    path: str
    start_line: int
    end_line: int
    kind: str
    """A symbol kind for a definition chunk, ``"window"`` for a line window."""
    symbol: str | None = None
    """The qualified name of the definition (``Class.method``), ``None`` for a window."""
    language: str | None = None


@dataclass(frozen=True, slots=True)
class Symbol:
    """A definition found in a syntax tree."""

    name: str
    """The bare name as written (``parse_config``)."""
    qualname: str
    """The name qualified by its enclosing definitions (``Config.parse``)."""
    kind: str
    path: str
    start_line: int
    end_line: int
    language: str
    signature: str = ""
    """The first line of the definition, stripped (``def parse(self, text: str) -> Config:``)."""
    name_line: int = 0
    """The line where the name itself is written (0 when unknown)."""


@dataclass(frozen=True, slots=True)
class Reference:
    """A use of a name found in a syntax tree: a call, an import, a base class, a type use."""

    kind: str
    """``"call"``, ``"import"``, ``"inherit"`` or ``"ref"`` (instantiation, annotation, ...)."""
    name: str
    """The name as written at the site, dotted when qualified (``self.load``, ``os.path.join``)."""
    path: str
    line: int
    scope: str | None = None
    """The qualname of the innermost enclosing definition, ``None`` at module level."""


@dataclass(frozen=True, slots=True)
class Import:
    """A name bound by an import statement in one file."""

    path: str
    local: str
    """The name bound in the importing file (the alias when there is one)."""
    module: str
    """The module as written (``pkg.sub``, ``./util``, ``fmt``)."""
    name: str | None
    """The imported member (``from m import name``), ``None`` when the module itself is bound."""
    line: int


@dataclass(frozen=True, slots=True)
class Hit:
    """One entry in one retriever's ranked list."""

    path: str
    start_line: int
    end_line: int
    score: float
    symbol: str | None = None
    kind: str | None = None
    language: str | None = None
    reason: str = ""
    """The engine's own reason, shown in the explain view (``"whole identifier"``, ``"hamming 41"``)."""
    depth: int | None = None
    """Graph distance from the query's target, for impact results."""


@dataclass(frozen=True, slots=True)
class Query:
    """What a user asked, as a small typed value."""

    text: str
    regex: bool = False
    case: str = "sensitive"
    """``"sensitive"``, ``"insensitive"`` or ``"smart"``."""
    target: str | None = None
    """The symbol or literal the question is about, when the classifier extracted one."""
    kinds: tuple[str, ...] = field(default=())
    """Restrict structural results to these symbol kinds (empty: all)."""

    def __str__(self) -> str:
        parts = ["regex" if self.regex else "text", repr(self.text)]
        if self.case != "sensitive":
            parts.append(f"case={self.case}")
        if self.target:
            parts.append(f"target={self.target!r}")
        if self.kinds:
            parts.append("kinds=" + ",".join(self.kinds))
        return "(" + " ".join(parts) + ")"


class Retriever(Protocol):
    """What all four modalities implement: a query in, a ranked list of hits out."""

    name: str

    def search(self, query: Query, limit: int) -> list[Hit]:
        """Return at most ``limit`` hits, best first."""
        ...


class QueryError(ValueError):
    """A query that cannot be run (empty, invalid pattern); the message is shown to the user as is."""


@dataclass(frozen=True, slots=True)
class FileFacts:
    """Everything one parse of one file yields; stored per file so unchanged files are never re-read."""

    path: str
    language: str | None
    chunks: tuple[Chunk, ...]
    symbols: tuple[Symbol, ...] = ()
    references: tuple[Reference, ...] = ()
    imports: tuple[Import, ...] = ()
