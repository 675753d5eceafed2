"""``maguyva index`` names a file it left out for each reason: "1 too large, 2 unreadable" had not
said which files, where ``rg`` names each one it cannot read (a helper's outside test on PyYAML plus
a 50 MB minified one-line ``.js``, a binary ``.py`` and a file without read permission)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from maguyva_tui import cli
from maguyva_tui.core.walk import MAX_FILE_BYTES


def _repo(root: Path) -> Path:
    root.mkdir()
    (root / ".gitignore").write_text("*.log\n")
    (root / "debug.log").write_text("x\n")
    (root / "app.py").write_text("def run():\n    return 1\n")
    (root / "big.min.js").write_text("var a=1;" * (MAX_FILE_BYTES // 8 + 1))
    (root / "blob.py").write_bytes(b"\0\1\2" * 10)
    (root / "blob2.py").write_bytes(b"\0\1\2" * 10)
    return root


def test_the_summary_names_a_file_per_reason() -> None:
    from maguyva_tui.core.indexer import IndexSummary

    summary = IndexSummary(skipped={"binary": 2, "ignored": 1, "too_large": 1, "unreadable": 1},
                           skipped_examples={"binary": "blob.py", "ignored": "debug.log", "too_large": "big.min.js",
                                             "unreadable": "new\nline.py"})
    line = next(line for line in cli._summary_text(Path("/r"), summary).splitlines() if "skipped" in line)
    assert line == ("  skipped  2 binary (blob.py and 1 more), 1 ignored, 1 too large (big.min.js), "
                    "1 unreadable (new\\x0aline.py)")


@pytest.mark.slow
def test_index_names_them_in_its_summary_and_its_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _repo(tmp_path / "repo")
    index = str(tmp_path / "idx")
    assert cli.main(["index", str(root), "--index-dir", index, "--no-semantic"]) == 0
    line = next(line for line in capsys.readouterr().out.splitlines() if line.lstrip().startswith("skipped"))
    assert line.split(None, 1)[1] == "2 binary (blob.py and 1 more), 1 ignored, 1 too large (big.min.js)"
    assert cli.main(["index", str(root), "--index-dir", index, "--no-semantic", "--json"]) == 0  # an update
    told = json.loads(capsys.readouterr().out)
    assert told["skipped"] == {"binary": 2, "ignored": 1, "too_large": 1}
    assert told["skipped_examples"] == {"binary": "blob.py", "ignored": "debug.log", "too_large": "big.min.js"}


def test_an_update_s_notices_say_they_count_what_it_read() -> None:
    # "noticed 1 utf16" after an update, of an index holding 7 such files: it had read as the index's count
    from maguyva_tui.core.indexer import IndexSummary

    summary = IndexSummary(files=655, parsed=6, reused=649, noticed={"utf16": 1}, noticed_examples={"utf16": "u.py"})
    assert "  noticed  1 utf16 (u.py); in the files this update read" in cli._summary_text(Path("/r"), summary)
    summary = IndexSummary(files=655, parsed=655, noticed={"crlf": 2}, noticed_examples={"crlf": "a.py"})
    assert "  noticed  2 crlf (a.py and 1 more)\n" in cli._summary_text(Path("/r"), summary)
