"""An exclude file that opens but refuses reading (a hostile ``.git/config`` naming ``/proc/self/mem``
as ``core.excludesFile``) is skipped, as git skips it: the walk had ended in an ``OSError`` (EIO),
which ``maguyva index`` reported as "could not write the output"."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from maguyva_tui.core.walk import WalkReport, walk

MEM = Path("/proc/self/mem")


@pytest.mark.skipif(not os.access(MEM, os.R_OK), reason="needs Linux's /proc/self/mem")
def test_an_exclude_file_that_refuses_reading_is_skipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", "")
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "config").write_text(f"[core]\n\texcludesFile = {MEM}\n")
    (tmp_path / "a.py").write_text("x = 1\n")
    found = [str(candidate.path) for candidate in walk(tmp_path, WalkReport())]
    assert found == ["a.py"]
