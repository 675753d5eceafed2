"""Where a JavaScript name is bound: by the innermost function around a node, by one further out,
or by none (a module-level or global name).

``hb.compile = function (...) {...}`` inside ``create()`` is a method of the object ``hb`` names,
and it is named where that object is: under ``create`` when ``hb`` is ``create``'s own local or
parameter (``create.hb.compile``, as ``const api = { reset() {} }`` there is ``create.api.reset``),
at the file's top when the file's top level declares it (``let yy = {}`` beside it: ``yy.locInfo``).
A name bound by a function further out is left unnamed (the walk's scopes do not say which of
them that function is), and so is one the file never declares (``window.x``, an event handler
set on an object from elsewhere).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum

from tree_sitter import Node

FUNCTION_NODES = frozenset({
    "function_declaration", "generator_function_declaration", "function_expression", "function",
    "generator_function", "arrow_function", "method_definition",
})
"""Nodes that open a function's scope."""
_OPAQUE = FUNCTION_NODES | {"class_declaration", "class"}
"""Nodes whose insides bind nothing in the function around them."""
_DECLARED = frozenset({"function_declaration", "generator_function_declaration", "class_declaration"})
_PATTERN_NAMES = frozenset({"identifier", "shorthand_property_identifier_pattern"})


class Binder(Enum):
    """Which scope binds a name, seen from a node."""

    INNERMOST = "innermost"
    """The innermost function around the node."""
    OUTER = "outer"
    """A function further out."""
    MODULE = "module"
    """The file's top level, by a ``var``/``let``/``const`` or a declaration."""
    NONE = "none"
    """Nothing in the file: a global or an undeclared name (``window``, an ``XMLHttpRequest``
    nobody declared in a snippet)."""


def binder(node: Node, name: str, memo: dict[int, set[str]]) -> Binder:
    """Tell which scope around ``node`` binds ``name`` (a parameter, a ``var``/``let``/``const``,
    a function or class declared in a body, a function expression's own name); ``memo`` keeps
    each scope's names by its node's id, read once per file however many assignments it holds."""
    innermost = True
    current = node.parent
    while current is not None:
        if current.type in FUNCTION_NODES:
            if name in _names(current, memo, _bound_by):
                return Binder.INNERMOST if innermost else Binder.OUTER
            innermost = False
        elif current.parent is None:
            return Binder.MODULE if name in _names(current, memo, _top_level) else Binder.NONE
        current = current.parent
    return Binder.NONE


def _names(scope: Node, memo: dict[int, set[str]], read: Callable[[Node], set[str]]) -> set[str]:
    names = memo.get(scope.id)
    if names is None:
        names = memo[scope.id] = read(scope)
    return names


def _top_level(program: Node) -> set[str]:
    """The names a file's top level declares."""
    names: set[str] = set()
    _declarations(program, names)
    return names


def _bound_by(function: Node) -> set[str]:
    """The names a function binds: its own name (an expression's), its parameters, its body's
    declarations outside nested functions and classes (a block's ``let`` counted too: a name
    said bound nearer than it is is only named under its function)."""
    names: set[str] = set()
    own = function.child_by_field_name("name")
    if own is not None and function.type in ("function_expression", "function", "generator_function"):
        names.add(_text(own))
    parameters = function.child_by_field_name("parameters") or function.child_by_field_name("parameter")
    if parameters is not None:
        names |= _pattern_names(parameters)
    body = function.child_by_field_name("body")
    if body is not None and body.type == "statement_block":
        _declarations(body, names)
    return names


def _declarations(node: Node, names: set[str]) -> None:
    """Add the names declared in a body, not looking inside nested functions and classes."""
    pending = list(node.named_children)
    while pending:
        current = pending.pop()
        if current.type in _DECLARED:
            name = current.child_by_field_name("name")
            if name is not None:
                names.add(_text(name))
            continue
        if current.type in _OPAQUE:
            continue
        if current.type == "variable_declarator":
            name = current.child_by_field_name("name")
            if name is not None:
                names |= _pattern_names(name)
            value = current.child_by_field_name("value")
            if value is not None:
                pending.append(value)
            continue
        pending.extend(current.named_children)


def _pattern_names(node: Node) -> set[str]:
    """The names a parameter list or a destructuring pattern binds (a default's value too: a name
    said bound nearer than it is is only named under its function)."""
    if node.type in _PATTERN_NAMES:
        return {_text(node)}
    names: set[str] = set()
    pending = list(node.named_children)
    while pending:
        current = pending.pop()
        if current.type in _PATTERN_NAMES:
            names.add(_text(current))
        elif current.type not in _OPAQUE:
            pending.extend(current.named_children)
    return names


def _text(node: Node) -> str:
    return (node.text or b"").decode("utf-8", "replace")
