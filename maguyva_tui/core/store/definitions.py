"""The table of defined names of a generation: case-folded, sorted once at index time, mapped.

A literal search asks which files define a name (``expand``, case-folded) and which defined
names hold a literal (``expand_mul`` for ``expand``). Building that table from the symbols in
every process (case-fold and sort every name) took 2 s at 100,000 files; it is written with the
facts instead and read by binary search:

    defs_names.bin, defs_names_offsets.npy   the distinct case-folded names, sorted (UTF-8 bytes
                                             order, which is code-point order), NUL after each;
                                             the offsets ``uint32``, or ``int64`` past 4 GiB
    defs_bounds.npy    uint32, or int64 past 2**32 (names + 1): name ``n``'s sites are ``defs_sites[bounds[n]:bounds[n + 1]]``
    defs_sites.npy     int32 (sites, 3): the file (a position in the facts' paths), the 1-based line
                       that defines the name, and the name as written (an id in ``facts_strings``)

A name is found by bisection over the offsets (a few dozen bytes decoded), the names holding a
literal by one ``find`` over the blob of names; nothing is decoded per name on opening.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence
from itertools import chain, repeat
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from maguyva_tui.core.store.arrays import (
    OFFSET_TYPES,
    damaged,
    find_sorted,
    load_array,
    map_bytes,
    save_array,
    stored_offsets,
    strings_blob,
    unique,
)
from maguyva_tui.core.store.records import NULL_INT

_LITERAL = re.compile(rb"[0-9a-z]+")
"""A pattern that is a literal of lowercase letters and digits (a subtoken): searched in numpy."""

_END = re.Match.end
"""A match's end (called through ``map``: 98,000 matches of a prefix cost 0.4 s in a generator)."""

_COUNTS_KEPT = 1024  # needles whose counts are kept at most (a pasted page's words must not pile up)
_HOLDING_BY_FIND = 256  # names holding a literal found by bytes.find at most, then in numpy (a Python step each)
_MASK_BITS = np.left_shift(np.uint64(1), (np.arange(256) % 64).astype(np.uint64))
"""Per byte value, its bit in a name's byte mask (values 64 apart share one: a mask tells which names
may hold some bytes, a search then tells which do)."""
_MASK_NAMES = 65_536  # names whose masks are made at once (8 bytes a byte of their names meanwhile)

SITE_COLUMNS = 3
"""Columns of ``defs_sites.npy``: file position, line, spelling id."""


FIND_FENCE_EVERY = 64
"""How many names lie between two of :meth:`Definitions.find`'s fences."""


class Definitions:
    """Every defined name, case-folded and sorted, with the sites that define it."""

    __slots__ = ("_blob", "_counts", "_fences", "_found", "_led", "_masks", "_offsets", "bounds", "sites")

    def __init__(self, blob: bytes | memoryview, offsets: NDArray[np.int64], bounds: NDArray[np.int64],
                 sites: NDArray[Any]) -> None:
        self._blob = blob
        self._led: bytes | None = None
        self._masks: NDArray[np.uint64] | None = None
        """Per name, the bits of the bytes it holds (:data:`_MASK_BITS`), made on first use."""
        self._found: dict[bytes, int] = {}
        """:meth:`_bound`'s answers: a pattern anchored to a lead letter bisects for the same few
        bytes on every question (7 bisections, 7 % of a lone word's page on a shard it misses)."""
        self._counts: dict[bytes, int] = {}
        """:meth:`occurrences` already counted (a question's subtokens are counted by each of the
        structural engine's passes: 8 ms each over 100,000 files' names)."""
        self._offsets = offsets
        self._fences: list[bytes] | None = None
        """Every :data:`FIND_FENCE_EVERY`-th name's bytes, read on the first :meth:`find`."""
        self.bounds = bounds
        self.sites = sites
        """``(file, line, spelling)`` per site, grouped by name."""

    def __len__(self) -> int:
        return len(self._offsets) - 1

    def name(self, n: int) -> str:
        """The case-folded name at position ``n``."""
        raw = bytes(self._blob[int(self._offsets[n]) : int(self._offsets[n + 1]) - 1])
        return raw.decode("utf-8", "surrogatepass")

    def find(self, folded: str) -> int | None:
        """The position of a case-folded name, ``None`` when nothing defines it: the fences
        (:attr:`_fences`) bisected in C, then the few names between two of them in Python, their
        offsets read at once (a bisection of sympy's 24,000 names read 15 through numpy scalars:
        8 µs, asked once or twice by every lone name's question)."""
        try:
            needle = folded.encode("utf-8", "surrogatepass")
        except UnicodeEncodeError:
            return None
        count = len(self)
        if count < 2 * FIND_FENCE_EVERY:
            return find_sorted(self._blob, self._offsets, needle)
        fences = self._fences
        if fences is None:
            fences = self._fences = [self._bytes(n) for n in range(0, count, FIND_FENCE_EVERY)]
        first = max(bisect_left(fences, needle) - 1, 0) * FIND_FENCE_EVERY  # the last fence before it, else the first
        ends = self._offsets[first : first + FIND_FENCE_EVERY + 2].tolist()  # the window's names' offsets
        found = find_sorted(self._blob, ends, needle)
        return None if found is None else first + found

    def _bytes(self, n: int) -> bytes:
        """The case-folded name at position ``n``, as stored."""
        return bytes(self._blob[int(self._offsets[n]) : int(self._offsets[n + 1]) - 1])

    def bytes_of_names(self) -> int:
        """The size of the names' blob (a NUL after each): what a scan of every name reads."""
        return len(self._blob)

    def longest(self) -> int:
        """The length in bytes of the longest name (0 for none): no longer key can match one."""
        return int(np.diff(np.asarray(self._offsets)).max()) - 1 if len(self) else 0

    def holding(self, folded: str) -> set[int]:
        """The positions of every name that holds a case-folded literal (itself included)."""
        if not folded or "\0" in folded or not len(self):
            return set()
        try:
            needle = folded.encode("utf-8", "surrogatepass")
        except UnicodeEncodeError:
            return set()
        return set(self._holding_literal(needle).tolist())  # in numpy: 98,000 names one by one took 0.4 s

    def holding_among(self, folded: str, positions: NDArray[np.int64]) -> NDArray[np.int64]:
        """The ``positions`` (sorted, each once) of the names that hold a case-folded literal: what
        :meth:`holding` finds among them, their bytes gathered and searched alone (a rare
        identifier's few files define a few hundred names, where a scan of every name cost
        0.3-0.6 ms on sympy's 0.44 MB of them)."""
        empty = np.zeros(0, np.int64)
        if not len(positions) or not folded or "\0" in folded or not len(self):
            return empty
        try:
            needle = folded.encode("utf-8", "surrogatepass")
        except UnicodeEncodeError:
            return empty
        at = np.asarray(positions, np.int64)
        lo = np.asarray(self._offsets[at], np.int64)
        sizes = np.asarray(self._offsets[at + 1], np.int64) - lo  # each name and the NUL after it
        ends = np.cumsum(sizes)
        picked = np.frombuffer(self._blob, np.uint8)[np.repeat(lo - ends + sizes, sizes) + np.arange(int(ends[-1]))]
        names = picked.tobytes()
        find, found = names.find, []
        i = find(needle)
        while i >= 0:
            found.append(i)
            end = find(b"\0", i + len(needle))  # the name's end: no match there can name another
            i = find(needle, end) if end >= 0 else -1
        return at[np.searchsorted(ends, np.array(found, np.int64), side="right")]

    def matching(self, pattern: re.Pattern[bytes], lead: bytes | None = None,
                 starting: bytes | None = None) -> NDArray[np.int64]:
        """The positions of the names a pattern matches in, searched over the UTF-8 names each
        preceded by a NUL (``\\x00`` at a pattern's start anchors it to a name's start; a match must
        end inside one name); sorted, each once. With ``lead`` (an ASCII lowercase letter or digit),
        only the names starting with it or with a byte that is neither are searched: a pattern
        anchored to a name's start that allows only such bytes before ``lead`` (names are sorted,
        so these are a few runs of the blob). With ``starting``, bytes that the pattern matches at
        the start of every name beginning with them (a prefix tier's key), those names are taken
        whole, one run found by bisection, and only the others are searched: ``helpe``'s 98,000
        names ``helper_N`` had made a match object each (0.04-0.06 s)."""
        if not len(self):
            return np.zeros(0, np.int64)
        if lead is None and _LITERAL.fullmatch(pattern.pattern):
            return self._holding_literal(pattern.pattern)
        if self._led is None:
            self._led = b"\0" + bytes(self._blob)  # one copy of the names, each after a NUL
        if lead is None or len(lead) != 1 or not (lead.isdigit() or lead.islower()):
            spans = [(0, len(self))]
        else:
            after = bytes([lead[0] + 1])
            spans = [(self._bound(b"\x01"), self._bound(b"0")), (self._bound(b":"), self._bound(b"a")),
                     (self._bound(lead), self._bound(after)), (self._bound(b"{"), len(self))]
        run = np.zeros(0, np.int64)
        if starting:  # every name starting with these bytes sorts before ``starting + 0xff`` (no UTF-8 byte)
            first, last = self._bound(starting), self._bound(starting + b"\xff")
            run = np.arange(first, last, dtype=np.int64)
            spans = [cut for a, b in spans for cut in ((a, min(b, first)), (max(a, last), b))]
        offsets = self._offsets
        # each span up to the NUL after its last name, which a name matched whole looks ahead to (``help_er``,
        # the last name of the table, had not matched "helper" but for separators: left off its page)
        ends = np.fromiter(chain.from_iterable(map(_END, pattern.finditer(self._led, int(offsets[a]), int(offsets[b]) + 1))
                                               for a, b in spans if a < b), np.int64)  # no Python frame a match
        # a match's last byte is inside a name: at blob position end - 2 (the leading NUL shifts by one)
        found = np.searchsorted(self._offsets, ends - 2, side="right") - 1
        return unique(np.concatenate([found, run]) if len(run) else found)

    def holding_in_order(self, needle: bytes, pattern: re.Pattern[bytes]) -> NDArray[np.int64]:
        """The positions of the names holding a needle's bytes in order, others between, sorted:
        ``pattern`` must match a name from its first byte just when it holds them so (the fuzzy
        tier's subsequence, led by ``[^\\0s]*+``); it is tried once in each name that may hold
        every byte of the needle (by the names' byte masks), not at every place of the needle's
        first byte in every name ("session" over sympy core's names: 2.4 -> 1.0 ms)."""
        if not needle or b"\0" in needle or not len(self):
            return np.zeros(0, np.int64)
        want = np.bitwise_or.reduce(_MASK_BITS[np.frombuffer(needle, np.uint8)])
        names = np.flatnonzero((self._name_masks() & want) == want).astype(np.int64)
        if not len(names):
            return names
        if self._led is None:
            self._led = b"\0" + bytes(self._blob)  # one copy of the names, each after a NUL
        offsets = self._offsets  # name n is led[offsets[n] + 1 : offsets[n + 1]]
        starts = (np.asarray(offsets[names], np.int64) + 1).tolist()
        ends = np.asarray(offsets[names + 1], np.int64).tolist()
        found = map(bool, map(pattern.match, repeat(self._led, len(starts)), starts, ends))
        picked: NDArray[np.int64] = names[np.fromiter(found, bool, len(starts))]
        return picked

    def _name_masks(self) -> NDArray[np.uint64]:
        """Per name, the bits of the bytes it holds (its NUL's too), made once, in slices of names."""
        if self._masks is None:
            offsets = np.asarray(self._offsets, np.int64)
            blob = np.frombuffer(self._blob, np.uint8)
            masks = np.zeros(len(self), np.uint64)
            for first in range(0, len(self), _MASK_NAMES):
                last = min(first + _MASK_NAMES, len(self))
                bits = _MASK_BITS[blob[offsets[first] : offsets[last]]]
                masks[first:last] = np.bitwise_or.reduceat(bits, offsets[first:last] - offsets[first])
            self._masks = masks
        return self._masks

    def _holding_literal(self, needle: bytes) -> NDArray[np.int64]:
        """The positions of the names holding a literal of letters and digits: by ``bytes.find``,
        the rest of a name holding it stepped over, while they are few (a rare identifier: its
        first byte, ``t`` of ``test_l3``, is at thousands of places numpy filtered one byte at a
        time: 3 ms on sympy's names, 1 by find), else in numpy: one match object a name made
        ``helper``'s 98,000 names cost 0.06 s."""
        if self._led is None:
            self._led = b"\0" + bytes(self._blob)  # one copy of the names, each after a NUL
        find, found = self._led.find, list[int]()
        at = find(needle, 1)
        while at >= 0 and len(found) < _HOLDING_BY_FIND:
            found.append(at - 1)  # in the blob: the leading NUL shifts by one
            end = find(b"\0", at + len(needle))  # the name's end: no match there can name another
            at = find(needle, end) if end >= 0 else -1
        if at < 0:
            return unique(np.searchsorted(self._offsets, np.array(found, np.int64), side="right") - 1)
        names = np.frombuffer(self._blob, np.uint8)
        places = np.flatnonzero(names[: max(len(names) - len(needle) + 1, 0)] == needle[0])
        for i in range(1, len(needle)):
            places = places[names[places + i] == needle[i]]
        return unique(np.searchsorted(self._offsets, places, side="right") - 1)

    def _bound(self, needle: bytes) -> int:
        """The position of the first name not below ``needle`` (bisection; kept for needles of one byte)."""
        found = self._found.get(needle)
        if found is None:
            found = self._bisect(needle)
            if len(needle) == 1:
                self._found[needle] = found
        return found

    def _bisect(self, needle: bytes) -> int:
        """The position of the first name not below ``needle``, by bisection over the names."""
        blob, offsets = self._blob, self._offsets
        lo, hi = 0, len(self)
        while lo < hi:
            mid = (lo + hi) // 2
            if bytes(blob[int(offsets[mid]) : int(offsets[mid + 1]) - 1]) < needle:
                lo = mid + 1
            else:
                hi = mid
        return lo

    def occurrences(self, needle: bytes) -> int:
        """How often a case-folded UTF-8 string occurs among the names (overlaps not counted)."""
        found = self._counts.get(needle)
        if found is None:
            if self._led is None:
                self._led = b"\0" + bytes(self._blob)
            if len(self._counts) >= _COUNTS_KEPT:
                self._counts.clear()
            found = self._counts[needle] = self._led.count(needle)
        return found

    def holds_bytes(self, pattern: bytes) -> bool:
        """Whether a pattern (over the case-folded UTF-8 names, each after a NUL) matches anywhere:
        one search, led by a literal (5.7 MB of 330,000 names with no match: 2-3 ms)."""
        if self._led is None:
            self._led = b"\0" + bytes(self._blob)
        return re.search(pattern, self._led) is not None

    def spellings_of(self, positions: NDArray[np.int64]) -> NDArray[np.int64]:
        """The spelling ids of every site of the names at ``positions`` (each once)."""
        if not len(positions):
            return np.zeros(0, np.int64)
        starts, ends = self.bounds[positions], self.bounds[positions + 1]
        sizes = ends - starts
        rows = np.repeat(starts - np.cumsum(sizes) + sizes, sizes) + np.arange(int(sizes.sum()))
        return unique(np.asarray(self.sites[rows, 2], np.int64))

    def rows(self, n: int) -> NDArray[Any]:
        """The sites of name ``n``: ``(file, line, spelling)`` rows."""
        return self.sites[int(self.bounds[n]) : int(self.bounds[n + 1])]


def build_definitions(
    names: Sequence[str | None], of_row: NDArray[Any], files: NDArray[Any], lines: NDArray[Any],
    spelling: NDArray[Any] | None = None,
) -> Definitions:
    """Make the table from symbols as columns: the distinct names as written, then per symbol its
    name's position among them, its file, its line and (stored tables) its name's string id;
    without ``spelling`` the position among ``names`` stands for it. Empty names are left out."""
    of_row = np.asarray(of_row, np.int64)
    used = unique(of_row)  # the names some symbol has (np.unique's first call imports numpy.ma: 27 ms of an update)
    folded_of = [(names[i] or "").casefold() for i in used.tolist()]
    folded = sorted(set(folded_of) - {""})
    position = {n: i for i, n in enumerate(folded)}
    by_used = np.fromiter((position.get(f, -1) for f in folded_of), np.int64, len(folded_of))
    name_of_row = by_used[np.searchsorted(used, of_row)] if len(of_row) else np.zeros(0, np.int64)
    keep = np.flatnonzero(name_of_row >= 0)
    order = keep[np.argsort(name_of_row[keep], kind="stable")]
    bounds = np.searchsorted(name_of_row[order], np.arange(len(folded) + 1)).astype(np.int64)
    sites = np.empty((len(order), SITE_COLUMNS), np.int32)
    sites[:, 0] = np.asarray(files, np.int64)[order]
    sites[:, 1] = np.asarray(lines, np.int64)[order]
    sites[:, 2] = (of_row if spelling is None else np.asarray(spelling, np.int64))[order]
    blob, offsets = strings_blob(folded)
    return Definitions(blob, offsets, bounds, sites)


def stored_symbol_sites(
    symbols: NDArray[Any], symbol_ends: NDArray[Any]
) -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.int64]]:
    """Per row of a stored symbols table: its name's string id, its file's position (``symbol_ends``:
    each file's end row) and the line that defines it (the name's line, else the symbol's first)."""
    ids = np.asarray(symbols[:, 0], np.int64)
    start, name_line = np.asarray(symbols[:, 3], np.int64), np.asarray(symbols[:, 7], np.int64)
    lines = np.where((name_line == NULL_INT) | (name_line == 0), start, name_line)
    files = np.searchsorted(np.asarray(symbol_ends, np.int64), np.arange(len(symbols)), side="right")
    return ids, files.astype(np.int64), lines


def save_definitions(folder: Path, table: Definitions) -> None:
    """Write the table into a generation being written."""
    (folder / "defs_names.bin").write_bytes(bytes(table._blob))
    # both increasing from 0: each in the first of OFFSET_TYPES that holds its last value (issue 19)
    save_array(folder / "defs_names_offsets.npy", stored_offsets(np.asarray(table._offsets, np.int64)))
    save_array(folder / "defs_bounds.npy", stored_offsets(np.asarray(table.bounds, np.int64)))
    save_array(folder / "defs_sites.npy", np.asarray(table.sites, np.int32))


def load_definitions(folder: Path, files: int, strings: int) -> Definitions:
    """Map a generation's table; one that disagrees with itself or with the facts (``files`` paths,
    ``strings`` names) is IndexUnavailable."""
    # widened to int64 as read (one pass, as the checks below make): every search computes with them
    offsets = load_array(folder / "defs_names_offsets.npy", OFFSET_TYPES).astype(np.int64, copy=False)
    bounds = load_array(folder / "defs_bounds.npy", OFFSET_TYPES).astype(np.int64, copy=False)
    sites = load_array(folder / "defs_sites.npy", np.int32, 2, SITE_COLUMNS)
    blob = map_bytes(folder / "defs_names.bin")
    # each file is named as the damaged one where a check can tell (a .npy cut short fails to load;
    # the names' bytes have no header, and one cut short had been reported as defs_sites.npy)
    if len(offsets) < 1 or int(offsets[0]) != 0:
        raise damaged(folder / "defs_names_offsets.npy", "it does not start at 0")
    if int(offsets[-1]) != len(blob):
        raise damaged(folder / "defs_names.bin", f"{len(blob)} bytes where its offsets end at {int(offsets[-1])}")
    if len(bounds) != len(offsets) or int(bounds[0]) != 0 or (len(bounds) > 1 and (np.diff(bounds) < 0).any()):
        raise damaged(folder / "defs_bounds.npy", "it disagrees with the names")
    if int(bounds[-1]) != len(sites) or (len(sites) and (
            int(sites[:, 0].min()) < 0 or int(sites[:, 0].max()) >= files
            or int(sites[:, 2].min()) < 0 or int(sites[:, 2].max()) > strings)):
        raise damaged(folder / "defs_sites.npy", "it disagrees with the facts")
    return Definitions(blob, offsets, bounds, sites)
