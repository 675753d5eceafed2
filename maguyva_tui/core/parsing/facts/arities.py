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

A method whose declarations in the file declare differing results records too ``<results>:`` each
count's result (``<results>:0=Routing|1=Jex``; ``?`` for a result no plain name says): what a call
of it gives is the result of the overload its argument count fits, where the call's count is
recorded (``<passed>``, ``generic_calls.py``): avaje-jex's ``routing().get(...)`` of ``Routing
routing()`` beside ``Jex routing(HttpService)`` is ``Routing.get``, as javac finds it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from tree_sitter import Node, Query, QueryCursor, Tree

from maguyva_tui.core.parsing.facts import names
from maguyva_tui.core.parsing.facts.marks import ARGS as ARGS
from maguyva_tui.core.parsing.facts.marks import ARITY as ARITY
from maguyva_tui.core.parsing.facts.marks import RESULTS as RESULTS
from maguyva_tui.core.parsing.facts.marks import SAM as SAM
from maguyva_tui.core.parsing.facts.marks import UNNAMED_RESULT as UNNAMED
from maguyva_tui.core.parsing.facts.marks import VARIADIC as VARIADIC
from maguyva_tui.core.parsing.facts.marks import fits as fits
from maguyva_tui.core.parsing.facts.marks import fitting_result as fitting_result
from maguyva_tui.core.parsing.languages import grammar
from maguyva_tui.core.store.facts import RefRow
from maguyva_tui.core.types import Symbol

_DECLARATIONS = """
(method_declaration type: (_) @type name: (identifier) @name parameters: (formal_parameters) @parameters)
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
    in the file take; and a ``<results>`` row for one whose declarations' results differ."""
    methods = {(s.name_line, s.name): s.qualname for s in symbols if s.kind == "method"}
    counts: dict[str, set[str]] = {}
    results: dict[str, set[tuple[str, str]]] = {}
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
        result = names.type_name(captured["type"][0]) or UNNAMED
        results.setdefault(qualname, set()).add((count, UNNAMED if "=" in result or "|" in result else result))
    rows: list[RefRow] = [("local", f"{ARITY}:{'|'.join(sorted(found))}", lines[q], q) for q, found in counts.items()]
    rows += single_abstract_methods(tree, symbols)
    return rows + [("local", f"{RESULTS}:{'|'.join(f'{c}={r}' for c, r in sorted(found))}", lines[q], q)
                   for q, found in results.items() if len({r for _, r in found}) > 1]


def single_abstract_methods(tree: Tree, symbols: Sequence[Symbol]) -> list[RefRow]:
    """Return a ``<sam>`` row for each Java interface of the file declaring one abstract method (no
    body, neither ``default``, ``static`` nor ``private``; overloads of one name count as two): junit's
    ``CallbackInvoker``, avaje-jex's ``ExchangeHandler``. An interface with none of its own (one that
    only extends another) gets none."""
    interfaces = {s.name_line: s.qualname for s in symbols if s.kind == "interface"}
    rows: list[RefRow] = []
    stack = [tree.root_node]
    while stack:
        node = stack.pop()
        stack.extend(node.named_children)
        name = node.child_by_field_name("name") if node.type == "interface_declaration" else None
        if name is None:
            continue
        body, qualname = node.child_by_field_name("body"), interfaces.get(name.start_point[0] + 1)
        if body is None or qualname is None:
            continue
        abstract = [m for m in body.named_children if m.type == "method_declaration"
                    and m.child_by_field_name("body") is None and not _concrete(m)]
        method = abstract[0].child_by_field_name("name") if len(abstract) == 1 else None
        if method is not None:
            rows.append(("local", f"{SAM}:{(method.text or b'').decode('utf-8', 'replace')}", name.start_point[0] + 1, qualname))
    return rows


def _concrete(method: Node) -> bool:
    """Tell whether a Java interface's method declared without a body is still no abstract one: a
    ``static`` or ``default`` method always has one, so this is only a grammar's error; also
    ``Object``'s methods an interface restates (``boolean equals(Object o);``), which a lambda does
    not implement."""
    modifiers = next((c for c in method.named_children if c.type == "modifiers"), None)
    written = (modifiers.text or b"").decode("utf-8", "replace").split() if modifiers is not None else []
    name = method.child_by_field_name("name")
    restated = name is not None and name.text in (b"equals", b"hashCode", b"toString")
    return restated or any(m in ("static", "default", "private") for m in written)
