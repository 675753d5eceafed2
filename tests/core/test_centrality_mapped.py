"""A generation's centrality table is mapped at open, not read and checksummed whole: at 100,000
files its 11.6 MB were read (and their CRC computed) before every question, whichever its kind."""

from __future__ import annotations

import mmap
from pathlib import Path

import numpy as np
import pytest

from maguyva_tui.core.store.centrality import centrality_columns, load_centrality, save_centrality


def _saved(tmp_path: Path) -> Path:
    path = tmp_path / "centrality.npz"
    save_centrality(path, centrality_columns(
        ["a.py", "b.py"], np.array([0.5, 2.0]), np.array([2, 1], np.int64),
        np.array([[1, 3], [5, 9], [2, 4]], np.int32), np.array([0.25, 0.75, 1.5])))
    return path


def _mapped(array: np.ndarray) -> bool:
    base = array
    while isinstance(base, np.ndarray):
        base = base.base
    return isinstance(base.obj if isinstance(base, memoryview) else base, mmap.mmap)


def test_the_centrality_arrays_are_mapped_and_read_as_before(tmp_path: Path) -> None:
    table = load_centrality(_saved(tmp_path))
    arrays = table.files.arrays
    assert all(_mapped(arrays[name]) for name in ("file_values", "counts", "spans", "values"))
    assert table.files["a.py"] == (0.5, ((1, 3, 0.25), (5, 9, 0.75)))
    assert table.files["b.py"] == (2.0, ((2, 4, 1.5),))
    assert table.files.file_value("b.py") == 2.0 and list(table.files) == ["a.py", "b.py"]


def test_a_cut_centrality_file_is_still_said_damaged(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    with pytest.raises(Exception, match="centrality.npz"):
        load_centrality(path)
