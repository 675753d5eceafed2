"""User theme files that are not files: a FIFO, a link to ``/dev/zero``, a huge file (issue 18.2).

Each is reported in the one notification of bad theme files, and none blocks the explorer.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from maguyva_tui.app.themes import MAX_THEME_BYTES, Loaded, load_user_themes

GOOD = 'name = "good"\nprimary = "#61afef"\n'


def _load_within(folder: Path, seconds: float) -> Loaded | None:
    """Load the folder's themes in a thread; ``None`` when that takes longer than ``seconds``."""
    found: list[Loaded] = []
    worker = threading.Thread(target=lambda: found.append(load_user_themes(folder)), daemon=True)
    worker.start()
    worker.join(seconds)
    return found[0] if found else None


def _release(fifo: Path) -> None:
    """Give a reader blocked on the FIFO an end of file, so no thread stays stuck."""
    try:
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
    except OSError:
        pass  # nobody is reading it: nothing to release


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")
def test_fifo_theme_file_does_not_block(tmp_path: Path) -> None:
    (tmp_path / "good.toml").write_text(GOOD)
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    try:
        loaded = _load_within(tmp_path, 5.0)
    finally:
        _release(fifo)
    assert loaded is not None, "loading the theme folder blocked on a FIFO"
    assert [t.name for t in loaded.themes] == ["good"]
    assert loaded.errors == ["pipe.toml: not a regular file"]


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_device_link_and_huge_file_are_reported_not_read(tmp_path: Path) -> None:
    (tmp_path / "good.toml").write_text(GOOD)
    (tmp_path / "zero.json").symlink_to("/dev/zero")
    (tmp_path / "huge.toml").write_text(GOOD + "#" * MAX_THEME_BYTES)
    (tmp_path / "folder.toml").mkdir()
    (tmp_path / "linked.toml").symlink_to(tmp_path / "good.toml")  # a link to a file is fine
    loaded = _load_within(tmp_path, 5.0)
    assert loaded is not None, "loading the theme folder read /dev/zero"
    assert [t.name for t in loaded.themes] == ["good", "good"]
    report = loaded.report()
    assert report is not None and report.splitlines() == [
        "3 theme files not loaded:",
        "folder.toml: not a regular file",
        f"huge.toml: larger than {MAX_THEME_BYTES // 1024} KiB",
        "zero.json: not a regular file",
    ]
