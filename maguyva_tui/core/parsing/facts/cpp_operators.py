"""C++: an operator written on a value of a class that overloads it is a call of that operator.
``buffer[i]`` with ``template <typename T> class Vector { T& operator[](int index) const; }`` calls
``Vector::operator[]``, as ``a == b`` calls ``a``'s ``operator==`` and ``m_last = tok`` its
``operator=``: double-conversion's "who calls Vector::operator[]" had listed none of clang's 64
sites. Each is recorded as a call of the operand's member (``buffer.operator[]``), on the
operator's line; the graph keeps the ones that reach a method of the project and drops the rest
(an ``int``'s ``i < n``, a ``std::vector``'s ``v[i]``: no site, no unresolved name;
``graph/link.py``). A free ``operator==(const A&, const A&)`` is not looked up."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from tree_sitter import Node

from maguyva_tui.core.parsing.facts import names
from maguyva_tui.core.parsing.facts.marks import OPERATOR as OPERATOR
from maguyva_tui.core.parsing.facts.marks import is_operator as is_operator

NOT_OVERLOADED = frozenset({"&&", "||", ","})
"""Operators whose overloads are rare enough that every use is left unread (``a && b``)."""
OPERANDS = frozenset({"identifier", "field_expression", "qualified_identifier", "call_expression",
                      "subscript_expression", "parenthesized_expression", "pointer_expression"})
"""What an operand read as a name is written as (``a``, ``this->a``, ``ns::a``, ``a[i]``, ``*this``,
``tok.GetFuncAddr()``); a literal, another operator and ``this`` (a pointer: ``this == &rhs``
compares addresses) are not read."""


def operator_calls(nodes: Sequence[Node], scope: Callable[[int], str | None]
                   ) -> list[tuple[str, str, int, str | None]]:
    """Return the call rows of the operators whose first operand ``nodes`` holds (the captures of
    ``subscript_expression``'s argument, ``binary_expression``'s and ``assignment_expression``'s
    left side, a cast's value: ``(unsigned short)w`` and ``static_cast<unsigned short>(w)`` call
    ``w``'s ``operator unsigned short``, hunspell's ``w_char``'s)."""
    rows = []
    for operand in nodes:
        expression = operand.parent
        if expression is None or operand.type not in OPERANDS:
            continue
        if expression.type == "subscript_expression":
            written, at = "[]", expression.child_by_field_name("indices")
        elif expression.type in ("cast_expression", "argument_list"):  # (unsigned short)w: w's conversion
            written, at = _converted_to(expression), operand
        else:
            at = expression.child_by_field_name("operator")
            written = at.type if at is not None else ""
        if at is None or not written or written in NOT_OVERLOADED:
            continue
        name = _dereferenced(operand) if expression.type != "subscript_expression" else None
        name = name or names.dotted(operand)
        if not name or names.UNKNOWN in name.split("."):
            continue
        line = at.start_point[0] + 1
        rows.append(("call", f"{name}.{OPERATOR}{written}", line, scope(line)))
    return rows


def _dereferenced(operand: Node) -> str | None:
    """Return how a compared or assigned ``*it`` is written: an element of what ``it`` names
    (``it[i]``: an iterator's or a pointer's, hunspell's ``*p != *q`` of ``w_char`` iterators
    compares two ``w_char``), ``this`` for ``*this``; ``None`` for any other operand."""
    while operand.type == "parenthesized_expression" and operand.named_child_count == 1:
        operand = operand.named_children[0]
    first = operand.child(0) if operand.type == "pointer_expression" else None
    if first is None or first.type != "*":
        return None
    pointer = operand.child_by_field_name("argument")
    if pointer is not None and pointer.type == "this":
        return "this"
    held = names.dotted(pointer)
    return None if names.UNKNOWN in held.split(".") or held.endswith(("()", names.ELEMENT)) else held + names.ELEMENT


CONVERTED = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:(?:::| )[A-Za-z_][A-Za-z0-9_]*)*")
"""A type a conversion operator is looked up for (``unsigned short``, ``ns::Id``); a pointer, a
reference or a template's type is not."""


def _converted_to(expression: Node) -> str:
    """Return the `` type`` a cast converts to, written as its conversion operator's name ends
    (`` unsigned short`` of ``operator unsigned short``); empty for any other expression."""
    if expression.type == "argument_list":  # static_cast<T>(w): its first argument's
        call = expression.parent
        function = call.child_by_field_name("function") if call is not None else None
        if function is None or function.type != "template_function":
            return ""
        name = function.child_by_field_name("name")
        if name is None or name.text != b"static_cast" or expression.named_child_count != 1:
            return ""
        arguments = function.child_by_field_name("arguments")
        typed = arguments.named_children[0] if arguments is not None and arguments.named_child_count == 1 else None
    else:
        typed = expression.child_by_field_name("type")
    text = " ".join((typed.text or b"").decode("utf-8", "replace").split()) if typed is not None else ""
    return " " + text if CONVERTED.fullmatch(text) else ""
