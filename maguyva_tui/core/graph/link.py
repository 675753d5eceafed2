"""Resolve one file's references and imports into a block of sites and a block of loose sites.

A name is resolved once per file, not once per site: most names mean the same thing in every scope
of a file, and only those whose first segment some scope could rebind (a local, a nested
definition, a receiver such as ``self``) are resolved per scope.
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from dataclasses import dataclass

from maguyva_tui.core.graph.resolve import AMBIGUOUS, EXTERNAL, FUNCTION_VALUE, SENTINELS, UNRESOLVED, Resolver, rules
from maguyva_tui.core.graph.resolve.resolver import UNION, UNION_SEPARATOR
from maguyva_tui.core.graph.sites import IMPORT, KIND_CODE, REF, Block, LooseBlock, codes, ints
from maguyva_tui.core.graph.tables import CLASS_KINDS, FileIndex, Source, of_kind, split_id, symbol_id
from maguyva_tui.core.parsing.facts.marks import (
    ARGS,
    ARITY,
    ELEMENT,
    GIVEN,
    MEMBER_BUILT,
    RECEIVERS,
    fits,
    is_operator,
    symbol_scope,
)

VALUE_KINDS = frozenset({"function", "method"})
"""What a Go argument written as a name is a site of: a function or method passed as a value."""

EXTERNAL_CODE, AMBIGUOUS_CODE, UNRESOLVED_CODE, FUNCTION_VALUE_CODE = -1, -2, -3, -4
"""A target that is no node, encoded below zero; its outcome code is ``-code - 1`` (``sites.OUTCOMES``)."""
CAST_CODE = -5
"""A call that is a cast (``Language.casts_look_called``): no site, loose or tied."""
OUTCOME_CODES = {EXTERNAL: EXTERNAL_CODE, AMBIGUOUS: AMBIGUOUS_CODE, FUNCTION_VALUE: FUNCTION_VALUE_CODE}
INVOKED, READ_MODE = 1, 2
"""How a name is resolved besides plainly: called (an instance's ``__call__``), or read as an
attribute (``conn.size``: a site only where it reaches a ``@property``, whose getter runs)."""
PROPERTY_BUCKETS = 4096
"""Property names share this many dependency keys: one key per name held a string per distinct
attribute name read (~100,000 on the 450 MB corpus, 7 MB in the graph process); a shared key
re-links, besides the reads of a new property's name, those of names in its bucket (1 in 4,096)."""


def property_key(name: str) -> str:
    """Return the dependency key of an attribute read left unresolved because no property of its
    name exists (``prop:1234``): a file that makes one later has the read linked again."""
    return f"prop:{zlib.crc32(name.encode()) % PROPERTY_BUCKETS}"


@dataclass(frozen=True, slots=True)
class Linked:
    """What resolving one file produced."""

    block: Block
    loose: LooseBlock
    deps: frozenset[str]


def scope_dependent(index: FileIndex) -> frozenset[str] | None:
    """Return the first segments whose meaning may change with the scope (``None``: every one)."""
    language = rules(index.language)
    if language.implicit_members or language.lexical_constants:
        return None  # a bare name may be a member of the enclosing class, or nested in its modules
    names = set(RECEIVERS)  # the enclosing class, and super
    for bound in index.locals.values():
        names.update(bound)
    given = [n[len(GIVEN):].partition(".")[0] for n in names if n.startswith(GIVEN)]
    names.update(given)  # a generic call's result is typed by the arguments given in its scope
    for used in index.scoped_imports.values():  # a Rust ``use`` inside a function's body
        names.update(used)
    names.update(q.rpartition(".")[2] for q in index.defs if "." in q)
    return frozenset(names)


def link_file(resolver: Resolver, index: FileIndex, source: Source, slots: Mapping[str, int]) -> Linked:
    """Resolve every reference and import of one file against the node slots."""
    path = index.path
    scoped = scope_dependent(index)
    flat: dict[tuple[str, int], tuple[int, ...]] = {}
    by_scope: dict[tuple[str | None, str, int], tuple[int, ...]] = {}
    origins: dict[str | None, int] = {}
    lines: list[int] = []
    froms: list[int] = []
    targets: list[int] = []
    kinds: list[int] = []
    loose_lines: list[int] = []
    loose_froms: list[int] = []
    loose_kinds: list[int] = []
    outcomes: list[int] = []
    names: list[str] = []

    def code(target: str) -> int:
        slot = slots.get(target) if target not in SENTINELS else None
        if slot is not None:
            return slot
        return OUTCOME_CODES.get(target, UNRESOLVED_CODE)

    known = resolver.property_names

    values = rules(index.language).function_values
    language = rules(index.language)
    unions = language.union_calls
    casts = language.casts_look_called

    def resolved(scope: str | None, name: str, call: bool, mode: int, arguments: int | None = None) -> tuple[int, ...]:
        """The slots (or an outcome code) a written name reaches; for a member looked up on a class
        written by its name (``Money.parse``, ``a.Money.zero``), the class's slot last, after
        ``NAMED_CLASS`` (``named_class``)."""
        if mode == READ_MODE and known is not None and not values:
            attribute = name.rpartition(".")[2]
            if attribute not in known:  # no property of that name anywhere: no site, and nothing to look up
                resolver.deps.add(property_key(attribute))
                return (UNRESOLVED_CODE,)
        target, owner = resolver.resolve_owned(index, scope, name, call, mode == INVOKED)
        if mode == INVOKED and casts and resolver.kind(target) == "type":  # C's (U64)(a - b)
            return (CAST_CODE,)
        if arguments is not None:
            target = fitting_overload(resolver, target, name, arguments)
        if mode == READ_MODE and not (resolver.is_property(target)
                                      or values and resolver.kind(target) in VALUE_KINDS):
            return (UNRESOLVED_CODE,)  # an ordinary attribute read, a variable passed: no site at all
        named = named_class(resolver, name, target, owner) if mode != READ_MODE else None
        if mode != READ_MODE and target == AMBIGUOUS and unions:
            return tuple(code(t) for t in union_methods(resolver, owner, name.rpartition(".")[2])) or (AMBIGUOUS_CODE,)
        if mode != READ_MODE and target == AMBIGUOUS:  # C++'s Lexer::Error in lexer.cc and lexer.in.cc: one
            target = language.copy_called(resolver, index.path, owner, name.rpartition(".")[2]) or target
        return (code(target),) if named is None else (code(target), NAMED_CLASS, code(named))

    methods = rules(index.language).bare_calls_are_methods
    passed = call_arguments(source) if methods else {}
    for kind, name, line, scope in of_kind(source.references, "local", keep=False):
        read = kind == "read"
        invoked = kind == "call"  # calling an instance runs its __call__, not its class
        call = methods and invoked and "." not in name  # a bare Java call names a method only
        mode = READ_MODE if read else INVOKED if invoked else 0
        arguments = passed.get((line, name)) if call else None
        written = (name, mode)
        found = flat.get(written) if arguments is None else None
        if found is None:
            if arguments is not None:  # the overload that fits, per count: not one answer for the name
                key = (scope, f"{name}{ARGS}{arguments}", mode)
                found = by_scope.get(key)
                if found is None:
                    found = by_scope[key] = resolved(scope, name, call, mode, arguments)
            elif scoped is None or name.partition(".")[0].removesuffix("()").removesuffix(ELEMENT) in scoped:
                key = (scope, name, mode)
                found = by_scope.get(key)
                if found is None:
                    found = by_scope[key] = resolved(scope, name, call, mode)
            else:
                found = flat[written] = resolved(None, name, call, mode)
        target = found[0]
        if target == CAST_CODE:
            continue
        origin = origins.get(scope)
        if origin is None:
            owner = symbol_scope(scope)  # a block's sites are its function's
            origin = origins[scope] = slots[symbol_id(path, owner) if owner and owner in index.defs else path]
        if len(found) > 2 and found[-2] == NAMED_CLASS:  # ``Money.parse(s)`` names Money too: a change to it reaches here
            lines.append(line)
            froms.append(origin)
            targets.append(found[-1])
            kinds.append(REF)
            found = found[:-2]
            target = found[0]
        if read and target < 0:  # an attribute read is a site only where it reads a property (its getter runs)
            continue
        if target >= 0:
            for one in found:  # a call on a union's value: a site of each member's method (``union_methods``)
                lines.append(line)
                froms.append(origin)
                targets.append(one)
                kinds.append(KIND_CODE[kind])
        elif kind == "new" and name.startswith(MEMBER_BUILT):
            continue  # C++'s : count_(0), of a member whose type is unknown: maybe no construction at all
        elif kind == "call" and is_operator(name.rpartition(".")[2]):
            continue  # C++'s i < n, v[i] of a std::vector: no operator of the project (cpp_operators.py)
        else:
            loose_lines.append(line)
            loose_froms.append(origin)
            loose_kinds.append(KIND_CODE[kind])
            outcomes.append(-target - 1)
            names.append(name)
    file_slot = slots[path]
    for imp in source.imports:
        if imp.local == "*" or imp.module == "":
            continue
        target = code(resolver.resolve_import(index, imp))
        if target >= 0:
            lines.append(imp.line)
            froms.append(file_slot)
            targets.append(target)
            kinds.append(IMPORT)
    block = Block(ints(lines), ints(froms), ints(targets), codes(kinds))
    loose_block = LooseBlock(ints(loose_lines), ints(loose_froms), codes(loose_kinds), codes(outcomes), tuple(names))
    return Linked(block, loose_block, frozenset(resolver.deps))


NAMED_CLASS = -6
"""Marks, in what a written name resolves to, the class its receiver names (the slot after it)."""


def named_class(resolver: Resolver, name: str, target: str, owner: str | None) -> str | None:
    """The class a member's receiver is written as, by the class's own name (``Money`` of
    ``Money.parse(s)``, ``a.Money.zero()``, Ruby's ``Choice.from(v)``), where the member is found
    on it: the site names the class, as its uses do (jedi counts it a reference), so changing the
    class reaches the caller. It had reached only the method: "what breaks if I change Choice" left
    out every caller of ``Choice.from``. ``None`` for an instance, ``self``, an alias or a miss."""
    if owner is None or target in SENTINELS or owner == target or resolver.kind(owner) not in CLASS_KINDS:
        return None
    receiver = name.rpartition(".")[0].rpartition(".")[2].removesuffix("()")
    return owner if receiver and receiver not in RECEIVERS and receiver == split_id(owner)[1].rpartition(".")[2] else None


def union_methods(resolver: Resolver, owner: str | None, name: str) -> list[str]:
    """Return the methods a call on a value of a union reaches where its members' differ (hypercorn's
    ``self.stream.handle(...)`` of ``stream: Optional[Union[HTTPStream, WSStream]]``): each member's
    method, as Python's and TypeScript's tools list them; a member lacking the method gives none
    (pypika's ``Union[NodeT, Tuple, ValueWrapper]``, ``Node`` having no ``get_sql``: the value is one
    of the others, as ``Resolver._member`` reads it where one remains); none where a member's is
    no method of the project's (something outside it, a class): the call stays ambiguous."""
    if owner is None or not owner.startswith(UNION):
        return []
    found = {resolver.member(member, name) for member in owner[len(UNION):].split(UNION_SEPARATOR)} - {UNRESOLVED}
    if len(found) < 2 or any(resolver.kind(t) not in VALUE_KINDS for t in found):
        return []
    return sorted(found)


def call_arguments(source: Source) -> dict[tuple[int, str], int]:
    """Return how many arguments each bare Java call passes, by line and name (``arities.py``); a
    name called on one line with two counts is left out."""
    found: dict[tuple[int, str], int] = {}
    clashing: set[tuple[int, str]] = set()
    for _, written, line, _ in of_kind(source.references, "local"):
        if written.startswith(ARGS):
            name, _, count = written[len(ARGS):].partition(":")
            key = (line, name)
            if found.get(key, int(count)) != int(count):
                clashing.add(key)
            found[key] = int(count)
    for key in clashing:
        del found[key]
    return found


def fitting_overload(resolver: Resolver, target: str, name: str, arguments: int) -> str:
    """Follow a bare Java call's method up its class's bases while the method found declares no
    overload taking that many arguments (``arities.py``): the first that does is the one called,
    something outside the repository where a base outside it is next; with none, the method found."""
    found = target
    for _ in range(MAX_OVERLOAD_HOPS):
        if found in SENTINELS or not resolver.is_symbol(found):
            return found if found == EXTERNAL else target
        path, qualname = split_id(found)
        index = resolver.file(path)
        declared = index.locals.get(qualname, {}).get(ARITY) if index is not None else None
        owner = qualname.rpartition(".")[0]
        if not declared or fits(arguments, declared) or not owner:
            return found if declared is None or fits(arguments, declared) else target
        found = resolver.in_bases(symbol_id(path, owner), name)
    return target


MAX_OVERLOAD_HOPS = 8
"""Bases looked at, at most, for the overload a bare Java call fits."""
