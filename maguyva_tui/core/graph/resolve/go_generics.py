"""Go generics: what a generic method's or function's result is for one call, where it is declared
as a type parameter (``func (t *BTreeG[T]) Min() (T, bool)``; ``func (m *Map[K, V]) Get(k K) (V,
bool)``): the type argument the receiver's value was given (``t *BTreeG[Item]``; ``m :=
NewMap[string, *Map[string, Item]](4)``, carried through ``m.Copy()``'s ``*Map[K, V]``). The
records are ``go_type_arguments.py``'s; tidwall/btree's ``col, _ := cols.Get(k); col.Len()`` had
reached nothing. An argument is resolved where it is written: its text, file and scope."""

from __future__ import annotations

from typing import Protocol

from maguyva_tui.core.graph.resolve.base import UNRESOLVED
from maguyva_tui.core.graph.tables import FileIndex, split_id
from maguyva_tui.core.parsing.facts.marks import (
    ARGUMENTS,
    CALL_ARGUMENTS,
    CALLED,
    NTH_RESULT,
    RETURN,
    head_type,
    split_arguments,
)
from maguyva_tui.core.parsing.facts.marks import GO_TYPE_PARAMETERS as TYPE_PARAMETERS


class Resolver(Protocol):
    """What of the resolver this module asks (``resolver.Resolver``, which imports it)."""

    depth: int

    def file(self, path: str) -> FileIndex | None:
        """Return a file's index."""

    def resolve(self, index: FileIndex, scope: str | None, name: str, call: bool = False,
                invoked: bool = False) -> str:
        """Resolve a dotted name written in a scope of a file."""

    def is_symbol(self, target: str) -> bool:
        """Tell whether a target is a symbol of the repository."""

    def instance(self, index: FileIndex, typed: str, scope: str | None = None) -> str:
        """Resolve what a binding's type names."""

    def _deeper(self) -> bool:
        """Go one level deeper; tell when that is too deep."""

Argument = tuple[str, str, "str | None"]
"""A type argument as written, with the file and scope it is written in."""

MAX_HOPS = 6
"""How many bindings and calls a value's type arguments are followed through."""


def substituted(r: Resolver, index: FileIndex, scope: str | None, callee: str, target: str, key: str = RETURN) -> str:
    """Type a Go call's result (``key``: ``<return>``, ``<return>#1``) declared as one of the
    callee's type parameters by the argument its receiver was given; unresolved where not known."""
    if index.language != "go" or not r.is_symbol(target):
        return UNRESOLVED
    receiver = callee.rpartition(".")[0]
    given = value_arguments(r, index, scope, receiver, MAX_HOPS) if receiver else None
    chosen = _chosen(r, target, key, given) if given else None
    if chosen is None:
        return UNRESOLVED
    text, path, where = chosen
    declaring = r.file(path)
    name = head_type(text)[0]
    if declaring is None or not name or not r._deeper():
        return UNRESOLVED
    try:
        return r.instance(declaring, name, where)
    finally:
        r.depth -= 1


def _chosen(r: Resolver, target: str, key: str, given: list[Argument]) -> Argument | None:
    """Return the argument a callee's result (``key``) is declared as, among those ``given`` for
    its type parameters; ``None`` where the result is no type parameter."""
    path, qualname = split_id(target)
    declaring = r.file(path)
    bound = declaring.locals.get(qualname, {}) if declaring is not None else {}
    parameters = bound.get(TYPE_PARAMETERS, "").split(",")
    returned = head_type(bound.get(key, ""))[0]
    if not returned or returned not in parameters:
        return None
    position = parameters.index(returned)
    return given[position] if position < len(given) else None


def value_arguments(r: Resolver, index: FileIndex, scope: str | None, written: str, hops: int) -> list[Argument] | None:
    """Return the type arguments of a value written as a local's name or a call (``cols.Copy()``),
    each where it is written; ``None`` where not known."""
    if hops <= 0 or not written:
        return None
    if written.endswith("()") or "()" + NTH_RESULT in written:
        return _result_arguments(r, index, scope, written, None, hops)
    if "." in written or "(" in written or "[" in written:
        return None
    where = scope
    while True:
        bound = index.locals.get(where, {}) if where else index.globals
        if written in bound or ARGUMENTS + written in bound or CALL_ARGUMENTS + written in bound:
            break
        if not where:
            return None
        where = where.rpartition(".")[0] or None
    arguments = bound.get(ARGUMENTS + written)
    if arguments is not None:
        return [(a, index.path, where) for a in split_arguments(arguments)]
    typed = bound.get(written, "")
    if not (typed.endswith("()") or "()" + NTH_RESULT in typed):
        return None
    explicit = bound.get(CALL_ARGUMENTS + written)
    given = [(a, index.path, where) for a in split_arguments(explicit)] if explicit is not None else None
    return _result_arguments(r, index, where, typed, given, hops)


def _result_arguments(r: Resolver, index: FileIndex, scope: str | None, typed: str, explicit: list[Argument] | None,
                      hops: int) -> list[Argument] | None:
    """Return the type arguments of a call's result (``typed``: ``m.Copy()``, ``g.Get()#1``,
    ``NewMap()`` with ``explicit`` type arguments), each where it is written."""
    made, _, nth = typed.partition("()" + NTH_RESULT)
    made = made.removesuffix("()")
    key = f"{RETURN}{NTH_RESULT}{nth}" if nth.isdigit() and nth != "0" else RETURN
    if "()" in made:
        return None
    receiver = made.rpartition(".")[0]
    given = explicit
    if given is None and receiver:
        given = value_arguments(r, index, scope, receiver, hops - 1)
    if not given:
        return None
    target = r.resolve(index, scope, made, invoked=True)
    if not r.is_symbol(target):
        return None
    path, qualname = split_id(target)
    declaring = r.file(path)
    bound = declaring.locals.get(qualname, {}) if declaring is not None else {}
    parameters = bound.get(TYPE_PARAMETERS, "").split(",")
    chosen = _chosen(r, target, key, given)
    if chosen is not None:  # ``V`` given ``*Map[string, Item]``: that map's own arguments
        inner = head_type(chosen[0])[1]
        return [(a, chosen[1], chosen[2]) for a in split_arguments(inner)] if inner else None
    written = bound.get(ARGUMENTS + key)
    if written is None:
        return None
    found: list[Argument] = []
    for argument in split_arguments(written):
        if argument in parameters and parameters.index(argument) < len(given):
            found.append(given[parameters.index(argument)])
        else:
            found.append((argument, path, qualname))
    return found


def called_local(r: Resolver, index: FileIndex, scope: str | None, name: str, key: str = RETURN) -> str | None:
    """Type calling a Go local or parameter of a function type written in place (``newSet
    func(...int) Set[int]``, ``f := func(x T) *R {...}``): its declared result (``key``:
    ``<return>``, ``<return>#1``); ``None`` where not recorded. golang-set's ``s := newSet();
    s.Add(v)`` had reached nothing."""
    record = CALLED + name + key[len(RETURN):]
    while scope:
        bound = index.locals.get(scope, {})
        if name in bound:
            typed = bound.get(record)
            if typed is None or not r._deeper():
                return None
            try:
                return r.instance(index, typed, scope)
            finally:
                r.depth -= 1
        scope = scope.rpartition(".")[0]
    return None
