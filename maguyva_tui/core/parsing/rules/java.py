"""Java: classes, interfaces, enums and their constants, records, annotation types and their elements
(``@interface Parameter { int arity() default -1; }``: ``Parameter.arity``, a method as ctags reads it),
methods, constructors, fields."""

from __future__ import annotations

from tree_sitter import Node

from maguyva_tui.core.parsing.walker import Handler, Outer, Rules, Walker


def _named(kind: str) -> Handler:
    """Make a handler for a named declaration of a fixed kind whose body is walked."""

    def handler(w: Walker, node: Node, outer: Outer) -> None:
        w.define(kind, outer, node.child_by_field_name("name"), node.child_by_field_name("body"))

    return handler


def _field(w: Walker, node: Node, outer: Outer) -> None:
    """Record each declarator of a field: ``static final`` ones (and interface fields) are constants."""
    if not w.variables_allowed():
        return
    modifiers = next((c for c in node.children if c.type == "modifiers"), None)
    words = set(w.text(modifiers).split()) if modifiers is not None else set()
    constant = node.type == "constant_declaration" or {"static", "final"} <= words
    declarators = node.children_by_field_name("declarator")
    for declarator in declarators:
        span = outer if len(declarators) == 1 else declarator
        w.define("constant" if constant else "variable", span, declarator.child_by_field_name("name"))


def _enum_constant(w: Walker, node: Node, outer: Outer) -> None:
    """Record an enum's constant (``Color.RED``: it had been no symbol) and walk its own class
    body (``GREEN { int f() {...} }``: ``Color.GREEN.f``)."""
    name, body = node.child_by_field_name("name"), node.child_by_field_name("body")
    w.define("constant", outer, name)
    if name is not None and body is not None:
        w.enter([w.text(name)], "class", body)


RULES = Rules(
    handlers={
        "class_declaration": _named("class"),
        "record_declaration": _named("class"),
        "interface_declaration": _named("interface"),
        "annotation_type_declaration": _named("interface"),
        "enum_declaration": _named("enum"),
        "enum_constant": _enum_constant,
        "method_declaration": _named("method"),
        "constructor_declaration": _named("method"),
        "compact_constructor_declaration": _named("method"),
        "annotation_type_element_declaration": _named("method"),  # ``int arity() default -1;``
        "field_declaration": _field,
        "constant_declaration": _field,
    },
    descend=frozenset({
        "class_body", "interface_body", "enum_body", "enum_body_declarations",
        "annotation_type_body", "ERROR",
    }),
    class_fields=True,
)
