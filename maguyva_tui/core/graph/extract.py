"""Read calls, base types, type uses, imports and local bindings from an already parsed tree.

One tree-sitter query per language (``patterns.py``) runs in C over the tree the indexer parsed;
Python only turns its captures into ``Reference`` and ``Import`` values. Each reference's scope is
the qualname of the innermost enclosing symbol, found by line.

Besides ``call``, ``inherit`` and ``ref``, references of kind ``local`` record a name bound inside a
function or class body (parameter, assignment, field), written ``x`` or ``x:Type`` when its type is
declared or it was assigned an instantiation; ``self.x:Type`` for an attribute set on ``self``. Only
names that start a call or type reference in the same file are recorded. The resolver uses them so
that a call through a local variable is never mistaken for a call to a global of the same name.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from functools import cache

from tree_sitter import Node, Query, QueryCursor, Tree

from maguyva_tui.core.graph import names
from maguyva_tui.core.graph.imports import IMPORT_READERS
from maguyva_tui.core.graph.patterns import PATTERNS
from maguyva_tui.core.parsing.languages import grammar
from maguyva_tui.core.types import Import, Reference, Symbol

SCOPE_KINDS: frozenset[str] = frozenset(
    {"function", "method", "class", "struct", "interface", "trait", "enum", "module"}
)
"""Symbol kinds that enclose code; variables and imports are never a reference's scope."""

RECEIVERS: frozenset[str] = frozenset({"self", "this", "cls", "super", "Self"})
"""Names that denote the enclosing class, never recorded as locals."""

UNTYPED = ""
"""The type of a local whose bindings disagree or say nothing."""


@cache
def _query(language: str) -> Query:
    """Compile the query of a language once per process."""
    return Query(grammar(language), PATTERNS[language])


_local = threading.local()


def _cursor(language: str) -> QueryCursor:
    """Return a query cursor private to the calling thread."""
    cursors: dict[str, QueryCursor] = _local.__dict__.setdefault("cursors", {})
    cursor = cursors.get(language)
    if cursor is None:
        cursor = cursors[language] = QueryCursor(_query(language))
    return cursor


def scope_lines(symbols: Sequence[Symbol]) -> list[str | None]:
    """Map each line (index = line number) to the qualname of the innermost enclosing scope symbol."""
    scopes = [s for s in symbols if s.kind in SCOPE_KINDS and s.end_line >= s.start_line]
    last = max((s.end_line for s in scopes), default=0)
    painted: list[str | None] = [None] * (last + 2)
    for symbol in sorted(scopes, key=lambda s: (s.start_line - s.end_line, s.start_line)):
        span = symbol.end_line - symbol.start_line + 1
        painted[symbol.start_line : symbol.end_line + 1] = [symbol.qualname] * span
    return painted


def extract_facts(
    tree: Tree, source: bytes, language: str, path: str, symbols: Sequence[Symbol]
) -> tuple[list[Reference], list[Import]]:
    """Return the references and imports of one parsed file; ``source`` must be the parsed bytes."""
    if language not in PATTERNS:
        return [], []
    reader = _Reader(language, path, scope_lines(symbols))
    for _, captures in _cursor(language).matches(tree.root_node):
        reader.read(captures)
    return reader.references + reader.bound_locals(), reader.imports


class _Reader:
    """Turn query matches of one file into references, imports and local bindings."""

    __slots__ = ("language", "path", "scopes", "references", "imports", "heads", "locals")

    def __init__(self, language: str, path: str, scopes: list[str | None]) -> None:
        self.language = language
        self.path = path
        self.scopes = scopes
        self.references: list[Reference] = []
        self.imports: list[Import] = []
        self.heads: set[str] = set()
        self.locals: dict[tuple[str, str], tuple[int, str | None, bool]] = {}

    def scope(self, line: int) -> str | None:
        """Return the scope qualname of a line."""
        return self.scopes[line] if line < len(self.scopes) else None

    def read(self, captures: dict[str, list[Node]]) -> None:
        """Dispatch one match by the captures it has."""
        if "call" in captures:
            node = captures["call"][0]
            self.add("call", names.dotted(node), node.end_point.row + 1)
        elif "call.java" in captures:
            node = captures["call.java"][0]
            name_node = node.child_by_field_name("name") or node
            self.add("call", names.java_invocation(node), name_node.start_point.row + 1)
        elif "new" in captures:
            self.add_named("ref", captures["new"][0])
        elif "inherit" in captures:
            self.add_inherit(captures)
        elif "type" in captures:
            self.add_named("ref", captures["type"][0])
        elif "import" in captures:
            self.imports.extend(IMPORT_READERS[self.language](captures["import"][0], self.path))
        elif "local" in captures or "local.self" in captures:
            self.add_local(captures)

    def add(self, kind: str, name: str, line: int, scope: str | None = None) -> None:
        """Record one reference and the prefixes a local binding could shadow."""
        self.references.append(Reference(kind, name, self.path, line, scope or self.scope(line)))
        head, _, rest = name.partition(".")
        self.heads.add(head)
        if rest:
            self.heads.add(head + "." + rest.partition(".")[0])

    def add_named(self, kind: str, node: Node) -> None:
        """Record a reference to a type or constructor when it is a plain name."""
        name = names.type_name(node)
        if name:
            self.add(kind, name, node.start_point.row + 1)

    def add_inherit(self, captures: dict[str, list[Node]]) -> None:
        """Record a base type; the subtype is the enclosing definition or the ``@sub`` capture."""
        node = captures["inherit"][0]
        name = names.type_name(node)
        if not name:
            return
        sub = captures.get("sub")
        scope = names.type_name(sub[0]) if sub else None
        self.add("inherit", name, node.start_point.row + 1, scope)

    def add_local(self, captures: dict[str, list[Node]]) -> None:
        """Merge one local binding: a declared type wins, assigned instantiations must agree."""
        if "local.self" in captures:
            if captures["self"][0].text not in (b"self", b"this"):
                return
            node = captures["local.self"][0]
            bound = "self." + (node.text or b"").decode("utf-8", "replace")
        else:
            node = captures["local"][0]
            bound = self.local_name(node) or ""
        line = node.start_point.row + 1
        scope = self.scope(line)
        if not bound or scope is None or bound in RECEIVERS:
            return
        declared = captures.get("local.type")
        value = captures.get("local.value")
        typed = names.type_name(declared[0]) if declared else None
        if typed is None and value:
            typed = value_type(value[0])
        self.merge_local(scope, bound, line, typed or UNTYPED, declared is not None and bool(typed))

    def local_name(self, node: Node) -> str | None:
        """Return the bound name of a ``@local`` node (a C/C++ declarator or a plain name)."""
        if node.type.endswith("declarator"):
            return names.declarator_name(node)
        return node.text.decode("utf-8", "replace") if node.text else None

    def merge_local(self, scope: str, bound: str, line: int, typed: str, declared: bool) -> None:
        """Combine repeated bindings of one name in one scope."""
        key = (scope, bound)
        previous = self.locals.get(key)
        if previous is None:
            self.locals[key] = (line, typed, declared)
            return
        first, old, old_declared = previous
        if old_declared:
            return
        if declared:
            self.locals[key] = (first, typed, True)
        elif old != typed:
            self.locals[key] = (first, UNTYPED, False)

    def bound_locals(self) -> list[Reference]:
        """Return the local bindings that could shadow a name this file references."""
        out = []
        heads = self.heads
        for (scope, bound), (line, typed, _) in self.locals.items():
            if bound not in heads and "self." + bound not in heads and "this." + bound not in heads:
                continue
            name = f"{bound}:{typed}" if typed else bound
            out.append(Reference("local", name, self.path, line, scope))
        return out


VALUE_TYPE_FIELDS: dict[str, str] = {
    "new_expression": "constructor",  # js/ts new Foo()
    "object_creation_expression": "type",  # java new Foo()
    "composite_literal": "type",  # go Foo{}
    "struct_expression": "name",  # rust Foo { .. }
    "call": "function",  # python Foo(): the resolver keeps it only if Foo is a class
}
"""Value expressions that reveal the type of what they produce."""


def value_type(node: Node) -> str | None:
    """Return the type an assigned value instantiates, ``None`` when it cannot be told."""
    if node.type == "unary_expression" and node.named_child_count:  # go &Foo{}
        node = node.named_children[-1]
    if node.type == "new_expression" and node.child_by_field_name("constructor") is None:
        field = "type"  # c++ new Foo
    else:
        field = VALUE_TYPE_FIELDS.get(node.type, "")
    if not field:
        return None
    return names.type_name(node.child_by_field_name(field))
