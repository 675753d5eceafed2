"""Token places in half their bytes (issue 19): each place's low 16 bits, and the runs of their high
halves (``store/low_halves.py``). A file longer than 64 KiB must keep every place past 65,535
exact: its rows read back what a regular expression finds and its pages are those read from the
files, while the places take 2 bytes each (4 before: sympy's 11.2 MB of places, 6.0 MB now)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from maguyva_tui.core.indexer import update_index
from maguyva_tui.core.retrievers import text as text_module
from maguyva_tui.core.retrievers.text import TextRetriever
from maguyva_tui.core.store.format import IndexUnavailable, current_generation
from maguyva_tui.core.store.low_halves import LowHalves, load_column, save_column
from maguyva_tui.core.store.snapshot import Snapshot
from tests.core.test_literal_token_places import _expected, _page, _places, _without_places
from tests.core.test_text_tokens import _write_repo


@pytest.fixture(autouse=True)
def _every_search_asks_the_tokens(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(text_module, "TOKEN_INDEX_FROM", 0)


def _column(seed: int) -> np.ndarray:
    """Rows of increasing offsets into files up to 300 KB, one after another (as places are stored)."""
    rng = np.random.default_rng(seed)
    rows = [np.sort(rng.choice(300_000 if rng.random() < 0.3 else 60_000, rng.integers(1, 40), replace=False))
            for _ in range(400)]
    return np.concatenate(rows).astype(np.uint32)


def _saved(column: np.ndarray, path: Path) -> LowHalves | np.ndarray:
    save_column(path, len(column), lambda: (column[lo : lo + 1000] for lo in range(0, len(column), 1000)))
    return load_column(path)


@pytest.mark.parametrize("seed", [0, 1])
def test_a_column_read_back_from_its_halves_is_the_column(tmp_path: Path, seed: int) -> None:
    column = _column(seed)
    read = _saved(column, tmp_path / "places.npy")
    assert isinstance(read, LowHalves) and len(read) == len(column)
    assert np.load(tmp_path / "places.npy").dtype == np.uint16 and read.nbytes < column.nbytes
    assert np.array_equal(read[0 : len(column)], column)
    rng = np.random.default_rng(seed)
    for lo in rng.integers(0, len(column), 200).tolist():
        hi = lo + int(rng.integers(0, 50))
        assert np.array_equal(read[lo:hi], column[lo:hi]) and read[lo:hi].dtype == np.uint32
    picked = rng.integers(0, len(column), 500)
    assert np.array_equal(read[picked], column[picked]) and int(read[-1]) == int(column[-1])
    with pytest.raises(IndexError):
        read[np.array([len(column)])]


def test_a_column_of_many_runs_is_stored_whole_and_a_damaged_one_is_refused(tmp_path: Path) -> None:
    column = (np.arange(4000, dtype=np.uint32) * 70_001) % 1_000_000  # a new high half every value or two
    assert isinstance(read := _saved(column, tmp_path / "whole.npy"), np.ndarray)
    assert np.array_equal(read, column) and not (tmp_path / "whole_highs.npy").exists()
    _saved(_column(2), tmp_path / "places.npy")
    runs = np.load(tmp_path / "places_highs.npy")
    np.save(tmp_path / "places_highs.npy", runs[1:].copy())  # the first run gone: it starts past 0
    with pytest.raises(IndexUnavailable, match="corrupt"):
        load_column(tmp_path / "places.npy")
    (tmp_path / "places_highs.npy").unlink()
    with pytest.raises(IndexUnavailable, match="incomplete"):
        load_column(tmp_path / "places.npy")


@pytest.mark.slow
def test_places_past_64_kib_are_read_back_exact(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    _write_repo(root, 5, files=6)
    (root / "big.py").write_text("".join(f"def widget_{i}(self, gadget):\n    return gadget + widget_{i % 7}  # {'z' * (i % 50)}\n"
                                         for i in range(2500)))  # 200 KB: places up to 3 x 65,536
    snapshot = Snapshot.load(update_index(root, tmp_path / "index")[0].folder)
    gen = current_generation(snapshot.folder)
    assert gen is not None
    assert _places(snapshot) == _expected(snapshot)
    jumps = np.load(gen / "tokens_place_jumps.npy")  # 50 blocks: a row's first block past 15 kept aside
    assert jumps.shape[0] == 2 and int(jumps[1].max()) >= 40
    older = TextRetriever(_without_places(snapshot))
    for word, limit in (("gadget", 100), ("gadget", 6000), ("widget_3", 50), ("self", 7), ("widget_6", None)):
        assert _page(TextRetriever(snapshot), word, limit) == _page(older, word, limit)


def test_opening_a_column_reads_only_the_first_run(tmp_path: Path) -> None:
    """Opening checks the first run alone (one page of the runs mapped, where checking the last too
    had faulted in another: TokenIndex.load on sympy +324 kB RSS against the uint32 column, +68 kB
    now); a run past the column's end, which no place's bisection can reach, is harmless."""
    column = _column(3)
    _saved(column, tmp_path / "places.npy")
    runs = np.load(tmp_path / "places_highs.npy")
    np.save(tmp_path / "places_highs.npy", np.concatenate((runs, np.array([(len(column) + 5) << 8 | 7], runs.dtype))))
    assert np.array_equal(load_column(tmp_path / "places.npy")[0 : len(column)], column)


@pytest.mark.parametrize("seed", [0, 1])
def test_runs_take_4_bytes_each_and_their_older_layout_is_read(tmp_path: Path, seed: int) -> None:
    """A run's start and high half packed in one ``uint32`` (8 bytes a run before: sympy's places'
    runs 0.86 -> 0.45 MB, its names' trigrams' 1.02 -> 0.51); runs written as (starts, highs), or
    of high halves past 255 (a file over 16 MB), are read exact."""
    column = _column(seed)
    _saved(column, tmp_path / "places.npy")
    packed = np.load(tmp_path / "places_highs.npy")
    starts = [i for i in range(len(column)) if i == 0 or column[i] >> 16 != column[i - 1] >> 16]
    assert packed.dtype == np.uint32 and packed.shape == (len(starts),)
    np.save(tmp_path / "places_highs.npy", np.stack((packed >> 8, packed & 0xFF)))  # the layout before
    read = load_column(tmp_path / "places.npy")
    assert np.array_equal(read[0 : len(column)], column) and np.array_equal(read[np.arange(len(column))], column)
    big = column + np.uint32(300 << 16)  # places in a file of 20 MB: high halves past 255
    assert np.array_equal(_saved(big, tmp_path / "big.npy")[0 : len(big)], big)
    assert np.load(tmp_path / "big_highs.npy").shape == (2, len(starts))
