"""The whole identifiers of a generation and the files holding them: the text engine's token index.

A token is a maximal run of identifier bytes (:data:`IDENT_BYTES`, ``[A-Za-z0-9_$]``, as the text
engine reads an identifier's edges) in a file's stored UTF-8 text, case kept. A literal that is one
such run matches as a whole identifier exactly where it is a token, so the index tells, without
reading a file, which files hold it whole: the files whose lines head a literal listing (whole
identifiers before partial matches). A frequent identifier's page (``self``, ``expand``) is then
read from those files alone, in their order, until it is full; the files that hold it only inside
longer names are never read for it.

Three parts, under the rules of :mod:`~maguyva_tui.core.store.arrays`:

    tokens_names.bin, tokens_names_offsets.npy   the distinct tokens, sorted by their bytes, NUL after
                                                 each (found by bisection, nothing decoded); the
                                                 offsets stored as each name's size with its NUL,
                                                 uint8 (tokens), summed where the index is read
    tokens_starts.npy  token ``t``'s documents are ``docs[starts[t]:starts[t + 1]]``; stored as each
                       token's count of documents (tokens; uint8, uint16 or uint32, the narrowest),
                       summed where the index is read (both uint32 or int64 (tokens + 1) before)
    tokens_docs.npy    uint16 (uint32 past 65,535): the document ids holding each token, increasing
                       within a token

and, to tell without scanning the names which tokens hold a literal (:meth:`TokenIndex.containing`:
sympy's 1 MB of names read for each rare identifier, and the files its trigrams admit read whole
when the names are not asked: 0.4-3.6 MB),

    tokens_grams.npy           uint32: each trigram of the names (no NUL in it), once, increasing
    tokens_gram_starts.npy     uint32 (int64 past 2**32) (trigrams + 1): trigram ``g``'s rows of the positions
    tokens_gram_positions.npy  uint32: where each trigram starts in the names, increasing within one;
                               stored as their low halves (uint16) and tokens_gram_positions_highs.npy,
                               the runs of their high halves, where that is smaller (:mod:`.low_halves`:
                               sympy's 3.05 -> 2.48 MB; a needle's rarest trigram read in ~10 us, 0.1 before)
    tokens_long_docs.npy       as tokens_docs: the documents holding a run longer than MAX_TOKEN_BYTES

An index written without these four (format 11 before them) is read as before: the names scanned,
the trigrams' candidates read.

and, so that a frequent identifier's page is read without reading its files (:meth:`TokenIndex.row_places`:
``with`` read 26 files whole for 100 lines),

    tokens_place_counts.npy  uint8 (rows): how many places each row has (one per line holding it),
                             255 for 255 or more (uint16, uint32 before: sympy's 1.04 -> 0.52 MB)
    tokens_place_counts_wide.npy  uint32 (int64 past 2**32 rows), shape (2, rows of 255 places or
                             more): those rows, increasing, and their counts
    tokens_place_blocks.npy, tokens_place_jumps.npy
                             per row of ``docs``, for the token's first whole occurrence on each
                             line holding it, the block of the stored texts holding it, in 4 bits a
                             place (:mod:`.place_blocks`: the offsets are found again in those
                             blocks, which a reader decompresses anyway; format 73, where the
                             offsets themselves took 2.2 bytes a place: sympy's 6.69 -> 1.97 MB);
                             the rows' places follow one another in row order, so where a row's
                             places start is the sum of the counts before it (:class:`RowStarts`,
                             summed on the first read)

An index written without these is read as before: the files holding the literal are read.

Unchanged files keep their document ids across generations, so an update carries their rows
over without reading them and reads only the files it adds. Tokens longer than
:data:`MAX_TOKEN_BYTES` (hashes, encoded data) are left out: a longer literal is read the usual way.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Iterator
from functools import partial
from itertools import compress, filterfalse
from pathlib import Path
from typing import Any, TypeAlias

import numpy as np
from numpy.typing import NDArray

from maguyva_tui.core.store.arrays import (
    bytes_blob,
    damaged,
    find_sorted,
    load_array,
    map_bytes,
    narrowest,
    save_array,
    unique,
)
from maguyva_tui.core.store.low_halves import LowHalves, load_column, save_column
from maguyva_tui.core.store.place_blocks import JUMP_TYPES, PlaceBlocks, block_size, encode
from maguyva_tui.core.store.positional import read_all, write_all
from maguyva_tui.core.store.positional import spill_file as _temporary  # a module name tests replace

IDENT_BYTES = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$")
"""The bytes of an identifier: an edge between one of these and any other byte (or a file's
start or end) is a word boundary, as the text engine ranks matches."""

MAX_TOKEN_BYTES = 128
"""Longest token indexed: identifiers are shorter; longer runs are data (hashes, encoded blobs)
that would only grow the table."""

FENCE_EVERY = 64
"""Tokens between two of :meth:`TokenIndex.find`'s fences: its Python bisection reads 6 strings,
not 14-22 (its list of fences is bisected in C)."""

SHORT_NEEDLE = 4
"""Needles shorter than this are counted among the tokens before the tokens are split around them."""

NAMES = "tokens_names"
"""The string table of tokens."""

GRAM_SLICE = 1 << 20
"""Trigrams of the names packed, unpacked and checked at a time: the temporaries stay small."""

GRAM_PARTS = ("tokens_grams", "tokens_gram_starts", "tokens_gram_positions", "tokens_long_docs")
"""The optional parts: the names' trigrams and the documents whose long runs the index leaves out."""

PLACE_PARTS = ("tokens_place_counts", "tokens_place_blocks")

JUMPS = "tokens_place_jumps"
"""The places whose block is 15 or more past the one before in their row, and those steps."""

WIDE_COUNTS = "tokens_place_counts_wide"
"""The rows of :data:`WIDE_COUNT` places or more, and their counts."""

WIDE_COUNT = 255
"""A row's count stored in ``tokens_place_counts.npy`` at this or more is read aside."""


DOC_TYPES: tuple[type[np.generic], ...] = (np.uint16, np.uint32)
SIZE_TYPES: tuple[type[np.generic], ...] = (np.uint8, np.uint16, np.uint32)
"""Each token's count of rows (``tokens_starts.npy``), the narrowest that holds the largest: summed
where the index is read (sympy's 0.38 -> 0.19 MB; its names' sizes in a byte each, 0.38 -> 0.10)."""
OFFSET_TYPES: tuple[type[np.generic], ...] = (np.uint32, np.int64)
"""The names' offsets and the tokens' starts: ``uint32`` where their last (largest) value fits,
4 bytes a token, not 8 (issue 19: sympy's 1.46 -> 0.73 MB); ``int64`` before, and past it."""
"""``tokens_docs``'s types, the narrowest first: a repository whose document ids stay under 65,536
keeps them in 2 bytes (format 27; every reader widens them or compares them as they are)."""

GRAM_TYPES: tuple[tuple[type[np.generic], ...], ...] = ((np.uint32,), (np.uint32, np.int64), (np.uint32,), DOC_TYPES)
"""The names' trigram parts' types (:data:`GRAM_PARTS`), each stored in the first that holds its
largest value."""


def _narrowest(part: NDArray[Any], types: tuple[type[np.generic], ...]) -> type[np.generic]:
    """The first of ``types`` that holds every value of ``part``."""
    return narrowest(int(part.max()) if len(part) else 0, types)
"""The optional parts: where each (token, document) row's places start, how many, the places."""

FEW_PLACES = 32
"""Places of a needle's rarest trigram among the names, or of the needle itself, up to which they
are checked one by one in Python: a rare identifier's handful, where each numpy step on so few
costs more than the whole check (its tokens' files found in 15 µs, not 80-200)."""

PLACE_SLICE = 1 << 20
"""Rows (or places) handled at a time where a build sorts, gathers or copies them: the temporaries
stay small."""

_TOKEN = re.compile(rb"[A-Za-z0-9_$]+")
_SPACED = bytes(c if c in IDENT_BYTES else 32 for c in range(256))
"""Every byte but an identifier's made a space: what splits a text into its tokens."""
_IDENT_TABLE = np.zeros(256, np.int8)
_IDENT_TABLE[list(IDENT_BYTES)] = 1


def is_token(data: bytes) -> bool:
    """Whether a literal's bytes are one token the index may hold: one run of identifier bytes,
    not longer than :data:`MAX_TOKEN_BYTES`."""
    return 0 < len(data) <= MAX_TOKEN_BYTES and _TOKEN.fullmatch(data) is not None


def file_tokens(data: bytes) -> list[bytes]:
    """The distinct tokens of one file's text (runs longer than :data:`MAX_TOKEN_BYTES` left out):
    its other bytes made spaces and the text split, in C."""
    return _file_tokens(data)[0]


def _file_tokens(data: bytes) -> tuple[list[bytes], bool]:
    """:func:`file_tokens`, and whether a run longer than :data:`MAX_TOKEN_BYTES` was left out."""
    found = set(data.translate(_SPACED).split())
    if found and max(map(len, found)) > MAX_TOKEN_BYTES:
        return [t for t in found if len(t) <= MAX_TOKEN_BYTES], True
    return list(found), False


def file_places(data: bytes) -> tuple[list[bytes], bool, NDArray[np.uint32], NDArray[np.uint32]]:
    """A file's distinct tokens (in the order they first occur), whether a run longer than
    :data:`MAX_TOKEN_BYTES` was left out, and each token's places: the offset of its first
    occurrence on each line holding it (grouped by token in that order, increasing within one),
    with how many each has. The runs are split in C (their edges in numpy, their bytes by
    ``bytes.split``), each occurrence numbered once."""
    arr = np.frombuffer(data, np.uint8)
    edges = np.flatnonzero(np.diff(_IDENT_TABLE[arr], prepend=np.int8(0), append=np.int8(0)))
    starts, ends = edges[0::2], edges[1::2]
    pieces = data.translate(_SPACED).split()
    short = (ends - starts) <= MAX_TOKEN_BYTES
    long_runs = not bool(short.all())
    if long_runs:
        pieces, starts = list(compress(pieces, short.tolist())), starts[short]
    distinct = list(dict.fromkeys(pieces))
    if not distinct:
        return [], long_runs, np.zeros(0, np.uint32), np.zeros(0, np.uint32)
    number = dict(zip(distinct, range(len(distinct))))
    ids = np.fromiter(map(number.__getitem__, pieces), np.int64, len(pieces))
    lines = np.searchsorted(np.flatnonzero(arr == 10), starts)
    keys = (ids << 32) | lines
    order = np.argsort(keys, kind="stable")  # by token, then line; the first occurrence on a line first
    ordered = keys[order]
    first = np.ones(len(order), bool)
    first[1:] = ordered[1:] != ordered[:-1]
    kept = order[first]
    counts = np.bincount(ids[kept], minlength=len(distinct)).astype(np.uint32)
    return distinct, long_runs, starts[kept].astype(np.uint32), counts


class RowStarts:
    """Where each row's places start, for places stored in row order: the sum of the counts before
    it, summed on the first read (sympy's 520,000 rows in about a millisecond), not stored (issue 19:
    2.08 MB). Read as the array it stands for (``len``, a slice, an index, an array of indices).
    Counts that do not sum to the places (damage) put every row past the places' end: each is read
    around, its file read."""

    __slots__ = ("_counts", "_starts", "_total")

    def __init__(self, counts: NDArray[Any] | RowCounts, total: int) -> None:
        self._counts = counts
        self._total = total
        self._starts: NDArray[Any] | None = None

    def __len__(self) -> int:
        return len(self._counts)

    def __getitem__(self, key: Any) -> Any:
        starts = self._starts
        if starts is None:
            starts = self._starts = _row_starts(self._counts[:], self._total)
        return starts[key]


def _row_starts(counts: NDArray[Any], total: int) -> NDArray[Any]:
    """The sum of the counts before each row (``uint32`` where the places' count fits, else
    ``int64``); every row at ``total + 1`` where the counts do not sum to ``total``."""
    if len(counts) and int(counts.sum(dtype=np.int64)) != total:
        return np.full(len(counts), total + 1, np.int64)
    starts = np.empty(len(counts), np.uint32 if total < 1 << 32 else np.int64)
    if len(counts):
        starts[0] = 0
        starts[1:] = counts[:-1]
        np.cumsum(starts, out=starts)  # in place in its own type (0.3 ms for sympy's 544,000 rows, 1.2 cast)
    return starts


class RowCounts:
    """How many places each row has, stored in a byte each with the rows of :data:`WIDE_COUNT` or
    more aside, read as the array it stands for (``len``, a slice, an index, an array of indices):
    joined on the first read (sympy's 520,000 rows and their 700 wide ones, under a millisecond)."""

    __slots__ = ("_counts", "_narrow", "_wide")

    def __init__(self, narrow: NDArray[np.uint8], wide: NDArray[Any]) -> None:
        self._narrow = narrow
        self._wide = wide
        self._counts: NDArray[Any] | None = None

    def __len__(self) -> int:
        return len(self._narrow)

    def __getitem__(self, key: Any) -> Any:
        counts = self._counts
        if counts is None:
            wide = self._wide
            counts = self._narrow.astype(np.uint32 if len(wide[1]) and int(wide[1].max()) > 0xFFFF else np.uint16)
            counts[wide[0]] = wide[1]
            self._counts = counts
        return counts[key]


Places: TypeAlias = tuple[NDArray[Any] | RowStarts, NDArray[Any] | RowCounts, NDArray[Any] | PlaceBlocks]
"""Each row's first place, each row's count of places, each place's block (:data:`PLACE_PARTS`):
:class:`PlaceBlocks` where read from an index, a build's block numbers where built."""

Grams: TypeAlias = tuple[NDArray[Any], NDArray[np.int64], NDArray[Any] | LowHalves, NDArray[Any]]
"""The names' trigrams, each one's start in the positions, the positions, the documents of long runs."""


def name_grams(blob: bytes | memoryview, long_docs: NDArray[Any]) -> Grams:
    """The trigrams of a names blob (three bytes, none a NUL: inside one name) with where each
    occurs, sorted by trigram then position: the trigrams counted by their first byte, then sorted
    a group of first bytes at a time (:data:`GRAM_GROUPS`) as 64-bit keys (trigram, position)
    straight into the result. The result (8 bytes a trigram) and one group are held: 9-10 bytes a
    byte of names at the peak, where one sort of every key took 21 (104 MB for the 150 MB
    corpus's 4.9 MB of names)."""
    arr = np.frombuffer(blob, np.uint8)
    n = len(arr) - 2
    if n < 1:
        return np.zeros(0, np.uint32), np.zeros(1, np.int64), np.zeros(0, np.uint32), np.asarray(long_docs, np.uint32)
    by_first = np.zeros(256, np.int64)
    for lo in range(0, n, GRAM_SLICE):
        by_first += np.bincount(arr[lo : min(lo + GRAM_SLICE, n)][_inside(arr, lo, min(lo + GRAM_SLICE, n))], minlength=256)
    kept = int(by_first.sum())
    grams, positions = np.empty(kept, np.uint32), np.empty(kept, np.uint32)
    at = 0
    for first, last in _first_byte_groups(by_first):
        keys = _group_keys(arr, n, first, last)
        keys.sort()
        grams[at : at + len(keys)] = keys >> np.uint64(32)
        positions[at : at + len(keys)] = keys  # the low 32 bits: the position
        at += len(keys)
        del keys
    firsts = np.flatnonzero(np.concatenate(([True], grams[1:] != grams[:-1]))) if len(grams) else np.zeros(0, np.int64)
    starts = np.append(firsts, len(grams)).astype(np.int64)
    return grams[firsts], starts, positions, np.asarray(long_docs, np.uint32)


GRAM_GROUPS = 16
"""About how many groups of first bytes :func:`name_grams` sorts the names' trigrams in (a group
is one first byte at least: the most frequent letter's trigrams are sorted together)."""


def _inside(arr: NDArray[np.uint8], lo: int, hi: int) -> NDArray[np.bool_]:
    """Whether each trigram starting in ``lo:hi`` lies inside one name (no NUL in its three bytes)."""
    inside: NDArray[np.bool_] = (arr[lo:hi] != 0) & (arr[lo + 1 : hi + 1] != 0) & (arr[lo + 2 : hi + 2] != 0)
    return inside


def _first_byte_groups(by_first: NDArray[np.int64]) -> list[tuple[int, int]]:
    """Runs of first bytes (``first``, ``last`` exclusive) of about a :data:`GRAM_GROUPS`-th of the
    trigrams each, in order."""
    share = max(int(by_first.sum()) // GRAM_GROUPS, 1)
    groups, first, held = [], 0, 0
    for byte in range(256):
        held += int(by_first[byte])
        if held >= share or byte == 255:
            if held:
                groups.append((first, byte + 1))
            first, held = byte + 1, 0
    return groups


def _group_keys(arr: NDArray[np.uint8], n: int, first: int, last: int) -> NDArray[np.uint64]:
    """``trigram << 32 | position`` of the trigrams inside a name whose first byte is in ``first:last``."""
    picked = []
    for lo in range(0, n, GRAM_SLICE):
        hi = min(lo + GRAM_SLICE, n)
        heads = arr[lo:hi]
        wanted = _inside(arr, lo, hi) & (heads >= first) & (heads < last)
        picked.append(np.flatnonzero(wanted) + lo)
    places = np.concatenate(picked) if picked else np.zeros(0, np.int64)
    del picked
    keys = arr[places].astype(np.uint64)
    for step in (1, 2):
        keys <<= np.uint64(8)
        keys |= arr[places + step]
    keys <<= np.uint64(32)
    keys |= places.astype(np.uint64)
    return keys


class TokenIndex:
    """A generation's tokens, each with the documents that hold it."""

    __slots__ = ("_blob", "_bytes", "_fences", "_found", "_offsets", "_reorder", "_spill", "docs", "grams", "places",
                 "starts")

    def __init__(self, blob: bytes | memoryview, offsets: NDArray[Any], starts: NDArray[Any],
                 docs: NDArray[Any], grams: Grams | None = None, places: Places | None = None) -> None:
        self._blob = blob
        self._bytes: bytes | None = None
        self._offsets = offsets
        self.starts = starts
        """Where each token's rows of ``docs`` start (one more than tokens)."""
        self.docs = docs
        """Document ids, grouped by token, increasing within one."""
        self.grams = grams
        """The names' trigrams (:func:`name_grams`), ``None`` for an index written without them."""
        self.places = places
        """Each row's places (:data:`Places`), ``None`` for an index written without them."""
        self._spill: _PlaceSpill | None = None
        """Where a build's places wait (:class:`TokenBuilder`): :meth:`save` copies them from there."""
        self._reorder: tuple[NDArray[Any], NDArray[Any]] | None = None
        """A build's places are in the order the files were read: per row in that order, where its
        places start there and where they go in row order (:meth:`save` writes them in row order)."""
        self._found: tuple[bytes, int | None] = (b"", None)
        """The token found last and its id: a page asks for its literal's id three times (its
        files, its places, its rows), 20-30 µs of bisection each."""
        self._fences: list[bytes] | None = None
        """Every :data:`FENCE_EVERY`-th token's bytes, read on the first :meth:`find` (a list of
        1/64 of the tokens: 78,000 for sympy whole)."""

    def __len__(self) -> int:
        return len(self._offsets) - 1

    def name(self, t: int) -> bytes:
        """Token ``t``'s bytes."""
        return bytes(self._blob[int(self._offsets[t]) : int(self._offsets[t + 1]) - 1])

    def names(self) -> list[bytes]:
        """Every token, in order (one split of the names, in C; one by one where a name holds a
        NUL, which only damage puts there)."""
        found = bytes(self._blob).split(b"\0")
        return found[:-1] if len(found) == len(self) + 1 else [self.name(t) for t in range(len(self))]

    def find(self, token: bytes) -> int | None:
        """The id of a token, ``None`` when no file holds it (bisection over the sorted bytes)."""
        last, t = self._found
        if token != last or not token:
            t = self._find(token)
            self._found = (token, t)
        return t

    def _find(self, token: bytes) -> int | None:
        """:meth:`find` without the last answer: the fences bisected in C, then the few tokens
        between two of them in Python (a sentence's 3-4 inner words on each shard of a workspace,
        6 µs each over 10,000 tokens, 15 strings read)."""
        fences = self._fences
        if fences is None:
            if len(self) < 2 * FENCE_EVERY:
                return find_sorted(self._blob, self._offsets, token)
            fences = self._fences = [self.name(t) for t in range(0, len(self), FENCE_EVERY)]
        k = bisect_right(fences, token) - 1  # the last fence not after the token
        if k < 0:
            return None
        first = k * FENCE_EVERY
        ends = self._offsets[first : first + FENCE_EVERY + 1].tolist()  # the window's offsets, read once
        found = find_sorted(self._blob, ends, token)
        return None if found is None else first + found

    def documents(self, token: bytes) -> NDArray[Any]:
        """The ids of the documents holding a token as a whole identifier, increasing (empty when none does)."""
        t = self.find(token)
        if t is None:
            return np.zeros(0, np.uint32)
        return self.docs[int(self.starts[t]) : int(self.starts[t + 1])]

    def row_places(self, t: int, doc: int) -> list[int] | None:
        """The blocks of the stored texts holding token ``t`` (:meth:`find`)'s first whole
        occurrence on each line of document ``doc`` holding it, one a line, in order (one
        bisection, nothing read; :func:`~maguyva_tui.core.store.place_blocks.resolve` finds the
        offsets in them): ``None`` when the index holds no places, the document does not hold the
        token, or the row points outside the places (damage: the file is read instead)."""
        if self.places is None:
            return None
        lo, hi = int(self.starts[t]), int(self.starts[t + 1])
        docs = self.docs
        i = int(np.searchsorted(docs[lo:hi], doc))
        if i >= hi - lo or int(docs[lo + i]) != doc:
            return None
        at, counts, places = self.places
        first, count = int(at[lo + i]), int(counts[lo + i])
        if first < 0 or first + count > len(places) or not count:
            return None
        return self.place_blocks(first, count)

    def place_rows_blocks(self, firsts: NDArray[Any], counts: NDArray[Any]) -> list[list[int]]:
        """:meth:`place_blocks` of several rows (or their first places) at once."""
        assert self.places is not None
        blocks = self.places[2]
        if not isinstance(blocks, PlaceBlocks):
            return [self.place_blocks(f, c) for f, c in zip(np.asarray(firsts).tolist(), np.asarray(counts).tolist())]
        every = blocks.rows(np.asarray(firsts, np.int64), np.asarray(counts, np.int64)).tolist()
        bounds = np.cumsum(counts).tolist()
        return [every[a:b] for a, b in zip([0, *bounds[:-1]], bounds)]

    def place_blocks(self, first: int, count: int) -> list[int]:
        """The blocks of places ``first:first + count`` (``first`` a row's first place)."""
        assert self.places is not None
        blocks = self.places[2]
        if isinstance(blocks, PlaceBlocks):
            return blocks.row(first, count)
        held: list[int] = np.asarray(blocks[first : first + count], np.int64).tolist()
        return held

    def place_rows(self, t: int, docs: NDArray[np.int64]) -> tuple[NDArray[np.int64], NDArray[np.int64]] | None:
        """Where the places of token ``t`` in each of these documents start in the places
        (``places[2]``) and how many there are (0 where the document does not hold it, or its row
        points outside them: damage), for many documents at once; ``None`` without places."""
        if self.places is None:
            return None
        lo, hi = int(self.starts[t]), int(self.starts[t + 1])
        held = np.asarray(self.docs[lo:hi], np.int64)
        at = np.minimum(np.searchsorted(held, docs), max(hi - lo - 1, 0))
        rows = lo + at
        firsts, places = self.places[0], self.places[2]
        first = np.asarray(firsts[rows], np.int64)
        count = np.asarray(self.places[1][rows], np.int64)
        bad = (held[at] != docs) | (first < 0) | (first + count > len(places))
        return np.where(bad, 0, first), np.where(bad, 0, count)

    def containing(self, needle: bytes, most: int) -> tuple[NDArray[np.int64], NDArray[np.int64]] | None:
        """The documents holding a token that holds ``needle`` (one identifier), each once, with
        the best match the needle can have in one: 3 a whole identifier (the token itself), 2 at
        a word boundary (the token starts or ends with it), 1 inside a longer name. Every match of
        an identifier lies in one token, so these are exactly the documents where it occurs, but
        for those holding a run longer than :data:`MAX_TOKEN_BYTES`, which are listed too (at 2,
        the best a match inside a longer run can be) where the index says which they are
        (:attr:`grams`). ``None`` when the tokens hold it more than ``most`` times (a letter or
        two: their rows would cost more than the trigrams)."""
        found = self._occurrences(needle, most)
        if found is None:
            return None
        held = self._holders(found, len(needle), needle)
        if held is None:
            return None  # the documents read are not in order: a damaged index, the trigrams answer
        docs, best = held
        if self.grams is None or not len(self.grams[3]):
            return docs, best
        long_docs = np.asarray(self.grams[3], np.int64)
        docs, best = np.concatenate((docs, long_docs)), np.concatenate((best, np.full(len(long_docs), 2, np.int64)))
        order = np.lexsort((-best, docs))
        docs, best = docs[order], best[order]
        first = np.ones(len(docs), bool)
        first[1:] = docs[1:] != docs[:-1]
        return docs[first], best[first]

    def exact(self) -> bool:
        """Whether :meth:`containing` is answered from the names' trigrams (no scan of the names)
        with the documents of long runs listed: then its documents are every one holding a literal
        of three bytes or more, and no trigram of the files needs asking."""
        return self.grams is not None

    def _occurrences(self, needle: bytes, most: int) -> NDArray[np.int64] | None:
        """Where ``needle`` starts in the names (increasing; overlapping ones too where found by
        the trigrams), ``None`` past ``most``: by the needle's rarest trigram where the names'
        trigrams are stored, else by one scan of the names."""
        if self.grams is not None and len(needle) >= 3:
            found = self._gram_occurrences(needle)
            return None if len(found) > most else found
        if self._bytes is None:
            self._bytes = bytes(self._blob)  # one copy of the tokens (``split`` needs bytes)
        blob, n = self._bytes, len(needle)
        if n < SHORT_NEEDLE and blob.count(needle) > most:
            return None  # counted before it is split: a letter's pieces would be most of the names
        pieces = blob.split(needle)
        if len(pieces) - 1 > most:
            return None
        sizes = np.fromiter(map(len, pieces), np.int64, len(pieces))[:-1]
        return np.cumsum(sizes) + n * np.arange(len(sizes))  # where each occurrence starts

    def _gram_occurrences(self, needle: bytes) -> NDArray[np.int64]:
        """Where ``needle`` (three bytes or more) starts in the names: the places of its rarest
        trigram, each checked against the whole needle. Its few trigrams are made in Python, as the
        stored ones' 32-bit values (numpy's steps on a name's dozen bytes cost more, and a search
        of 64-bit values converted every stored trigram first: 4 µs)."""
        assert self.grams is not None
        grams, starts, positions, _ = self.grams
        n = len(needle)
        wanted = np.array([a << 16 | b << 8 | c for a, b, c in zip(needle, needle[1:], needle[2:])], np.uint32)
        if not len(grams):
            return np.zeros(0, np.int64)
        at = np.minimum(np.searchsorted(grams, wanted), len(grams) - 1)
        if not bool((grams[at] == wanted).all()):
            return np.zeros(0, np.int64)  # a trigram no name holds
        counts = np.asarray(starts[at + 1], np.int64) - np.asarray(starts[at], np.int64)
        k = int(np.argmin(counts))
        g = int(at[k])
        places = np.asarray(positions[int(starts[g]) : int(starts[g + 1])], np.int64) - k
        if len(places) <= FEW_PLACES:
            blob, size = self._blob, len(self._blob)
            return np.array([p for p in places.tolist() if p >= 0 and p + n <= size and blob[p : p + n] == needle],
                            np.int64)
        arr = np.frombuffer(self._blob, np.uint8)
        places = places[(places >= 0) & (places + n <= len(arr))]
        same = (arr[places[:, None] + np.arange(n)] == np.frombuffer(needle, np.uint8)).all(axis=1)
        held: NDArray[np.int64] = places[same]
        return held

    def _holders(self, found: NDArray[np.int64], n: int,
                 needle: bytes) -> tuple[NDArray[np.int64], NDArray[np.int64]] | None:
        """The documents of the tokens holding the needle at these places, each once, with its best
        match; ``None`` when a token's documents are not increasing, as they are written (a byte
        flipped in ``tokens_docs.npy``: a literal's file would be missed, where the trigrams find it)."""
        if not len(found):
            return np.zeros(0, np.int64), np.zeros(0, np.int64)
        offsets = self._offsets  # searched in its own type: a needle of another type would copy it whole
        at = np.searchsorted(offsets, found.astype(offsets.dtype, copy=False), side="right") - 1
        tokens = unique(at)  # not np.unique: its first call imports numpy.ma (35 ms)
        if len(tokens) == 1:
            return self._one_holder(int(tokens[0]), n, needle)
        begin, end = offsets[tokens].astype(np.int64), offsets[tokens + 1].astype(np.int64) - 1
        arr = np.frombuffer(self._blob, np.uint8)
        needle_arr = np.frombuffer(needle, np.uint8)
        heads = (arr[begin[:, None] + np.arange(n)] == needle_arr).all(axis=1)
        tails = (arr[end[:, None] - n + np.arange(n)] == needle_arr).all(axis=1)
        tiers = np.where(end - begin == n, 3, np.where(heads | tails, 2, 1))
        firsts = self.starts[tokens].astype(np.int64)
        counts = self.starts[tokens + 1].astype(np.int64) - firsts
        rows = np.repeat(firsts - np.cumsum(counts) + counts, counts) + np.arange(int(counts.sum()))
        docs = np.asarray(self.docs[rows], np.int64)
        steps = np.diff(docs) > 0
        steps[np.cumsum(counts)[:-1] - 1] = True  # a token's first document follows another token's
        if not bool(steps.all()):
            return None
        best = np.repeat(tiers, counts)
        order = np.lexsort((-best, docs))
        docs, best = docs[order], best[order]
        first = np.ones(len(docs), bool)
        first[1:] = docs[1:] != docs[:-1]
        return docs[first], best[first]

    def _one_holder(self, t: int, n: int, needle: bytes) -> tuple[NDArray[np.int64], NDArray[np.int64]] | None:
        """:meth:`_holders` of one token (a rare identifier's usual answer): its documents, each
        with the token's match, read as written (increasing, checked), with no sort or merge."""
        begin, end = int(self._offsets[t]), int(self._offsets[t + 1]) - 1
        name = bytes(self._blob[begin:end])
        tier = 3 if end - begin == n else 2 if name.startswith(needle) or name.endswith(needle) else 1
        docs = np.asarray(self.docs[int(self.starts[t]) : int(self.starts[t + 1])], np.int64)
        if len(docs) > 1 and not bool((docs[1:] > docs[:-1]).all()):
            return None
        return docs, np.full(len(docs), tier, np.int64)

    def save(self, folder: Path) -> int:
        """Write every part into a generation being written; return the bytes written."""
        (folder / f"{NAMES}.bin").write_bytes(bytes(self._blob))
        offsets = _steps(np.asarray(self._offsets)).astype(np.uint8)  # each name's bytes and its NUL: 2-129
        starts = _steps(np.asarray(self.starts))  # each token's rows
        starts = np.asarray(starts, _narrowest(starts, SIZE_TYPES))
        save_array(folder / f"{NAMES}_offsets.npy", offsets)
        save_array(folder / "tokens_starts.npy", starts)
        docs = np.asarray(self.docs, _narrowest(np.asarray(self.docs), DOC_TYPES))
        save_array(folder / "tokens_docs.npy", docs)
        written = len(self._blob) + offsets.nbytes + starts.nbytes + docs.nbytes
        if self.grams is not None:
            for name, part, types in zip(GRAM_PARTS, self.grams, GRAM_TYPES):
                if name == GRAM_PARTS[2]:  # the positions, increasing within a trigram: in half their bytes
                    written += save_column(folder / f"{name}.npy", len(part), partial(_slices, part))
                    continue
                stored = np.asarray(part, _narrowest(np.asarray(part), types))
                save_array(folder / f"{name}.npy", stored)
                written += stored.nbytes
        if self.places is not None:
            at, counts, places = self.places
            counts = np.asarray(counts[:])
            if self._reorder is None and not isinstance(at, RowStarts) and len(counts):
                self._reorder = _reorder_of(np.asarray(at[:], np.int64), np.asarray(counts, np.int64))
            rows = np.flatnonzero(counts >= WIDE_COUNT)
            wide = np.stack((rows, counts[rows].astype(np.int64)))
            wide = np.asarray(wide, narrowest(int(wide.max()) if wide.size else 0, (np.uint32, np.int64)))
            narrow = np.minimum(counts, WIDE_COUNT).astype(np.uint8)
            save_array(folder / f"{PLACE_PARTS[0]}.npy", narrow)
            save_array(folder / f"{WIDE_COUNTS}.npy", wide)
            written += narrow.nbytes + wide.nbytes
            if isinstance(places, PlaceBlocks) and self._reorder is None:
                codes, jumps = places.parts()  # read from an index: written again as they are
            else:
                codes, jumps = encode(self._place_blocks(), counts, len(places))
            save_array(folder / f"{PLACE_PARTS[1]}.npy", codes)
            save_array(folder / f"{JUMPS}.npy", jumps)
            written += codes.nbytes + jumps.nbytes
        return written

    def _source_blocks(self) -> Iterator[tuple[int, NDArray[Any]]]:
        """The places as held, a slice at a time with where it starts: from a build's spill file
        where they are all there (the mapped places are not read: every page read through a map
        would stay in the process)."""
        assert self.places is not None
        spill, places = self._spill, self.places[2]
        assert not isinstance(places, PlaceBlocks)  # (read from an index: its codes are written again as they are)
        whole = len(places)
        for lo in range(0, whole, PLACE_SLICE):
            hi = min(lo + PLACE_SLICE, whole)
            yield lo, spill.read(lo, hi) if spill is not None and spill.in_file() else places[lo:hi]

    def _source_pieces(self) -> Iterator[tuple[int, NDArray[Any]]]:
        """The places as held in pieces of :data:`REORDER_PIECE`, with where each starts: what a
        pass of :meth:`_place_blocks` gathers from (its temporaries, about 30 bytes a place, were
        30 MB of a build's peak a slice of a million)."""
        for start, block in self._source_blocks():
            for lo in range(0, len(block), REORDER_PIECE):
                yield start + lo, block[lo : lo + REORDER_PIECE]

    def _place_blocks(self) -> Iterator[NDArray[Any]]:
        """The places in row order, a slice at a time: as held where they are, else each slice of
        :data:`REORDER_SLICE` gathered from one pass over the places as held."""
        if self._reorder is None:
            yield from (block for _, block in self._source_blocks())
            return
        assert self.places is not None
        firsts, goes = self._reorder
        whole = len(self.places[2])
        for lo in range(0, whole, REORDER_SLICE):
            hi = min(lo + REORDER_SLICE, whole)
            out = np.zeros(hi - lo, np.uint32)
            for at, block in self._source_pieces():
                end = at + len(block)
                first, last = int(np.searchsorted(firsts, at, "right")) - 1, int(np.searchsorted(firsts, end))
                bounds = np.maximum(np.append(np.asarray(firsts[first:last], np.int64), end), at)  # the block's rows
                shift = np.asarray(goes[first:last], np.int64) - np.asarray(firsts[first:last], np.int64)
                to = np.repeat(shift, np.diff(bounds)) + np.arange(at, end, dtype=np.int64)  # one row after another,
                # no search per place (0.36 -> 0.1 s a pass of sympy's 3.3 million)
                inside = (to >= lo) & (to < hi)
                out[to[inside] - lo] = np.asarray(block, np.uint32)[inside]
            for part in range(0, hi - lo, PLACE_SLICE):
                yield out[part : part + PLACE_SLICE]

    @classmethod
    def load(cls, folder: Path) -> TokenIndex:
        """Map a generation's token index (headers and sizes checked; the names' sizes and the
        tokens' counts of documents summed, sympy's 95,000 each in about 0.2 ms, where the offsets
        stored before had their steps checked); a missing part or parts that disagree are
        IndexUnavailable."""
        offsets = load_array(folder / f"{NAMES}_offsets.npy", (np.uint8, *OFFSET_TYPES))
        starts = load_array(folder / "tokens_starts.npy", SIZE_TYPES + OFFSET_TYPES[1:])
        docs = load_array(folder / "tokens_docs.npy", DOC_TYPES)
        blob = map_bytes(folder / f"{NAMES}.bin")
        summed = offsets.dtype == np.uint8
        if summed:  # each name's size: summed, each at least a byte and its NUL
            if len(offsets) and int(offsets.min()) < 2:
                raise damaged(folder / "tokens_starts.npy", "a token without bytes or without a file")
            offsets = _summed(offsets)
            if len(starts) != len(offsets) - 1:
                raise damaged(folder / "tokens_starts.npy", "its parts disagree")
            if len(starts) and int(starts.min()) < 1:
                raise damaged(folder / "tokens_starts.npy", "a token without bytes or without a file")
            starts = _summed(starts)
        if (len(offsets) < 1 or int(offsets[0]) != 0 or int(offsets[-1]) != len(blob) or len(starts) != len(offsets)
                or int(starts[0]) != 0 or int(starts[-1]) != len(docs)):
            raise damaged(folder / "tokens_starts.npy", "its parts disagree")
        if not summed and (bool(np.any(_steps(offsets) < 2)) or bool(np.any(_steps(starts) < 1))):
            raise damaged(folder / "tokens_starts.npy", "a token without bytes or without a file")
        return cls(blob, offsets, starts, docs, _load_grams(folder), _load_places(folder, len(docs)))


REORDER_SLICE = 4 * PLACE_SLICE
"""Places written in row order per pass over a build's places (16 MB held: sympy's 2.8 million in
one pass, the 150 MB corpus's 13.5 million in four)."""

REORDER_PIECE = PLACE_SLICE // 4
"""Places as held a pass gathers from at a time (:meth:`TokenIndex._source_pieces`)."""


def _reorder_of(at: NDArray[np.int64], counts: NDArray[np.int64]) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """:attr:`TokenIndex._reorder` of rows whose places start at ``at`` (rows of no place left out)."""
    held = np.flatnonzero(counts > 0)
    goes = (np.cumsum(counts) - counts)[held]
    by_first = np.argsort(at[held], kind="stable")
    return at[held][by_first], goes[by_first]


def _summed(sizes: NDArray[Any]) -> NDArray[Any]:
    """Where each of these sizes starts, and their sum last: ``uint32`` where the sum fits, else ``int64``
    (summed in place in that type: sympy's 100,000 names in 0.2 ms, 0.6 summed as ``int64`` and narrowed)."""
    total = int(sizes.sum(dtype=np.int64))
    out = np.empty(len(sizes) + 1, np.uint32 if total < 1 << 32 else np.int64)
    out[0] = 0
    out[1:] = sizes
    np.cumsum(out, out=out)
    return out


def _slices(column: NDArray[Any] | LowHalves) -> Iterator[NDArray[Any]]:
    """A column a slice of :data:`PLACE_SLICE` values at a time (what :func:`save_column` writes)."""
    for lo in range(0, len(column), PLACE_SLICE):
        yield column[lo : lo + PLACE_SLICE]


def _steps(values: NDArray[Any]) -> NDArray[np.int64]:
    """``np.diff`` in ``int64``: a decreasing pair of ``uint32`` values (a damaged file) is negative,
    not a wrapped large step."""
    steps: NDArray[np.int64] = np.subtract(values[1:], values[:-1], dtype=np.int64)
    return steps


def _load_grams(folder: Path) -> Grams | None:
    """Map the names' trigrams and the documents of long runs; ``None`` for an index written
    without them (it is read as before); parts that disagree are IndexUnavailable."""
    if not (folder / f"{GRAM_PARTS[0]}.npy").exists():
        return None
    grams, starts, long_docs = (load_array(folder / f"{name}.npy", types) for name, types in
                                zip(GRAM_PARTS[:2] + GRAM_PARTS[3:], GRAM_TYPES[:2] + GRAM_TYPES[3:]))
    positions = load_column(folder / f"{GRAM_PARTS[2]}.npy")
    if (len(starts) != len(grams) + 1 or int(starts[0]) != 0 or int(starts[-1]) != len(positions)
            or bool(np.any(np.diff(starts.astype(np.int64)) < 1)) or bool(np.any(np.diff(grams.astype(np.int64)) < 1))):
        raise damaged(folder / "tokens_gram_starts.npy", "its parts disagree")
    return grams, starts, positions, long_docs


def _load_places(folder: Path, rows: int) -> Places | None:
    """Map the rows' places; ``None`` for an index written without them (its files are read);
    parts of other lengths than the rows are IndexUnavailable. A row pointing outside the places
    is found where it is read (:meth:`TokenIndex.row_places`), not by a pass over every row here."""
    if not (folder / f"{PLACE_PARTS[0]}.npy").exists():
        return None
    stored = load_array(folder / f"{PLACE_PARTS[0]}.npy", np.uint8)
    codes = load_array(folder / f"{PLACE_PARTS[1]}.npy", np.uint8)
    jumps = load_array(folder / f"{JUMPS}.npy", JUMP_TYPES, ndim=2)
    if len(stored) != rows or jumps.shape[0] != 2:
        raise damaged(folder / f"{PLACE_PARTS[0]}.npy", "its parts disagree")
    wide = load_array(folder / f"{WIDE_COUNTS}.npy", (np.uint32, np.int64), ndim=2)
    if wide.shape[0] != 2 or (wide.shape[1] and (int(wide[0].max()) >= rows or int(wide[1].min()) < WIDE_COUNT)):
        raise damaged(folder / f"{WIDE_COUNTS}.npy", "its parts disagree")
    counts = RowCounts(stored, wide)
    total = int(stored.sum(dtype=np.int64)) + (int(wide[1].sum(dtype=np.int64)) - WIDE_COUNT * wide.shape[1])
    if (total + 1) // 2 != len(codes):
        total = 2 * len(codes)  # counts that do not sum to the places (damage): every row past them, read around
    return RowStarts(counts, total), counts, PlaceBlocks(codes, jumps, total)


class TokenBuilder:
    """Collects the tokens of a generation's files: those of the files it reads, and the rows of
    the previous generation's files it keeps unread.

    Each file's token ids are held as ``uint32`` beside its document id (one number, not a column
    of it); its places go to an unlinked temporary file as they come (:class:`_PlaceSpill`: they are
    written in that order, so nothing but the rows is sorted). :meth:`finish` numbers the tokens
    in byte order, makes the names and their trigrams, then packs each row into one ``uint64``
    (token rank, document, the row's number) sorted in place: the row's number tells where its
    first place and count go, without a sort of the rows by a permutation. The step alone on the
    150 MB corpus: 333 -> 141 MB above the process it runs in."""

    def __init__(self, near: Path | None = None) -> None:
        self._ids: dict[bytes, int] = {}
        self._tokens: list[NDArray[np.uint32]] = []
        self._docs: list[int | NDArray[np.uint32]] = []
        """Per part of ``_tokens``: its one document (a file read) or each row's (rows kept)."""
        self._long: list[int] | None = []
        """The documents holding a run too long to be a token; ``None`` once one kept from an index
        that did not say (then no trigrams of the names are written: it is read as before)."""
        self._places: _PlaceSpill | None = _PlaceSpill(near)
        self._counts: list[NDArray[np.uint32]] = []
        """Per part of ``_tokens``: its rows' places (in the spill) and how many each has; ``None``
        once rows are kept from an index written without places (then none are written: its files
        are read)."""

    def add(self, doc: int, data: bytes) -> None:
        """Take one file's tokens (and their places) from its text."""
        if self._places is None:
            tokens, long_runs = _file_tokens(data)
            places = counts = None
        else:
            tokens, long_runs, places, counts = file_places(data)
        if long_runs and self._long is not None:
            self._long.append(doc)
        if tokens:
            self._tokens.append(self._id_of(tokens))
            self._docs.append(doc)
            if self._places is not None and places is not None and counts is not None:
                places //= np.uint32(block_size(len(data)))  # each place's block of the stored texts
                self._places.append(places)
                self._counts.append(counts)

    def keep(self, previous: TokenIndex, docs: Iterable[int]) -> None:
        """Carry over the previous generation's rows of these documents (unchanged files, same ids)."""
        wanted = np.fromiter(docs, np.int64)
        if previous.grams is None:
            self._long = None
        elif self._long is not None:
            self._long.extend(np.asarray(previous.grams[3], np.int64)[np.isin(previous.grams[3], wanted)].tolist())
        if not len(previous) or not len(wanted):
            return
        stored = np.asarray(previous.docs, np.int64)
        rows = np.flatnonzero(np.isin(stored, wanted))
        if not len(rows):
            return
        of_row = np.searchsorted(np.asarray(previous.starts, np.int64), rows, side="right") - 1
        used, inverse = np.unique(of_row, return_inverse=True)
        names = previous.names()
        self._tokens.append(self._id_of(list(map(names.__getitem__, used.tolist())))[inverse])
        self._docs.append(stored[rows].astype(np.uint32))
        self._keep_places(previous, rows)

    def _keep_places(self, previous: TokenIndex, rows: NDArray[np.int64]) -> None:
        """Carry over the places of the previous generation's kept rows (in the rows' order);
        none are written once the previous index has none, or one of its rows points outside them."""
        if self._places is None:
            return
        if previous.places is None:
            self._drop_places()
            return
        at, counts, places = previous.places
        firsts, sizes = np.asarray(at[rows], np.int64), np.asarray(counts[rows], np.int64)
        if len(rows) and (int(firsts.min()) < 0 or int((firsts + sizes).max()) > len(places)):
            self._drop_places()
            return
        if isinstance(places, PlaceBlocks):
            held = places.rows(firsts, sizes)
        else:
            held = np.asarray(places[np.repeat(firsts - np.cumsum(sizes) + sizes, sizes) + np.arange(int(sizes.sum()))])
        if len(held) and int(held.min()) < 0:
            self._drop_places()  # a jump missing: damage
            return
        self._places.append(np.asarray(held, np.uint32))
        self._counts.append(sizes.astype(np.uint32))

    def _drop_places(self) -> None:
        """Write no places (rows kept from an index without them, or whose rows point outside them)."""
        if self._places is not None:
            self._places.close()
        self._places, self._counts = None, []

    def _id_of(self, tokens: list[bytes]) -> NDArray[np.uint32]:
        """The ids of tokens, new ones numbered as they come."""
        ids = self._ids
        new = list(dict.fromkeys(filterfalse(ids.__contains__, tokens)))
        ids.update(zip(new, range(len(ids), len(ids) + len(new))))
        return np.fromiter(map(ids.__getitem__, tokens), np.uint32, len(tokens))

    def finish(self) -> TokenIndex:
        """The index of everything collected: tokens sorted by their bytes, rows by token then
        document. The names (and their trigrams) are made first, while only the rows' ids are
        held; the rows are then packed and sorted, and each row's places follow it."""
        rank, blob, offsets = self._names()
        grams = None if self._long is None else name_grams(blob, np.array(sorted(set(self._long)), np.uint32))
        spill, counts = self._places, self._counts
        self._places, self._counts = None, []
        rows = sum(map(len, self._tokens))
        doc_bits, row_bits = _row_bits(len(rank), self._highest_doc(), rows if spill is not None else 0)
        keys = self._packed(rank, doc_bits + row_bits, row_bits)
        del rank
        order = None
        if spill is None or row_bits:
            keys.sort()  # by token, then document, then row: the rows' order where two are the same
        else:
            order = np.argsort(keys, kind="stable")  # the row's number does not fit beside them
            keys[:] = keys[order]
        starts = np.searchsorted(keys, np.arange(len(offsets), dtype=np.uint64) << np.uint64(doc_bits + row_bits))
        docs, numbers = _split_rows(keys, doc_bits, row_bits)
        del keys
        if order is None:
            order = numbers
        row_places = reorder = None
        if spill is not None and order is not None:
            at, sizes, reorder = _row_places(_joined32(counts), order)
            row_places = (at, sizes, spill.array())
        index = TokenIndex(blob, offsets, starts.astype(np.int64), docs, grams, row_places)
        index._spill, index._reorder = spill, reorder
        return index

    def _names(self) -> tuple[NDArray[np.uint32], bytes, NDArray[np.int64]]:
        """Each token id's rank in byte order, and the names blob in that order (the table of ids
        let go first)."""
        names = list(self._ids)
        self._ids = {}
        order = sorted(range(len(names)), key=names.__getitem__)
        rank = np.empty(len(names), np.uint32)
        rank[np.array(order, np.int64)] = np.arange(len(names), dtype=np.uint32)
        blob, offsets = bytes_blob([names[i] for i in order])
        return rank, blob, offsets

    def _highest_doc(self) -> int:
        """The largest document id of the rows (0 when none)."""
        return max((int(doc) if isinstance(doc, int) else int(doc.max(initial=0)) for doc in self._docs), default=0)

    def _packed(self, rank: NDArray[np.uint32], shift: int, row_bits: int) -> NDArray[np.uint64]:
        """Every row as ``token rank << shift | document << row_bits | row number`` (the number
        left out when ``row_bits`` is 0), each part let go once packed."""
        keys = np.empty(sum(map(len, self._tokens)), np.uint64)
        at = 0
        for i, (tokens, doc) in enumerate(zip(self._tokens, self._docs)):
            block = keys[at : at + len(tokens)]
            block[:] = rank[tokens]
            block <<= np.uint64(shift)
            if isinstance(doc, int):
                block |= np.uint64(doc << row_bits)
            else:
                block |= np.asarray(doc, np.uint64) << np.uint64(row_bits)
            if row_bits:
                block |= np.arange(at, at + len(tokens), dtype=np.uint64)
            at += len(tokens)
            self._tokens[i] = tokens[:0]
        self._tokens, self._docs = [], []
        return keys


def _row_bits(tokens: int, highest_doc: int, rows: int) -> tuple[int, int]:
    """The bits of a packed row's document and number (0 bits for the number where there are no
    places, or it does not fit in 64 bits beside the token's rank and the document: then the
    document takes 32 and the rows are sorted by a permutation)."""
    token_bits = max((tokens - 1).bit_length(), 1)
    doc_bits = max(highest_doc.bit_length(), 1)
    row_bits = max((rows - 1).bit_length(), 1) if rows else 0
    if token_bits + doc_bits + row_bits <= 64:
        return doc_bits, row_bits
    return 32, 0


def _split_rows(keys: NDArray[np.uint64], doc_bits: int, row_bits: int) -> tuple[NDArray[np.uint32], NDArray[Any] | None]:
    """The documents of sorted packed rows, and each row's number (``None`` without one), a slice
    at a time (no temporary of every row)."""
    docs = np.empty(len(keys), np.uint32)
    numbers = np.empty(len(keys), np.uint32 if len(keys) <= 1 << 32 else np.int64) if row_bits else None
    doc_mask, row_mask = np.uint64((1 << doc_bits) - 1), np.uint64((1 << row_bits) - 1)
    for lo in range(0, len(keys), PLACE_SLICE):
        block = keys[lo : lo + PLACE_SLICE]
        docs[lo : lo + len(block)] = (block >> np.uint64(row_bits)) & doc_mask
        if numbers is not None:
            numbers[lo : lo + len(block)] = block & row_mask
    return docs, numbers


def _row_places(counts: NDArray[np.uint32], order: NDArray[Any]
                ) -> tuple[NDArray[Any], NDArray[np.uint32], tuple[NDArray[Any], NDArray[Any]]]:
    """Each sorted row's first place and count of places, from the rows' counts in the order they
    came (their places follow one another in that order) and each sorted row's number there; and
    per row in the order they came, its first place and where its places go in row order
    (:attr:`TokenIndex._reorder`)."""
    total = int(counts.sum(dtype=np.int64))
    firsts = np.empty(len(counts), np.uint32 if total < 1 << 32 else np.int64)
    carry = 0
    for lo in range(0, len(counts), PLACE_SLICE):
        part = np.cumsum(counts[lo : lo + PLACE_SLICE], dtype=np.int64)
        firsts[lo : lo + len(part)] = part - counts[lo : lo + PLACE_SLICE] + carry
        carry += int(part[-1])
    at = np.empty(len(order), firsts.dtype)
    for lo in range(0, len(order), PLACE_SLICE):
        at[lo : lo + PLACE_SLICE] = firsts[order[lo : lo + PLACE_SLICE]]
    sizes = np.empty(len(order), np.uint32)
    for lo in range(0, len(order), PLACE_SLICE):
        sizes[lo : lo + PLACE_SLICE] = counts[order[lo : lo + PLACE_SLICE]]
    goes = np.empty(len(order), firsts.dtype)
    carry = 0
    for lo in range(0, len(order), PLACE_SLICE):
        part = np.cumsum(sizes[lo : lo + PLACE_SLICE], dtype=goes.dtype)
        last = int(part[-1])
        part -= sizes[lo : lo + PLACE_SLICE]  # in place: one temporary of the slice, in the places' type
        part += goes.dtype.type(carry)
        goes[order[lo : lo + PLACE_SLICE]] = part
        carry += last
    return at, sizes, (firsts, goes)


def _joined32(parts: list[NDArray[np.uint32]]) -> NDArray[np.uint32]:
    """Parts concatenated as ``uint32``, each let go from the list once copied."""
    out = np.empty(sum(map(len, parts)), np.uint32)
    at = 0
    for i, part in enumerate(parts):
        out[at : at + len(part)] = part
        at += len(part)
        parts[i] = out[:0]
    parts.clear()
    return out


class _PlaceSpill:
    """The rows' places in the order they come, in an unlinked temporary file (gone with the
    process however it ends; 54 MB of places held on the 150 MB corpus otherwise, and joined into a
    second copy), read back a slice at a time where the index is saved; in memory where no such
    file can be made, or from the first write that fails (a full disk)."""

    def __init__(self, near: Path | None) -> None:
        self._file = _temporary(near)
        self._written = 0
        """Places in the file (they come first)."""
        self._held: list[NDArray[np.uint32]] = []

    def append(self, places: NDArray[np.uint32]) -> None:
        """Keep the places of one part, after those kept before."""
        data = np.ascontiguousarray(places, np.uint32)
        if self._file is not None and not self._held:
            try:
                write_all(self._file.fileno(), data.data, 4 * self._written)
                self._written += len(data)
                return
            except OSError:
                pass  # the disk is full: these places and the next are held
        self._held.append(data)

    def array(self) -> NDArray[np.uint32]:
        """Every place, in order: the file mapped read-only (nothing read until asked) when all
        are there, else one array."""
        if not self._held and self._file is not None and self._written:
            return np.memmap(self._file, np.uint32, "r", shape=(self._written,))
        on_disk = self.read(0, self._written) if self._written else np.zeros(0, np.uint32)
        return np.concatenate([on_disk, *self._held]) if self._held else on_disk

    def in_file(self) -> bool:
        """Whether every place is in the file (:meth:`read` gives them without mapping them)."""
        return self._file is not None and not self._held

    def read(self, lo: int, hi: int) -> NDArray[np.uint32]:
        """The places ``lo`` to ``hi`` in the file, read (not mapped)."""
        assert self._file is not None
        return np.frombuffer(read_all(self._file.fileno(), 4 * lo, 4 * (hi - lo), "the token places' spill file"), np.uint32)

    def close(self) -> None:
        """Remove the file."""
        if self._file is not None:
            self._file.close()
            self._file = None


