"""C and C++: function definitions (names inside nested declarators), structs, unions, enums,
typedefs, globals, ``#define``; C++ classes, namespaces (``ns.Class.method``), in-class methods,
out-of-class ``Foo::bar`` definitions (methods of ``Foo``), templates and ``using`` aliases."""

from __future__ import annotations

import re

from tree_sitter import Node

from maguyva_tui.core.names import qualifier_parts
from maguyva_tui.core.parsing.walker import Outer, Rules, Walker

NAME_TYPES = frozenset({
    "identifier", "field_identifier", "type_identifier", "qualified_identifier",
    "destructor_name", "operator_name", "template_function", "operator_cast",
    "namespace_identifier", "nested_namespace_specifier",
})
"""Declarator leaves that carry a name."""

_SPECIFIER_KINDS = {
    "struct_specifier": "struct", "union_specifier": "struct",
    "class_specifier": "class", "enum_specifier": "enum",
}
_CONST_QUALIFIERS = frozenset({"const", "constexpr", "constinit"})
_TEMPLATE_ARGS = re.compile(r"<[^<>]*>")


def unwrap_declarator(node: Node | None) -> tuple[Node | None, bool]:
    """Return a declarator's name node and whether it declares a function (not a function pointer)."""
    function = False
    while node is not None and node.type not in NAME_TYPES:
        if node.type == "function_declarator":
            function = True
        elif node.type == "pointer_declarator":
            function = False
        inner = node.child_by_field_name("declarator")
        node = inner if inner is not None else (node.named_children[0] if node.named_child_count else None)
    return node, function


def split_qualified(text: str) -> tuple[str, tuple[str, ...]]:
    """Split ``ns::Foo<T>::bar`` into the name ``bar`` and the qualifiers ``("ns", "Foo")``."""
    previous = None
    while previous != text:
        previous, text = text, _TEMPLATE_ARGS.sub("", text)
    parts = qualifier_parts(text.replace(" ", "")) or [text]
    return parts[-1], tuple(parts[:-1])


def _function(w: Walker, node: Node, outer: Outer) -> None:
    """Record a function definition; a qualified name (``Foo::bar``) makes it a method of ``Foo``."""
    name_node, _ = unwrap_declarator(node.child_by_field_name("declarator"))
    if name_node is None:
        return
    name, prefix = split_qualified(w.text(name_node))
    kind = "method" if prefix else w.function_kind()
    w.define(kind, outer, name_node, name=name, prefix=prefix)


def _specifier(w: Walker, node: Node, outer: Outer) -> None:
    """Record a struct, union, class or enum that has a body (not a mere ``struct foo *p``)."""
    name, body = node.child_by_field_name("name"), node.child_by_field_name("body")
    if name is None or body is None:
        return
    bare, prefix = split_qualified(w.text(name))
    kind = _SPECIFIER_KINDS[node.type]
    w.define(kind, outer, name, None if kind == "enum" else body, name=bare, prefix=prefix)


def _declaration(w: Walker, node: Node, outer: Outer) -> None:
    """Record a type defined inline, then each global variable (not prototypes or ``extern``)."""
    _inline_type(w, node)
    if not w.variables_allowed() or any(w.text(c) == "extern" for c in node.children
                                        if c.type == "storage_class_specifier"):
        return
    constant = any(w.text(c) in _CONST_QUALIFIERS for c in node.children if c.type == "type_qualifier")
    declarators = node.children_by_field_name("declarator")
    for declarator in declarators:
        name, function = unwrap_declarator(declarator)
        if name is not None and not function:
            span = outer if len(declarators) == 1 else declarator
            w.define("constant" if constant else "variable", span, name)


def _inline_type(w: Walker, node: Node) -> None:
    kind = node.child_by_field_name("type")
    if kind is not None and kind.type in _SPECIFIER_KINDS:
        _specifier(w, kind, kind)


def _field(w: Walker, node: Node, outer: Outer) -> None:
    """Record a type nested in a struct or class body; member declarations are not definitions."""
    _inline_type(w, node)


def _typedef(w: Walker, node: Node, outer: Outer) -> None:
    """Record ``typedef``: an anonymous struct takes the typedef's name and kind."""
    target = node.child_by_field_name("type")
    names = [unwrap_declarator(d)[0] for d in node.children_by_field_name("declarator")]
    names = [n for n in names if n is not None]
    anonymous = target is not None and target.type in _SPECIFIER_KINDS and (
        target.child_by_field_name("name") is None and target.child_by_field_name("body") is not None
    )
    if anonymous and names and target is not None:
        kind = _SPECIFIER_KINDS[target.type]
        body = None if kind == "enum" else target.child_by_field_name("body")
        w.define(kind, outer, names[0], body, signature_at=outer)
        names = names[1:]
    elif target is not None and target.type in _SPECIFIER_KINDS:
        _specifier(w, target, target)
    for name in names:
        w.define("type", outer, name)


def _alias(w: Walker, node: Node, outer: Outer) -> None:
    w.define("type", outer, node.child_by_field_name("name"))


def _namespace(w: Walker, node: Node, outer: Outer) -> None:
    """Record a namespace as a module; an anonymous one is walked without a name."""
    name, body = node.child_by_field_name("name"), node.child_by_field_name("body")
    if body is None:
        return
    if name is None:
        w.enter([], "module", body)
        return
    bare, prefix = split_qualified(w.text(name))
    w.define("module", outer, name, body, name=bare, prefix=prefix)


def _template(w: Walker, node: Node, outer: Outer) -> None:
    """Record the templated definition with a span that starts at ``template <...>``."""
    parameters = node.child_by_field_name("parameters")
    for child in node.named_children:
        if parameters is None or child != parameters:
            w.dispatch(child, outer)


def _macro(w: Walker, node: Node, outer: Outer) -> None:
    """Record ``#define NAME value`` as a constant and ``#define F(x) ...`` as a function."""
    if node.type == "preproc_function_def":
        w.define("function", outer, node.child_by_field_name("name"))
    elif node.child_by_field_name("value") is not None:  # bare guards like `#define FOO_H` say nothing
        w.define("constant", outer, node.child_by_field_name("name"))


_HANDLERS = {
    "function_definition": _function,
    "struct_specifier": _specifier,
    "union_specifier": _specifier,
    "enum_specifier": _specifier,
    "declaration": _declaration,
    "field_declaration": _field,
    "type_definition": _typedef,
    "preproc_def": _macro,
    "preproc_function_def": _macro,
}
_DESCEND = frozenset({
    "preproc_if", "preproc_ifdef", "preproc_else", "preproc_elif", "preproc_elifdef",
    "declaration_list", "linkage_specification", "ERROR",
})

C_RULES = Rules(handlers=_HANDLERS, descend=_DESCEND)

CPP_RULES = Rules(
    handlers={
        **_HANDLERS,
        "class_specifier": _specifier,
        "namespace_definition": _namespace,
        "template_declaration": _template,
        "alias_declaration": _alias,
    },
    descend=_DESCEND,
)
