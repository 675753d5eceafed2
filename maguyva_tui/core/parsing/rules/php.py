"""PHP: classes, interfaces, traits, enums, functions, methods, constants, properties.

A namespace names no symbol of its own: like a Java package it is where a name lives, not a
definition; its braced form is walked through, its statement form (``namespace App\\Http;``) has
nothing to walk. Functions declared inside ``if (! function_exists('x')) { ... }``, the usual
guard of a helpers file, are found (``if`` blocks are walked at file level). Attributes
(``#[Route]``) are inside the declaration's node, so its span starts at them; a docblock is a
comment before it and stays out, as Java's Javadoc does.
"""

from __future__ import annotations

from tree_sitter import Node

from maguyva_tui.core.parsing.walker import Handler, Outer, Rules, Walker


def _named(kind: str) -> Handler:
    """Make a handler for a named declaration of a fixed kind whose body is walked."""

    def handler(w: Walker, node: Node, outer: Outer) -> None:
        w.define(kind, outer, node.child_by_field_name("name"), node.child_by_field_name("body"))

    return handler


def _function(w: Walker, node: Node, outer: Outer) -> None:
    w.define(w.function_kind(), outer, node.child_by_field_name("name"), node.child_by_field_name("body"))


def _constants(w: Walker, node: Node, outer: Outer) -> None:
    """Record each name of ``const A = 1, B = 2;`` (at file level, in a namespace or a class)."""
    if not w.variables_allowed():
        return
    elements = [c for c in node.named_children if c.type == "const_element"]
    for element in elements:
        name = next((c for c in element.named_children if c.type == "name"), None)
        w.define("constant", outer if len(elements) == 1 else element, name)


def _properties(w: Walker, node: Node, outer: Outer) -> None:
    """Record each property of a class (``public $a, $b = 3;``) by its name without the ``$``."""
    if not w.variables_allowed():
        return
    elements = [c for c in node.named_children if c.type == "property_element"]
    for element in elements:
        variable = element.child_by_field_name("name")
        name = next((c for c in variable.named_children if c.type == "name"), None) if variable else None
        w.define("variable", outer if len(elements) == 1 else element, name)


def _case(w: Walker, node: Node, outer: Outer) -> None:
    """Record an enum's ``case Hearts = 'H';``."""
    w.define("constant", outer, next((c for c in node.named_children if c.type == "name"), None))


RULES = Rules(
    handlers={
        "class_declaration": _named("class"),
        "interface_declaration": _named("interface"),
        "trait_declaration": _named("trait"),
        "enum_declaration": _named("enum"),
        "function_definition": _function,
        "method_declaration": _function,
        "const_declaration": _constants,
        "property_declaration": _properties,
        "enum_case": _case,
    },
    descend=frozenset({
        "namespace_definition", "compound_statement", "declaration_list", "enum_declaration_list",
        "if_statement", "else_clause", "else_if_clause", "colon_block", "declare_statement", "ERROR",
    }),
    class_fields=True,
)
