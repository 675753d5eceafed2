"""A page's first look at a file's centrality reads its stored spans through views of the columns,
no list made of them (issue 19: three lists of every span of each new file a page showed, 4 µs for
sympy's median file and 85 µs for one of a thousand spans); the values those lists gave, a float
for a float, for a file of many spans, nested and tied, mapped where its items are not aligned (as
the index's archive maps them), and for columns a view cannot read (another byte order), which are
read as lists as before."""

from __future__ import annotations

import random
import tracemalloc

import numpy as np
import pytest

from maguyva_tui.core.store.centrality import CentralityTable, Spans, centrality_columns

BIG = 100_000


def _spans(rng: random.Random, count: int) -> Spans:
    """Definition-like spans, sorted by start: some nested, some sharing a start line."""
    out = []
    line = 1
    for _ in range(count):
        line += rng.choice((0, 1, 3))
        out.append((line, line + rng.randint(0, 12), rng.randint(0, 1000) / 7))
    return tuple(sorted(out))


def _unaligned(array: np.ndarray) -> np.ndarray:
    """The array at an odd address, as a member mapped from the index's archive lies."""
    raw = bytearray(array.nbytes + 1)
    moved = np.frombuffer(raw, array.dtype, array.size, 1).reshape(array.shape)
    moved[...] = array
    assert not moved.flags["ALIGNED"] or not array.size
    return moved


def _tables(files: dict[str, tuple[float, Spans]], order: str = "=") -> tuple[CentralityTable, CentralityTable]:
    paths = sorted(files)
    flat = [span for path in paths for span in files[path][1]]
    kind = "=" if order == "unaligned" else order
    columns = [np.array([files[p][0] for p in paths], np.dtype(f"{kind}f8")),
               np.array([len(files[p][1]) for p in paths], np.int64),
               np.array([(a, b) for a, b, _ in flat], np.dtype(f"{kind}i4")).reshape(-1, 2),
               np.array([v for _, _, v in flat], np.dtype(f"{kind}f8"))]
    if order == "unaligned":
        columns = [_unaligned(c) for c in columns]
    return CentralityTable(files), centrality_columns(paths, *columns)


@pytest.mark.parametrize("order", ["=", "unaligned"])
def test_a_large_files_first_lookup_makes_no_list_of_its_spans(order: str) -> None:
    rng = random.Random(3)
    files = {"big.py": (0.5, _spans(rng, BIG)), "small.py": (0.25, _spans(rng, 5))}
    _, stored = _tables(files, order)
    start, end, value = files["big.py"][1][BIG // 2]
    stored.at("small.py", 1, 1)  # the columns' views made once, at the table's first file
    tracemalloc.start()
    try:
        found = stored.at("big.py", start, end)
        used = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert found == CentralityTable(files).at("big.py", start, end)
    assert used < 64 * 1024  # three lists of 100,000 spans had been made: megabytes


@pytest.mark.parametrize("order", ["=", "unaligned", ">" if np.little_endian else "<"])
def test_the_values_are_the_lists_values(order: str) -> None:
    rng = random.Random(7)
    files = {f"m{i}.py": (i / 3, _spans(rng, rng.randint(0, 400))) for i in range(5)}
    mapped, stored = _tables(files, order)
    for path, (_, spans) in files.items():
        lines = {a for a, _, _ in spans} | {b for _, b, _ in spans} | {0, 1, 5000}
        for start in sorted(lines):
            for end in (None, start, start + 3, *(b for a, b, _ in spans if a == start)):
                got, expected = stored.at(path, start, end), mapped.at(path, start, end)
                assert got == expected and type(got) is float, (path, start, end)
    assert stored.at("missing.py", 3, 4) == 0.0
