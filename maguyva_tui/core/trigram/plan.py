"""Plan a regular expression into a trigram query (Russ Cox, "Regular Expression Matching with a
Trigram Index", 2012).

Worked example: ``parse_(config|options)`` is the concatenation of the exact string
``parse_`` and the alternation {``config``, ``options``}; its exact set is {``parse_config``,
``parse_options``}, so every match contains all the trigrams of one of those two strings:

    (or (and "par" "ars" "rse" ... "fig") (and "par" ... "ons"))

The plan is only a filter: every candidate document is verified with a linear-time engine
(``re2``). A plan is always a superset of the truth: when in doubt a node becomes ``ALL``.
Literals are case-folded because the index is, so the same plan serves ``(?i)`` queries.

Planning is linear in the pattern: every set, string and and/or node is bounded (``MAX_SET``,
``MAX_STRING``, ``MAX_TERMS``), so each step of the walk over the parsed pattern costs a bounded
amount. Dropping a conjunct or widening a disjunction to ``ALL`` only loosens the filter.
"""

from __future__ import annotations

import re
import re._constants as C
import re._parser as sre
import warnings
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import product
from typing import Any, cast

from pyroaring import BitMap

from maguyva_tui.core.trigram.index import TrigramIndex, trigram_key

MAX_SET = 16
"""Largest exact/prefix/suffix set kept before it is folded into the match query (Cox uses 16)."""

MAX_CLASS = 8
"""A character class with more members than this is treated as any character."""

MAX_STRING = 32
"""Longest exact/prefix/suffix string kept; a longer one is folded into the match query. Without
the bound ``a?a?...aaa...`` grew its strings one character a step: quadratic (issue 18.1)."""

MAX_TERMS = 256
"""Most members of one and/or node: extra conjuncts are dropped (a looser filter) and a wider
disjunction becomes ``ALL``, so joining two nodes is bounded work however long the pattern."""


@dataclass(frozen=True, slots=True)
class TQ:
    """A trigram query: ``all``, one ``tri``, or an ``and``/``or`` of sub-queries."""

    op: str
    key: int = 0
    args: tuple[TQ, ...] = ()
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Cached: nodes are hashed each time they are joined, and a deep node would cost its size.
        object.__setattr__(self, "_hash", hash((self.op, self.key, self.args)))

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        if self.op == "all":
            return "ALL"
        if self.op == "tri":
            return repr(
                bytes([(self.key >> 16) & 255, (self.key >> 8) & 255, self.key & 255]).decode("utf-8", "replace")
            )
        return "(" + self.op + " " + " ".join(str(a) for a in self.args) + ")"


ALL = TQ("all")


def and_(*args: TQ) -> TQ:
    """Conjunction, flattened; ``ALL`` members drop out, members past ``MAX_TERMS`` too."""
    if args and args[0].op == "and" and len(args[0].args) >= MAX_TERMS:
        return args[0]  # saturated: whatever follows would be dropped
    flat: list[TQ] = []
    for a in args:
        if a.op == "and":
            flat.extend(a.args)
        elif a.op != "all":
            flat.append(a)
    flat = list(dict.fromkeys(flat))[:MAX_TERMS]
    if not flat:
        return ALL
    return flat[0] if len(flat) == 1 else TQ("and", args=tuple(flat))


def or_(*args: TQ) -> TQ:
    """Disjunction, flattened; any ``ALL`` member, or more than ``MAX_TERMS``, makes it ``ALL``."""
    flat: list[TQ] = []
    for a in args:
        if a.op == "all":
            return ALL
        flat.extend(a.args if a.op == "or" else (a,))
    flat = list(dict.fromkeys(flat))
    if not flat or len(flat) > MAX_TERMS:
        return ALL
    return flat[0] if len(flat) == 1 else TQ("or", args=tuple(flat))


def string_query(text: str) -> TQ:
    """All trigrams of a (case-folded) string must be present."""
    data = text.casefold().encode("utf-8", errors="surrogatepass")
    keys = dict.fromkeys(trigram_key(data[i : i + 3]) for i in range(len(data) - 2))
    return and_(*(_trigram(k) for k in list(keys)[:MAX_TERMS]))


@lru_cache(maxsize=1 << 16)
def _trigram(key: int) -> TQ:
    """One shared node per trigram, so planning a long pattern builds few objects."""
    return TQ("tri", key)


def strings_query(strings: set[str]) -> TQ:
    """One of the strings must be present."""
    return or_(*(string_query(s) for s in sorted(strings)))


PLANS_KEPT = 256
"""Literal plans remembered (the last ones planned): a workspace's every shard plans the same
question (a sentence's plan took 0.3 ms, 8 times a question over 8 repositories)."""
PLAN_KEPT_CHARS = 1_000
"""Longer literals (a pasted snippet) are planned each time rather than kept."""


def literal_plan(literal: str) -> TQ:
    """Plan a literal search (plans are frozen values: one planned before is returned again)."""
    return _kept_plan(literal) if len(literal) <= PLAN_KEPT_CHARS else string_query(literal)


@lru_cache(maxsize=PLANS_KEPT)
def _kept_plan(literal: str) -> TQ:
    return string_query(literal)


def regex_plan(pattern: str) -> TQ:
    """Plan a regex; a pattern Python's parser does not understand gets ``ALL`` (still correct)."""
    if "[:" in pattern or "\\p" in pattern or "\\P" in pattern:
        return ALL  # re2 classes ([[:alpha:]], \pL) that Python's parser reads differently
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tree = sre.parse(pattern)
    except (re.error, RecursionError, OverflowError, ValueError):
        return ALL
    try:
        info = _seq(list(tree))
    except RecursionError:
        return ALL
    return info.final()


def evaluate(tq: TQ, index: TrigramIndex, enough: int = 0) -> BitMap:
    """Return the live documents that may match. With ``enough``, a conjunction stops once it
    admits that few documents: its trigrams are intersected from the smallest postings up (sizes
    read without decoding), and the rest would only drop documents the verification drops anyway
    (a long identifier's 30 trigrams decoded cost more than reading its few candidate files)."""
    return _eval(tq, index, enough) & index.live


def _eval(tq: TQ, index: TrigramIndex, enough: int = 0) -> BitMap:
    if tq.op == "all":
        return index.live
    if tq.op == "tri":
        return index.postings(tq.key)
    if tq.op == "and" and enough:
        return _intersect(tq.args, index, enough)
    parts = [_eval(a, index, enough) for a in tq.args]
    if tq.op == "and":
        parts.sort(key=len)
        return BitMap.intersection(*parts) if len(parts) > 1 else parts[0]
    return BitMap.union(*parts)


def _intersect(args: tuple[TQ, ...], index: TrigramIndex, enough: int) -> BitMap:
    """A conjunction's documents, its trigrams taken smallest postings first (other members, an
    alternation of a regex, after them), stopping once at most ``enough`` documents are left."""
    tris = [a for a in args if a.op == "tri"]
    sizes = index.posting_bytes([a.key for a in tris])
    tris = [a for _, _, a in sorted(zip(sizes, range(len(tris)), tris))]
    found: BitMap | None = None
    for a in [*tris, *(a for a in args if a.op != "tri")]:
        part = index.postings(a.key) if a.op == "tri" else _eval(a, index, enough)
        found = part if found is None else found & part
        if len(found) <= enough:
            break
    return found if found is not None else index.live


@dataclass(slots=True)
class _Info:
    """Cox's per-node facts: can it match empty, its exact strings, prefixes, suffixes, match query."""

    emptyable: bool
    exact: set[str] | None
    prefix: set[str]
    suffix: set[str]
    match: TQ

    def final(self) -> TQ:
        """Turn everything known into one query."""
        if self.exact is not None:
            return and_(self.match, strings_query(self.exact))
        return and_(self.match, strings_query(self.prefix), strings_query(self.suffix))

    def simplify(self) -> _Info:
        """Fold oversized sets (too many or too long strings) into the match query."""
        if self.exact is not None and _oversized(self.exact):
            self.match = and_(self.match, strings_query(self.exact))
            self.prefix = {s[:2] for s in self.exact}
            self.suffix = {s[-2:] for s in self.exact}
            self.exact = None
        if self.exact is None:
            if _oversized(self.prefix):
                self.match = and_(self.match, strings_query(self.prefix))
                self.prefix = {s[:2] for s in self.prefix} if len({s[:2] for s in self.prefix}) <= MAX_SET else {""}
            if _oversized(self.suffix):
                self.match = and_(self.match, strings_query(self.suffix))
                self.suffix = {s[-2:] for s in self.suffix} if len({s[-2:] for s in self.suffix}) <= MAX_SET else {""}
        return self


def _oversized(strings: set[str]) -> bool:
    return len(strings) > MAX_SET or any(len(s) > MAX_STRING for s in strings)


def _empty() -> _Info:
    return _Info(True, {""}, {""}, {""}, ALL)


def _any() -> _Info:
    return _Info(False, None, {""}, {""}, ALL)


def _star() -> _Info:
    return _Info(True, None, {""}, {""}, ALL)


def _chars(chars: set[str]) -> _Info:
    folded = {c.casefold() for c in chars}
    return _Info(False, folded, set(folded), set(folded), ALL)


def _seq(items: list[tuple[object, object]]) -> _Info:
    info = _empty()
    for run in _literal_runs(items):
        if _saturated(info.match):
            # Every later conjunct would be dropped (and_ keeps the first MAX_TERMS): the match is final.
            return _Info(info.emptyable, None, {""}, {""}, info.match)
        info = _concat(info, _chars({run}) if isinstance(run, str) else _node(*run))
    return info


def _literal_runs(items: list[tuple[object, object]]) -> Iterable[str | tuple[object, object]]:
    """Yield each run of plain characters as one string, every other item as it is: a long literal
    is then one string query, not one concatenation per character (a 35 KB question: 2 s)."""
    run: list[str] = []
    for op, av in items:
        if op is C.LITERAL:
            run.append(chr(av))  # type: ignore[arg-type]
            continue
        if run:
            yield "".join(run)
            run = []
        yield (op, av)
    if run:
        yield "".join(run)


def _saturated(tq: TQ) -> bool:
    """Tell whether a conjunction is full: ``and_`` returns it unchanged whatever is added."""
    return tq.op == "and" and len(tq.args) >= MAX_TERMS


def _node(op: object, av: object) -> _Info:
    if op is C.LITERAL:
        return _chars({chr(av)})  # type: ignore[arg-type]
    if op is C.IN:
        members = _class_members(av)  # type: ignore[arg-type]
        return _any() if members is None else _chars(members)
    if op in (C.NOT_LITERAL, C.ANY):
        return _any()
    if op is C.BRANCH:
        branches = [_seq(list(b)) for b in av[1]]  # type: ignore[index]
        info = branches[0]
        for b in branches[1:]:
            info = _alt(info, b)
        return info
    if op is C.SUBPATTERN:
        return _seq(list(av[-1]))  # type: ignore[index]
    if op is getattr(C, "ATOMIC_GROUP", None):
        return _seq(list(cast(Iterable[Any], av)))
    if op in (C.MAX_REPEAT, C.MIN_REPEAT, getattr(C, "POSSESSIVE_REPEAT", C.MAX_REPEAT)):
        low, high, sub = cast(tuple[int, int, Iterable[Any]], av)
        return _repeat(_seq(list(sub)), low, high)
    if op in (C.AT, C.ASSERT, C.ASSERT_NOT):
        return _empty()
    return _star()


def _class_members(items: list[tuple[object, object]]) -> set[str] | None:
    """Expand a small character class, or None when it is large, negated or a category."""
    members: set[str] = set()
    for op, av in items:
        if op is C.LITERAL:
            members.add(chr(av))  # type: ignore[arg-type]
        elif op is C.RANGE:
            lo, hi = cast(tuple[int, int], av)
            if hi - lo >= MAX_CLASS:
                return None
            members.update(chr(c) for c in range(lo, hi + 1))
        else:
            return None
        if len(members) > MAX_CLASS:
            return None
    return members or None


def _repeat(x: _Info, low: int, high: int) -> _Info:
    if high == 0:
        return _empty()
    if low == 0:
        return _alt(x, _empty()) if high == 1 else _star()
    if low == 1 and high == 1:
        return x
    prefix = x.exact if x.exact is not None else x.prefix
    suffix = x.exact if x.exact is not None else x.suffix
    match = and_(x.match, strings_query(x.exact)) if x.exact is not None else x.match
    return _Info(x.emptyable, None, set(prefix), set(suffix), match).simplify()


def _concat(x: _Info, y: _Info) -> _Info:
    match = and_(x.match, y.match)
    if x.exact is not None and y.exact is not None and len(x.exact) * len(y.exact) <= MAX_SET:
        exact = {a + b for a, b in product(x.exact, y.exact)}
        return _Info(x.emptyable and y.emptyable, exact, set(exact), set(exact), match).simplify()
    if x.exact is not None and y.exact is not None:
        match = and_(match, strings_query(x.exact), strings_query(y.exact))
    x_suffix = x.exact if x.exact is not None else x.suffix
    y_prefix = y.exact if y.exact is not None else y.prefix
    if len(x_suffix) * len(y_prefix) <= MAX_SET:
        match = and_(match, strings_query({a + b for a, b in product(x_suffix, y_prefix)}))
    if x.exact is not None:
        prefix = (
            {a + b for a, b in product(x.exact, y.prefix)} if len(x.exact) * len(y.prefix) <= MAX_SET else set(x.exact)
        )
    else:
        prefix = set(x.prefix)
    if x.emptyable:
        prefix |= y_prefix
    if y.exact is not None:
        suffix = (
            {a + b for a, b in product(x.suffix, y.exact)} if len(x.suffix) * len(y.exact) <= MAX_SET else set(y.exact)
        )
    else:
        suffix = set(y.suffix)
    if y.emptyable:
        suffix |= x_suffix
    return _Info(x.emptyable and y.emptyable, None, prefix, suffix, match).simplify()


def _alt(x: _Info, y: _Info) -> _Info:
    emptyable = x.emptyable or y.emptyable
    if x.exact is not None and y.exact is not None:
        exact = x.exact | y.exact
        return _Info(emptyable, exact, set(exact), set(exact), or_(x.match, y.match)).simplify()
    x_pre = x.exact if x.exact is not None else x.prefix
    y_pre = y.exact if y.exact is not None else y.prefix
    x_suf = x.exact if x.exact is not None else x.suffix
    y_suf = y.exact if y.exact is not None else y.suffix
    return _Info(emptyable, None, x_pre | y_pre, x_suf | y_suf, or_(x.match, y.match)).simplify()
