"""Go's receiver type parameters: ``T`` in ``func (l *List[T]) Add(v T)`` is declared by the
receiver, not by a type parameter list, and names no type of the repository. Read as a reference,
each had counted as unresolved (about 235 in emirpasic/gods); a generic's own ``[T any]`` was
already no reference (``extract._generic_scopes``)."""

from __future__ import annotations

from functools import cache

from tree_sitter import Node, Query, QueryCursor, Tree

from maguyva_tui.core.parsing.facts.captures import sorted_captures
from maguyva_tui.core.parsing.languages import grammar

_GO_RECEIVERS = "(method_declaration receiver: (parameter_list) @receiver)"


@cache
def _query() -> Query:
    """Compile the query of Go's method receivers once per process."""
    return Query(grammar("go"), _GO_RECEIVERS)


def receiver_type_parameters(tree: Tree, language: str, spans: dict[str, list[tuple[int, int]]]) -> None:
    """Add to ``spans`` (a type parameter's name to the byte spans of the declarations giving it)
    each Go method's receiver type parameters, over the method's span."""
    if language != "go":
        return
    for receiver in sorted_captures(QueryCursor(_query()), tree.root_node).get("receiver", []):
        method = receiver.parent
        if method is None:
            continue
        for name in _parameters(receiver):
            spans.setdefault(name, []).append((method.start_byte, method.end_byte))


def _parameters(receiver: Node) -> list[str]:
    """Return the names a receiver's generic type binds (``l *List[T]``: ``T``)."""
    found = []
    for declaration in receiver.named_children:
        typed = declaration.child_by_field_name("type")
        if typed is not None and typed.type == "pointer_type" and typed.named_child_count:
            typed = typed.named_children[0]
        if typed is None or typed.type != "generic_type":
            continue
        for arguments in typed.named_children:
            if arguments.type != "type_arguments":
                continue
            for element in arguments.named_children:
                inner = element.named_children[0] if element.type == "type_elem" and element.named_child_count else element
                if inner.type == "type_identifier" and inner.text:
                    found.append(inner.text.decode("utf-8", "replace"))
    return found
