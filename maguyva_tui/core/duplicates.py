"""Find copies of the same code among a page's candidates, by content, and fold them together.

A repository often holds the same code twice: a ``v1/`` beside ``v2/``, a ``deprecated/`` module,
a plugin's vendored copy. Every engine finds both (the text and the meaning are the same), so
the copies fill the page with one answer. No folder name says which files are copies; their
text does.

Each candidate's code (the definition a fused result stands for: a window of lines, often a
licence header alike in every file, is never called a copy) is read without its whitespace, so
indentation, line breaks and spacing do not count, and cut into shingles: every run of
:data:`SHINGLE` consecutive characters. A one-permutation MinHash signature (each shingle's hash
falls in one of :data:`BINS` bins by its top bits; a bin keeps its least hash) estimates how far
two chunks' shingles overlap (their Jaccard similarity) with one comparison of two small
arrays. Walking the fused list best first, a result whose code overlaps a better one's by
:data:`COPY_SIMILARITY` or more is folded under it (``copies``), and the list closes up. Only
chunks of at least :data:`MIN_SHINGLES` shingles are compared: two three-line getters are alike
without one being a copy of the other.

The signatures are computed at question time, on the first :data:`COPY_SCAN` results only
(milliseconds, in numpy), from the bytes of the code alone, so an answer is the same in every
process and never depends on the limit asked for.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any, Final, TypeAlias

import numpy as np
import numpy.typing as npt

from maguyva_tui.core.fusion import Fused
from maguyva_tui.core.plan import MAX_PREFIX_LIMIT

Signature: TypeAlias = npt.NDArray[np.uint64]
"""A chunk's MinHash: per bin, the least hash of its shingles that fall in it (:data:`EMPTY` if none)."""

SHINGLE: Final = 16
"""Characters per shingle, whitespace left out: three to five tokens of code, long enough that two
unrelated functions share few (``returnself.`` is eleven), short enough that one edited name
changes only the shingles that cross it."""
BINS: Final = 64
"""Bins of a signature: the overlap is estimated within about ±0.06 near 0.7."""
COPY_SIMILARITY: Final = 0.7
"""Estimated shingle overlap (Jaccard) from which a result is a copy of a better one. Chosen on
the definitions folded on half A of ``bench.nl_quality``'s pages (``bench.blend_page``): copies
with edits (a platform's variant of a function, a vendored class, copy-pasted training code)
score 0.67-1.0, siblings written alike (gin's ``TOML.Render`` and ``YAML.Render``) 0.62; no
score of the benchmark moves between 0.5 and 0.9, so the line is drawn where no sibling folds."""
MIN_SHINGLES: Final = 120
"""Smaller chunks (about three short lines of code) are never folded: alike is not copied at that size."""
MAX_BYTES: Final = 16_000
"""Bytes of a chunk read at most: a copy shows in its first few hundred lines as well as in all."""
COPY_SCAN: Final = 2 * MAX_PREFIX_LIMIT
"""Results compared at most, best first (kept ones, twice the longest page that ranks as one
list): the copies that would fill a page are found, and a long list costs no more."""

SIGNATURES_KEPT: Final = 1024
"""Signatures kept between questions (by their code: at most about 16 MiB of text, usually 1)."""

EMPTY: Final = np.uint64(np.iinfo(np.uint64).max)
_SPACE: Final = np.zeros(256, bool)
_SPACE[np.frombuffer(b" \t\n\r\f\v", np.uint8)] = True
_MULTIPLIER: Final = 0x100000001B3  # FNV's 64-bit prime: the shingle's polynomial
_DOUBLINGS: Final = (1, 2, 4, 8)
"""Shingles of 1 character joined into 2, 4, 8, then :data:`SHINGLE`."""
_POWERS: Final = {w: np.uint64(pow(_MULTIPLIER, w, 1 << 64)) for w in _DOUBLINGS}
assert 2 * _DOUBLINGS[-1] == SHINGLE
_BIN_BITS: Final = 6
_BIN_STARTS: Final = np.arange(BINS, dtype=np.uint64) << np.uint64(64 - _BIN_BITS)
"""The least hash each bin can hold: a bin is a hash's top bits."""
assert 1 << _BIN_BITS == BINS


def _mix(h: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint64]:
    """Spread a polynomial hash's bits evenly (splitmix64's finaliser), so its top bits pick a bin."""
    with np.errstate(over="ignore"):
        h = (h ^ (h >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        h = (h ^ (h >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        mixed: npt.NDArray[np.uint64] = h ^ (h >> np.uint64(31))
    return mixed


@functools.lru_cache(maxsize=SIGNATURES_KEPT)
def signature(text: str) -> Signature | None:
    """Return the MinHash signature of a chunk's code, ``None`` when it is too small to compare
    (kept for the next question: the same definitions come back question after question)."""
    data = np.frombuffer(text.encode("utf-8", "replace")[:MAX_BYTES], np.uint8)
    shingles: npt.NDArray[np.uint64] = data[~_SPACE[data]].astype(np.uint64)
    count = len(shingles) - SHINGLE + 1
    if count < MIN_SHINGLES:
        return None
    with np.errstate(over="ignore"):
        for width in _DOUBLINGS:  # a polynomial of the characters, wrapping at 2**64, two halves at a time
            shingles = shingles[:-width] * _POWERS[width] + shingles[width:]
    hashed = np.sort(_mix(shingles))
    first = np.searchsorted(hashed, _BIN_STARTS)  # each bin's least hash, where it has one
    found = np.minimum(first, count - 1)
    held = (first < count) & ((hashed[found] >> np.uint64(64 - _BIN_BITS)) == np.arange(BINS, dtype=np.uint64))
    sig: Signature = np.where(held, hashed[found], EMPTY)
    sig.flags.writeable = False  # shared by every question that meets this code
    return sig


def similarity(a: Signature, b: Signature) -> float:
    """Estimate the Jaccard similarity of two chunks' shingle sets from their signatures."""
    return float(_similarities(a[None, :], b)[0])


def _similarities(kept: Signature, sig: Signature) -> npt.NDArray[np.float64]:
    """Estimate the similarity of one signature to each row of ``kept``: the bins where both hold
    the same least hash, over the bins where either holds one."""
    same = (kept == sig) & (sig != EMPTY)
    either = (kept != EMPTY) | (sig != EMPTY)
    result: npt.NDArray[np.float64] = same.sum(axis=1) / np.maximum(either.sum(axis=1), 1)
    return result


def fold_copies(
    items: Sequence[Fused], text_of: Callable[[Fused], str], threshold: float | None = None,
    signed: Callable[[Fused], Signature | None] | None = None,
    scope: Callable[[Fused], tuple[str, bool]] | None = None,
) -> list[Fused]:
    """Fold every result whose code is a near copy of a better-ranked result's under that result.

    ``text_of`` gives the code a result is compared by (empty: never compared; the search compares
    definitions only). ``items`` are best first; the order of the results kept is
    unchanged, and each keeps its score (a copy adds no evidence: the same code was found twice).
    The copies folded under a result are listed in its ``copies``, best first. Comparing stops
    once :data:`COPY_SCAN` results are kept. ``threshold``: :data:`COPY_SIMILARITY` when not
    given; above 1, nothing is folded. ``signed`` gives a result's :func:`signature` where it is
    known without its code (a cluster's shard signs its own code), in place of ``text_of``.
    ``scope`` gives a result's repository and whether it folds only within it (a window of a file
    copied whole in its repository: :func:`twin_paths`): such a result is neither folded under nor
    takes as a copy a result of another repository (a workspace's; none given, any pair may fold).
    Two results of one file whose lines overlap never fold together (:func:`_same_lines`): a
    definition and the one around it hold the same code, not a copy of it.

    Walking the list, a result is compared with every kept one before it and folded under the
    most alike (the first of equals) when that one is alike enough. The signatures of the results
    walked are compared all at once (:func:`_alike`): two signatures sharing no bin's least hash
    are 0 alike, so only the pairs that share one are scored, and the walk itself makes no array
    (one comparison per result cost 8 us, 0.5-1 ms of a blend over 8 repositories' lists).
    """
    threshold = COPY_SIMILARITY if threshold is None else threshold
    sign = signed if signed is not None else (lambda item: signature(text_of(item)))
    signatures = [sign(item) for item in items[:COPY_SCAN]]  # every walk reads these
    apart = _same_lines(items) if scope is None else _either(_same_lines(items), _apart(items, scope))
    while True:
        kept, copies, stop = _walk(signatures, threshold, apart)
        if stop is None and len(kept) >= COPY_SCAN:  # the walk ended as the last one was kept
            stop = len(signatures)
        if stop is not None or len(signatures) == len(items):
            break
        # fewer than COPY_SCAN kept: the walk goes on at least that many results (each keeps at most one)
        more = items[len(signatures):len(signatures) + COPY_SCAN - len(kept)]
        signatures += [sign(item) for item in more]
    out = [replace(items[at], copies=items[at].copies + tuple(items[c].key for c in copies[at]))
           if at in copies else items[at] for at in kept]
    return out + list(items[stop:]) if stop is not None else out


def _same_lines(items: Sequence[Fused]) -> Callable[[int, int], bool]:
    """Whether two positions of ``items`` share lines of one file: a definition nested in another
    (Ruby's ``module Faraday`` around ``module FlatParamsEncoder``, its only definition) is
    nearly all of its code, and had been folded under it as "a near copy", the wrapper shown in its
    place; the two are listed as the fusion ranked them."""
    def apart(a: int, b: int) -> bool:
        (path_a, start_a, end_a), (path_b, start_b, end_b) = items[a].key, items[b].key
        return path_a == path_b and start_a <= end_b and start_b <= end_a

    return apart


def _either(first: Callable[[int, int], bool], second: Callable[[int, int], bool]) -> Callable[[int, int], bool]:
    """Whether either rule keeps two positions apart."""
    return lambda a, b: first(a, b) or second(a, b)


def _apart(items: Sequence[Fused], scope: Callable[[Fused], tuple[str, bool]]) -> Callable[[int, int], bool]:
    """Whether two positions of ``items`` may not fold together (:func:`fold_copies`' ``scope``),
    each result's scope read once, when first asked."""
    scopes: dict[int, tuple[str, bool]] = {}

    def of(at: int) -> tuple[str, bool]:
        found = scopes.get(at)
        if found is None:
            found = scopes[at] = scope(items[at])
        return found

    def apart(a: int, b: int) -> bool:
        (home_a, confined_a), (home_b, confined_b) = of(a), of(b)
        return home_a != home_b and (confined_a or confined_b)

    return apart


def twin_paths(files: Mapping[str, Any], paths: Iterable[str]) -> frozenset[str]:
    """The ``paths`` whose whole text another of them has too (the same content ``hash`` in
    ``files``, a snapshot's records; a path it does not hold is no twin): ``PKG-INFO`` and
    ``pkg.egg-info/PKG-INFO``, whose windows of lines copy folding then compares."""
    by_hash: dict[str, list[str]] = {}
    for path in dict.fromkeys(paths):
        record = files.get(path)
        if record is not None:
            by_hash.setdefault(record.hash, []).append(path)
    return frozenset(path for same in by_hash.values() if len(same) > 1 for path in same)


def _walk(signatures: Sequence[Signature | None], threshold: float,
          apart: Callable[[int, int], bool] | None = None) -> tuple[list[int], dict[int, list[int]], int | None]:
    """Walk the results whose signatures these are, best first: the positions kept, per kept
    position those folded under it, and the position where :data:`COPY_SCAN` kept ones stopped
    the walk (``None``: every one was walked); ``apart``, the pairs never folded together."""
    alike = _alike(signatures, threshold)
    kept: list[int] = []
    owners: list[int] = []  # the kept results with a signature, in order
    owned: set[int] = set()
    copies: dict[int, list[int]] = {}
    for at, sig in enumerate(signatures):
        if len(kept) >= COPY_SCAN:
            return kept, copies, at
        if sig is not None and owners:
            best, most = owners[0], 0.0  # an owner sharing no least hash is 0 alike: the first, as argmax says
            for other, share in alike.get(at, ()):
                if share > most and other in owned and (apart is None or not apart(at, other)):
                    best, most = other, share
            if most >= threshold:
                copies.setdefault(best, []).append(at)
                continue
        if sig is not None:
            owners.append(at)
            owned.add(at)
        kept.append(at)
    return kept, copies, None


def _alike(signatures: Sequence[Signature | None], threshold: float) -> dict[int, list[tuple[int, float]]]:
    """Per position, the earlier positions whose signature shares a bin's least hash with its
    own and is at least ``threshold`` alike (every one that shares any when ``threshold`` is not
    above 0), in order, and how alike the two are (:func:`similarity`'s estimate, to the bit: the
    bins holding the same hash over the bins where either holds one). Equal hashes are found by
    sorting every signature's hashes together (a hash's top bits are its bin)."""
    rows = np.array([at for at, sig in enumerate(signatures) if sig is not None], np.int64)
    if len(rows) < 2:
        return {}
    matrix = np.stack([sig for sig in signatures if sig is not None])
    held = matrix != EMPTY
    values = matrix[held]
    owners = np.repeat(np.arange(len(rows)), held.sum(axis=1))
    order = np.argsort(values, kind="stable")  # equal hashes side by side, their rows in order
    values, owners = values[order], owners[order]
    firsts, seconds = [], []
    for step in range(1, len(rows)):  # the pairs of each run of equal hashes, `step` apart
        same = np.flatnonzero(values[step:] == values[:-step])
        if not len(same):
            break  # no run is longer than step
        firsts.append(owners[same])
        seconds.append(owners[same + step])
    if not firsts:
        return {}
    pairs, same_bins = np.unique(np.concatenate(seconds) * len(rows) + np.concatenate(firsts), return_counts=True)
    second, first = np.divmod(pairs, len(rows))  # ordered by the later one, then the earlier
    counts = held.sum(axis=1)
    masks = np.packbits(held, axis=1, bitorder="little").view("<u8").ravel()
    either = counts[first] + counts[second] - np.bitwise_count(masks[first] & masks[second])
    alike = same_bins / np.maximum(either, 1)
    if threshold > 0:  # an owner less alike is never the one folded into
        near = alike >= threshold
        first, second, alike = first[near], second[near], alike[near]
    out: dict[int, list[tuple[int, float]]] = {}
    for later, earlier, share in zip(rows[second].tolist(), rows[first].tolist(), alike.tolist()):
        out.setdefault(later, []).append((earlier, share))
    return out
