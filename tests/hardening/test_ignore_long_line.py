"""A ``.gitignore`` line longer than any path: read as matching nothing at once (pathspec's
translation of one long segment is quadratic: a 1 MiB line had held ``maguyva index`` for 20 s)."""

from __future__ import annotations

import time
from pathlib import Path

from maguyva_tui.core.ignore import compile_line
from maguyva_tui.core.ignore_syntax import MAX_PATH_CHARS
from maguyva_tui.core.walk import WalkReport, walk


def test_a_line_longer_than_any_path_compiles_to_nothing_at_once() -> None:
    for line in ("\0" * 300_000, "a" * 300_000, "!" + "x/" * 150_000):
        started = time.perf_counter()
        assert compile_line(line) == []
        assert time.perf_counter() - started < 0.5, line[:8]
    assert compile_line("[ab]" * 5_000 + "\\ ") == []  # classes and escapes: each counted once read


def test_a_line_a_path_can_still_match_keeps_its_rule() -> None:
    name = "a" * (MAX_PATH_CHARS - 2)
    (rule,) = compile_line("/" + "*" * 50 + "/" + name)  # stars and slashes need no character of their own
    assert rule.matches("x/" + name, False) and not rule.matches("x/" + name[1:], False)
    (rule,) = compile_line("[a]" * (MAX_PATH_CHARS // 2) + "*")
    assert rule.matches("a" * (MAX_PATH_CHARS // 2), False)
    started = time.perf_counter()
    (rule,) = compile_line("*" * 100_000 + "q")  # a run of stars is one star to git
    assert rule.matches("a/xq", False) and not rule.matches("xq/a", False)
    assert time.perf_counter() - started < 0.5


def test_a_repository_whose_gitignore_is_one_long_line_walks_at_once(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("x = 1\n")
    (tmp_path / ".gitignore").write_bytes(b"\0" * 400_000)
    report = WalkReport()
    started = time.perf_counter()
    found = [candidate.path for candidate in walk(tmp_path, report)]
    assert time.perf_counter() - started < 0.5
    assert "a.py" in [str(path) for path in found]
