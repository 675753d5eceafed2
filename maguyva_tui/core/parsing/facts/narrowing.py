"""Narrowing: a PHP variable tested with ``instanceof`` is an instance of the class it is tested
against where the test holds (the body of ``if ($x instanceof Foo)``, of an ``elseif``, a ``match``
arm, a ternary's first branch; a test joined to others by ``&&``). A call on it there is read as
a call on that class (``$x->m()`` as ``Foo.m``): the resolver looks the method up on ``Foo``, as it
would for a variable bound to a ``Foo``, where the variable's own binding says nothing of the block.
league/csv's ``$sequence instanceof AbstractCsv => $sequence->getInputBOM()`` had been tied to
nothing."""

from __future__ import annotations

from tree_sitter import Node

from maguyva_tui.core.parsing.facts import names

GUARDED: dict[str, tuple[str, str]] = {
    "if_statement": ("condition", "body"),
    "else_if_clause": ("condition", "body"),
    "match_conditional_expression": ("conditional_expressions", "return_expression"),
    "conditional_expression": ("condition", "body"),
}
"""Nodes whose test holds in one part of them: node type to (the test's field, the part's field)."""

SCOPES = frozenset({"method_declaration", "function_definition", "anonymous_function", "arrow_function"})
"""Where a search for the test around a call stops: a closure's variable is another one."""

CONJUNCTIONS = frozenset({b"&&", b"and"})
"""Operators joining tests that all hold."""

CLASS_NAMES = frozenset({"name", "qualified_name"})
"""How the class an ``instanceof`` tests against is written (not a variable's class, ``$x instanceof $y``)."""


def narrowed_call(node: Node, name: str) -> str:
    """Return a PHP call's name with its receiver variable replaced by the class a test around the
    call narrows it to (``$x.m`` as ``Foo.m``); the name as it is where none does."""
    head, dot, rest = name.partition(".")
    if not head.startswith("$") or head == "$this" or not dot:
        return name
    typed = narrowed(node, head.encode())
    return f"{typed}.{rest}" if typed else name


def narrowed(node: Node, variable: bytes) -> str | None:
    """Return the class the innermost test around a node narrows a variable to, ``None`` for none."""
    child, holder = node, node.parent
    while holder is not None and holder.type not in SCOPES:
        fields = GUARDED.get(holder.type)
        part = holder.child_by_field_name(fields[1]) if fields is not None else None
        if fields is not None and part is not None and part.id == child.id:
            typed = tested(holder.child_by_field_name(fields[0]), variable)
            if typed:
                return typed
        child, holder = holder, holder.parent
    return None


def tested(test: Node | None, variable: bytes) -> str | None:
    """Return the class a test that holds says a variable is an instance of, ``None`` for none."""
    while test is not None and test.type in ("parenthesized_expression", "match_condition_list"):
        if test.named_child_count != 1:  # ``A, B => ...``: either may hold
            return None
        test = test.named_children[0]
    if test is None or test.type != "binary_expression":
        return None
    operator = test.child_by_field_name("operator")
    left, right = test.child_by_field_name("left"), test.child_by_field_name("right")
    if operator is None or left is None or right is None:
        return None
    if operator.text in CONJUNCTIONS:
        return tested(left, variable) or tested(right, variable)
    if operator.text == b"instanceof" and left.type == "variable_name" and left.text == variable \
            and right.type in CLASS_NAMES:
        return names.type_name(right)
    return None
