"""Python parameters typed by what their own file's calls pass (jedi's dynamic parameters, bounded).

A parameter declared with no type, or with ``Any``, takes the types its function's calls in the same
file pass at its position (or by its name): pypika's ``Not(self)`` in a method of ``Term`` makes
``Not.__init__``'s ``term: Any`` a ``Term``, so ``self.term.get_sql()`` (``self.term = term``)
calls ``Term.get_sql``, as jedi reads it. One pass, no fixpoint: an argument's type is one the
call's own scope already knows, written so the callee's scope reads it the same, or nothing:

- ``self`` in a method: the method's class (``Term``);
- a plain dotted name called (``Foo()``, ``Term.wrap_constant()``, ``self.wrap_constant()`` read
  as the caller's class's), its first name the file's own or imported;
- a local of the caller bound so (``x = Foo()``, ``x: Foo``).

A call is tied to its function by how it is written: ``f(...)`` (a function of the file, or one
nested beside the caller), ``Foo(...)`` (``Foo.__init__``), ``self.m(...)`` and ``cls.m(...)``
(the caller's class's own ``m``), ``Foo.m(...)``; a bound call skips the method's ``self``/``cls``.
Where the calls pass different types the parameter is their union (``UNION_TYPE``), each one's
method reached, as jedi lists them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping

from tree_sitter import Node

from maguyva_tui.core.parsing.facts import names

ANY_TYPES = frozenset({"Any", "typing.Any", "t.Any"})
"""Declared types that say nothing of a parameter: jedi reads such a one from its calls too."""

PARAMETER_HOLDERS = frozenset({"parameters", "default_parameter", "typed_parameter", "typed_default_parameter"})
"""Where a Python parameter's name sits: right in the list, or in a parameter with a default or a type."""

STARRED = frozenset({"list_splat_pattern", "keyword_separator", "dictionary_splat_pattern"})
"""A list's entries after which no parameter takes a position (``*args``, ``*``, ``**kwargs``)."""

PASSED_VALUE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*(?:\(\))?")
"""An argument's type kept: a plain dotted name, or one called (``Foo``, ``Foo()``, ``Term.wrap_constant()``)."""

CLASS_KINDS = frozenset({"class"})
FUNCTION_KINDS = frozenset({"function", "method"})

MAX_PASSED = 4
"""The most types a parameter takes from its calls: more say little and each costs every read of it."""

EVERY = False
"""Whether a parameter is typed only where every call of it in its file passes a known type (else
the calls that do type it)."""

Parameter = tuple[str, str, int, int]
"""A parameter the calls may type: its scope, its name, its byte offset, its line."""


def parameter_place(node: Node) -> tuple[int | None, str] | None:
    """Return where a Python parameter's name sits in its function's list: its position (``None``
    after ``*``/``*args``) and how its function is called (``"function"``, ``"method"``,
    ``"static"``, ``"class"``); ``None`` for a name that is no such parameter."""
    holder = node if node.parent is not None and node.parent.type == "parameters" else node.parent
    listed = holder.parent if holder is not None else None
    if holder is None or listed is None or listed.type != "parameters" or holder.type not in PARAMETER_HOLDERS | {"identifier"}:
        return None
    position: int | None = 0
    for child in listed.named_children:
        if child.id == holder.id:
            break
        if child.type in STARRED:
            position = None
        elif position is not None and child.type != "positional_separator":
            position += 1
    function = listed.parent
    if function is None or function.type != "function_definition":
        return None
    decorated = function.parent if function.parent is not None and function.parent.type == "decorated_definition" else None
    body = (decorated or function).parent
    if body is None or body.parent is None or body.parent.type != "class_definition":
        return position, "function"
    written = {(d.named_children[0].text or b"") for d in (decorated.named_children if decorated else ())
               if d.type == "decorator" and d.named_child_count}
    if b"staticmethod" in written:
        return position, "static"
    return position, "class" if b"classmethod" in written else "method"


class Passed:
    """The parameters of one file its calls may type, and the types its calls pass them."""

    __slots__ = ("matched", "places", "scopes")

    def __init__(self) -> None:
        self.matched: list[tuple[Node, Parameter, str, str | None]] | None = None
        """The arguments passed to the parameters (``match``), found on the first pass."""
        self.places: dict[str, tuple[str, dict[int, Parameter], dict[str, Parameter]]] = {}
        """Function qualname to how it is called, its parameters by position, by name."""
        self.scopes: set[str] = set()
        """The functions two definitions share (a property's setter, ``@overload``): left alone."""

    def note(self, function: str, scope: str, node: Node, bound: str, offset: int, line: int) -> None:
        """Remember a parameter without a useful declared type (``function``: the qualname of the
        function whose ``scope`` holds it)."""
        place = parameter_place(node)
        if place is None or function in self.scopes:
            return
        position, how = place
        known = self.places.get(function)
        if known is not None and known[2].get(bound, (scope,))[0] != scope:
            self.scopes.add(function)  # a second definition of one qualname: which is called is not told
            del self.places[function]
            return
        if known is None:
            known = self.places[function] = (how, {}, {})
        parameter = (scope, bound, offset, line)
        if position is not None:
            known[1][position] = parameter
        known[2][bound] = parameter

    def match(self, calls: Iterable[tuple[Node, str]], scope: Callable[[int], str | None],
              kinds: Mapping[str, str]) -> list[tuple[Node, Parameter, str, str | None]]:
        """Return each argument of the file's calls (each callee and its dotted name) passed to a
        remembered parameter: the argument, the parameter, the call's scope and the class of the
        method it is in."""
        wanted = {function.rpartition(".")[2] for function in self.places}
        wanted |= {function.rpartition(".")[0].rpartition(".")[2] for function in self.places
                   if function.endswith(".__init__")} | {"cls"}
        found: list[tuple[Node, Parameter, str, str | None]] = []
        for callee, written in calls:
            if written.rpartition(".")[2] not in wanted:  # most calls, told without reading their nodes
                continue
            call = callee.parent
            if call is None or call.type != "call" or callee.type not in ("identifier", "attribute"):
                continue
            arguments = call.child_by_field_name("arguments")
            line = callee.start_point[0] + 1
            caller = scope(line) or ""
            owner = _owner(caller, kinds)
            target = _target(written, caller, owner, kinds, self.places)
            if target is None or arguments is None or arguments.type != "argument_list":
                continue
            _, positions, named = self.places[target[0]]
            found += [(argument, parameter, caller, owner)
                      for argument, parameter in _matched(arguments, target[1], positions, named)]
        return found

    def types(self, calls: Iterable[tuple[Node, str]], scope: Callable[[int], str | None], kinds: Mapping[str, str],
              defined: frozenset[str], bound_type: Callable[[str, str], str | None],
              made: Callable[[Node], str | None]) -> dict[Parameter, str]:
        """Return the type each remembered parameter takes from the file's calls (each callee and
        its dotted name; ``scope``: a
        line's scope; ``kinds``: the file's qualnames' kinds; ``defined``: its top-level and imported
        names; ``bound_type``: the one type a name is bound to in a scope, if any; ``made``: the
        type a value is, ``bindings.value_type``)."""
        if not self.places:
            return {}
        if self.matched is None:
            self.matched = self.match(calls, scope, kinds)
        passed: dict[Parameter, list[str | None]] = {}
        for argument, parameter, caller, owner in self.matched:
            typed = _argument_type(argument, caller, owner, defined, bound_type, made)
            passed.setdefault(parameter, []).append(typed)
        found: dict[Parameter, str] = {}
        for parameter, types in passed.items():
            known = [t for t in dict.fromkeys(types) if t]
            if not known or (EVERY and None in types) or len(known) > MAX_PASSED:
                continue
            found[parameter] = names.UNION_TYPE.join(sorted(known))
        return found


def _owner(scope: str, kinds: Mapping[str, str]) -> str | None:
    """Return the class a scope's method belongs to (the method's, or an enclosing one's)."""
    parts = scope.split(".")
    while len(parts) > 1:
        parts.pop()
        if kinds.get(".".join(parts)) in CLASS_KINDS:
            return ".".join(parts)
    return None


def _target(written: str, caller: str, owner: str | None, kinds: Mapping[str, str],
            places: Mapping[str, tuple[str, dict[int, Parameter], dict[str, Parameter]]]) -> tuple[str, int] | None:
    """Return the function a call written so calls, and how many of its parameters the call skips
    (a bound method's ``self``); ``None`` where it is none whose parameters are remembered."""
    head, dot, member = written.rpartition(".")
    if written == "cls" and owner:  # a classmethod's cls(...): its class's __init__
        init = f"{owner}.__init__"
        return (init, 1) if init in places and places[init][0] == "method" else None
    if not dot:  # f(...): the innermost function or class of that name around the caller
        parts = caller.split(".") if caller else []
        while True:
            qualname = ".".join([*parts, written])
            kind = kinds.get(qualname)
            if kind in FUNCTION_KINDS:
                return (qualname, 0) if qualname in places and places[qualname][0] == "function" else None
            if kind in CLASS_KINDS:
                init = f"{qualname}.__init__"
                return (init, 1) if init in places and places[init][0] == "method" else None
            if not parts:
                return None
            parts.pop()
    if head in ("self", "cls"):
        qualname = f"{owner}.{member}" if owner else ""
        if qualname not in places:
            return None
        how = places[qualname][0]
        return qualname, 0 if how == "static" or (head == "cls" and how == "method") else 1
    if kinds.get(head) in CLASS_KINDS and f"{head}.{member}" in places:
        how = places[f"{head}.{member}"][0]
        return f"{head}.{member}", 1 if how == "class" else 0
    return None


def _matched(arguments: Node, skipped: int, positions: Mapping[int, Parameter],
             named: Mapping[str, Parameter]) -> Iterable[tuple[Node, Parameter]]:
    """Yield each argument of a call with the remembered parameter it is passed to."""
    position = skipped
    for argument in arguments.named_children:
        kind = argument.type
        if kind == "keyword_argument":
            name = argument.child_by_field_name("name")
            value = argument.child_by_field_name("value")
            parameter = named.get((name.text or b"").decode("utf-8", "replace")) if name is not None else None
            if parameter is not None and value is not None:
                yield value, parameter
            continue
        if kind in ("list_splat", "dictionary_splat", "parenthesized_list_splat"):
            return  # ``f(*xs)``: no later argument's position is known
        if kind == "comment":
            continue
        parameter = positions.get(position)
        if parameter is not None:
            yield argument, parameter
        position += 1


def _argument_type(argument: Node, caller: str, owner: str | None, defined: frozenset[str],
                   bound_type: Callable[[str, str], str | None], made: Callable[[Node], str | None]) -> str | None:
    """Return an argument's type written so that any scope of the file reads it the same; ``None``
    where it is not known so."""
    kind = argument.type
    if kind == "identifier":
        text = (argument.text or b"").decode("utf-8", "replace")
        if text in ("self", "cls"):
            return owner if text == "self" else None
        typed = bound_type(caller, text) if text not in defined else None
    elif kind == "call":
        typed = made(argument)
    else:
        return None
    if not typed:
        return None
    kept = []
    for member in typed.split(names.UNION_TYPE):
        if not PASSED_VALUE.fullmatch(member) or member in ANY_TYPES:
            return None
        head, dot, rest = member.partition(".")
        head = head.removesuffix("()")
        if head in ("self", "cls") and owner and (dot or head == "cls"):
            member = f"{owner}.{rest}" if dot else f"{owner}()"  # cls(): an instance of the method's class
        elif head not in defined:
            return None
        kept.append(member)
    return names.UNION_TYPE.join(kept)
