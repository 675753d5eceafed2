"""Rust: functions, structs and unions with their named fields (``Version.major``), enums and their variants, traits, impl methods (``Type.method``), type aliases
(a trait's associated ``type Item;`` too), modules, consts, statics and ``macro_rules!``. Leading ``#[...]``
attributes join the span."""

from __future__ import annotations

from tree_sitter import Node

from maguyva_tui.core.parsing.walker import Handler, Outer, Rules, Walker

_TYPE_WRAPPERS = frozenset({"generic_type", "reference_type", "pointer_type"})

_BLOCK_PATHS = frozenset({
    "expression_statement", "block", "let_declaration", "if_expression", "else_clause", "unsafe_block",
    "async_block", "loop_expression", "while_expression", "for_expression", "match_expression",
    "match_block", "match_arm", "closure_expression",
})
"""Statements and block expressions walked through, in a function's scope, to the items a body
may hold anywhere (``if ... { struct Visitor; impl Visitor { fn visit() } }``): only an item
straight inside the body had been found, and bitflags' ``deserialize.FlagsVisitor`` and its
``visit_str`` were no symbols. Calls and other expressions are still not walked."""


def _function(w: Walker, node: Node, outer: Outer) -> None:
    name = node.child_by_field_name("name")
    w.define(w.function_kind(), outer, name, node.child_by_field_name("body"))


def _named(kind: str, walk_body: bool = False) -> Handler:
    """Make a handler for a named item of a fixed kind."""

    def handler(w: Walker, node: Node, outer: Outer) -> None:
        body = node.child_by_field_name("body") if walk_body else None
        w.define(kind, outer, node.child_by_field_name("name"), body)

    return handler


def _const(w: Walker, node: Node, outer: Outer) -> None:
    """Record a const; ``const _: () = assert!(...);``, a compile-time check, names nothing (it had
    been a constant called ``_``)."""
    name = node.child_by_field_name("name")
    if name is not None and w.text(name) != "_":
        w.define("constant", outer, name)


def _static(w: Walker, node: Node, outer: Outer) -> None:
    mutable = any(c.type == "mutable_specifier" for c in node.named_children)
    w.define("variable" if mutable else "constant", outer, node.child_by_field_name("name"))


def _struct(w: Walker, node: Node, outer: Outer) -> None:
    """Record a struct or union and its named fields; a tuple struct's fields have no names."""
    body = node.child_by_field_name("body")
    w.define("struct", outer, node.child_by_field_name("name"),
             body if body is not None and body.type == "field_declaration_list" else None)


def _field(w: Walker, node: Node, outer: Outer) -> None:
    """Record a named field as its struct's variable (``Version.major``), as Java's fields are; a
    ``#[...]`` attribute before it starts its span. They had been no symbols: "where is major
    defined" found semver's ``Version`` no field of."""
    if w.variables_allowed():
        w.define("variable", outer, node.child_by_field_name("name"))


def _impl(w: Walker, node: Node, outer: Outer) -> None:
    """Walk an impl block in a scope named after its type: its functions become ``Type.method``."""
    name = impl_type_name(node.child_by_field_name("type"))
    body = node.child_by_field_name("body")
    if body is not None:
        w.enter([w.text(name)] if name is not None else [], "impl", body)


def impl_type_name(node: Node | None) -> Node | None:
    """Return the bare type name of an impl target (``&'a mut Foo<T>`` -> ``Foo``)."""
    while node is not None and node.type in _TYPE_WRAPPERS:
        node = node.child_by_field_name("type")
    if node is not None and node.type == "scoped_type_identifier":
        node = node.child_by_field_name("name")
    return node


def _enum(w: Walker, node: Node, outer: Outer) -> None:
    """Record an enum and its variants (``Shape.Circle``)."""
    name = node.child_by_field_name("name")
    w.define("enum", outer, name)
    if name is not None:
        w.enum_members([w.text(name)], node.child_by_field_name("body"), _variant_name)


def _variant_name(node: Node) -> Node | None:
    return node.child_by_field_name("name") if node.type == "enum_variant" else None


RULES = Rules(
    handlers={
        "function_item": _function,
        "function_signature_item": _function,
        "struct_item": _struct,
        "union_item": _struct,
        "field_declaration": _field,
        "enum_item": _enum,
        "trait_item": _named("trait", walk_body=True),
        "type_item": _named("type"),
        "associated_type": _named("type"),  # a trait's ``type Key;``, which its impls define
        "mod_item": _named("module", walk_body=True),
        "macro_definition": _named("function"),
        "const_item": _const,
        "static_item": _static,
        "impl_item": _impl,
    },
    descend=frozenset({"declaration_list", "foreign_mod_item", "ERROR"}) | _BLOCK_PATHS,
    attributes=frozenset({"attribute_item"}),
    class_fields=True,
)
