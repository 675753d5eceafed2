"""Go type arguments, kept beside the bindings that read a generic type as its name alone
(``t *BTreeG[Item]`` binds ``t:BTreeG``): what a generic method's result (``func (t *BTreeG[T])
Min() (T, bool)``) is, for one value, is the argument its receiver was given (``item, _ :=
t.Min(); item.Less(x)``: an ``Item``'s ``Less``). tidwall/btree's ``Map[K, V]`` values had
reached nothing. Three records, all ``local`` rows:

- ``<tparams>:K,V`` in a generic function's scope, or a method's whose receiver is generic
  (``func (m *Map[K, V]) Get``): its type parameters in order;
- ``<args>NAME:string,*Item`` in the scope of a parameter, receiver, named or unnamed result
  (``<return>``, ``<return>#1``) or ``var`` whose declared type is generic: the arguments as
  written, without spaces;
- ``<targs>NAME:string,*Map[string,Item]`` for a local bound by a call given explicit type
  arguments (``cols := NewMap[string, *Map[string, Item]](4)``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tree_sitter import Node, Tree

from maguyva_tui.core.parsing.facts import names
from maguyva_tui.core.parsing.facts.marks import ARGUMENTS as ARGUMENTS
from maguyva_tui.core.parsing.facts.marks import CALL_ARGUMENTS as CALL_ARGUMENTS
from maguyva_tui.core.parsing.facts.marks import CALLED as CALLED
from maguyva_tui.core.parsing.facts.marks import GO_TYPE_PARAMETERS as TYPE_PARAMETERS
from maguyva_tui.core.parsing.facts.marks import head_type as head_type
from maguyva_tui.core.parsing.facts.marks import split_arguments as split_arguments
from maguyva_tui.core.store.facts import RefRow

MAX_TEXT = 160
"""The longest argument list kept, in characters."""

_SPACE = re.compile(r"\s+")
_RESULT = "<return>"
_NTH = "#"


def go_type_arguments(tree: Tree, language: str, scope: Callable[[int], str | None]) -> list[RefRow]:
    """Return a Go file's ``<tparams>``, ``<args>`` and ``<targs>`` rows (none for another language)."""
    if language != "go":
        return []
    rows: list[RefRow] = []
    stack = [tree.root_node]
    while stack:
        node = stack.pop()
        kind = node.type
        if kind in ("function_declaration", "method_declaration"):
            _declaration(node, scope, rows)
        elif kind == "var_spec":
            typed = node.child_by_field_name("type")
            arguments = _arguments(typed)
            if arguments:
                for name in node.children_by_field_name("name"):
                    _row(rows, f"{ARGUMENTS}{_text(name)}", arguments, name, scope)
        elif kind == "short_var_declaration":
            _instantiated(node, scope, rows)
        stack.extend(node.named_children)
    return rows


def _declaration(node: Node, scope: Callable[[int], str | None], rows: list[RefRow]) -> None:
    """Add a function's or method's ``<tparams>`` and its parameters' and results' ``<args>``."""
    name = node.child_by_field_name("name")
    if name is None:
        return
    parameters: list[str] = []
    generic = node.child_by_field_name("type_parameters")
    if generic is not None:
        for declaration in generic.named_children:
            parameters += [_text(n) for n in declaration.children_by_field_name("name")]
    receiver = node.child_by_field_name("receiver")
    if receiver is not None:
        for declaration in receiver.named_children:
            written = _arguments(declaration.child_by_field_name("type"))
            parameters += [p for p in split_arguments(written) if p.isidentifier()]
    if parameters:
        _row(rows, TYPE_PARAMETERS, ",".join(parameters), name, scope)
    for field in ("receiver", "parameters"):
        listed = node.child_by_field_name(field)
        for declaration in listed.named_children if listed is not None else ():
            typed = declaration.child_by_field_name("type")
            if typed is not None and typed.type == "function_type":
                for named in declaration.children_by_field_name("name"):
                    _results(rows, f"{CALLED}{_text(named)}", typed, name, scope)
            arguments = _arguments(typed)
            if arguments:
                for named in declaration.children_by_field_name("name"):
                    _row(rows, f"{ARGUMENTS}{_text(named)}", arguments, name, scope)
    result = node.child_by_field_name("result")
    if result is None:
        return
    if result.type != "parameter_list":
        arguments = _arguments(result)
        if arguments:
            _row(rows, f"{ARGUMENTS}{_RESULT}", arguments, name, scope)
        return
    position = 0
    for declaration in result.named_children:
        if declaration.type != "parameter_declaration":
            continue
        arguments = _arguments(declaration.child_by_field_name("type"))
        results: list[Node | None] = [*declaration.children_by_field_name("name")] or [None]
        for each in results:
            if arguments:
                key = _RESULT if position == 0 else f"{_RESULT}{_NTH}{position}"
                _row(rows, f"{ARGUMENTS}{key}", arguments, name, scope)
                if each is not None:
                    _row(rows, f"{ARGUMENTS}{_text(each)}", arguments, name, scope)
            position += 1


def _instantiated(node: Node, scope: Callable[[int], str | None], rows: list[RefRow]) -> None:
    """Add ``<targs>`` for the locals a call given explicit type arguments binds (``m :=
    NewMap[string, int](4)``; ``a, b := f[T](x)``)."""
    left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
    if left is None or right is None or right.named_child_count != 1:
        return
    value = right.named_children[0]
    written = ""
    if value.type == "type_conversion_expression":  # the grammar's reading of f[A, B](x)
        written = _arguments(value.child_by_field_name("type"))
    elif value.type == "call_expression":
        arguments = value.child_by_field_name("type_arguments")
        function = value.child_by_field_name("function")
        if arguments is not None:
            written = _list(arguments)
        elif function is not None and function.type == "index_expression":  # f[A](x)
            index = function.child_by_field_name("index")
            written = _compact(index) if index is not None else ""
    if value.type == "func_literal" and left.named_child_count == 1:  # ``f := func(x T) *R {...}``
        literal = f".{{{value.start_point[0] + 1}}}"  # the literal's own block, not where f is bound

        def outside(line: int) -> str | None:
            where = scope(line)
            return where[: -len(literal)] if where and where.endswith(literal) else where

        _results(rows, f"{CALLED}{_text(left.named_children[0])}", value, left, outside)
    if not written:
        return
    for named in left.named_children:
        if named.type == "identifier" and named.text != b"_":
            _row(rows, f"{CALL_ARGUMENTS}{_text(named)}", written, named, scope)


def _results(rows: list[RefRow], name: str, function: Node, node: Node, scope: Callable[[int], str | None]) -> None:
    """Add what calling a value of a function type or literal gives: its first result under
    ``name``, a later one under ``name#N``."""
    result = function.child_by_field_name("result")
    if result is None:
        return
    written = [result] if result.type != "parameter_list" else [
        d.child_by_field_name("type") for d in result.named_children if d.type == "parameter_declaration"
        for _ in (d.children_by_field_name("name") or [d])]
    for position, typed in enumerate(written):
        declared = names.type_name(typed) if typed is not None else None
        if declared and declared.replace(".", "").isidentifier():
            _row(rows, name if position == 0 else f"{name}{_NTH}{position}", declared, node, scope)


def _arguments(typed: Node | None) -> str:
    """Return a declared generic type's arguments as written (``*Map[K, V]``: ``K,V``), ``""`` for
    another type."""
    while typed is not None and typed.type in ("pointer_type", "parenthesized_type") and typed.named_child_count:
        typed = typed.named_children[0]
    if typed is None or typed.type != "generic_type":
        return ""
    arguments = typed.child_by_field_name("type_arguments")
    return _list(arguments) if arguments is not None else ""


def _list(arguments: Node) -> str:
    """Return a ``type_arguments`` node's arguments, comma-joined, without spaces."""
    text = ",".join(_compact(a) for a in arguments.named_children)
    return text if len(text) <= MAX_TEXT else ""


def _compact(node: Node) -> str:
    """Return a node's text without spaces."""
    return _SPACE.sub("", _text(node))


def _text(node: Node) -> str:
    """Return a node's text."""
    return (node.text or b"").decode("utf-8", "replace")


def _row(rows: list[RefRow], name: str, value: str, node: Node, scope: Callable[[int], str | None]) -> None:
    """Append one ``local`` row at a node's line, in that line's scope."""
    if not value or ":" in value:
        return
    line = node.start_point[0] + 1
    rows.append(("local", f"{name}:{value}", line, scope(line)))
