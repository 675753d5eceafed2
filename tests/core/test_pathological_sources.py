"""Sources shaped to exhaust a recursive reader still index: one file never fails the index."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.core.indexer import update_index
from maguyva_tui.core.parsing import analyze
from maguyva_tui.core.parsing.analyze import analyze_row

LINKS = 1500


@pytest.mark.parametrize(("path", "source"), [
    ("chain.py", "x = a()" + ".b()" * LINKS + "\n"),
    ("chain.js", "const x = a()" + ".b()" * LINKS + ";\n"),
    ("Chain.java", "class Chain { void f() { a()" + ".b()" * LINKS + "; } }\n"),
    ("chain.rs", "fn f() { a()" + ".b()" * LINKS + "; }\n"),
])
def test_a_builder_chain_of_a_thousand_calls(path: str, source: str) -> None:
    # every link is a call whose callee's receiver is the previous call: read recursively, the
    # last one ran out of Python's stack and failed the whole index
    row = analyze_row(path, source)
    calls = [name for kind, name, _, _ in row[3] if kind == "call"]
    assert len(calls) == LINKS + 1
    assert "?.b" in calls  # past a few dozen receivers, the chain is an unknown receiver's


def test_a_file_no_reader_can_finish_is_indexed_as_text(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def too_deep(*_: object) -> object:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(analyze, "extract_rows", too_deep)
    row = analyze_row("m.py", "def f():\n    return g()\n")
    assert row[0] == "python" and [s[1] for s in row[2]] == ["f"] and len(row[3]) == 0

    monkeypatch.setattr(analyze, "extract_definitions", too_deep)
    row = analyze_row("m.py", "def f():\n    return g()\n")
    assert row[0] is None and row[1] and not row[2]  # line windows, no symbol


def test_the_index_survives_a_pathological_file(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "chain.js").write_text("const x = a()" + ".b()" * LINKS + ";\n")
    (repo / "ok.py").write_text("def helper():\n    return 1\n")
    _, summary = update_index(repo, tmp_path / "index")
    assert summary.files == 2 and summary.symbols >= 1

