"""A packed table's columns in long runs, or whose high bytes are, stored as runs beside the records
(issue 19: sympy's references 4.97 -> 3.2 MB), read as the table they stand for: every row, slice,
pick of rows and column as the plain table's, and the facts' rows as written."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from maguyva_tui.core.store import column_widths
from maguyva_tui.core.store.column_widths import load_table, save_table
from maguyva_tui.core.store.facts_files import load_facts, save_facts
from maguyva_tui.core.store.format import IndexUnavailable


def _table(rows: int = 30_000) -> np.ndarray:
    rng = np.random.default_rng(5)
    kind = np.repeat(rng.integers(1, 6, rows // 100 + 1), 100)[:rows]  # runs
    name = rng.integers(0, 100_000, rows)  # neither: three bytes in the records
    line = np.sort(rng.integers(1, 9_000, rows))  # its high bytes in runs
    scope = np.repeat(rng.integers(0, 70_000, rows // 10 + 1), 10)[:rows]  # runs
    signed = rng.integers(-1, 5, rows)  # a negative value: int32 in the records
    return np.stack([kind, name, line, scope, signed], 1).astype(np.int32)


def test_a_tables_runs_are_stored_beside_it_and_read_as_the_table(tmp_path: Path) -> None:
    table = _table()
    save_table(tmp_path / "t.npy", table)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.npy", "t_highs2.npy", "t_runs0.npy", "t_runs3.npy"]
    assert sum(p.stat().st_size for p in tmp_path.iterdir()) < 0.6 * table[:, :4].nbytes
    stored = load_table(tmp_path / "t.npy", 5)
    assert stored is not None
    assert np.array_equal(np.array(stored, dtype=np.int32), table)
    for lo, hi in ((0, 30_000), (5, 17), (99, 100), (100, 101), (0, 0), (29_997, 30_000), (12_345, 23_456)):
        assert np.array_equal(np.array(stored[lo:hi]), table[lo:hi])
        for j in range(5):
            assert np.array_equal(stored[lo:hi][:, j], table[lo:hi, j]) and np.array_equal(stored[lo:hi, j], table[lo:hi, j])
        assert np.array_equal(stored[lo:hi][:, [1, 3]], table[lo:hi][:, [1, 3]])
        assert np.array_equal(stored[lo:hi][2:5][:, 3], table[lo:hi][2:5, 3])
    picked = np.random.default_rng(1).integers(0, 30_000, 500)
    assert np.array_equal(np.array(stored[picked]), table[picked])
    assert np.array_equal(stored[picked][10:20][:, 2], table[picked][10:20, 2])
    assert np.array_equal(stored[100:900][picked % 800][:, 3], table[100:900][picked % 800][:, 3])
    mask = table[:, 0] == 3
    assert np.array_equal(stored[mask, 3], table[mask, 3])
    assert np.array_equal(stored[-50:][:, 2], table[-50:, 2]) and stored[7, 3] == table[7, 3]


def test_a_small_table_keeps_every_column_in_its_records(tmp_path: Path) -> None:
    save_table(tmp_path / "t.npy", _table(300))
    assert [p.name for p in tmp_path.iterdir()] == ["t.npy"]


def test_runs_that_disagree_with_their_table_are_damage(tmp_path: Path) -> None:
    save_table(tmp_path / "t.npy", _table())
    runs = np.load(tmp_path / "t_runs3.npy")
    runs[0, 1] = 0  # two runs starting at 0
    np.save(tmp_path / "t_runs3.npy", runs)
    with pytest.raises(IndexUnavailable):
        load_table(tmp_path / "t.npy", 5)
    (tmp_path / "t_runs3.npy").unlink()
    with pytest.raises(IndexUnavailable):
        load_table(tmp_path / "t.npy", 5)


def test_the_facts_references_read_back_as_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(column_widths, "CODED_LEAST", 0)  # coded wherever smaller
    files = {}
    for f in range(40):
        refs = tuple(("call" if i % 7 else "import", f"name{(f * 31 + i) % 97}", 1 + i * 3 + i // 50,
                      f"scope{f}.{i // 25}" if i % 11 else None) for i in range(300))
        files[f"m{f:02}.py"] = ("python", (), (), refs, ())
    save_facts(tmp_path, files)
    assert list(tmp_path.glob("facts_refs_runs*.npy")) and list(tmp_path.glob("facts_refs_highs*.npy"))
    rows = load_facts(tmp_path).rows
    for path, row in files.items():
        assert tuple(rows[path][3]) == row[3]
    assert [(p, r) for p, r in rows.column_rows(3)] == [(p, r) for p in files for r in files[p][3]]
