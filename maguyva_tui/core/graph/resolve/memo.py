"""The bookkeeping of one resolution: the keys it read, how deep it is, and the memo of lookups
that do not depend on the file asking (with the keys they read and how deep they went, so that a
hit records the same keys and is only taken where a fresh lookup could not have been cut)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

_T = TypeVar("_T")

MAX_DEPTH = 12  # deep enough for re-export chains and class hierarchies, short of any cycle
MAX_STEPS = 1_000
"""Nested lookups one site may take: a site that needs more is left unresolved. Cycles of
imports that each offer several ways to one name (eight modules importing ``x`` from the seven
others) would otherwise branch at every level, exponentially; no site of the repositories
measured takes more than 27 (brotli)."""


MEMO_LIMIT = 1 << 16
"""Memoized lookups kept before the memo is emptied, between two files: a build resolves files in
path order, so a package's lookups are reused by its own files, and a memo of every lookup of a
450 MB corpus held ~120 MB to the end of the build (an entry is ~160 bytes with its keys read)."""


class Memo:
    """Record the keys a resolution reads, its depth and steps, and memoize file-independent lookups."""

    def __init__(self) -> None:
        self.deps: set[str] = set()
        self.depth = 0
        self.steps = 0
        """Nested lookups the current site has taken (``MAX_STEPS``)."""
        self.peak = 0
        """The deepest ``depth`` reached since the current memoized lookup began."""
        self.cut = False
        """Whether a lookup since the current memoized one began stopped at ``MAX_DEPTH``."""
        self.memo: dict[tuple[Any, ...], tuple[Any, frozenset[str], int]] = {}
        """Lookup to (answer, keys read, depth it reached beyond where it started)."""

    def start_file(self) -> None:
        """Start recording the keys one file's resolution reads (emptying a full memo: what a fresh
        lookup gives is what a hit gives)."""
        self.deps = set()
        if len(self.memo) > MEMO_LIMIT:
            self.memo.clear()

    def memoized(self, key: tuple[Any, ...], compute: Callable[..., _T], *args: Any) -> _T:
        """Answer a lookup that does not depend on the file asking, from the memo when valid."""
        hit = self.memo.get(key)
        if hit is not None and self.depth + hit[2] <= MAX_DEPTH:
            self.deps.update(hit[1])
            self.peak = max(self.peak, self.depth + hit[2])
            answer: _T = hit[0]
            return answer
        outer_deps, outer_peak, outer_cut = self.deps, self.peak, self.cut
        start = self.depth
        self.deps, self.peak, self.cut = set(), start, False
        try:
            found = compute(*args)
        finally:
            inner, peak, cut = self.deps, self.peak, self.cut
            outer_deps |= inner
            self.deps, self.peak, self.cut = outer_deps, max(outer_peak, peak), outer_cut or cut
        if not cut:
            self.memo[key] = (found, frozenset(inner), peak - start)
        return found

    def _deeper(self) -> bool:
        """Go one level deeper; tell (and remember) when that is past ``MAX_DEPTH`` or past the
        ``MAX_STEPS`` one site may take."""
        self.steps += 1
        if self.depth > MAX_DEPTH or self.steps > MAX_STEPS:
            self.cut = True
            return False
        self.depth += 1
        self.peak = max(self.peak, self.depth)
        return True
