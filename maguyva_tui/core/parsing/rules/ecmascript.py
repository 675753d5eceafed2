"""JavaScript, TypeScript and TSX: functions, classes, methods, functions held by variables,
interfaces, type aliases, enums, namespaces, CommonJS ``exports.name = function``, functions
assigned to properties (``Foo.prototype.name = function``, ``res.send = function send``) and the
functions of an object literal held by a variable or exported (``const utils = {isArray(x) {}}``)."""

from __future__ import annotations

from tree_sitter import Node

from maguyva_tui.core.parsing.walker import Handler, Outer, Rules, Walker

FUNCTION_VALUES = frozenset({
    "arrow_function", "function_expression", "function", "generator_function",
})
"""Values that make a variable or field a function (``const parse = (s) => ...``)."""

_EXPORTS = ("exports.", "module.exports.")
_MODULE_OBJECTS = frozenset({"exports", "module.exports"})
"""What a CommonJS module exports as a whole: a function assigned to it is no method of it."""


def _function(w: Walker, node: Node, outer: Outer) -> None:
    name = node.child_by_field_name("name")
    w.define(w.function_kind(), outer, name, node.child_by_field_name("body"))


def _named(kind: str, walk_body: bool = True) -> Handler:
    """Make a handler for a named definition of a fixed kind."""

    def handler(w: Walker, node: Node, outer: Outer) -> None:
        body = node.child_by_field_name("body") if walk_body else None
        w.define(kind, outer, node.child_by_field_name("name"), body)

    return handler


def _field(w: Walker, node: Node, outer: Outer) -> None:
    """Record a class field: a method when it holds a function, else a variable."""
    name = node.child_by_field_name("name") or node.child_by_field_name("property")
    value = node.child_by_field_name("value")
    if value is not None and value.type in FUNCTION_VALUES:
        w.define("method", outer, name, value.child_by_field_name("body"))
    elif w.variables_allowed():
        w.define("variable", outer, name)


def _declaration(w: Walker, node: Node, outer: Outer) -> None:
    """Record each ``const``/``let``/``var`` declarator: functions anywhere, values at top level."""
    declarators = [c for c in node.named_children if c.type == "variable_declarator"]
    constant = node.child_count > 0 and node.children[0].type == "const"
    for declarator in declarators:
        span = outer if len(declarators) == 1 else declarator
        _declarator(w, declarator, span, "constant" if constant else "variable")


def _declarator(w: Walker, node: Node, span: Outer, value_kind: str) -> None:
    name = node.child_by_field_name("name")
    if name is None or name.type != "identifier":
        return  # destructuring patterns bind many names; none is a definition
    value = node.child_by_field_name("value")
    if value is not None:
        value = _unparenthesize(value)  # `var runInContext = (function runInContext() {...})`
    if value is not None and _is_require(w, value):
        return  # `const fs = require("fs")` is an import, not a definition
    if value is not None and value.type in FUNCTION_VALUES:
        w.define("function", span, name, value.child_by_field_name("body"))
    elif value is not None and value.type == "class":
        w.define("class", span, name, value.child_by_field_name("body"))
    elif w.variables_allowed():
        w.define(value_kind, span, name)
        if value is not None and value.type == "object":
            _object_members(w, value, (w.text(name),))


def _is_require(w: Walker, value: Node) -> bool:
    callee = value.child_by_field_name("function") if value.type == "call_expression" else None
    return callee is not None and w.text(callee) == "require"


def _statement(w: Walker, node: Node, outer: Outer) -> None:
    """Record TS ``namespace`` blocks and CommonJS ``exports.name = function ...``, and walk the
    body of a function called at once (an IIFE) as if it were the file's top level."""
    if node.named_child_count == 0 or w.in_function:
        return
    child = node.named_children[0]
    if child.type in ("internal_module", "module"):
        w.dispatch(child, outer)
    elif child.type == "assignment_expression":
        _export_assignment(w, child, outer)
    else:
        body = _iife_body(child)
        if body is not None:
            w.walk(body)


_IIFE_PREFIXES = frozenset({"!", "void", "+", "-", "~"})
"""Unary operators written before an IIFE to make it an expression (``!function () {...}()``)."""


def _iife_body(node: Node) -> Node | None:
    """Return the body of an immediately called function expression: ``(function () {...})()``,
    ``(function () {...}())``, ``(function () {...}.call(this))``, ``.apply``, ``!function`` and
    arrow functions; ``None`` for anything else."""
    node = _unparenthesize(node)
    if node.type == "unary_expression" and node.child_count == 2 and node.children[0].type in _IIFE_PREFIXES:
        node = _unparenthesize(node.children[1])
    if node.type != "call_expression":
        return None
    callee = _unparenthesize(node.child_by_field_name("function"))
    if callee.type == "member_expression":
        method = callee.child_by_field_name("property")
        if method is None or method.text not in (b"call", b"apply"):
            return None
        callee = _unparenthesize(callee.child_by_field_name("object"))
    if callee.type not in ("function_expression", "function", "arrow_function"):
        return None
    body = callee.child_by_field_name("body")
    return body if body is not None and body.type == "statement_block" else None


def _unparenthesize(node: Node | None) -> Node:
    """Return the expression inside any parentheses (a node is returned as is otherwise)."""
    while node is not None and node.type == "parenthesized_expression" and node.named_child_count == 1:
        node = node.named_children[0]
    return node  # type: ignore[return-value]


def _export_assignment(w: Walker, node: Node, outer: Outer) -> None:
    """Record a function assigned to a property outside any function: ``exports.name = function``
    is the module's function; ``Foo.prototype.name = function`` is ``Foo``'s method, and so is
    ``res.send = function send(body)`` (express's way) ``res``'s, its object's dotted path (less
    ``prototype``) before its name."""
    left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
    if left is None or right is None or left.type != "member_expression":
        return
    right = _unparenthesize(right)
    if right.type == "object" and w.text(left) in _MODULE_OBJECTS:  # `module.exports = { create() {...} }`
        _object_members(w, right, ())
        return
    if right.type not in FUNCTION_VALUES:
        return
    name = left.child_by_field_name("property")
    if w.text(left).startswith(_EXPORTS):
        w.define("function", outer, name, right.child_by_field_name("body"))
        return
    if w.text(left) in _MODULE_OBJECTS:  # `module.exports = function createApplication() {...}`
        own = right.child_by_field_name("name")  # the function's own name, if it has one
        if own is not None:
            w.define("function", outer, own, right.child_by_field_name("body"))
        return
    path = w.text(left.child_by_field_name("object") or left).split(".")
    if name is None or not all(part.isidentifier() for part in path):
        return  # `a[b].c = ...`, `f().g = ...`: no path names the owner
    owner = tuple(part for part in path if part != "prototype")
    w.define("method", outer, name, right.child_by_field_name("body"), prefix=owner)


MAX_OBJECT_DEPTH = 3
"""Object literals nested this deep are read for methods (``{a: {b() {}}}``); deeper is data."""


def _object_members(w: Walker, node: Node, prefix: tuple[str, ...], depth: int = 1) -> None:
    """Record the functions an object literal holds as its methods (``isArray(x) {...}``,
    ``forEach: function (...)``, ``merge: (a, b) => ...``), named after the object (``utils.isArray``;
    ``prefix`` is its dotted path, empty for a module's exports, whose functions are the module's);
    a nested object's by its key too."""
    kind = "method" if prefix else "function"
    for child in node.named_children:
        if child.type == "method_definition":
            w.define(kind, child, child.child_by_field_name("name"), child.child_by_field_name("body"), prefix=prefix)
        elif child.type == "pair":
            key, value = child.child_by_field_name("key"), child.child_by_field_name("value")
            if key is None or value is None or key.type not in ("property_identifier", "string", "identifier"):
                continue  # a computed key ([name]: ...) names nothing a reader can search for
            name = w.text(key).strip("'\"")
            value = _unparenthesize(value)
            if not name.isidentifier():
                continue
            if value.type in FUNCTION_VALUES:
                w.define(kind, child, key, value.child_by_field_name("body"), name=name, prefix=prefix)
            elif value.type == "object" and depth < MAX_OBJECT_DEPTH:
                _object_members(w, value, (*prefix, name), depth + 1)


def _default_object(w: Walker, node: Node, outer: Outer) -> None:
    """``export default { setup() {...} }``: the exported object's functions (no name to prefix)."""
    if node.parent is not None and node.parent.type == "export_statement":
        _object_members(w, node, ())


def _namespace(w: Walker, node: Node, outer: Outer) -> None:
    name = node.child_by_field_name("name")
    body = node.child_by_field_name("body")
    if name is not None and name.type == "string":
        w.define("module", outer, name, body, name=w.text(name).strip("'\""))
        return
    parts = w.text(name).split(".") if name is not None else []
    if parts:
        w.define("module", outer, name, body, name=parts[-1], prefix=tuple(parts[:-1]))


RULES = Rules(
    handlers={
        "function_declaration": _function,
        "generator_function_declaration": _function,
        "function_signature": _function,
        "method_definition": _function,
        "method_signature": _function,
        "abstract_method_signature": _function,
        "class_declaration": _named("class"),
        "abstract_class_declaration": _named("class"),
        "interface_declaration": _named("interface"),
        "enum_declaration": _named("enum", walk_body=False),
        "type_alias_declaration": _named("type", walk_body=False),
        "public_field_definition": _field,
        "field_definition": _field,
        "lexical_declaration": _declaration,
        "variable_declaration": _declaration,
        "expression_statement": _statement,
        "internal_module": _namespace,
        "module": _namespace,
        "object": _default_object,
    },
    descend=frozenset({
        "statement_block", "export_statement", "class_body", "interface_body", "object_type",
        "ambient_declaration", "if_statement", "else_clause", "try_statement", "catch_clause",
        "finally_clause", "for_statement", "for_in_statement", "while_statement", "do_statement",
        "labeled_statement", "ERROR",
    }),
    attributes=frozenset({"decorator"}),
    class_fields=True,
)
