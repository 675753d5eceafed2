"""Rust: what a type alias names. ``type Alias = Shape;`` and an impl's associated type (``impl
Iterator for Utf8Components { type Item = Utf8Component; fn next(&mut self) -> Option<Self::Item> }``)
had typed nothing: camino's ``self.inner.next().map(|c| c.as_str())`` reached no ``as_str``. Each is
a ``local`` record of the scope the alias is declared in, the impl's type for an associated one:
``("local", "Item:Utf8Component", 1330, "Utf8Components")``, read by the resolver's ``type_alias``.
It is no ``inherit`` record: the type is not listed among the implementers of anything."""

from __future__ import annotations

from tree_sitter import Node, Tree

from maguyva_tui.core.parsing.facts import names
from maguyva_tui.core.store.facts import RefRow


def alias_types(tree: Tree, declared: dict[tuple[int, str], str]) -> list[RefRow]:
    """Return a record of each type alias naming a plain type (``declared``: the qualname of each
    symbol by its name's line and its name)."""
    out: list[RefRow] = []
    stack = [tree.root_node]
    while stack:
        node = stack.pop()
        if node.type == "type_item":
            out += _alias(node, declared)
            continue
        if node.type in ("source_file", "declaration_list", "mod_item", "impl_item"):
            stack.extend(node.named_children)
    return out


def _alias(node: Node, declared: dict[tuple[int, str], str]) -> list[RefRow]:
    name, value = node.child_by_field_name("name"), node.child_by_field_name("type")
    if name is None or value is None or node.child_by_field_name("type_parameters") is not None:
        return []
    written = (name.text or b"").decode("utf-8", "replace")
    line = name.start_point[0] + 1
    qualname = declared.get((line, written))
    typed = names.type_name(value)
    if qualname is None or not typed or typed == written:
        return []
    return [("local", f"{written}:{typed}", line, qualname.rpartition(".")[0] or None)]
