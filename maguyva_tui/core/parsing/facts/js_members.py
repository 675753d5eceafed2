"""JavaScript and TypeScript members that belong to an object made by a class or a constructor
function, not to the class or function itself: the methods of ``Foo.prototype`` (``Foo.prototype.bar
= function``, ``Foo.prototype = { bar() {...} }``, jquery's ``jQuery.fn = jQuery.prototype = {
each: function }``) and a class's methods not declared ``static``. They share the qualname
``Foo.bar`` with a static ``Foo.bar = function`` (and ``static bar()``), so the resolver reads
these rows (``<instance>`` locals in the member's scope) to tie ``Foo.bar(...)`` written on ``Foo``
itself only to a static: jquery's static ``jQuery.each(...)`` (defined in ``jQuery.extend({...})``)
had reached the prototype's ``each``, 70 false edges."""

from __future__ import annotations

from collections.abc import Sequence

from tree_sitter import Node, Tree

from maguyva_tui.core.parsing.facts.bindings import INSTANCE
from maguyva_tui.core.types import Symbol

LANGUAGES = frozenset({"javascript", "typescript", "tsx"})
_OWNER_KINDS = frozenset({"function", "class"})
_NAMES = frozenset({"property_identifier", "private_property_identifier", "identifier", "string", "string_fragment"})
RefRow = tuple[str, str, int, str | None]


def instance_members(tree: Tree, source: bytes, symbols: Sequence[Symbol]) -> list[RefRow]:
    """Mark each method of a class or constructor function that its instances hold (see the
    module's text): an ``<instance>`` local in its own scope. A qualname also defined static
    (``static m() {}`` beside ``m() {}``) is not marked."""
    owners = {s.qualname for s in symbols if s.kind in _OWNER_KINDS}
    lines = source.split(b"\n")
    found: dict[str, tuple[int, bool]] = {}
    for symbol in symbols:
        owner = symbol.qualname.rpartition(".")[0]
        if symbol.kind != "method" or owner not in owners or not 0 < symbol.name_line <= len(lines):
            continue
        line = lines[symbol.name_line - 1]
        column = line.find(symbol.name.encode())
        if column < 0:
            continue
        node = tree.root_node.named_descendant_for_point_range((symbol.name_line - 1, column),
                                                               (symbol.name_line - 1, column))
        held = _held_by_instances(node)
        if held is None:
            continue
        seen = found.get(symbol.qualname)
        found[symbol.qualname] = (symbol.name_line, held and (seen is None or seen[1]))
    return [("local", INSTANCE, line, qualname) for qualname, (line, held) in found.items() if held]


def _held_by_instances(node: Node | None) -> bool | None:
    """Tell whether the member named at a node is an instance's (``True``) or the owner's own
    (``False``); ``None`` where the name is not written as a member this module reads."""
    while node is not None and node.type in _NAMES and node.parent is not None:
        parent = node.parent
        if parent.type == "method_definition":
            holder = parent.parent
            if holder is not None and holder.type == "class_body":
                return not any(child.type == "static" for child in parent.children)
            return _prototype_object(holder)
        if parent.type == "pair" and parent.child_by_field_name("key") == node:
            return _prototype_object(parent.parent)
        if parent.type == "member_expression" and parent.child_by_field_name("property") == node:
            held = parent.child_by_field_name("object")
            return held is not None and held.text is not None and held.text.split(b".")[-1].strip() == b"prototype"
        if parent.type in ("string", "computed_property_name"):
            node = parent
            continue
        return None
    return None


def _prototype_object(node: Node | None) -> bool:
    """Tell whether an object literal is assigned to a prototype (``Foo.prototype = {...}``, also
    as a link of a chain: ``jQuery.fn = jQuery.prototype = {...}``)."""
    if node is None or node.type != "object":
        return False
    at = node.parent
    while at is not None and at.type == "parenthesized_expression":
        at = at.parent
    while at is not None and at.type == "assignment_expression":
        left = at.child_by_field_name("left")
        if left is not None and left.text is not None and left.text.split(b".")[-1].strip() == b"prototype":
            return True
        at = at.parent
    return False
