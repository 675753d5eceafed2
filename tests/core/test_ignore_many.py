"""An ignore file of many patterns: matched block by block, each pattern compiled when first tried,
with git's verdicts (a hostile ``.gitignore`` of 100,000 lines had held the walk for minutes)."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest

from maguyva_tui.core import ignore, ignore_many
from maguyva_tui.core.ignore import parse_ignore_file
from maguyva_tui.core.walk import WalkReport, walk
from tests.core.test_robust_ignore import CASES, _git, _git_ignored, _git_kept, _init, _walked

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="compares with git")

_FILLER = [f"filler_{i}_*.tmp" for i in range(80)]
"""Patterns matching none of the files, so that every file holds more than ``MANY_PATTERNS``."""


def _many(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fold: bool) -> tuple[Path, dict[str, str], list[str]]:
    """One ``.gitignore`` holding every root pattern of the git cases, after the filler, and every
    case's files in one tree."""
    lines = list(_FILLER)
    files: set[str] = set()
    for ignores, names in CASES.values():
        lines += [line for line in ignores.get(".gitignore", "").removeprefix("\ufeff").split("\n") if line]
        files.update(names)
    usable = sorted(
        f for f in files if not any(g.startswith(f + "/") for g in files) and not f.endswith((" ", "\t", "\r"))
    )
    root, env = _init(tmp_path, monkeypatch, {".gitignore": "\n".join(lines) + "\n"})
    if fold:
        _git(root, "config", "core.ignorecase", "true", env=env)
    for rel in usable:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text("x\n")
    return root, env, usable


@pytest.mark.parametrize(
    ("block", "fold"), [(3, False), pytest.param(ignore_many.BLOCK_PATTERNS, True, marks=pytest.mark.slow)]
)
def test_a_file_of_many_patterns_keeps_what_git_keeps(
    block: int, fold: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ignore_many, "BLOCK_PATTERNS", block)
    root, env, files = _many(tmp_path, monkeypatch, fold)
    kept = _walked(root)
    assert kept == _git_kept(root, env)
    assert {f for f in files if f not in kept} == _git_ignored(root, files, env)


def test_a_path_no_pattern_matches_compiles_none(monkeypatch: pytest.MonkeyPatch) -> None:
    """2,000 patterns: reading them compiles none, a path none matches compiles none, and a path
    one matches compiles only the patterns tried in its block, last first (before, each was
    compiled twice on reading, and every path was tried against all 2,000)."""
    compiled: list[str] = []
    real = ignore._compile
    monkeypatch.setattr(ignore, "_compile", lambda body, *rest: compiled.append(body) or real(body, *rest))
    rules = parse_ignore_file("".join(f"pat_{i}_x*.log\n" for i in range(2000)) + "!pat_7_keep.log\n", "")
    assert compiled == []
    assert rules.verdict("src/a.py", False) is None
    assert compiled == []
    assert rules.verdict("pat_7_keep.log", False) is False
    assert rules.verdict("deep/pat_1990_xy.log", False) is True
    assert 0 < len(compiled) <= 12


def test_a_pattern_re2_refuses_is_tried_alone() -> None:
    """A pattern holding a byte of a name that is not UTF-8 (``re2`` reads no lone surrogate) is
    a block of its own, still matched, among many."""
    latin = b"caf\xe9.txt".decode("utf-8", "surrogateescape")
    rules = parse_ignore_file("".join(f"x{i}\n" for i in range(100)) + latin + "\n", "")
    assert any(block.regex is None for block in rules.blocks)
    assert rules.verdict(latin, False) is True
    assert rules.verdict("cafe.txt", False) is None


@pytest.mark.slow
def test_a_gitignore_of_100000_patterns_is_walked_in_seconds(tmp_path: Path) -> None:
    """100,000 patterns, 1,000 files: about 3 s of CPU (a minute before: 100,000 patterns compiled
    twice, then every path tried against each)."""
    root = tmp_path / "repo"
    (root / "src").mkdir(parents=True)
    (root / ".gitignore").write_text("".join(f"pat_{i}_x*.log\n" for i in range(100_000)))
    for i in range(1000):
        (root / "src" / f"f{i}.py").write_text(f"def f{i}():\n    return {i}\n")
    (root / "src" / "pat_99999_xz.log").write_text("ignored\n")
    start = time.process_time()
    walked = [candidate.path for candidate in walk(root, WalkReport())]
    assert len(walked) == 1000 and "src/pat_99999_xz.log" not in walked  # the .gitignore is over 1 MiB
    assert time.process_time() - start < 15
