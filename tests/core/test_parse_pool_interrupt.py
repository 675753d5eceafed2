"""Ctrl-C while the parsing workers run (``core/indexer.py``): the terminal sends SIGINT to the
whole process group, and a worker waiting for its next batch printed a ``KeyboardInterrupt``
traceback under the command's own "maguyva: interrupted". The workers leave it to the command."""

from __future__ import annotations

import os
import signal
from pathlib import Path
from typing import Any

import pytest

from maguyva_tui.core import indexer

_parse = indexer._analyze_batch


def _interrupted_batch(batch: Any) -> Any:
    """Parse a batch in a worker after a Ctrl-C has reached that worker."""
    os.kill(os.getpid(), signal.SIGINT)
    return _parse(batch)


def test_a_ctrl_c_that_reaches_a_parsing_worker_is_left_to_the_command(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    for n in range(6):
        (root / f"m{n}.py").write_text(f"def function_{n}():\n    return {n}\n")
    monkeypatch.setattr(indexer, "PARALLEL_MIN_FILES", 2)
    monkeypatch.setattr(indexer, "PARSE_BATCH", 2)
    monkeypatch.setattr(indexer, "_analyze_batch", _interrupted_batch)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    snapshot, summary = indexer.update_index(root, tmp_path / "index")
    assert summary.parsed == 6 and len(snapshot.files) == 6
