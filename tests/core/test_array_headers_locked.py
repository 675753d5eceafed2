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


def test_every_stored_header_is_parsed_under_the_lock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    parsed: list[bool] = []
    literal_eval = ast.literal_eval

    def watched(text: str) -> object:
        parsed.append(HEADER_LOCK.locked())
        return literal_eval(text)

    monkeypatch.setattr(ast, "literal_eval", watched)
    save_array(tmp_path / "a.npy", np.arange(5, dtype=np.int64))
    np.savez(tmp_path / "b.npz", x=np.arange(3, dtype=np.int32), y=np.zeros(0, dtype=np.float32))
    assert load_array(tmp_path / "a.npy", np.int64).tolist() == [0, 1, 2, 3, 4]
    arrays = mapped_npz(tmp_path / "b.npz")
    assert arrays["x"].tolist() == [0, 1, 2] and arrays["y"].size == 0
    assert parsed and all(parsed), parsed
