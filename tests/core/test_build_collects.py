"""A one-question ``search`` runs without Python's cyclic garbage collector; an index it must
build first is parsed and written with the collector on, as every build was, and the process's
choice is given back afterwards."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from maguyva_tui.core import indexer


def test_a_build_collects_even_when_its_process_turned_the_collector_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    (root / "a.py").write_text("def parse_config(path):\n    return path\n")
    seen: list[bool] = []
    write = indexer._Build._write

    def watched(self: object, *args: object, **kwargs: object) -> object:
        seen.append(gc.isenabled())
        return write(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(indexer._Build, "_write", watched)
    was = gc.isenabled()
    gc.disable()
    try:
        indexer.update_index(root, tmp_path / "ix")
        assert not gc.isenabled()  # the process's own choice, given back
    finally:
        if was:
            gc.enable()
    assert seen == [True]
