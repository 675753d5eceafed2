"""A literal match's tier (whole identifier 3, word boundary 2, substring 1) read from its
neighbours inside its own file: the count of the two joined ends, checked against the rule as
first written, three ``where`` calls deep, on random bytes and file bounds."""

from __future__ import annotations

import numpy as np

from maguyva_tui.core.retrievers.text import _IDENT_TABLE, _tiers_within


def _as_written(arr: np.ndarray, starts: np.ndarray, ends: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    inner_first = _IDENT_TABLE[arr[starts]]
    inner_last = _IDENT_TABLE[arr[ends - 1]]
    outer_before = np.where(starts > lo, _IDENT_TABLE[arr[np.maximum(starts - 1, 0)]], False)
    outer_after = np.where(ends < hi, _IDENT_TABLE[arr[np.minimum(ends, len(arr) - 1)]], False)
    before = ~outer_before | ~inner_first
    after = ~outer_after | ~inner_last
    return np.where(before & after, 3, np.where(before | after, 2, 1)).astype(np.int64)


def test_tiers_within_files_match_the_rule_as_first_written() -> None:
    rng = np.random.default_rng(20261205)
    alphabet = np.frombuffer(b"ab_1 .(\n\xc3", np.uint8)
    for _ in range(400):
        n = int(rng.integers(1, 40))
        arr = rng.choice(alphabet, n)
        starts = np.sort(rng.integers(0, n, int(rng.integers(0, 12))))
        ends = np.minimum(starts + rng.integers(1, 5, len(starts)), n)
        lo = np.maximum(starts - rng.integers(0, 3, len(starts)), 0)
        hi = np.minimum(ends + rng.integers(0, 3, len(starts)), n)
        found = _tiers_within(arr, starts, ends, lo, hi)
        assert found.dtype == np.int64
        assert found.tolist() == _as_written(arr, starts, ends, lo, hi).tolist()


def test_a_file_edge_bounds_a_match() -> None:
    arr = np.frombuffer(b"abxab", np.uint8)  # two files: "ab" and "xab"; "ab" whole in the first, inside a word in the second
    starts, ends = np.array([0, 3]), np.array([2, 5])
    lo, hi = np.array([0, 2]), np.array([2, 5])
    assert _tiers_within(arr, starts, ends, lo, hi).tolist() == [3, 2]
