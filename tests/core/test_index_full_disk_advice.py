"""A damaged index that cannot be rebuilt because its disk is full: the one line says to free space.

Found by an outside tester (helper-209, 2026-12-05): an index copied onto a full tmpfs (``CURRENT``
naming a generation the copy had not finished) answered ``maguyva search`` with "... it cannot be
rebuilt at DIR (No space left on device): make that folder writable", advice for a read-only folder
that a folder already writable cannot follow.
"""

from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path

import pytest

from maguyva_tui import cli
from maguyva_tui.core import indexer
from maguyva_tui.core.indexer import index_folder
from maguyva_tui.core.store.format import current_generation


def _damaged_index_on_a_full_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int) -> tuple[Path, Path]:
    """A repository whose index names a generation that is gone, on a disk that refuses every write."""
    root, base = tmp_path / "repo", tmp_path / "indexes"
    root.mkdir()
    (root / "a.py").write_text("def full_disk_advice():\n    return 1\n")
    assert cli.main(["index", str(root), "--no-semantic", "--index-dir", str(base)]) == 0
    shutil.rmtree(current_generation(index_folder(root, base)))

    def full(folder: Path, **_: object) -> None:
        raise OSError(code, os.strerror(code), str(folder / "LOCK"))

    monkeypatch.setattr(indexer, "index_lock", full)
    return root, base


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EDQUOT])
def test_a_damaged_index_on_a_full_disk_says_to_free_space(tmp_path: Path, monkeypatch, capsys, code: int) -> None:
    root, base = _damaged_index_on_a_full_disk(tmp_path, monkeypatch, code)
    capsys.readouterr()
    assert cli.main(["search", "--repo", str(root), "--index-dir", str(base), "def full_disk_advice"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("maguyva: error: the index is corrupt") and err.count("\n") == 1
    assert f"it cannot be rebuilt at {index_folder(root, base)} ({os.strerror(code)}): free space on its disk" in err
    assert "writable" not in err and "--index-dir" in err
