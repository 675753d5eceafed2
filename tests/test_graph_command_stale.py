"""``maguyva graph`` over an index that could not be updated says so, as ``maguyva search`` does.

Found by an outside tester on ply 3.11 with its index folder made immutable after an edit: ``maguyva
search "who calls lex"`` said "the index could not be updated (Operation not permitted: ...); answers
come from it as it was", ``maguyva graph callers lex`` answered from the old graph without a word
(a call just written is missing from it)."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

from maguyva_tui import cli
from maguyva_tui.core import indexer
from maguyva_tui.core.types import STALE_INDEX


def test_a_graph_answer_from_an_index_left_as_it_was_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    root, base = tmp_path / "repo", str(tmp_path / "indexes")
    root.mkdir()
    (root / "a.py").write_text("def helper():\n    return 1\n\n\ndef main():\n    return helper()\n")
    assert cli.main(["index", str(root), "--no-semantic", "--index-dir", base, "--json"]) == 0
    (root / "b.py").write_text("from a import helper\n\n\ndef later():\n    return helper()\n")

    def read_only(folder: Path, **_: object) -> None:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(folder / "LOCK"))

    monkeypatch.setattr(indexer, "index_lock", read_only)
    capsys.readouterr()
    assert cli.main(["graph", "callers", "helper", "--repo", str(root), "--index-dir", base, "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert [r["path"] for r in answer["results"]] == ["a.py"]  # b.py's call is not in the index
    assert any(note.startswith(STALE_INDEX) for note in answer["notes"])
    assert cli.main(["graph", "callers", "helper", "--repo", str(root), "--index-dir", base]) == 0
    assert f"maguyva: {STALE_INDEX}" in capsys.readouterr().err
