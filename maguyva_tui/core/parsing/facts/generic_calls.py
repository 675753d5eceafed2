"""A generic function's result typed by the argument its type parameter comes from (TypeScript,
Java): ``difference<T>(a: T[], b: T[]): T[]`` called as ``difference(prev, next).forEach((o) =>
o.destroy())`` gives an array of what ``prev`` holds, ``<T> T get(Class<T> c)`` called as
``get(Obs.class).destroy()`` an ``Obs``. The declared result (``T[]``) names nothing, so those
calls had been tied to nothing (@tanstack/query-core's ``queriesObserver.ts``).

Two records, both ``local`` rows:

- a generic function whose result is declared as one of its parameters is (``T``, ``T[]``;
  Java's ``Class<T>`` for a result ``T``) binds ``<from>`` to that parameter's position in its own
  scope (``<from>:0``);
- a call whose result is used (called on, bound to a local of no declared type) binds ``<given>CALLEE`` to its first
  few arguments as the resolver names values (``<given>difference:this.prev,next``; ``?`` for an
  argument that is no name; a Java class literal ``Obs.class`` is ``Obs``), in the call's scope. The
  same callee given other arguments in the same scope reads ``?``: no guess between them.

A Java call whose result is used also binds ``<passed>CALLEE`` to how many arguments it passes, in its
scope (``<passed>routing:0``; left out where the same callee passes two counts there): the overload
it calls, and so what it gives, is the one that takes that many (avaje-jex's ``Routing routing()``
beside ``Jex routing(HttpService)``: ``routing().get(...)`` is a ``Routing``'s; ``arities.py``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from tree_sitter import Node, Tree

from maguyva_tui.core.parsing.facts import names
from maguyva_tui.core.parsing.facts.blocks import symbol_scope
from maguyva_tui.core.parsing.facts.marks import FROM as FROM
from maguyva_tui.core.parsing.facts.marks import GIVEN as GIVEN
from maguyva_tui.core.parsing.facts.marks import NOT_A_NAME as NOT_A_NAME
from maguyva_tui.core.parsing.facts.marks import PASSED as PASSED
from maguyva_tui.core.store.facts import RefRow
from maguyva_tui.core.types import Symbol

MAX_ARGUMENTS = 3
"""How many leading arguments a call records: a generic's typing parameter is nearly always among them."""

MAX_ARGUMENT = 64
"""The longest argument recorded, in characters (a longer member chain is ``?``)."""

_DECLARATIONS = {
    "typescript": frozenset({"function_declaration", "method_definition", "function_signature", "method_signature"}),
    "tsx": frozenset({"function_declaration", "method_definition", "function_signature", "method_signature"}),
    "java": frozenset({"method_declaration"}),
}
_CALLS = {"typescript": "call_expression", "tsx": "call_expression", "java": "method_invocation"}
_USED = frozenset({
    "member_expression", "variable_declarator", "non_null_expression",  # TypeScript
    "field_access", "method_invocation",  # Java
})
_NAMES = frozenset({"identifier", "this", "member_expression", "field_access", "property_identifier"})
_ARRAY = re.compile(r"^(?:Readonly)?Array<(.+)>$")
_SPACE = re.compile(r"\s+")


def generic_calls(tree: Tree, language: str, symbols: Sequence[Symbol], scope: Callable[[int], str | None],
                  kinds: Mapping[str, str], functions: frozenset[str]) -> list[RefRow]:
    """Return the ``<from>`` rows of a file's generic functions and the ``<given>`` rows of its
    calls whose result is used (``functions``: the symbol kinds a call's scope may be)."""
    declarations = _DECLARATIONS.get(language)
    if declarations is None:
        return []
    qualnames = {(s.name_line, s.name): s.qualname for s in symbols if s.kind in ("function", "method")}
    rows: list[RefRow] = []
    given: dict[tuple[str, str], tuple[str, int]] = {}
    passed: dict[tuple[str, str], tuple[int, int]] = {}
    call = _CALLS[language]
    stack = [tree.root_node]
    while stack:
        node = stack.pop()
        if node.type in declarations:
            _declared(node, qualnames, rows)
        elif node.type == call and node.parent is not None and node.parent.type in _USED and _result_used(node):
            _given(node, language, scope, kinds, functions, given)
            if language == "java":
                _passed(node, scope, kinds, functions, passed)
        stack.extend(node.named_children)
    rows += [("local", f"{GIVEN}{key}:{value}", line, where) for (where, key), (value, line) in given.items()]
    rows += [("local", f"{PASSED}{key}:{count}", line, where) for (where, key), (count, line) in passed.items()
             if count >= 0]
    return rows


def _result_used(node: Node) -> bool:
    """Tell whether a call's result is called on or bound to an untyped local (not the call's own
    callee; an assignment's target has its declared type)."""
    parent = node.parent
    if parent is None:
        return False
    if parent.type in ("member_expression", "field_access", "method_invocation"):
        return parent.child_by_field_name("object") == node
    if parent.type == "variable_declarator":  # a declared type types the local, not the call
        return parent.child_by_field_name("value") == node and not _declares_type(parent)
    return parent.type == "non_null_expression"


def _declares_type(declarator: Node) -> bool:
    """Tell whether a declaration writes its local's type (``const x: Obs = ...``, Java's ``Obs x =
    ...``; not ``var x = ...``)."""
    if declarator.child_by_field_name("type") is not None:  # TypeScript
        return True
    declaration = declarator.parent
    typed = declaration.child_by_field_name("type") if declaration is not None else None
    return typed is not None and typed.text != b"var"


def _declared(node: Node, qualnames: Mapping[tuple[int, str], str], rows: list[RefRow]) -> None:
    """Add ``<from>:N`` for a generic declaration whose result is its parameter ``N``'s type."""
    name = node.child_by_field_name("name")
    parameters = node.child_by_field_name("parameters")
    returned = node.child_by_field_name("return_type") or node.child_by_field_name("type")
    generic = node.child_by_field_name("type_parameters")
    if name is None or parameters is None or returned is None or generic is None:
        return
    qualname = qualnames.get((name.start_point[0] + 1, (name.text or b"").decode("utf-8", "replace")))
    if qualname is None:
        return
    declared = {_type_text(p.child_by_field_name("name") or p) for p in generic.named_children}
    result = _type_text(returned)
    if result.rstrip("[]") not in declared:
        return
    written = [p for p in parameters.named_children if not p.is_extra]
    for position, parameter in enumerate(written[:MAX_ARGUMENTS]):
        typed = parameter.child_by_field_name("type")
        text = _type_text(typed) if typed is not None else ""
        if text == result or text == f"Class<{result}>":
            rows.append(("local", f"{FROM}:{position}", name.start_point[0] + 1, qualname))
            return


def _type_text(node: Node) -> str:
    """Return a type as written, without spaces or a TypeScript annotation's colon; ``Array<T>`` as ``T[]``."""
    text = _SPACE.sub("", (node.text or b"").decode("utf-8", "replace")).removeprefix(":")
    array = _ARRAY.match(text)
    return f"{array.group(1)}[]" if array else text


def _given(node: Node, language: str, scope: Callable[[int], str | None], kinds: Mapping[str, str],
           functions: frozenset[str], given: dict[tuple[str, str], tuple[str, int]]) -> None:
    """Record one call's leading arguments under its callee, in its scope."""
    arguments = node.child_by_field_name("arguments")
    if arguments is None:
        return
    if language == "java":
        callee = names.invocation(node)
        line = (node.child_by_field_name("name") or node).start_point[0] + 1
    else:
        function = node.child_by_field_name("function")
        callee = names.dotted(function)
        line = node.end_point[0] + 1 if function is None else function.end_point[0] + 1
    if callee.startswith(NOT_A_NAME) or ":" in callee:
        return
    where = scope(line)
    if where is None or kinds.get(symbol_scope(where) or "") not in functions:
        return
    written = [_argument(a) for a in arguments.named_children if not a.is_extra][:MAX_ARGUMENTS]
    while written and written[-1] == NOT_A_NAME:
        written.pop()
    if not written:
        return
    value = ",".join(written)
    key = (where, callee)
    seen = given.get(key)
    given[key] = (value if seen is None or seen[0] == value else NOT_A_NAME, line if seen is None else seen[1])


def _passed(node: Node, scope: Callable[[int], str | None], kinds: Mapping[str, str], functions: frozenset[str],
            passed: dict[tuple[str, str], tuple[int, int]]) -> None:
    """Record how many arguments one Java call passes under its callee, in its scope (-1: two counts)."""
    arguments = node.child_by_field_name("arguments")
    callee = names.invocation(node)
    if arguments is None or callee.startswith(NOT_A_NAME) or ":" in callee:
        return
    line = (node.child_by_field_name("name") or node).start_point[0] + 1
    where = scope(line)
    if where is None or kinds.get(symbol_scope(where) or "") not in functions:
        return
    count = sum(1 for a in arguments.named_children if not a.is_extra)
    key = (where, callee)
    seen = passed.get(key)
    passed[key] = (count if seen is None or seen[0] == count else -1, line if seen is None else seen[1])


def _argument(node: Node) -> str:
    """Name an argument as the resolver names a value (``this.prev``; ``Obs.class``: ``Obs``)."""
    if node.type == "class_literal" and node.named_child_count:
        node = node.named_children[0]
        text = names.dotted(node)
    elif node.type in _NAMES:
        text = names.dotted(node)
    else:
        return NOT_A_NAME
    if text.startswith(NOT_A_NAME) or len(text) > MAX_ARGUMENT or any(c in text for c in ",:()<>[]?"):
        return NOT_A_NAME
    return text
