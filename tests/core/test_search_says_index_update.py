"""A search's "N results in X ms" is the search's time on the index as it stood; what the search
did first to bring the index up to date is said beside it, "(after updating 1 file: 0.2 s)", and
carried by the JSON as ``index_update`` (a search after an edit had said "in 80 ms" of a command
that took 1.3 s, the update unmentioned)."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from maguyva_tui.cli import _print_human
from maguyva_tui.core.engine import Engine

HOUR_NS = 3600 * 10**9


def _repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    root.mkdir()
    (root / "a.py").write_text("def alpha_total():\n    return 1\n")
    (root / "b.py").write_text("BETA = 2\n")
    past = time.time_ns() - HOUR_NS  # written long before the walk: every folder is vouched for
    for path in (root / "a.py", root / "b.py", root):
        os.utime(path, ns=(past, past))
    return root


def _line(result: object, capsys: pytest.CaptureFixture[str]) -> str:
    _print_human(result)  # type: ignore[arg-type]
    return next(line for line in capsys.readouterr().out.splitlines() if " in " in line and "result" in line)


def test_a_search_after_an_edit_says_it_updated_the_file_first(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _repo(tmp_path)
    Engine(root, tmp_path / "index").refresh(semantic=False)
    (root / "b.py").write_text("BETA = 3\n")
    result = Engine(root, tmp_path / "index").search("BETA", modality="text")
    assert [r.path for r in result.results] == ["b.py"]
    update = result.index_update
    assert update is not None and update.files == 1 and not update.built and update.ms > 0
    assert json.loads(json.dumps(result.to_json()))["index_update"] == {"files": 1, "ms": update.ms, "built": False,
                                                                   "waited": False}
    line = _line(result, capsys)
    assert line.startswith(f"1 result in {result.elapsed_ms:.1f} ms (after updating 1 file: ")
    assert line.endswith((" ms)", " s)"))


def test_a_search_on_an_unchanged_index_says_nothing_of_an_update(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _repo(tmp_path)
    Engine(root, tmp_path / "index").refresh(semantic=False)
    result = Engine(root, tmp_path / "index").search("BETA", modality="text")
    assert result.index_update is None and result.to_json()["index_update"] is None
    assert _line(result, capsys) == f"1 result in {result.elapsed_ms:.1f} ms"


def test_a_search_that_builds_the_index_says_it_indexed_every_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _repo(tmp_path)
    result = Engine(root, tmp_path / "index", static=False).search("BETA", modality="text")
    update = result.index_update
    assert update is not None and update.files == 2 and update.built
    assert "(after indexing 2 files: " in _line(result, capsys)
