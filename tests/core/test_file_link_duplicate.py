"""A link to a file inside the root that the walk reaches at its own path is skipped as a duplicate,
as a linked folder is: ply 3.11 with ``example/calc/lex.py -> ../../ply/lex.py`` had listed ``class
Lexer`` twice for "where is Lexer defined", and each call in it twice, where rg lists one."""

from __future__ import annotations

import os
from pathlib import Path

from maguyva_tui.core.engine import Engine
from tests.core.test_engine import CountingProvider

LEX = "class Lexer:\n    def token(self):\n        return helper()\n\n\ndef helper():\n    return 1\n"


def test_a_linked_file_is_indexed_once_and_its_link_said(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    (root / "ply").mkdir(parents=True)
    (root / "ply" / "lex.py").write_text(LEX)
    (root / "example" / "calc").mkdir(parents=True)
    os.symlink("../../ply/lex.py", root / "example" / "calc" / "lex.py")
    engine = Engine(root, provider=CountingProvider())
    summary = engine.refresh()
    assert summary.skipped.get("symlink_duplicate") == 1
    assert summary.skipped_examples.get("symlink_duplicate") == "example/calc/lex.py"
    found = engine.search("Lexer", modality="structural")
    assert [(r.path, r.start_line) for r in found.results] == [("ply/lex.py", 1)]
    callers = engine.search("who calls helper")
    assert [(r.path, r.start_line) for r in callers.results if r.kind == "call"] == [("ply/lex.py", 3)]
