"""The walker: ignore files, binaries, sizes, symlinks and damaged files, all counted, none fatal."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from maguyva_tui.core.walk import WalkReport, read_source, walk


def _tree(root: Path, files: dict[str, bytes | str]) -> None:
    for rel, content in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, str):
            content = content.encode()
        path.write_bytes(content)


def _paths(root: Path, report: WalkReport | None = None) -> list[str]:
    report = report or WalkReport()
    return [c.path for c in walk(root, report) if read_source(c, report)]


def test_nested_gitignore_and_maguyvaignore(tmp_path: Path) -> None:
    _tree(tmp_path, {
        ".gitignore": "*.log\nbuild/\n/top_only.txt\n",
        "a.py": "x", "debug.log": "x", "build/out.py": "x", "top_only.txt": "x",
        "sub/top_only.txt": "x", "sub/.gitignore": "!keep.log\nlocal.py\n", "sub/keep.log": "x",
        "sub/local.py": "x", "sub/deeper/local.py": "x", ".maguyvaignore": "secret/\n", "secret/key.py": "x",
    })
    paths = _paths(tmp_path)
    assert "a.py" in paths and "sub/top_only.txt" in paths and "sub/keep.log" in paths
    for gone in ("debug.log", "build/out.py", "top_only.txt", "sub/local.py", "sub/deeper/local.py", "secret/key.py"):
        assert gone not in paths


def test_globstar_and_character_classes(tmp_path: Path) -> None:
    _tree(tmp_path, {".gitignore": "docs/**/*.md\nfile[0-9].txt\n", "docs/a/b/c.md": "x", "docs/x.py": "x",
                     "file1.txt": "x", "fileA.txt": "x"})
    assert sorted(_paths(tmp_path)) == [".gitignore", "docs/x.py", "fileA.txt"]


def test_binary_and_large_files_are_counted(tmp_path: Path) -> None:
    _tree(tmp_path, {"ok.py": "print(1)\n", "img.py": b"\x89PNG\x00\x00data", "big.txt": "x" * (1024 * 1024 + 1)})
    report = WalkReport()
    assert _paths(tmp_path, report) == ["ok.py"]
    assert report.skipped["binary"] == 1 and report.skipped["too_large"] == 1


def test_symlinks_never_leave_root_and_loops_end(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    root = tmp_path / "repo"
    _tree(outside, {"secret.py": "password = 1\n"})
    _tree(root, {"src/a.py": "x"})
    os.symlink(outside, root / "escape")
    os.symlink(outside / "secret.py", root / "secret_link.py")
    os.symlink(root / "src", root / "src" / "loop")
    os.symlink(root / "nowhere", root / "dangling.py")
    report = WalkReport()
    paths = _paths(root, report)
    assert paths == ["src/a.py"]
    assert report.skipped["symlink_outside_root"] == 2
    assert report.skipped["symlink_loop"] >= 1


def test_invalid_utf8_and_crlf_keep_lines(tmp_path: Path) -> None:
    _tree(tmp_path, {"bad.py": b"a = 1\n\xff\xfe broken\nc = 3\n", "win.py": b"x = 1\r\ny = 2\r\n"})
    report = WalkReport()
    sources = {c.path: read_source(c, report) for c in walk(tmp_path, report)}
    assert sources["bad.py"] is not None and sources["bad.py"].text.splitlines()[2] == "c = 3"
    assert report.noticed["invalid_utf8"] == 1 and report.noticed["crlf"] == 1


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads every file")
def test_unreadable_file_is_counted(tmp_path: Path) -> None:
    _tree(tmp_path, {"a.py": "x", "locked.py": "y"})
    (tmp_path / "locked.py").chmod(0)
    report = WalkReport()
    assert _paths(tmp_path, report) == ["a.py"]
    assert report.skipped["unreadable"] == 1


def test_vanished_file_is_counted(tmp_path: Path) -> None:
    _tree(tmp_path, {"a.py": "x", "b.py": "y"})
    report = WalkReport()
    candidates = list(walk(tmp_path, report))
    (tmp_path / "b.py").unlink()
    assert [c.path for c in candidates if read_source(c, report)] == ["a.py"]
    assert report.skipped["vanished"] == 1


def test_a_link_sorted_before_its_folder_never_takes_its_files(tmp_path: Path) -> None:
    """``link -> real`` inside the root: ``real/``'s files are indexed at their own path, the link
    skipped as a duplicate (vite's ``root-resolution/link``: ``real/`` had been skipped as a loop and
    its file indexed as ``link/.gitkeep``); a link to an ignored folder is still walked."""
    _tree(tmp_path, {"real/r.py": "x", "hidden/h.py": "y", ".gitignore": "hidden/\n"})
    os.symlink("real", tmp_path / "link")
    os.symlink("hidden", tmp_path / "a_view")
    os.symlink(".", tmp_path / "real" / "loop")
    report = WalkReport()
    assert _paths(tmp_path, report) == [".gitignore", "a_view/h.py", "real/r.py"]
    assert report.skipped["symlink_duplicate"] == 1 and report.skipped["symlink_loop"] == 1


def test_a_link_to_a_file_walked_at_its_own_path_is_a_duplicate(tmp_path: Path) -> None:
    """``example/calc/lex.py -> ../../ply/lex.py`` inside the root: ``ply/lex.py`` is indexed at its
    own path and the link skipped as a duplicate, as a linked folder is (each of ply 3.11's
    definitions in it had been listed twice, rg listing them once); a link sorted before its target,
    a link to an ignored file (read, as a link to an ignored folder is walked) and a link to a file
    out of the root (never followed) keep their rules."""
    _tree(tmp_path, {"ply/lex.py": "class Lexer: pass\n", "ply/yacc.py": "y = 1\n", "gen/table.py": "t = 1\n",
                     ".gitignore": "gen/\n"})
    os.makedirs(tmp_path / "example" / "calc")
    os.symlink("../../ply/lex.py", tmp_path / "example" / "calc" / "lex.py")
    os.symlink("ply/yacc.py", tmp_path / "a_yacc.py")  # sorts before its target
    os.symlink("gen/table.py", tmp_path / "table.py")
    outside = tmp_path.parent / f"{tmp_path.name}-outside.py"
    outside.write_text("secret = 1\n")
    os.symlink(outside, tmp_path / "out.py")
    report = WalkReport()
    assert _paths(tmp_path, report) == [".gitignore", "ply/lex.py", "ply/yacc.py", "table.py"]
    assert report.skipped["symlink_duplicate"] == 2 and report.skipped["symlink_outside_root"] == 1
    assert report.examples["symlink_duplicate"] == "a_yacc.py"
