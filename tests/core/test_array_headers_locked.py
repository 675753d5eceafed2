"""numpy parses a stored array's header with ``ast.literal_eval``; CPython 3.11 keeps the AST
constructor's recursion depth per interpreter, so two threads parsing at once could fail with a
spurious SystemError (python/cpython#106905; a CI run's workspace build, two repositories indexed
on two threads, met it in ``np.load``). Every header our stores read is parsed under one lock."""

from __future__ import annotations

import ast
from pathlib import Path

import numpy as np
import pytest

from maguyva_tui.core.store.arrays import HEADER_LOCK, load_array, save_array
from maguyva_tui.core.store.npz import mapped_npz


def watch_header_parses(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """From now on, whether the lock was held at each header parse (numpy's ``ast.literal_eval``)."""
    parsed: list[bool] = []
    literal_eval = ast.literal_eval

    def watched(text: str) -> object:
        parsed.append(HEADER_LOCK.locked())
        return literal_eval(text)

    monkeypatch.setattr(ast, "literal_eval", watched)
    return parsed


def test_every_stored_header_is_parsed_under_the_lock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    parsed = watch_header_parses(monkeypatch)
    save_array(tmp_path / "a.npy", np.arange(5, dtype=np.int64))
    np.savez(tmp_path / "b.npz", x=np.arange(3, dtype=np.int32), y=np.zeros(0, dtype=np.float32))
    assert load_array(tmp_path / "a.npy", np.int64).tolist() == [0, 1, 2, 3, 4]
    arrays = mapped_npz(tmp_path / "b.npz")
    assert arrays["x"].tolist() == [0, 1, 2] and arrays["y"].size == 0
    assert parsed and all(parsed), parsed


def test_every_reader_of_a_stored_array_parses_its_header_under_the_lock(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from maguyva_tui.core.embed.static import Fit, load_weights, save_weights
    from maguyva_tui.core.embed.store import npz_member
    from maguyva_tui.core.store.centrality import centrality_columns, load_centrality, save_centrality
    from maguyva_tui.core.trigram.index import TrigramIndex

    written = TrigramIndex.build([(0, np.array([1, 2, 3], dtype=np.uint32))]).save(tmp_path)
    save_centrality(tmp_path / "c.npz", centrality_columns(
        ["a.py"], np.array([0.5]), np.array([1], np.int64), np.array([[1, 3]], np.int32), np.array([0.25])))
    save_weights(tmp_path / "w.npz", Fit(np.ones(4, np.float32), np.ones((2, 3), np.float32), np.ones((1, 3), np.float32)))
    np.savez_compressed(tmp_path / "z.npz", v=np.arange(4, dtype=np.int16))  # compressed: read whole
    parsed = watch_header_parses(monkeypatch)
    assert TrigramIndex.load(tmp_path).stored_bytes() == written
    assert load_centrality(tmp_path / "c.npz").files["a.py"][0] == 0.5
    fit = load_weights(tmp_path / "w.npz")
    assert fit is not None and fit.weights.tolist() == [1.0] * 4
    assert npz_member(tmp_path / "z.npz", "v").tolist() == [0, 1, 2, 3]
    assert npz_member(tmp_path / "w.npz", "weights").tolist() == [1.0] * 4
    assert len(parsed) >= 12 and all(parsed), parsed


def test_only_the_locked_readers_call_numpy_s_header_parse() -> None:
    package = Path(__file__).resolve().parents[2] / "maguyva_tui"
    callers = sorted(str(p.relative_to(package)) for p in package.rglob("*.py")
                     if any(call in p.read_text(encoding="utf-8")
                            for call in ("np.load(", "numpy.load(", "read_array_header")
                            if str(p.relative_to(package)) not in ("core/numpy_headers.py", "core/store/arrays.py",
                                                                  "core/store/column_widths.py")))
    assert callers == [], callers


def test_a_packed_table_s_header_is_parsed_under_the_lock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``column_widths.load_table`` maps a packed record table with ``np.load``: under the lock too."""
    from maguyva_tui.core.store.column_widths import load_table, save_table

    save_table(tmp_path / "t.npy", np.array([[1, 70000, 3], [2, 5, 6]], dtype=np.int64))
    parsed = watch_header_parses(monkeypatch)
    table = load_table(tmp_path / "t.npy", 3)
    assert table is not None and parsed and all(parsed), parsed
