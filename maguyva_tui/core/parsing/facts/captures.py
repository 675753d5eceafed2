"""A query's captures in the order of the source: py-tree-sitter's ``QueryCursor.captures``
lists each capture's nodes in an order that changes from one process to the next (the same
order within one process; tree-sitter/py-tree-sitter#450), so the references read from them,
and the index files and tie orders built from those, had differed between two builds of the
same tree (sympy's ``core/basic.py`` parsed four times: four orders of the same 680 rows)."""

from __future__ import annotations

from tree_sitter import Node, QueryCursor


def sorted_captures(cursor: QueryCursor, root: Node) -> dict[str, list[Node]]:
    """Return ``cursor.captures(root)`` with each capture's nodes in document order: by start,
    an outer node before the inner one it shares its start with."""
    return {name: in_order(nodes) for name, nodes in cursor.captures(root).items()}


def in_order(nodes: list[Node]) -> list[Node]:
    """Return nodes in document order (start, then the longer first, then the outer first where
    two nodes span the same bytes)."""
    keys = [(node.start_byte << 32) - node.end_byte for node in nodes]  # each key read once
    if len(set(keys)) < len(keys):  # rare: a node and its only child, or two empty ones
        return sorted(nodes, key=_deep_span)
    return [nodes[i] for i in sorted(range(len(keys)), key=keys.__getitem__)]


def _deep_span(node: Node) -> tuple[int, int, int, str]:
    """Return a node's start, its end (the longer first), its depth (an ancestor first), its type."""
    depth, parent = 0, node.parent
    while parent is not None:
        depth, parent = depth + 1, parent.parent
    return node.start_byte, -node.end_byte, depth, node.type
