"""The centrality table's lines, counts and path offsets stored in the narrowest type that holds
them (issue 19: sympy's spans in 2 bytes a line, not 4), its values as they were: every lookup
answers as before, and a file past line 65,535 keeps 4 bytes a line."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from maguyva_tui.core.store.centrality import centrality_columns, load_centrality, save_centrality


def _table(spans: list[list[int]]):  # type: ignore[no-untyped-def]
    return centrality_columns(["a.py", "b.py"], np.array([0.5, 2.0]), np.array([2, 1], np.int64),
                              np.array(spans, np.int32), np.array([0.25, 0.75, 1.5]))


def test_spans_take_two_bytes_a_line_and_answer_the_same(tmp_path: Path) -> None:
    path = tmp_path / "centrality.npz"
    save_centrality(path, _table([[1, 30], [5, 9], [2, 4]]))
    stored = np.load(path)
    assert stored["spans"].dtype == np.uint16 and stored["counts"].dtype == np.uint16
    assert stored["offsets"].dtype == np.uint32 and stored["values"].dtype == np.float64
    table = load_centrality(path)
    assert [table.at("a.py", 6), table.at("a.py", 1, 30), table.at("a.py", 31), table.at("b.py", 3, 4)] == [
        0.75, 0.25, 0.5, 1.5]
    assert table.at_first_line(["a.py", "b.py"], np.array([0, 1])).tolist() == [0.25, 2.0]
    again = tmp_path / "again.npz"
    save_centrality(again, table)  # a stored table written again as it is
    assert load_centrality(again).files["a.py"] == (0.5, ((1, 30, 0.25), (5, 9, 0.75)))


def test_a_line_past_two_bytes_keeps_four(tmp_path: Path) -> None:
    path = tmp_path / "centrality.npz"
    save_centrality(path, _table([[1, 70_000], [5, 9], [2, 4]]))
    assert np.load(path)["spans"].dtype == np.int32
    assert load_centrality(path).at("a.py", 69_999) == 0.25
