"""A slice of a column in half its bytes reads the run it lies in without a bisection of the runs
when the slice before lay in the same run (issue 19: a rare name's page reads its rows' places one
slice after another, mostly in one run; each bisected sympy's 48,568 runs); every slice still reads
what the plain column holds, at a run's edges, across runs, and in the last run."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from maguyva_tui.core.store import low_halves
from maguyva_tui.core.store.low_halves import LowHalves
from tests.core.test_places_low_halves import _column, _saved


def _bisections(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    made: list[int] = []
    real = low_halves.bisect_right

    def counted(values: object, x: int) -> int:
        made.append(x)
        return real(values, x)  # type: ignore[call-overload, no-any-return]

    monkeypatch.setattr(low_halves, "bisect_right", counted)
    return made


def test_slices_in_the_run_of_the_last_are_not_bisected(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    column = _column(3)
    read = _saved(column, tmp_path / "places.npy")
    assert isinstance(read, LowHalves)
    starts = [start >> low_halves.PACKED_BITS for start in read._starts.tolist()]  # each run's start, its high half beside
    ends = [*starts[1:], len(column)]
    lo, hi = max(zip(starts, ends), key=lambda run: run[1] - run[0])  # the longest run's values
    assert hi - lo > 40 and lo > 2
    made = _bisections(monkeypatch)
    for a in range(lo, hi - 4, 3):  # rows one after another in one run
        assert np.array_equal(read[a : a + 4], column[a : a + 4])
    assert len(made) == 1  # the first slice found the run, the others read it
    assert np.array_equal(read[lo - 2 : lo + 2], column[lo - 2 : lo + 2])  # across two runs
    assert np.array_equal(read[hi - 3 : hi], column[hi - 3 : hi])  # the run's last values
    assert np.array_equal(read[hi : hi + 3], column[hi : hi + 3])  # the next run's first
    last = starts[-1]
    assert np.array_equal(read[last : len(column)], column[last:])  # the last run, to the column's end
    assert np.array_equal(read[len(column) - 2 : len(column) + 5], column[-2:])


@pytest.mark.parametrize("seed", [4, 5])
def test_any_slices_in_any_order_read_the_column(tmp_path: Path, seed: int) -> None:
    column = _column(seed)
    read = _saved(column, tmp_path / "places.npy")
    assert isinstance(read, LowHalves)
    rng = np.random.default_rng(seed)
    for lo in rng.integers(0, len(column), 2000).tolist():
        hi = lo + int(rng.integers(1, 30))
        got = read[lo:hi]
        assert got.dtype == np.uint32 and np.array_equal(got, column[lo:hi])
