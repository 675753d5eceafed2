"""Java overloads across a class hierarchy: how many arguments a bare call passes, how many
parameters each method of a name takes.

The graph has one node per class and method name (a class's overloads are one node), so a bare call
``m(x)`` inside class ``C`` was tied to ``C.m`` whenever ``C`` declared any ``m``. javac picks the
overload whose parameters fit: jackson-core's ``GeneratorBase.writeStartObject(Object forValue)``
calls ``writeStartObject()``, which ``GeneratorBase`` does not declare (``JsonGenerator`` does), and
``ParserMinimalBase._reportError`` calls ``_constructError(msg)``, ``JsonParser``'s, where
``ParserMinimalBase`` declares only ``_constructError(String msg, Throwable t)``. Both were edges
to the calling class's own method (a recursion that is not there), and the method called missed
them.

A bare call records ``<args>NAME:N`` (``N`` arguments) as a ``local`` row of its line; each method
records ``<arity>:COUNTS`` in its own scope, the parameter counts of its declarations in the file
joined by ``|`` (``1|3``; a varargs declaration of ``N`` fixed parameters reads ``N+``). The graph
(``graph/link.py``) looks the call's method up in the class's bases while the method found declares
no count that fits; where none fits anywhere, the method found stays (arity is all that is
compared: two overloads of one count are told apart by nothing here).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from tree_sitter import Node, Query, QueryCursor, Tree

from maguyva_tui.core.parsing.languages import grammar
from maguyva_tui.core.store.facts import RefRow
from maguyva_tui.core.types import Symbol

ARGS = "<args>"
"""Starts the record of a bare call's argument count (``<args>writeString:1``)."""

ARITY = "<arity>"
"""The local name a method's parameter counts are bound to (``<arity>:0|1``)."""

VARIADIC = "+"
"""Ends a count of a varargs declaration: that many fixed parameters, or more arguments."""

_DECLARATIONS = """
(method_declaration name: (identifier) @name parameters: (formal_parameters) @parameters)
"""


@cache
def _query() -> Query:
    return Query(grammar("java"), _DECLARATIONS)


def argument_count(invocation: Node) -> int | None:
    """Return how many arguments a Java ``method_invocation`` passes (``None``: none written)."""
    arguments = invocation.child_by_field_name("arguments")
    if arguments is None:
        return None
    return sum(1 for node in arguments.named_children if not node.is_extra)  # a comment is no argument


def declared_arities(tree: Tree, symbols: Sequence[Symbol]) -> list[RefRow]:
    """Return one ``<arity>`` row per method qualname of a Java file: every count its declarations
    in the file take."""
    methods = {(s.name_line, s.name): s.qualname for s in symbols if s.kind == "method"}
    counts: dict[str, set[str]] = {}
    lines: dict[str, int] = {}
    for _, captured in QueryCursor(_query()).matches(tree.root_node):
        name, parameters = captured["name"][0], captured["parameters"][0]
        qualname = methods.get((name.start_point[0] + 1, (name.text or b"").decode("utf-8", "replace")))
        if qualname is None:
            continue
        written = [p for p in parameters.named_children if p.type in ("formal_parameter", "spread_parameter")]
        variadic = any(p.type == "spread_parameter" for p in written)
        count = f"{len(written) - 1}{VARIADIC}" if variadic else str(len(written))
        counts.setdefault(qualname, set()).add(count)
        lines.setdefault(qualname, name.start_point[0] + 1)
    return [("local", f"{ARITY}:{'|'.join(sorted(found))}", lines[q], q) for q, found in counts.items()]


def fits(arguments: int, declared: str) -> bool:
    """Tell whether a call of that many arguments fits one of a method's declared counts."""
    for count in declared.split("|"):
        if count.endswith(VARIADIC):
            if count[:-1].isdigit() and arguments >= int(count[:-1]):
                return True
        elif count.isdigit() and arguments == int(count):
            return True
    return False
