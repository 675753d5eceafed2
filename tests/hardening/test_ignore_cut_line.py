"""An ignore file longer than maguyva reads (``MAX_IGNORE_BYTES``): its last line, cut where the
read stopped, is dropped, not read as the rule its start spells (``*``, cut from ``*.generated``,
had ignored every file of the repository)."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.core import ignore
from maguyva_tui.core.walk import WalkReport, walk


@pytest.mark.parametrize("place", [".gitignore", ".git/info/exclude"])
def test_the_line_cut_at_the_read_limit_is_no_rule(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, place: str) -> None:
    monkeypatch.setattr(ignore, "MAX_IGNORE_BYTES", 4096)
    (tmp_path / ".git" / "info").mkdir(parents=True)
    padding = b"".join(b"#" + b"x" * 62 + b"\n" for _ in range(63))  # 4,032 bytes of comments
    padding += b"old.log\n" + b"#" * (4096 - len(padding) - 10) + b"\n"  # a rule, then up to 4,095 bytes
    assert len(padding) == 4095
    (tmp_path / place).write_bytes(padding + b"*.generated\nlater.py\n")  # read as far as "*"
    for name in ("a.py", "old.log", "later.py"):
        (tmp_path / name).write_text("x = 1\n")
    walked = {candidate.path for candidate in walk(tmp_path, WalkReport())}
    assert "a.py" in walked and "later.py" in walked and "old.log" not in walked
