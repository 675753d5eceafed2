"""A page's first look at a file's centrality reads its stored spans as lists, not a tuple per span,
and finds the enclosing spans only for a line outside the last span starting by then (issue 19: a
frequent literal's page prepared every span of each new file): the same value as the full walk of
every span with each one's innermost enclosing span, for stored columns and a mapping alike, for
spans nested, overlapping, repeated or tied (by hypothesis)."""

from __future__ import annotations

from bisect import bisect_right

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from maguyva_tui.core.store.centrality import CentralityTable, Spans, centrality_columns


def _walked(file_value: float, spans: Spans, start_line: int, end_line: int | None) -> float:
    """The value as every span's walk found it before (each span's parents made up front)."""
    exact: dict[tuple[int, int], float] = {}
    parents: list[int] = []
    open_spans: list[int] = []
    for i, (start, end, value) in enumerate(spans):
        exact.setdefault((start, end), value)
        while open_spans and spans[open_spans[-1]][1] < start:
            open_spans.pop()
        parents.append(open_spans[-1] if open_spans else -1)
        open_spans.append(i)
    limit = bisect_right([s for s, _, _ in spans], start_line)
    if not limit:
        return file_value
    if end_line is not None and (start_line, end_line) in exact:
        return exact[(start_line, end_line)]
    i = limit - 1
    while i >= 0 and spans[i][1] < start_line:
        i = parents[i]
    return file_value if i < 0 else spans[i][2]


SPANS = st.lists(st.tuples(st.integers(1, 40), st.integers(0, 25), st.integers(0, 9)), max_size=25).map(
    lambda spans: tuple(sorted((start, start + size, value / 8) for start, size, value in spans)))


@settings(max_examples=150, deadline=None)
@given(st.lists(SPANS, min_size=1, max_size=3), st.lists(st.tuples(st.integers(0, 2), st.integers(0, 70),
                                                                   st.integers(-1, 70)), max_size=40))
def test_stored_and_mapped_tables_answer_as_the_full_walk(files: list[Spans], asked: list[tuple[int, int, int]]) -> None:
    paths = [f"f{i}.py" for i in range(len(files))]
    mapped = {path: (0.25 * i, spans) for i, (path, spans) in enumerate(zip(paths, files))}
    flat = [span for spans in files for span in spans]
    stored = centrality_columns(paths, np.array([0.25 * i for i in range(len(files))], np.float64),
                                np.array([len(s) for s in files], np.int64),
                                np.array([(a, b) for a, b, _ in flat], np.int32).reshape(-1, 2),
                                np.array([v for _, _, v in flat], np.float64))
    questions = [(paths[f % len(paths)], start, None if end < 0 else end) for f, start, end in asked]
    questions += [(path, a, b) for path, spans in zip(paths, files) for a, b, _ in spans]
    questions += [("missing.py", 3, 4)]
    for table in (CentralityTable(mapped), stored):
        for path, start, end in questions:
            expected = _walked(*mapped[path], start, end) if path in mapped else 0.0
            assert table.at(path, start, end) == expected, (path, start, end)
