"""A result's centrality, asked once per result of a page (issue 19): each file's spans are read
from the table once and kept with what a lookup needs, so a page's hundred lookups read the stored
table a few times, not a hundred. The values are those of the plain rule: the span with exactly
those lines, else the innermost span holding the start line, else the file's own value."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping

from maguyva_tui.core.store.centrality import CentralityTable, Spans


def _rule(file_value: float, spans: Spans, start: int, end: int | None) -> float:
    """The centrality of lines by the plain rule, read from every span."""
    for a, b, value in spans:
        if end is not None and (a, b) == (start, end):
            return value
    holding = [(a, b, v) for a, b, v in spans if a <= start <= b]
    if not holding:
        return file_value
    inner = max(holding, key=lambda s: (s[0], -spans.index(s)))  # the last to start: the innermost
    return inner[2]


class _Counted(Mapping[str, tuple[float, Spans]]):
    """A table's files, counting how often each is read."""

    def __init__(self, files: dict[str, tuple[float, Spans]]) -> None:
        self.files, self.reads = files, 0

    def __getitem__(self, path: str) -> tuple[float, Spans]:
        self.reads += 1
        return self.files[path]

    def __iter__(self) -> Iterator[str]:
        return iter(self.files)

    def __len__(self) -> int:
        return len(self.files)


def _nested(rng: random.Random, first: int, last: int, depth: int) -> list[tuple[int, int, float]]:
    """Spans nested like definitions (classes holding methods), sorted by start line."""
    spans: list[tuple[int, int, float]] = []
    line = first
    while line < last and depth:
        start = rng.randint(line, min(line + 5, last))
        end = rng.randint(start, min(start + 30, last))
        spans.append((start, end, round(rng.random(), 3)))
        spans.extend(_nested(rng, start + 1, end, depth - 1))
        line = end + 1
    return spans


def test_lookups_follow_the_rule_and_read_each_file_once() -> None:
    rng = random.Random(9)
    files = {f"m{i}.py": (round(rng.random(), 3), tuple(_nested(rng, 1, 200, 3))) for i in range(6)}
    files["empty.py"] = (0.5, ())
    counted = _Counted(files)
    table = CentralityTable(counted)
    asked = 0
    for path, (file_value, spans) in files.items():
        for start in range(0, 210, 3):
            for end in (None, start, start + 4, *(b for a, b, _ in spans if a == start)):
                assert table.at(path, start, end) == _rule(file_value, spans, start, end), (path, start, end)
                asked += 1
    assert table.at("missing.py", 3, 4) == 0.0 and table.at("missing.py", 5) == 0.0
    assert asked > 1000 and counted.reads == len(files) + 1  # each file read once, the missing one too


def test_spans_sharing_a_start_line_are_told_apart_by_their_end() -> None:
    """Spans starting on one line (a decorated function and its body, a generated file's twins):
    the span of exactly the lines asked, the first of two alike; lines no span has exactly are
    answered as without an end."""
    spans = ((1, 40, 0.1), (3, 30, 0.2), (3, 9, 0.3), (3, 9, 0.4), (3, 5, 0.5), (12, 12, 0.6), (12, 20, 0.7))
    table = CentralityTable({"m.py": (0.05, spans)})
    exact = {}
    for a, b, value in spans:
        exact.setdefault((a, b), value)
    for start in range(0, 45):
        for end in (start, start + 2, 5, 9, 12, 20, 30, 40):
            expected = exact.get((start, end), table.at("m.py", start))
            assert table.at("m.py", start, end) == expected, (start, end)
    assert table.at("m.py", 3, 9) == 0.3 and table.at("m.py", 3, 30) == 0.2 and table.at("m.py", 12, 20) == 0.7
    assert table.at("m.py", 3, 7) == table.at("m.py", 3) == 0.5 and table.at("m.py", 0, 3) == 0.05
    assert table.file_value("m.py") == 0.05 and table.file_value("missing.py") == 0.0
