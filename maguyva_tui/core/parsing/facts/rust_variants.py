"""Rust: a name a tuple variant's pattern binds is of the variant's field type. In ``match self {
TinyVec::Inline(a) => a.push(x), ... }`` or ``if let Self::Inline(a) = self``, of ``enum TinyVec<A>
{ Inline(ArrayVec<A>), Heap(Vec<A::Item>) }`` declared in the same file, ``a`` is an ``ArrayVec``;
and ``let arr = match self { TinyVec::Heap(_) => return, TinyVec::Inline(a) => a };`` binds ``arr``
to what the one arm that does not leave gives. Those calls had been tied to nothing (tinyvec: 26 of
rustc's call sites). Each is a ``local`` record of the function around it; a name bound to two
types in one function records no type (it is still a local, shadowing a function of its name)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from tree_sitter import Node, Query, QueryCursor, Tree

from maguyva_tui.core.parsing.facts import names
from maguyva_tui.core.parsing.facts.captures import sorted_captures
from maguyva_tui.core.parsing.languages import grammar
from maguyva_tui.core.store.facts import RefRow

_QUERY = """
(enum_item) @enum
(tuple_struct_pattern type: (_)) @pattern
(let_declaration pattern: (identifier) value: (match_expression)) @matched
"""
LEAVING = frozenset({"return_expression", "break_expression", "continue_expression"})
"""An arm's value that leaves the match, giving it nothing."""
MAX_DEPTH = 64
"""Ancestors looked through for the impl block around a pattern."""

Variants = dict[tuple[str, str], list[Node]]


@cache
def _query() -> Query:
    """Compile the query of Rust's enums, tuple patterns and lets of a match once per process."""
    return Query(grammar("rust"), _QUERY)


def variant_bindings(tree: Tree, scope: Callable[[int], str | None]) -> list[RefRow]:
    """Return the records of the names tuple variant patterns bind, and of the lets of a match
    one of whose arms alone gives a value, that name."""
    captures = sorted_captures(QueryCursor(_query()), tree.root_node)
    variants: Variants = {}
    for enum in captures.get("enum", []):
        name, body = enum.child_by_field_name("name"), enum.child_by_field_name("body")
        if name is None or body is None:
            continue
        for variant in body.named_children:
            fields = variant.child_by_field_name("body")
            label = variant.child_by_field_name("name")
            if fields is not None and fields.type == "ordered_field_declaration_list" and label is not None:
                key = (_text(name), _text(label))
                variants[key] = fields.children_by_field_name("type")
    if not variants:
        return []
    typed: dict[tuple[str, str], set[str]] = {}
    lines: dict[tuple[str, str], int] = {}
    bound: dict[int, str] = {}  # a pattern's name node, by id: its type
    for pattern in captures.get("pattern", []):
        for node, written in _bound(pattern, variants):
            bound[node.id] = written
            _add(typed, lines, scope, node, written)
    for let in captures.get("matched", []):
        target, match = let.child_by_field_name("pattern"), let.child_by_field_name("value")
        given = _given(match, bound) if target is not None and match is not None else None
        if target is not None and given:
            _add(typed, lines, scope, target, given)
    return [("local", f"{name}:{next(iter(t)) if len(t) == 1 else ''}", lines[where, name], where or None)
            for (where, name), t in typed.items()]


def _add(typed: dict[tuple[str, str], set[str]], lines: dict[tuple[str, str], int],
         scope: Callable[[int], str | None], node: Node, written: str) -> None:
    line = node.start_point[0] + 1
    key = (scope(line) or "", _text(node))
    typed.setdefault(key, set()).add(written)
    lines.setdefault(key, line)


def _bound(pattern: Node, variants: Variants) -> list[tuple[Node, str]]:
    """Return the names a tuple variant pattern binds with their field's type, by position."""
    path = pattern.child_by_field_name("type")
    if path is not None and path.type == "identifier":  # Occupied(view) after use self::Entry::*
        fields = _bare(variants, _text(path))
    elif path is not None and path.type == "scoped_identifier":
        head, label = path.child_by_field_name("path"), path.child_by_field_name("name")
        if head is None or label is None:
            return []
        enum = _self_type(pattern) if head.text == b"Self" else _text(head)
        fields = variants.get((enum or "", _text(label)))
    else:
        return []
    if fields is None:
        return []
    parts = [c for c in pattern.named_children if c != path]
    out = []
    for part, field in zip(parts, fields):
        name = _plain(part)
        written = names.type_name(field) if name is not None else None
        if name is not None and written:
            out.append((name, written))
    return out


def _bare(variants: Variants, label: str) -> list[Node] | None:
    """Return the field types of the variant a pattern names bare (``Occupied(view)``, imported by
    ``use self::Entry::*``): the one enum's of the file that has a variant of that name."""
    found = [fields for (_, name), fields in variants.items() if name == label]
    return found[0] if len(found) == 1 else None


def _plain(part: Node) -> Node | None:
    """Return the name a part of a pattern binds alone (``a``, ``mut a``, ``ref mut a``)."""
    while part.type in ("ref_pattern", "mut_pattern") and part.named_child_count:
        part = part.named_children[-1]
    return part if part.type == "identifier" else None


def _given(match: Node, bound: dict[int, str]) -> str | None:
    """Return the type of what a match gives: the one arm not leaving it gives a name its own
    pattern bound."""
    body = match.child_by_field_name("body")
    arms = [a for a in body.named_children if a.type == "match_arm"] if body is not None else []
    values = [a.child_by_field_name("value") for a in arms]
    giving = [v for v in values if v is not None and v.type not in LEAVING]
    if len(giving) != 1 or giving[0].type != "identifier":
        return None
    value = giving[0]
    arm = value.parent
    pattern = arm.child_by_field_name("pattern") if arm is not None else None
    for node in _names(pattern) if pattern is not None else ():
        if node.text == value.text and node.id in bound:
            return bound[node.id]
    return None


def _names(pattern: Node) -> list[Node]:
    """Return the identifiers under a pattern."""
    out, stack = [], [pattern]
    while stack:
        node = stack.pop()
        if node.type == "identifier":
            out.append(node)
        stack.extend(node.named_children)
    return out


def _self_type(node: Node) -> str | None:
    """Return the name of the type the impl block around a node implements (``Self``)."""
    holder = node.parent
    for _ in range(MAX_DEPTH):
        if holder is None:
            return None
        if holder.type == "impl_item":
            written = holder.child_by_field_name("type")
            if written is not None and written.type == "generic_type":
                written = written.child_by_field_name("type")
            return _text(written) if written is not None else None
        holder = holder.parent
    return None


def _text(node: Node) -> str:
    return (node.text or b"").decode("utf-8", "replace")
