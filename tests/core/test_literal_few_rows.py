"""A literal's few matches ranked into rows in Python (issue 19: numpy's steps on a rare name's
handful of matches cost more than the rows): the rows numpy's path makes, line for line, tier for
tier, the first of a line's best matches kept (a search's lines either way: ``test_text_tokens``)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from maguyva_tui.core.retrievers import text as text_module
from maguyva_tui.core.retrievers.text import _few_rows, _tiers_within


def _numpy_rows(blob: bytes, own: np.ndarray, lines: np.ndarray, pos: np.ndarray, end: np.ndarray, lo: np.ndarray,
                hi: np.ndarray) -> list[list[int]]:
    """The rows as ``_span_rows`` makes them with numpy."""
    tiers = _tiers_within(np.frombuffer(blob, np.uint8), pos, end, lo, hi)
    order = np.lexsort((-tiers, lines, own))
    own, lines, tiers, pos, lo = own[order], lines[order], tiers[order], pos[order], lo[order]
    keep = np.ones(len(lines), bool)
    keep[1:] = (lines[1:] != lines[:-1]) | (own[1:] != own[:-1])
    return [part[keep].tolist() for part in (own, lines, tiers, pos, lo)]


@settings(max_examples=12, deadline=None)
@given(text=st.binary(min_size=1, max_size=40).map(lambda b: bytes(b"ab_ \n."[x % 6] for x in b)),
       cuts=st.lists(st.integers(0, 40), max_size=3), data=st.data())
def test_few_rows_are_numpys_rows(text: bytes, cuts: list[int], data: st.DataObject) -> None:
    bounds = sorted({0, len(text), *(c for c in cuts if c < len(text))})
    files = list(zip(bounds, bounds[1:]))
    matches = data.draw(st.lists(st.tuples(st.integers(0, len(files) - 1), st.integers(0, 39), st.integers(1, 3),
                                           st.integers(0, 2)), min_size=1, max_size=text_module.FEW_SPANS))
    rows = sorted((f, min(files[f][0] + p, files[f][1] - 1), n, line) for f, p, n, line in matches)
    own = np.array([f for f, _, _, _ in rows], np.int64)
    pos = np.array([p for _, p, _, _ in rows], np.int64)
    end = np.array([min(p + n, files[f][1]) for f, p, n, _ in rows], np.int64)
    lines = np.array([line for _, _, _, line in rows], np.int64)
    lo = np.array([files[f][0] for f in own.tolist()], np.int64)
    hi = np.array([files[f][1] for f in own.tolist()], np.int64)
    assert [part.tolist() for part in _few_rows(text, own, lines, pos, end, lo, hi)] == \
        _numpy_rows(text, own, lines, pos, end, lo, hi)



@settings(max_examples=15, deadline=None)
@given(rows=st.lists(st.tuples(st.integers(0, 3), st.integers(0, 4), st.integers(1, 3), st.booleans(),
                               st.integers(0, 99)), min_size=1, max_size=text_module.FEW_SPANS),
       factors=st.none() | st.lists(st.sampled_from([1.0, 0.5, 0.25]), min_size=4, max_size=4),
       rank=st.none() | st.permutations(range(4)), limit=st.none() | st.integers(1, 9))
def test_a_few_lines_are_ordered_as_numpy_orders_them(rows: list[tuple[int, int, int, bool, int]],
                                                      factors: list[float] | None, rank: list[int] | None,
                                                      limit: int | None) -> None:
    columns = [np.array(part) for part in zip(*rows)]
    args = ([f"f{i}.py" for i in range(4)], *columns, limit, None if factors is None else np.array(factors),
            None if rank is None else np.array(rank, np.int64))
    real = np.lexsort
    np.lexsort = None  # type: ignore[assignment]  # a few lines: no numpy sort
    try:
        few = text_module._ranked(*args)  # type: ignore[arg-type]
    finally:
        np.lexsort = real
    shipped = text_module.FEW_SPANS
    text_module.FEW_SPANS = 0  # numpy's path
    try:
        ordered = text_module._ranked(*args)  # type: ignore[arg-type]
    finally:
        text_module.FEW_SPANS = shipped
    assert (few.paths, few.lines, few.tiers, few.defs, few.starts) == \
        (ordered.paths, ordered.lines, ordered.tiers, ordered.defs, ordered.starts)
