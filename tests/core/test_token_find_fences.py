"""The token index finds a token by its fences (every 64th token's bytes, bisected in C) and then
the few tokens between two of them: the same id as a bisection of every token, ``None`` for a
token it does not hold (before the first, after the last, between two, at a fence)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from maguyva_tui.core.store.arrays import bytes_blob, find_sorted
from maguyva_tui.core.store.tokens import FENCE_EVERY, TokenIndex


def _index(tokens: list[bytes]) -> TokenIndex:
    blob, offsets = bytes_blob(tokens)
    starts = np.arange(len(tokens) + 1, dtype=np.int64)
    return TokenIndex(blob, offsets, starts, np.zeros(len(tokens), np.uint32))


@pytest.mark.parametrize("count", [1, 5, 2 * FENCE_EVERY - 1, 2 * FENCE_EVERY, 3 * FENCE_EVERY + 1, 1000])
def test_every_token_found_and_no_other(count: int) -> None:
    rng = random.Random(count)
    alphabet = b"_Aaz09"
    made: set[bytes] = set()
    while len(made) < count:
        made.add(bytes(rng.choice(alphabet) for _ in range(rng.randint(1, 6))))
    tokens = sorted(made)
    index = _index(tokens)
    blob, offsets = bytes_blob(tokens)
    for t, token in enumerate(tokens):
        assert index.find(token) == t
    absent = [b"", b"\x00", b"\xff", b"~~~~~~~", *(tok + b"\x01" for tok in tokens[::7]), *(tok[:-1] + b"\x00" for tok in tokens[::5])]
    for token in absent:
        expected = find_sorted(blob, offsets, token)
        assert index.find(token) == expected
        if token not in made:
            assert expected is None
