"""Rust: what an operator gives. ``a & b`` is ``BitAnd::bitand(a, b)``, and the impl of that trait
for ``a``'s type says what it returns (``impl BitAnd for &FixedBitSet { type Output = FixedBitSet;
fn bitand(..) -> FixedBitSet }``). A ``let ab = &a & &b;`` is typed as that method's result,
written ``a.bitand()``: ``ab.contains(i)`` had reached nothing (fixedbitset: 42 of rustc's call
sites of ``contains``). A comparison or a logical operator gives a ``bool``: no type of the crate.

``Iterator::collect::<B>()`` gives its type argument (``fn collect<B: FromIterator<..>>(self) -> B``):
``let ab = a.union(&b).collect::<FixedBitSet>();`` is a ``FixedBitSet`` (fixedbitset: 16 sites)."""

from __future__ import annotations

from tree_sitter import Node

from maguyva_tui.core.parsing.facts import names

BINARY_METHODS: dict[str, str] = {
    "+": "add", "-": "sub", "*": "mul", "/": "div", "%": "rem",
    "&": "bitand", "|": "bitor", "^": "bitxor", "<<": "shl", ">>": "shr",
}
"""Each overloadable binary operator's method (``core::ops``)."""
UNARY_METHODS: dict[str, str] = {"-": "neg", "!": "not"}
"""Each overloadable unary operator's method; ``*`` reads through a reference (below)."""
WRAPPERS = frozenset({"reference_expression", "parenthesized_expression"})
"""Expressions whose value is their operand's, as far as its methods go (``&a``, ``(a)``)."""
MAX_DEPTH = 16
"""Nested operators read (``&(&a | &b) & &c``)."""


def collected(call: Node) -> str | None:
    """Return the type argument of a Rust ``.collect::<B>()`` call, ``None`` for any other call
    (a ``generic_function`` is Rust's alone)."""
    function = call.child_by_field_name("function")
    if function is None or function.type != "generic_function":
        return None
    method, arguments = function.child_by_field_name("function"), function.child_by_field_name("type_arguments")
    field = method.child_by_field_name("field") if method is not None and method.type == "field_expression" else None
    if field is None or field.text != b"collect" or arguments is None or arguments.named_child_count != 1:
        return None
    return names.type_name(arguments.named_children[0])


def operator_result(value: Node, depth: int = 0) -> str | None:
    """Return the type an operator expression gives, written as its method's call on its first
    operand (``a.bitand()``); ``None`` for any other value, an operator no trait names, or an
    operand that is no name."""
    if depth > MAX_DEPTH:
        return None
    operator = value.child_by_field_name("operator") if value.type == "binary_expression" else None
    if operator is not None:
        method = BINARY_METHODS.get(operator.type)
        operand = value.child_by_field_name("left")
    elif value.type == "unary_expression" and value.child_count == 2:
        method = UNARY_METHODS.get(value.children[0].type)
        operand = value.named_children[0] if value.named_child_count else None
    else:
        return None
    if method is None or operand is None:
        return None
    operand = _unwrapped(operand)
    if operand.type in ("binary_expression", "unary_expression"):
        inner = operator_result(operand, depth + 1)
        return f"{inner}.{method}()" if inner else None
    written = names.dotted(operand)
    if not written or names.UNKNOWN in written.split("."):
        return None
    return f"{written}.{method}()"


def _unwrapped(node: Node) -> Node:
    """Return what an operand reads through references, parentheses and dereferences (``&a``,
    ``(a)``, ``*a``)."""
    for _ in range(MAX_DEPTH):
        if node.type in WRAPPERS and node.named_child_count:
            node = node.named_children[-1]
        elif node.type == "unary_expression" and node.child_count == 2 and node.children[0].type == "*":
            node = node.named_children[0]
        else:
            break
    return node
