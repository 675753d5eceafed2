"""Block scopes: the lines of a scope whose locals are apart from the rest of its function.

A line's scope is its innermost symbol (``extract.scope_lines``), and a function's locals are one
table. Two readings of a name in one function then merge, and disagree: a Java method's overloads
share a qualname (args4j's ``printExample(ExampleMode mode)`` and ``printExample(OptionHandlerFilter
mode, ...)``: ``mode.select(h)`` was tied to nothing), and a Go name ranged twice in one function
over different types (``for _, tt := range a`` then ``range b``) had no type. Such lines are
painted with a block scope under the function's, ``Parser.printExample.{120}`` (the block's first
line): a local bound there is looked up there first, then in the function (the resolver walks a
scope's dotted segments outwards), and a site's source is still the function (``symbol_scope``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache

from tree_sitter import Node, Query, QueryCursor, Tree

from maguyva_tui.core.parsing.facts import names
from maguyva_tui.core.parsing.languages import grammar
from maguyva_tui.core.store.facts import RefRow
from maguyva_tui.core.types import Symbol

BLOCK = "{"
"""How a block scope's segment starts: no symbol's name does."""

FUNCTION_KINDS = frozenset({"function", "method", "constructor"})
"""Symbol kinds a Java overload is."""

ANONYMOUS_BASE = "<base>"
"""The local name that binds a Java anonymous class's body to the class it extends."""

_GO_LOOPS = "(for_statement) @loop"
_JAVA_LOOPS = "(enhanced_for_statement) @loop (for_statement init: (local_variable_declaration)) @loop"
_JAVA_ANONYMOUS = "(object_creation_expression (class_body) @body)"


@cache
def _loop_query() -> Query:
    """Compile the query of Go's ``for`` statements once per process."""
    return Query(grammar("go"), _GO_LOOPS)


def symbol_scope(scope: str | None) -> str | None:
    """Return the symbol a scope is, or is a block of (``A.f.{12}.{14}``: ``A.f``)."""
    if not scope or BLOCK not in scope:
        return scope
    parts = scope.split(".")
    while parts and parts[-1].startswith(BLOCK):
        parts.pop()
    return ".".join(parts) or None


def block_scopes(tree: Tree, language: str, symbols: Sequence[Symbol],
                 scopes: list[str | None]) -> list[str | None]:
    """Paint the block scopes of a file over its symbol scopes (one qualname per line): each Java
    overload's lines and ``for`` statement's that declares its variable, each Go ``for``
    statement's; other languages as they are."""
    if language == "java":
        _overloads(symbols, scopes)
        _java_loops(tree, scopes)
    elif language == "go":
        _go_loops(tree, scopes)
    return scopes


def anonymous_bases(tree: Tree, language: str, scopes: list[str | None]) -> list[RefRow]:
    """Paint the body of each Java anonymous class (``new OptionParser() {{ accepts("x"); }}``, a
    double-brace initialisation) as a block scope, from the line after its brace (``OptionParser
    parser = new OptionParser() {`` binds ``parser`` for the lines after the body; a body on one
    line is left to the enclosing class), and return a ``local`` row binding
    ``ANONYMOUS_BASE`` there to the class it extends: a bare call in it is that class's method
    first (jopt-simple's ``accepts`` had been read as the test's own, and presumed external)."""
    if language != "java":
        return []
    rows: list[RefRow] = []
    bodies = QueryCursor(_anonymous_query()).captures(tree.root_node).get("body", [])
    for body in sorted(bodies, key=lambda n: n.start_byte):
        made = body.parent.child_by_field_name("type") if body.parent is not None else None
        base = names.type_name(made) if made is not None else None
        opening = body.start_point[0] + 1
        scope = scopes[opening] if opening < len(scopes) else None
        start = opening + 1  # the lines after its brace: the one opening it may bind a local
        if base and scope:
            _paint(scopes, start, body.end_point[0] + 1, scope)
            rows.append(("local", f"{ANONYMOUS_BASE}:{base}", start, f"{scope}.{BLOCK}{start}}}"))
    return rows


def _overloads(symbols: Sequence[Symbol], scopes: list[str | None]) -> None:
    """Paint each overload of a Java method (a qualname two methods share) apart."""
    functions = [s for s in symbols if s.kind in FUNCTION_KINDS and s.end_line >= s.start_line]
    shared = {name for name, n in Counter(s.qualname for s in functions).items() if n > 1}
    for symbol in functions:
        if symbol.qualname in shared:
            start = max(symbol.start_line, symbol.name_line)
            _paint(scopes, start, symbol.end_line, symbol.qualname)


@cache
def _anonymous_query() -> Query:
    """Compile the query of Java's anonymous class bodies once per process."""
    return Query(grammar("java"), _JAVA_ANONYMOUS)


def _go_loops(tree: Tree, scopes: list[str | None]) -> None:
    """Paint each Go ``for`` statement that declares its variables (``for _, tt := range tests``,
    ``for i := 0; ...``) apart: a name ranged twice in one function may hold two types. Outer
    loops first, so an inner loop's block is under its outer loop's."""
    loops = QueryCursor(_loop_query()).captures(tree.root_node).get("loop", [])
    for loop in sorted(loops, key=lambda n: n.start_byte):
        if _declares(loop):
            start = loop.start_point[0] + 1
            _paint(scopes, start, loop.end_point[0] + 1, scopes[start] if start < len(scopes) else None)


@cache
def _java_loop_query() -> Query:
    """Compile the query of Java's ``for`` statements that declare a variable once per process."""
    return Query(grammar("java"), _JAVA_LOOPS)


def _java_loops(tree: Tree, scopes: list[str | None]) -> None:
    """Paint each Java ``for`` statement that declares its variable (``for (View node : a)``, ``for
    (int i = 0; ...)``) apart, outer loops first: sibling loops may declare one name with two types
    (react-native-svg's ``for (View node : ...)`` then ``for (VirtualView node : ...)``, whose
    ``node.saveAndSetupCanvas(...)`` had been tied to nothing)."""
    loops = QueryCursor(_java_loop_query()).captures(tree.root_node).get("loop", [])
    for loop in sorted(loops, key=lambda n: n.start_byte):
        start = loop.start_point[0] + 1
        _paint(scopes, start, loop.end_point[0] + 1, scopes[start] if start < len(scopes) else None)


def _declares(loop: Node) -> bool:
    """Tell whether a Go ``for`` statement binds names (``:=`` in its range or init clause)."""
    for clause in loop.named_children:
        if clause.type == "range_clause":
            return any(c.type == ":=" for c in clause.children)
        if clause.type == "for_clause":
            init = clause.child_by_field_name("initializer")
            return init is not None and init.type == "short_var_declaration"
    return False


def _paint(scopes: list[str | None], start: int, end: int, scope: str | None) -> None:
    """Give the lines ``start..end`` that are in ``scope`` itself (not in a symbol nested in it) the
    block scope ``scope.{start}``."""
    if not scope or start >= len(scopes):
        return
    block = f"{scope}.{BLOCK}{start}}}"
    for line in range(start, min(end, len(scopes) - 1) + 1):
        if scopes[line] == scope:
            scopes[line] = block
