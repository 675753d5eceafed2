"""Python parameters typed by what their callers pass.

Most Python is written without annotations: ``Worker(broker)`` then ``self.broker.emit_before(...)``
in ``Worker``'s methods, ``add_middleware(middleware)`` then ``middleware.after_declare_actor(...)``.
The graph (``Resolver.passed``) types such a parameter by the class its callers pass at its
position (or by its name): only where every call the graph resolves to the function passes a value
of one and the same class; an unknown value, two classes or a ``*args`` leave it untyped.

Two kinds of ``local`` rows carry what that needs:

* the calls of a scope that pass arguments record one ``<passes>:CALLEE A|B|name=C;...`` there
  (each argument as a binding's type reads it: ``b``, ``self.broker``, ``Broker()``; ``?`` for a
  value of no such form, ``*`` for a splat), one row for them all: kombu has 7,465 such calls;
* each untyped parameter that the function never rebinds records ``<passed>NAME:<passed>F|N|NAME``
  in its function ``F`` (``N``: its position among the arguments a call passes, empty for a
  keyword-only one), and ``self.X = NAME`` in that function records the attribute as that type.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence
from functools import cache

from tree_sitter import Node, Query, QueryCursor, Tree

from maguyva_tui.core.parsing.languages import grammar
from maguyva_tui.core.store.facts import RefRow
from maguyva_tui.core.types import Symbol

PASSES = "<passes>"
"""The local name a scope's calls that pass arguments are bound to (``<passes>:Worker b|4;w.run Broker()``)."""

CALLEE_END = " "
"""Between a call's callee and its arguments (a dotted name holds no space)."""

CALL_END = ";"
"""Between two calls of one scope."""

PASSED = "<passed>"
"""Starts the local name an untyped parameter's typing is bound to, and the type itself
(``<passed>Worker.__init__|0|broker``: what callers of ``Worker.__init__`` pass first, or as ``broker``)."""

UNKNOWN_VALUE = "?"
"""An argument of no form a binding's type reads (a literal, an operation, a lambda)."""

SPLAT = "*"
"""An argument spread from a sequence or mapping (``*args``, ``**kw``): no position is known."""

SEPARATOR = "|"

MAX_SEGMENTS = 32
"""Segments a callee or value is read to, at most: a builder chain of a thousand calls, each read
to its start, took time growing with the square of its length."""

_PATTERNS = """
(assignment left: (identifier) @rebound)
(augmented_assignment left: (identifier) @rebound)
(for_statement left: (identifier) @rebound)
(for_in_clause left: (identifier) @rebound)
(named_expression name: (identifier) @rebound)
(pattern_list (identifier) @rebound)
(tuple_pattern (identifier) @rebound)
(list_pattern (identifier) @rebound)
(as_pattern_target (identifier) @rebound)
(as_pattern_target (tuple (identifier) @rebound))
(global_statement (identifier) @rebound)
(nonlocal_statement (identifier) @rebound)
(call function: (_) @function arguments: (argument_list) @arguments)
(function_definition) @function_definition
(assignment left: (attribute) @attribute right: (identifier) @value)
"""


@cache
def _query() -> Query:
    return Query(grammar("python"), _PATTERNS)


def passed_captures(tree: Tree) -> dict[str, list[tuple[Node, ...]]]:
    """Return what ``passed_calls`` and ``passed_parameters`` read of a Python file, by its first
    capture's name: each match's nodes (a call's callee and arguments), in written order."""
    found: dict[str, list[tuple[Node, ...]]] = {}
    for _, captured in QueryCursor(_query()).matches(tree.root_node):
        first = next(iter(captured))
        found.setdefault(first, []).append(tuple(nodes[0] for nodes in captured.values()))
    return found


def dotted(node: Node | None) -> str | None:
    """Return a value as a binding's type writes it (``a``, ``self.broker``, ``make()``,
    ``super().__init__``), ``None`` for any other expression or a call of a call's result. Read in
    a loop: a builder chain of a thousand calls runs out of Python's stack when read recursively."""
    segments: list[str] = []
    called = False  # the segment read next is called
    while node is not None and len(segments) < MAX_SEGMENTS:
        if node.type == "call":
            if called:
                return None  # ``f()()``
            called, node = True, node.child_by_field_name("function")
            continue
        suffix, called = ("()" if called else ""), False
        if node.type == "identifier":
            segments.append((node.text or b"").decode("utf-8", "replace") + suffix)
            return ".".join(reversed(segments))
        attribute = node.child_by_field_name("attribute") if node.type == "attribute" else None
        if attribute is None:
            return None
        segments.append((attribute.text or b"").decode("utf-8", "replace") + suffix)
        node = node.child_by_field_name("object")
    return None


def _argument(node: Node) -> str:
    """Return one argument as a ``<passes>`` record writes it."""
    if node.type in ("list_splat", "dictionary_splat"):
        return SPLAT
    if node.type == "keyword_argument":
        name, value = node.child_by_field_name("name"), node.child_by_field_name("value")
        written = dotted(value) or UNKNOWN_VALUE
        return f"{(name.text or b'').decode('utf-8', 'replace') if name else ''}={written}"
    return dotted(node) or UNKNOWN_VALUE


def passed_calls(found: dict[str, list[tuple[Node, ...]]], scope: Callable[[int], str | None]) -> list[RefRow]:
    """Return one ``<passes>`` row per call of a Python file that passes arguments (``found``:
    the file's ``passed_captures``)."""
    calls: dict[str, tuple[int, list[str]]] = {}
    for function, arguments in found.get("function", ()):
        written = [_argument(a) for a in arguments.named_children if not a.is_extra]
        callee = dotted(function) if written else None
        if not callee:
            continue
        line = function.start_point[0] + 1
        calls.setdefault(scope(line) or "", (line, []))[1].append(f"{callee}{CALLEE_END}{SEPARATOR.join(written)}")
    return [("local", f"{PASSES}:{CALL_END.join(written)}", line, where or None)
            for where, (line, written) in calls.items()]


def passes_of(written: str) -> list[tuple[str, str]]:
    """Read a ``<passes>`` row's calls: (callee, arguments) each."""
    out: list[tuple[str, str]] = []
    for call in written.split(CALL_END):
        callee, _, arguments = call.partition(CALLEE_END)
        out.append((callee, arguments))
    return out


def _parameters(parameters: Node, method: bool) -> list[tuple[str, str]]:
    """Return (name, position) of a function's untyped parameters with no default but ``None``
    (position ``""`` for a keyword-only one); a method's first parameter is its receiver."""
    out: list[tuple[str, str]] = []
    position, keyword_only, first = 0, False, method
    for child in parameters.named_children:
        if child.type in ("list_splat_pattern", "dictionary_splat_pattern", "keyword_separator"):
            keyword_only = True
            continue
        if child.type == "positional_separator":
            continue
        if first:
            first = False
            continue
        name: Node | None = None
        if child.type == "identifier":
            name = child
        elif child.type == "default_parameter":
            value = child.child_by_field_name("value")
            name = child.child_by_field_name("name") if value is not None and value.type == "none" else None
        if name is not None and name.type == "identifier":
            out.append(((name.text or b"").decode("utf-8", "replace"), "" if keyword_only else str(position)))
        if not keyword_only:
            position += 1
    return out


def _decorators(function: Node) -> set[str]:
    """Return the names of the decorators written above a function."""
    parent = function.parent
    if parent is None or parent.type != "decorated_definition":
        return set()
    return {(d.named_children[0].text or b"").decode("utf-8", "replace").rpartition(".")[2]
            for d in parent.named_children if d.type == "decorator" and d.named_children}


def passed_parameters(found: dict[str, list[tuple[Node, ...]]], symbols: Sequence[Symbol]) -> list[RefRow]:
    """Return the ``<passed>`` rows of a Python file's untyped parameters (``found``: the file's
    ``passed_captures``), and the attributes a method sets from them (``self.broker = broker``)."""
    functions = {(s.name_line, s.name): s for s in symbols if s.kind in ("function", "method")}
    rebound = sorted((n.start_byte, (n.text or b"").decode("utf-8", "replace")) for (n,) in found.get("rebound", ()))
    offsets = [offset for offset, _ in rebound]
    rows: list[RefRow] = []
    typed_in: dict[int, tuple[str, dict[str, str]]] = {}
    for (node,) in found.get("function_definition", ()):
        name, parameters, body = (node.child_by_field_name(f) for f in ("name", "parameters", "body"))
        if name is None or parameters is None or body is None:
            continue
        symbol = functions.get((name.start_point[0] + 1, (name.text or b"").decode("utf-8", "replace")))
        decorators = _decorators(node)
        if symbol is None or "staticmethod" in decorators or "overload" in decorators:
            continue
        inside = {bound for _, bound in rebound[bisect_left(offsets, body.start_byte):bisect_left(offsets, body.end_byte)]}
        typed: dict[str, str] = {}
        for parameter, position in _parameters(parameters, symbol.kind == "method"):
            if parameter not in inside:  # one the body binds again is typed by that, or by nothing
                typed[parameter] = f"{PASSED}{symbol.qualname}{SEPARATOR}{position}{SEPARATOR}{parameter}"
                rows.append(("local", f"{PASSED}{parameter}:{typed[parameter]}", name.start_point[0] + 1, symbol.qualname))
        if symbol.kind == "method" and typed:
            typed_in[node.id] = (symbol.qualname, typed)
    for attribute, value in found.get("attribute", ()):
        owner = attribute.parent
        while owner is not None and owner.type not in ("function_definition", "lambda", "class_definition"):
            owner = owner.parent
        method = typed_in.get(owner.id) if owner is not None else None
        target = dotted(attribute)
        written = (value.text or b"").decode("utf-8", "replace")
        if method is not None and target and target.startswith("self.") and target.count(".") == 1 and written in method[1]:
            rows.append(("local", f"{target}:{method[1][written]}", attribute.start_point[0] + 1, method[0]))
    return rows
