"""Copy folding compares the signatures of a walk all at once (a workspace's merged lists fill the
scan): the same results, copies and code read as comparing each result with every kept one."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import numpy as np
import pytest

from maguyva_tui.core.duplicates import BINS, COPY_SCAN, COPY_SIMILARITY, fold_copies, signature, similarity
from maguyva_tui.core.fusion import ChunkKey, Fused
from maguyva_tui.core.types import Hit

WORDS = ("alpha", "beta", "gamma", "return", "self", "value", "if", "else", "for", "in", "range", "(", ")", ":", "=", "1")


def _reference(items: Sequence[Fused], text_of: Callable[[Fused], str], threshold: float | None = None) -> list[Fused]:
    """The walk as first written: each result compared with every kept one before it, one at a time."""
    from dataclasses import replace

    threshold = COPY_SIMILARITY if threshold is None else threshold
    kept: list[Fused] = []
    signatures: list[np.ndarray] = []
    owners: list[int] = []
    copies: dict[int, list[ChunkKey]] = {}
    for at, item in enumerate(items):
        if len(kept) >= COPY_SCAN:
            kept += items[at:]
            break
        sig = signature(text_of(item))
        if sig is not None and owners:
            alike = [similarity(other, sig) for other in signatures]
            best = int(np.argmax(alike))
            if alike[best] >= threshold:
                copies.setdefault(owners[best], []).append(item.key)
                continue
        if sig is not None:
            signatures.append(sig)
            owners.append(len(kept))
        kept.append(item)
    return [replace(item, copies=item.copies + tuple(copies[i])) if i in copies else item for i, item in enumerate(kept)]


def _texts(rng: random.Random, count: int) -> list[str]:
    """Code of ``count`` results: copies of a few functions, edited copies, small and empty ones, others."""
    def code(words: int) -> str:
        return " ".join(rng.choice(WORDS) for _ in range(words))

    originals = [code(rng.randint(10, 150)) for _ in range(rng.randint(1, 10))]
    out = []
    for _ in range(count):
        roll = rng.random()
        if roll < 0.3:
            out.append(rng.choice(originals))
        elif roll < 0.55:
            edited = list(rng.choice(originals))
            for _ in range(rng.randint(0, 30)):
                edited[rng.randrange(len(edited))] = rng.choice("abxyz ")
            out.append("".join(edited))
        elif roll < 0.65:
            out.append("")  # a window of lines: never compared
        elif roll < 0.7:
            out.append("x = 1")  # too small to compare
        else:
            out.append(code(rng.randint(5, 200)))
    return out


class _Reader:
    """The code of each result (``f{i}.py`` is the i-th text), remembering which were read."""

    def __init__(self, texts: Sequence[str]) -> None:
        self.texts = texts
        self.keys: list[ChunkKey] = []

    def __call__(self, item: Fused) -> str:
        self.keys.append(item.key)
        return self.texts[int(item.key[0][1:-3])]


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6))
def test_folding_all_at_once_is_the_walk_one_at_a_time(seed: int) -> None:
    rng = random.Random(seed)
    for count in (0, 1, 2, 40, COPY_SCAN - 1, COPY_SCAN, COPY_SCAN + 1, COPY_SCAN + 40, 2 * COPY_SCAN + 30):
        texts = _texts(rng, count)
        items = [Fused(Hit(f"f{i}.py", 1, 5, 1.0), (f"f{i}.py", 1, 5), 1.0 / (i + 1), (), 0.0, 1.0, 1.0,
                       copies=((f"old{i}.py", 1, 2),) if rng.random() < 0.05 else ()) for i in range(count)]
        for threshold in (None, -1.0, 0.0, 0.5, 0.9, 1.0, 1.1):
            read, expected = _Reader(texts), _Reader(texts)
            assert fold_copies(items, read, threshold) == _reference(items, expected, threshold), (seed, count, threshold)
            assert read.keys == expected.keys  # the same code read, in order: a far shard's lines are fetched alike


def test_a_long_list_of_copies_is_walked_past_the_scan() -> None:
    """Results folded as copies do not count towards the scan: the walk reads further to keep its
    :data:`COPY_SCAN` (one copy after every distinct function)."""
    rng = random.Random(7)
    distinct = [" ".join(f"name{rng.randrange(10**6)}" for _ in range(40)) for _ in range(COPY_SCAN + 20)]
    texts = [t for text in distinct for t in (text, text)]
    items = [Fused(Hit(f"f{i}.py", 1, 5, 1.0), (f"f{i}.py", 1, 5), 1.0, (), 0.0, 1.0, 1.0) for i in range(len(texts))]
    made = fold_copies(items, _Reader(texts))
    assert made == _reference(items, _Reader(texts))
    # each copy under its original, until the last one kept stops the walk before its own copy
    assert [len(item.copies) for item in made[:COPY_SCAN]] == [1] * (COPY_SCAN - 1) + [0]
    assert made[COPY_SCAN:] == items[2 * COPY_SCAN - 1:]  # the rest as they were
    assert BINS == 64  # the walk's masks of bins held are one 64-bit word a signature
