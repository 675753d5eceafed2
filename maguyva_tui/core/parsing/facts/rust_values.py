"""Rust: a function passed by its name (``iter.map(take)``, ``.map(Self::wrap)``) is used there,
as rustc counts it; a name the function around it binds (a parameter, a ``let``, ``if let
Some(take)``, a match arm, a closure's or a ``for``'s pattern) is that local, not the function.
The facts record no untyped Rust local, so a bound name is left out here, where it is read."""

from __future__ import annotations

from collections.abc import Sequence

from tree_sitter import Node

FUNCTIONS = frozenset({"function_item", "closure_expression"})
"""What binds names a passed name may be: the nearest one and those around it."""
BINDERS = frozenset({"parameter", "let_declaration", "let_condition", "for_expression", "match_arm",
                     "closure_parameters"})
"""Where a pattern binds names (the whole of a closure's parameters; a match arm's pattern)."""
MAX_DEPTH = 64
"""Ancestors looked through for the functions around a name."""


def unshadowed(nodes: Sequence[Node]) -> list[Node]:
    """Return the passed names no function around them binds (a path, ``Self::wrap``, is kept)."""
    bound_by: dict[int, frozenset[bytes]] = {}
    kept = []
    for node in nodes:
        if node.type != "identifier" or not any(node.text in _bound(f, bound_by) for f in _functions(node)):
            kept.append(node)
    return kept


def _functions(node: Node) -> list[Node]:
    """Return the functions and closures around a node, innermost first."""
    found, holder = [], node.parent
    for _ in range(MAX_DEPTH):
        if holder is None:
            break
        if holder.type in FUNCTIONS:
            found.append(holder)
        holder = holder.parent
    return found


def _bound(function: Node, memo: dict[int, frozenset[bytes]]) -> frozenset[bytes]:
    """Return the names a function's patterns bind (its nested functions' too: a guess towards no site)."""
    if function.id in memo:
        return memo[function.id]
    names: set[bytes] = set()
    stack = [function]
    while stack:
        node = stack.pop()
        if node.type in BINDERS:
            pattern = node.child_by_field_name("pattern") if node.type not in ("closure_parameters",) else node
            if node.type == "match_arm":
                pattern = node.child_by_field_name("pattern")
            names.update(_identifiers(pattern) if pattern is not None else ())
        stack.extend(node.named_children)
    memo[function.id] = found = frozenset(names)
    return found


def _identifiers(pattern: Node) -> list[bytes]:
    """Return the plain names under a pattern (``Some(x)``: ``Some`` too, harmlessly)."""
    out, stack = [], [pattern]
    while stack:
        node = stack.pop()
        if node.type in ("identifier", "shorthand_field_identifier") and node.text:
            out.append(node.text)
        stack.extend(node.named_children)
    return out
