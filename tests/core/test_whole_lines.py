"""The lines a frequent identifier's page reads from one file (``text._whole_lines``, ``_whole_at``),
numbered from the file's newline offsets: equal to a regex's reading of each line, whatever the
cap, the lines skipped and the identifier bytes just outside the file in the stored texts; and
which lines are definition sites (``text._members``, for ``np.isin`` against sorted keys)."""

from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from maguyva_tui.core.retrievers.text import _members, _whole_at, _whole_lines

NEEDLE = b"ab"
WHOLE = re.compile(rb"(?<![A-Za-z0-9_$])ab(?![A-Za-z0-9_$])")
TEXTS = st.lists(st.sampled_from([b"ab", b"ab_", b"xab", b"$ab", b"ab$", b"a", b"b", b" ", b"\n", b"(", b"\r\n", b"\xc3\xa9"]),
                 max_size=60).map(b"".join)


def _expected(text: bytes) -> list[tuple[int, int]]:
    """Each line holding the needle whole, with the offset (in the text) of its first whole match."""
    out, at = [], 0
    for number, line in enumerate(text.split(b"\n")):
        found = WHOLE.search(line)
        if found:
            out.append((number, at + found.start()))
        at += len(line) + 1
    return out


@settings(max_examples=300, deadline=None)
@given(text=TEXTS, before=st.sampled_from([b"", b"x", b"\n", b"_"]), after=st.sampled_from([b"", b"x", b"$", b"\n"]),
       cap=st.none() | st.integers(min_value=1, max_value=8), skipped=st.sets(st.integers(min_value=0, max_value=12)))
def test_a_files_whole_lines_equal_a_regexs(text: bytes, before: bytes, after: bytes, cap: int | None,
                                            skipped: set[int]) -> None:
    blob, lo = before + text + after, len(before)
    newlines = np.flatnonzero(np.frombuffer(text, np.uint8) == 10).astype(np.int32)
    every = _expected(text)
    kept = [(line, start) for line, start in every if line not in skipped][:cap]
    lines, starts = _whole_lines(blob, lo, lo + len(text), NEEDLE, newlines, cap, frozenset(skipped))
    assert list(zip(lines, starts)) == kept
    asked = sorted(skipped | {-1, text.count(b"\n") + 1})
    assert _whole_at(blob, lo, lo + len(text), NEEDLE, newlines, asked) == [p for p in every if p[0] in skipped]


KEYS = st.integers(min_value=0, max_value=(1 << 40) - 1)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(values=st.lists(KEYS, max_size=30), ordered=st.lists(KEYS, max_size=30), near=st.booleans())
def test_members_of_sorted_keys_equal_isin(values: list[int], ordered: list[int], near: bool) -> None:
    keys = np.array(sorted(ordered), np.int64)  # repeats kept: a file position of several sites
    asked = np.array(values + ([k + d for k in ordered for d in (-1, 0, 1)] if near else []), np.int64)
    assert (_members(asked, keys) == np.isin(asked, keys)).tolist() == [True] * len(asked)
