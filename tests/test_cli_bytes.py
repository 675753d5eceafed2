"""A query typed as bytes that are not UTF-8 (a Latin-1 é in a UTF-8 locale) is searched, not refused.

Python hands such an argument over with each stray byte as a lone surrogate (``\\udce9``); the text
engine's case-insensitive literal compiled it with re2, which cannot encode it, and the user read
"invalid regex" for a search that asked for none (a case-sensitive one searched bytes no file holds).
The index holds a file's stray bytes as U+FFFD (the walk decodes it so), and the query's are read the
same way.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from maguyva_tui import cli
from maguyva_tui.core.types import QueryError
from tests.conftest import REPO

LATIN1 = b"caf\xe9t\xe9 = 1\nplain = 2\n"
TYPED = b"\xe9t\xe9"


@pytest.fixture(scope="module")
def latin1_repo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    base = tmp_path_factory.mktemp("bytes")
    (base / "repo").mkdir()
    (base / "repo" / "old.py").write_bytes(LATIN1)
    (base / "repo" / "new.py").write_text("x = 'été'\n", encoding="utf-8")
    return base / "repo", base / "index"


def _search(repo_and_index: tuple[Path, Path], capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    repo, index = repo_and_index
    code = cli.main(["search", *args, "--json", "--repo", str(repo), "--index-dir", str(index)])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("args", [
    ["--modality", "text"], ["--modality", "text", "-i"], ["--modality", "text", "--smart-case"], ["-i"],
    ["--modality", "text", "--regex"],
], ids=["literal", "ignore-case", "smart-case", "blended", "regex"])
def test_bytes_typed_on_the_command_line_are_searched(latin1_repo: tuple[Path, Path],
                                                      capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    query = os.fsdecode(TYPED)  # what sys.argv holds for them in a UTF-8 locale
    code, out, err = _search(latin1_repo, capsys, query, *args)
    assert code == 0 and "invalid regex" not in err, err
    text_hits = [r for r in json.loads(out)["results"] if r["modalities"]["text"] is not None]
    assert [(r["path"], r["start_line"]) for r in text_hits][:1] == [("old.py", 1)], out


def test_a_quoted_literal_of_such_bytes_is_searched(latin1_repo: tuple[Path, Path],
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _search(latin1_repo, capsys, os.fsdecode(b'"' + TYPED + b'"'))
    assert code == 0 and "invalid regex" not in err, err
    assert json.loads(out)["results"][0]["path"] == "old.py"


def test_a_lone_surrogate_that_is_no_byte_is_refused_in_one_line_not_as_a_regex() -> None:
    from maguyva_tui.core.retrievers.text import _compile, _options

    for literal in (True, False):
        with pytest.raises(QueryError) as refused:
            _compile("x\ud800", _options(case_sensitive=False, literal=literal))
        message = str(refused.value)
        assert "regex" not in message and "\n" not in message and "\\ud800" in message, message


def test_the_command_line_reads_the_bytes_as_typed(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "old.py").write_bytes(LATIN1)
    env = {**os.environ, "LC_ALL": "C.UTF-8", "MAGUYVA_NO_SERVER": "1"}
    proc = subprocess.run([sys.executable, "-m", "maguyva_tui", "search", TYPED, "-i", "--modality", "text", "--json",
                           "--repo", str(repo), "--index-dir", str(tmp_path / "index")],
                          capture_output=True, cwd=REPO, env=env, timeout=300, check=False)
    assert proc.returncode == 0 and proc.stderr == b"", proc.stderr
    assert [r["path"] for r in json.loads(proc.stdout)["results"]] == ["old.py"]
