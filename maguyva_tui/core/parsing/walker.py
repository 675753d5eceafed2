"""The definition walker: visits the statement-level nodes of a tree and records definitions.

Each language supplies :class:`Rules`: a handler per definition node type and the node types to
walk through (blocks, ``if`` bodies, ``export`` wrappers, preprocessor branches). Expressions are
not walked, which keeps a walk to a small fraction of a tree's nodes; JavaScript's rules look into
those whose text may hold a function (:mod:`~maguyva_tui.core.parsing.rules.ecmascript`). Handlers call
:meth:`Walker.define`, which records a symbol and its chunk and walks the body in a new scope.

Qualified names join enclosing definitions with ``.`` in every language: ``Class.method``,
``Type.method`` for Rust impls and Go receivers, ``ns.Class.method`` for C++ (``::`` becomes
``.``), ``outer.inner`` for nested functions.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TypeAlias

from tree_sitter import Node, Point

from maguyva_tui.core.parsing.chunks import FUNCTION_KINDS as FUNCTION_KINDS
from maguyva_tui.core.types import Chunk, Symbol

Outer: TypeAlias = "Node | _Span"
"""What a definition's span is taken from: its node, a wrapper (decorators, ``template<>``) or a
:class:`_Span` from a leading attribute."""

Handler = Callable[["Walker", Node, Outer], None]
"""Record the definition at a node; the third argument is what its span is taken from."""

CLASS_KINDS = frozenset({"class", "struct", "interface", "trait", "enum", "impl"})
"""Scopes whose functions are methods (``impl`` is a Rust impl block, a scope but no symbol)."""

REGION_KINDS = frozenset({"impl"})
"""Chunks that cover no line for the windows: what no definition inside them covers is still a
window (a ``///`` comment above a method of a Rust impl is found as the method,
:mod:`maguyva_tui.core.doc_comments`)."""

UNCHUNKED_KINDS = frozenset({"variable", "constant", "import"})
"""Symbols too small to be chunks of their own: line windows cover them."""

MAX_DEPTH = 100  # nested blocks; deeper is generated code, and 5 frames a level stay under 1000
MAX_NAME = 200  # characters: C++'s longest real names (operators, templates) are far shorter
_PLAIN_NAME = re.compile(r"[\w$]+")
"""A name of letters, digits and underscores is one at any length (a generated or descriptive test
name of 252 letters had been no symbol, its body walked by no one); the limit is for the rest."""
NOT_IN_NAMES = ("{", "}", ";", "//", "/*")
"""Text no name holds: where a grammar's error recovery took a stretch of code (a macro before a
C++ constructor, ``FMT_CONSTEXPR basic_string_view(...)``) for a declarator, the "name" is that
code, and it matched every fuzzy question."""
SIGNATURE_MAX = 200  # characters: a signature is a one-line label, not the definition
_SPACES = re.compile(r"\s+")


@dataclass(frozen=True, slots=True)
class Rules:
    """How one language's definitions are found."""

    handlers: Mapping[str, Handler]
    """Definition node type to the handler that records it."""
    descend: frozenset[str]
    """Node types walked through, in the current scope, to reach nested definitions."""
    attributes: frozenset[str] = frozenset()
    """Sibling node types that belong to the next definition's span (Rust ``#[derive]``)."""
    class_fields: bool = False
    """Record variables in class bodies too (Python attributes, JS/TS and Java fields)."""
    finish: Callable[[Walker], None] | None = None
    """What a language does with a walk's symbols once the whole file is walked (Rust names
    apart the methods of one type's trait impls that share a name: ``trait_impls.py``)."""


@dataclass(slots=True)
class _Scope:
    name: str | None
    kind: str


@dataclass(slots=True)
class Walker:
    """One walk over one tree: the current scope and what was found so far."""

    rules: Rules
    source: bytes
    path: str
    language: str
    total_lines: int
    symbols: list[Symbol] = field(default_factory=list)
    chunks: list[Chunk] = field(default_factory=list)
    scopes: list[_Scope] = field(default_factory=list)
    depth: int = 0
    memo: dict[str, object] = field(default_factory=dict)
    """What a language's rules work out once per file and read many times (where in the source
    JavaScript's functions may start)."""

    def walk(self, node: Node) -> None:
        """Visit the children of a node in the current scope (not past ``MAX_DEPTH`` levels)."""
        if self.depth >= MAX_DEPTH:
            return
        self.depth += 1
        try:
            self._walk_children(node)
        finally:
            self.depth -= 1

    def _walk_children(self, node: Node) -> None:
        attribute_start: Node | None = None
        for child in node.named_children:
            if child.type in self.rules.attributes:
                attribute_start = attribute_start or child
                continue
            self.dispatch(child, child if attribute_start is None else _Span(attribute_start, child))
            attribute_start = None

    def dispatch(self, node: Node, outer: Outer) -> None:
        """Record the definition at a node, or walk through it, or ignore it."""
        handler = self.rules.handlers.get(node.type)
        if handler is not None:
            handler(self, node, outer)
        elif node.type in self.rules.descend:
            self.walk(node)

    def define(
        self,
        kind: str,
        outer: Outer,
        name_node: Node | None,
        body: Node | None = None,
        *,
        name: str | None = None,
        prefix: tuple[str, ...] = (),
        signature_at: Outer | None = None,
        unscoped: bool = False,
        chunk: bool = True,
        declaration: bool = False,
        file_local: bool = False,
    ) -> None:
        """Record a definition spanning ``outer``, then walk its body inside its scope.

        The signature is the line the name is on, or ``signature_at``'s first line when given.
        ``unscoped``: the name ignores the enclosing scopes (a C/C++ macro inside a namespace).
        ``chunk``: whether it is a chunk of its own (a short callback named inside a call is a
        symbol, but it reads best within the chunk around it).
        ``declaration``: a function or method declared without a body (``Symbol.declaration``).
        ``file_local``: seen only where its file is compiled or included (``Symbol.file_local``).
        """
        if name is None:
            name = self.text(name_node) if name_node is not None else ""
        if not name or (len(name) > MAX_NAME and not _PLAIN_NAME.fullmatch(name)) or any(c in name for c in NOT_IN_NAMES):
            return  # no name, or a grammar's error recovery took a stretch of code for one
        qualname = ".".join([*([] if unscoped else self.scope_names()), *prefix, name])
        start = min(outer.start_point.row + 1, self.total_lines)  # a node missing at the very end
        end = max(start, min(_end_line(outer), self.total_lines))
        name_line = name_node.start_point.row + 1 if name_node is not None else start
        self.symbols.append(
            Symbol(name, qualname, kind, self.path, start, end, self.language,
                   self.signature(signature_at or name_node or outer), name_line, declaration=declaration,
                   file_local=file_local)
        )
        if chunk and kind not in UNCHUNKED_KINDS:
            self.chunks.append(Chunk(self.path, start, end, kind, qualname, self.language))
        if body is not None:
            self.enter([*prefix, name], kind, body)

    def region(self, kind: str, outer: Outer, name: str) -> None:
        """Record a chunk that is no symbol, named ``name`` in the enclosing scopes (a Rust impl
        block: ``impl Display for Utf8Path``); the windows over its lines stay
        (:data:`REGION_KINDS`)."""
        start = min(outer.start_point.row + 1, self.total_lines)
        end = max(start, min(_end_line(outer), self.total_lines))
        self.chunks.append(Chunk(self.path, start, end, kind, ".".join([*self.scope_names(), name]), self.language))

    def enum_members(self, names: list[str], body: Node | None, member_name: Callable[[Node], Node | None]) -> None:
        """Record an enum's members (``Color.RED``) as constants in its scope: each child of
        ``body`` whose ``member_name`` is a node (Java's enum constants, TypeScript's members,
        Rust's variants, C's enumerators). They had been no symbols: "where is RED defined"
        answered that nothing defines it."""
        if body is None:
            return
        with self.scope(names, "enum"):
            for child in body.named_children:
                name = member_name(child)
                if name is not None:
                    self.define("constant", child, name)

    def enter(self, names: list[str], kind: str, body: Node) -> None:
        """Walk a body inside a scope (names may be several for ``a::b`` or empty if anonymous)."""
        with self.scope(names, kind):
            self.walk(body)

    @contextmanager
    def scope(self, names: list[str], kind: str) -> Iterator[None]:
        """Be inside a scope for a while (names may be empty if it is anonymous): for a body that
        is no node to :meth:`walk`, such as an arrow function's expression."""
        added = [_Scope(part, kind) for part in names] or [_Scope(None, kind)]
        self.scopes.extend(added)
        try:
            yield
        finally:
            del self.scopes[-len(added):]

    def scope_names(self) -> list[str]:
        """Return the names of the enclosing scopes, outermost first."""
        return [scope.name for scope in self.scopes if scope.name]

    @property
    def scope_kind(self) -> str | None:
        """Return the kind of the innermost scope, ``None`` at file level."""
        return self.scopes[-1].kind if self.scopes else None

    @property
    def in_function(self) -> bool:
        """Whether the walk is inside a function or method body."""
        return any(scope.kind in FUNCTION_KINDS for scope in self.scopes)

    @contextmanager
    def outside_functions(self) -> Iterator[None]:
        """Walk in the scopes that enclose the innermost function (for a definition the grammar
        put inside a function it cannot be inside), then come back."""
        scopes = self.scopes
        cut = next((i for i, scope in enumerate(scopes) if scope.kind in FUNCTION_KINDS), len(scopes))
        self.scopes = scopes[:cut]
        try:
            yield
        finally:
            self.scopes = scopes

    def function_kind(self) -> str:
        """Return ``method`` directly inside a class-like scope, else ``function``."""
        return "method" if self.scope_kind in CLASS_KINDS else "function"

    def variables_allowed(self) -> bool:
        """Whether a variable here is a symbol: at file or module level, or a class field."""
        kind = self.scope_kind
        if kind is None or kind == "module":
            return True
        return self.rules.class_fields and kind in CLASS_KINDS

    def text(self, node: Node) -> str:
        """Return the source text of a node, whitespace collapsed."""
        raw = self.source[node.start_byte : node.end_byte].decode("utf-8", "replace")
        return _SPACES.sub(" ", raw).strip()

    def signature(self, node: Outer) -> str:
        """Return the stripped source line a node starts on."""
        low = max(0, node.start_byte - SIGNATURE_MAX)  # a bounded look on minified one-line files
        newline = self.source.rfind(b"\n", low, node.start_byte)
        start = newline + 1 if newline >= 0 else (0 if low == 0 else node.start_byte)
        cap = node.start_byte + 4 * SIGNATURE_MAX
        end = self.source.find(b"\n", node.start_byte, cap)
        line = self.source[start : end if end >= 0 else min(cap, len(self.source))]
        return line.decode("utf-8", "replace").strip()[:SIGNATURE_MAX]


class _Span:
    """A span from a leading attribute to the end of the definition it decorates."""

    __slots__ = ("start_point", "end_point", "start_byte", "end_byte")
    start_point: Point
    end_point: Point
    start_byte: int
    end_byte: int

    def __init__(self, first: Outer, last: Outer) -> None:
        self.start_point, self.start_byte = first.start_point, first.start_byte
        self.end_point, self.end_byte = last.end_point, last.end_byte

    @classmethod
    def of_text(cls, start: tuple[int, int, int], end: tuple[int, int, int]) -> _Span:
        """Make a span from (row, column, byte) positions: a definition read from the text alone."""
        span = cls.__new__(cls)
        span.start_point, span.start_byte = Point(start[0], start[1]), start[2]
        span.end_point, span.end_byte = Point(end[0], end[1]), end[2]
        return span


def _end_line(node: Outer) -> int:
    """Return the 1-based last line of a node; a node ending just after a newline ends before it."""
    row, column = node.end_point
    return row + 1 if column > 0 or row == node.start_point.row else row
