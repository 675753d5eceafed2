"""The token index's places kept as the blocks of the stored texts that hold them (issue 19).

A place is where a token first occurs whole on a line of a file. The index keeps, for each place,
not its offset but the number of the block of ``content.bin`` holding it (a file's text is cut
into equal blocks of at most 4 KiB, :func:`~maguyva_tui.core.store.texts.cut`): a reader that
wants the offsets decompresses those blocks anyway, and finds the places again in them
(:func:`resolve`: the first whole occurrences on their lines, as many in each block as the index
says). Within a row (one token in one file) the block numbers do not decrease, so each is stored
as its step from the one before (the row's first from 0): in 4 bits, two a byte, 15 standing for
a step of 15 or more kept aside with where it is. Sympy: 3.28 million places, 6.69 -> 1.97 MB;
the 450 MB corpus: 81.4 -> 23.7 MiB.

    tokens_place_blocks.npy   uint8: two steps a byte, the even place in the low 4 bits
    tokens_place_jumps.npy    uint32 (int64 past 2**32 places), shape (2, jumps): the places whose
                              step is 15 or more, increasing, and their steps
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import accumulate
from typing import Any

import numpy as np
from numpy.typing import NDArray

from maguyva_tui.core.store.texts import BLOCK_BYTES

ESCAPE = 15
"""A 4-bit step standing for one kept aside (15 or more)."""

FEW = 48
"""Places of a row up to which its steps are read as Python lists (a numpy step costs more)."""

JUMP_TYPES: tuple[type[np.generic], ...] = (np.uint32, np.int64)

ENCODE_SLICE = 1 << 18
"""Places :func:`encode` steps at a time, however many a block it is given holds: its temporaries
(``int64``, about 40 bytes a place) were 40 MB of a build's peak a slice of a million places."""

_IDENT = [False] * 256
for _byte in b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$":
    _IDENT[_byte] = True


def block_size(length: int) -> int:
    """The size of the blocks a text of ``length`` bytes is cut into (the last may be shorter):
    as :func:`~maguyva_tui.core.store.texts.cut` cuts it."""
    if length <= 0:
        return 1
    count = -(-length // BLOCK_BYTES)
    return -(-length // count)


class PlaceBlocks:
    """The stored steps read back as each place's block number, row by row (a row's first place
    given: its step is from 0)."""

    __slots__ = ("_codes", "_count", "_jump_at", "_jumps")

    def __init__(self, codes: NDArray[np.uint8], jumps: NDArray[Any], count: int) -> None:
        self._codes = codes.view(np.ndarray)  # (a slice of a memmap costs 3 us more: a page asks one a file)
        self._jump_at = jumps[0].view(np.ndarray)
        self._jumps = jumps[1].view(np.ndarray)
        self._count = count

    def __len__(self) -> int:
        return self._count

    @property
    def nbytes(self) -> int:
        return int(self._codes.nbytes + self._jump_at.nbytes + self._jumps.nbytes)

    def parts(self) -> tuple[NDArray[np.uint8], NDArray[Any]]:
        """The stored codes and jumps (what :meth:`~maguyva_tui.core.store.tokens.TokenIndex.save`
        writes again as they are)."""
        return self._codes, np.stack((self._jump_at, self._jumps)) if len(self._jumps) else np.zeros((2, 0), np.uint32)

    def row(self, first: int, count: int) -> list[int]:
        """The block numbers of places ``first:first + count``, ``first`` a row's first place."""
        if count <= 0:
            return []
        if count > FEW:
            many: list[int] = self.rows(np.array([first], np.int64), np.array([count], np.int64)).tolist()
            return many
        odd = first & 1
        steps: list[int] = []
        for byte in self._codes[first >> 1 : (first + count + 1) >> 1].tobytes():
            steps.append(byte & 15)
            steps.append(byte >> 4)
        steps = steps[odd : odd + count]
        if ESCAPE in steps:
            at = int(np.searchsorted(self._jump_at, _as_held(self._jump_at, first)))
            jumps = self._jumps[at : at + count].tolist()
            where = self._jump_at[at : at + count].tolist()
            k = 0
            for i, step in enumerate(steps):
                if step == ESCAPE:
                    if k >= len(jumps) or where[k] != first + i:
                        return [-1] * count  # a jump missing: damage (no block holds a place)
                    steps[i] = jumps[k]
                    k += 1
        return list(accumulate(steps))

    def rows(self, firsts: NDArray[np.int64], counts: NDArray[np.int64]) -> NDArray[np.int64]:
        """The block numbers of several rows' places (each from its first), one after another."""
        counts = np.asarray(counts, np.int64)
        total = int(counts.sum())
        if not total:
            return np.zeros(0, np.int64)
        bounds = np.cumsum(counts)
        index = np.repeat(np.asarray(firsts, np.int64) - bounds + counts, counts) + np.arange(total)
        steps = (np.asarray(self._codes[index >> 1], np.int64) >> ((index & 1) << 2)) & 15
        escaped = np.flatnonzero(steps == ESCAPE)
        if len(escaped):
            asked = index[escaped]
            if len(self._jump_at) and 0 <= int(asked.min()) and int(asked.max()) <= np.iinfo(self._jump_at.dtype).max:
                asked = asked.astype(self._jump_at.dtype)  # searched in the table's own type: no copy of it
            at = np.minimum(np.searchsorted(self._jump_at, asked), max(len(self._jump_at) - 1, 0))
            if not len(self._jump_at) or not bool((self._jump_at[at] == index[escaped]).all()):
                return np.full(total, -1, np.int64)  # a jump missing: damage
            steps[escaped] = self._jumps[at]
        summed = np.cumsum(steps)
        base = summed[bounds - counts] - steps[bounds - counts]  # the sum before each row
        out: NDArray[np.int64] = summed - np.repeat(base, counts)
        return out


def _as_held(table: NDArray[Any], value: int) -> Any:
    """``value`` in the type of the sorted ``table`` it is looked up in, where it fits: a search
    of a Python int (an int64) in a uint32 table copied the whole table into int64 first (the
    jumps of 45,000 places: 10 us a row of many places)."""
    try:
        return table.dtype.type(value)
    except (OverflowError, ValueError):
        return value


def encode(blocks: Iterable[NDArray[Any]], counts: NDArray[Any], total: int) -> tuple[NDArray[np.uint8], NDArray[Any]]:
    """The codes and jumps of every place's block number (given a slice at a time, in row order)
    of rows of these ``counts`` (``total`` places)."""
    codes = np.zeros((total + 1) // 2, np.uint8)
    firsts: NDArray[Any] = np.empty(len(counts), np.uint32 if total < 1 << 32 else np.int64)  # each row's first place (4 bytes
    # a row: the 450 MB corpus's 6.4 million rows are summed in place, no int64 copy held beside them)
    np.cumsum(counts, out=firsts)
    firsts -= np.asarray(counts, firsts.dtype)
    jump_at: list[NDArray[np.int64]] = []
    jumps: list[NDArray[np.int64]] = []
    at, last = 0, 0
    for values in _pieces(blocks):
        steps = np.empty(len(values), np.int64)
        steps[0] = values[0] - last
        steps[1:] = values[1:] - values[:-1]
        lo, hi = np.searchsorted(firsts, [at, at + len(values)])
        heads = firsts[lo:hi] - at
        steps[heads] = values[heads]  # a row's first: from 0
        big = np.flatnonzero(steps >= ESCAPE)
        jump_at.append(big + at)
        jumps.append(steps[big])
        steps[big] = ESCAPE
        steps = np.where(steps < 0, ESCAPE, steps)  # (never: blocks do not decrease within a row)
        if at & 1:  # (slices come in even sizes but the last: never)
            index = np.arange(at, at + len(values))
            np.bitwise_or.at(codes, index >> 1, (steps << ((index & 1) << 2)).astype(np.uint8))
        else:
            pairs = np.zeros(2 * ((len(steps) + 1) // 2), np.uint8)
            pairs[: len(steps)] = steps
            codes[at >> 1 : (at >> 1) + len(pairs) // 2] = pairs[0::2] | (pairs[1::2] << 4)
        at += len(values)
        last = int(values[-1])
    where = np.concatenate(jump_at) if jump_at else np.zeros(0, np.int64)
    held = np.stack((where, np.concatenate(jumps) if jumps else np.zeros(0, np.int64)))
    return codes, held.astype(JUMP_TYPES[0] if total < 1 << 32 and (not held.size or int(held.max()) < 1 << 32)
                              else JUMP_TYPES[1])


def _pieces(blocks: Iterable[NDArray[Any]]) -> Iterator[NDArray[np.int64]]:
    """The blocks' values as ``int64``, in pieces of :data:`ENCODE_SLICE` (none empty)."""
    for block in blocks:
        for lo in range(0, len(block), ENCODE_SLICE):
            yield np.asarray(block[lo : lo + ENCODE_SLICE], np.int64)


def resolve(blob: Any, ensure: Callable[[int, int], None], lo: int, length: int, token: bytes,
            blocks: list[int]) -> list[int] | None:
    """The places (offsets in the file) of ``token`` in the file at ``lo`` (``length`` bytes) of
    the stored texts, given each place's block (non-decreasing): in each block, its first whole
    occurrences on their lines, as many as the block has places (after each, the search goes on
    from the next line). Only those blocks are made to hold their text (and a neighbour's edge
    where an occurrence or its line reaches past one); a file held whole: :func:`resolve_held`.
    ``None`` where the blocks do not hold as many (damage: the file is read)."""
    n, size, end = len(token), block_size(length), lo + length
    ident, find, rfind = _IDENT, blob.find, blob.rfind
    out: list[int] = []
    i, total, done = 0, len(blocks), -1
    while i < total:
        b = blocks[i]
        j = i + 1
        while j < total and blocks[j] == b:
            j += 1
        k, i = j - i, j
        s = lo + b * size
        e = min(s + size, end)
        if b <= done or s >= e:
            return None  # blocks not increasing, or past the file: damage
        done = b
        reach = min(e - 1 + n, end)
        filled = e
        ensure(s, e)
        pos, got, fresh = s, 0, s > lo  # fresh: still on the line the block starts inside of
        while got < k:
            o = find(token, pos, reach)
            if o < 0:
                if filled < reach:  # an occurrence may run into the next block
                    ensure(filled, reach)
                    filled = reach
                    continue
                return None
            pos = o + 1
            if o > lo:
                if o == s:
                    ensure(s - 1, s)
                if ident[blob[o - 1]]:
                    continue
            after = o + n
            if after < end:
                if after >= filled:
                    ensure(after, after + 1)
                if ident[blob[after]]:
                    continue
            if fresh:
                fresh = False
                if rfind(b"\n", s, o) < 0 and _line_head_holds(blob, ensure, lo, end, s, size, token):
                    line_end = find(b"\n", after, e)  # the line's first is before the block: none on it here
                    if line_end < 0:
                        return None
                    pos = line_end + 1
                    continue
            out.append(o - lo)
            got += 1
            if got < k:
                line_end = find(b"\n", after, e)
                if line_end < 0:
                    return None  # no later line in the block
                pos = line_end + 1
    return out


def resolve_held(blob: Any, lo: int, length: int, token: bytes, blocks: list[int]) -> list[int] | None:
    """:func:`resolve` of a row's first places (``blocks``, a row's first ones) in a file held
    whole: in each block, from the end of the line of the place before, the first whole occurrence
    of ``token``. Past a row's first places no line before a block holds the token whole (its place
    would be among them), so the search may start inside a line: no line's head is looked at again.
    ``None`` where they do not hold up (damage: the file is read)."""
    n, end = len(token), lo + length
    size, find, ident = block_size(length), blob.find, _IDENT
    out: list[int] = []
    append = out.append
    pos, block, reach = lo, -1, lo
    for b in blocks:
        if b != block:  # a block's places: its bounds found once
            block, s = b, lo + b * size
            if pos < s:
                pos = s
            reach = min(s + size - 1 + n, end)
        o = find(token, pos, reach)
        while o >= 0 and ((o > lo and ident[blob[o - 1]]) or (o + n < end and ident[blob[o + n]])):
            o = find(token, o + 1, reach)
        if o < 0:
            return None  # fewer lines hold it in the block than the index says: damage
        append(o - lo)
        line_end = find(b"\n", o + n, end)
        pos = end if line_end < 0 else line_end
    return out


def _line_head_holds(blob: Any, ensure: Callable[[int, int], None], lo: int, end: int, s: int, size: int,
                     token: bytes) -> bool:
    """Whether the line running into the block at ``s`` holds ``token`` whole before ``s`` (its
    earlier blocks made to hold their text back to the line's start)."""
    if s <= lo:
        return False
    find, rfind, ident = blob.find, blob.rfind, _IDENT
    at = s
    while True:
        back = max(lo, at - size)
        ensure(back, at)
        nl = rfind(b"\n", back, at)
        if nl >= 0:
            start = nl + 1
            break
        if back == lo:
            start = lo
            break
        at = back
    n, pos = len(token), start
    while True:
        o = find(token, pos, s - 1 + n)
        if o < 0 or o >= s:
            return False
        pos = o + 1
        if o > lo and ident[blob[o - 1]]:
            continue
        after = o + n
        if after < end:
            ensure(after, after + 1)  # (past the block at ``s`` only for a token longer than a block)
            if ident[blob[after]]:
                continue
        return True
