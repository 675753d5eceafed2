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

LOCAL_CAPTURES = frozenset({"local", "local.self", "local.return", "local.returns"})
"""Captures that bind a name in a function or class body."""

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
        start = max(symbol.start_line, symbol.name_line)  # decorators run in the enclosing scope
        painted[start : symbol.end_line + 1] = [symbol.qualname] * (symbol.end_line - start + 1)
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
    reader.read_locals()
    return reader.references + reader.bound_locals(), reader.imports


class _Reader:
    """Turn query matches of one file into references, imports and local bindings."""

    __slots__ = ("language", "path", "scopes", "references", "imports", "heads", "pending", "locals")

    def __init__(self, language: str, path: str, scopes: list[str | None]) -> None:
        self.language = language
        self.path = path
        self.scopes = scopes
        self.references: list[Reference] = []
        self.imports: list[Import] = []
        self.heads: set[str] = set()
        self.pending: list[dict[str, list[Node]]] = []
        self.locals: dict[tuple[str, str], dict[int, tuple[int, str, bool]]] = {}
        """(scope, bound name) to binding sites by byte offset: (line, type, declared)."""

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
        elif LOCAL_CAPTURES.intersection(captures):
            self.pending.append(captures)  # read once the names worth shadowing are known

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

    def read_locals(self) -> None:
        """Read the pending bindings whose name some reference starts with (and all returns)."""
        heads = {h.encode() for h in self.heads}
        heads |= {h[5:] for h in heads if h.startswith((b"self.", b"this."))}
        for captures in self.pending:
            name = captures.get("local") or captures.get("local.self")
            if name is None or name[0].text in heads or name[0].type.endswith("declarator"):
                self.add_local(captures)
            elif self.scope(name[0].start_point.row + 1) is None:
                self.add_local(captures)  # a global: other files may use it

    def add_local(self, captures: dict[str, list[Node]]) -> None:
        """Record one binding of a local, an attribute of ``self`` or the function's return value."""
        if "local.return" in captures or "local.returns" in captures:
            self.add_return(captures)
            return
        if "local.self" in captures:
            if captures["self"][0].text not in (b"self", b"this"):
                return
            node = captures["local.self"][0]
            bound = "self." + (node.text or b"").decode("utf-8", "replace")
        else:
            node = captures["local"][0]
            bound = self.local_name(node) or ""
        if bound in RECEIVERS:
            return
        declared = captures.get("local.type")
        value = captures.get("local.value")
        typed = names.type_name(declared[0]) if declared else None
        if typed is None and value:
            typed = value_type(value[0])
        self.bind(node, bound, typed or UNTYPED, declared is not None and bool(typed))

    def add_return(self, captures: dict[str, list[Node]]) -> None:
        """Bind ``<return>``: a declared return type, or what a ``return`` statement returns."""
        declared = captures.get("local.returns")
        if declared:
            typed = names.type_name(declared[0])
            if typed:
                self.bind(declared[0], RETURN, typed, True)
            return
        node = captures["local.return"][0]
        if node.type in NO_VALUE:
            return  # ``return None`` says nothing about the other branches
        typed = value_type(node) or (names.type_name(node) if node.type in names.NAME_TYPES else None)
        self.bind(node, RETURN, typed or UNTYPED, False)

    def local_name(self, node: Node) -> str | None:
        """Return the bound name of a ``@local`` node (a C/C++ declarator or a plain name)."""
        if node.type.endswith("declarator"):
            return names.declarator_name(node)
        return node.text.decode("utf-8", "replace") if node.text else None

    def bind(self, node: Node, bound: str, typed: str, declared: bool) -> None:
        """Record one binding site; two patterns matching the same site keep the typed reading."""
        line = node.start_point.row + 1
        scope = self.scope(line) or ""  # "": a module-level binding, typing a global variable
        if not bound or (not scope and bound == RETURN):
            return
        sites = self.locals.setdefault((scope, bound), {})
        previous = sites.get(node.start_byte)
        if previous is None or (not previous[1] and typed) or (declared and not previous[2]):
            sites[node.start_byte] = (line, typed, declared)

    def bound_locals(self) -> list[Reference]:
        """Return the bindings that could shadow a referenced name, and every function's return type."""
        out = []
        heads = self.heads
        for (scope, bound), sites in self.locals.items():
            line, typed = _merge(list(sites.values()))
            wanted = bound == RETURN or bound in heads or "self." + bound in heads or "this." + bound in heads
            if not wanted and (scope or not typed):
                continue
            name = f"{bound}:{typed}" if typed else bound
            out.append(Reference("local", name, self.path, line, scope or None))
        return out


def _merge(sites: list[tuple[int, str, bool]]) -> tuple[int, str]:
    """Combine the bindings of one name: a declared type wins, other bindings must agree."""
    line = min(s[0] for s in sites)
    declared = {s[1] for s in sites if s[2]}
    if declared:
        return line, declared.pop() if len(declared) == 1 else UNTYPED
    types = {s[1] for s in sites}
    return line, types.pop() if len(types) == 1 else UNTYPED


RETURN = "<return>"
"""The local name a function's return type is bound to."""

NO_VALUE: frozenset[str] = frozenset({"none", "null", "undefined", "nil", "true", "false"})
"""Returned literals that say nothing about a function's return type."""


VALUE_TYPE_FIELDS: dict[str, str] = {
    "new_expression": "constructor",  # js/ts new Foo()
    "object_creation_expression": "type",  # java new Foo()
    "composite_literal": "type",  # go Foo{}
    "struct_expression": "name",  # rust Foo { .. }
    "call": "function",  # python Foo(): a class gives an instance, a function its return type
    "call_expression": "function",  # js/go/rust/c++ f(): the callee's return type
}
"""Value expressions that reveal the type of what they produce."""


def value_type(node: Node) -> str | None:
    """Return the type an assigned value instantiates, ``None`` when it cannot be told."""
    if node.type == "unary_expression" and node.named_child_count:  # go &Foo{}
        node = node.named_children[-1]
    if node.type == "method_invocation":  # java obj.make(): the method's return type
        name = names.java_invocation(node)
        return None if names.UNKNOWN in name.split(".") else name
    if node.type == "new_expression" and node.child_by_field_name("constructor") is None:
        field = "type"  # c++ new Foo
    else:
        field = VALUE_TYPE_FIELDS.get(node.type, "")
    if not field:
        return None
    return names.type_name(node.child_by_field_name(field))
