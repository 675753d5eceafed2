"""The text engine is exact: for literals it finds the same (file, line) pairs as ``rg -F``."""

from __future__ import annotations

import json
import shutil
import subprocess
import sysconfig
from pathlib import Path

import pytest

from maguyva_tui.core.indexer import update_index
from maguyva_tui.core.retrievers.text import TextRetriever


def _find_rg() -> str | None:
    """Find ripgrep on PATH or beside this Python (the test extra installs it there)."""
    beside = Path(sysconfig.get_path("scripts")) / "rg"
    return shutil.which("rg") or (str(beside) if beside.exists() else None)


RG = _find_rg()
LITERALS = [
    "def ", "self.", "import os", "Session", "session", "raise ValueError", "HTTPAdapter", "utf-8",
    "__init__", "), ", "  #", "get(", "requests.exceptions", "Timeout", "e", "if not", "https://",
    "r.status_code", "é", "'", '"""', "\\", "cookie", "lambda", "pass\n",
]


def _rg(root: Path, literal: str, ignore_case: bool) -> set[tuple[str, int]]:
    cmd = [RG, "--json", "-F", "--hidden", "--no-require-git", "--no-ignore-parent", "--max-filesize", "1M", "--no-config"]
    if ignore_case:
        cmd.append("-i")
    out = subprocess.run([*cmd, "--", literal, "."], cwd=root, capture_output=True, text=True).stdout
    found = set()
    for line in out.splitlines():
        event = json.loads(line)
        if event["type"] == "match":
            path = event["data"]["path"]["text"].removeprefix("./")
            found.add((path, event["data"]["line_number"]))
    return found


@pytest.mark.skipif(RG is None, reason="ripgrep (rg) is not installed")
@pytest.mark.parametrize("ignore_case", [False, True])
def test_literals_match_ripgrep_exactly(requests_repo: Path, ignore_case: bool) -> None:
    snapshot, _ = update_index(requests_repo)
    engine = TextRetriever(snapshot)
    for literal in LITERALS:
        if "\n" in literal:
            continue  # rg reads lines; a literal spanning lines is not a grep question
        case = "insensitive" if ignore_case else "sensitive"
        ours = {(m.path, m.line) for m in engine.literal_lines(literal, case)}
        theirs = _rg(requests_repo, literal, ignore_case)
        assert ours == theirs, f"{literal!r}: only ours {sorted(ours - theirs)[:5]}, only rg {sorted(theirs - ours)[:5]}"


@pytest.mark.skipif(RG is None, reason="ripgrep (rg) is not installed")
def test_regexes_match_ripgrep(requests_repo: Path) -> None:
    snapshot, _ = update_index(requests_repo)
    engine = TextRetriever(snapshot)
    for pattern in [r"def \w+_request\(", r"^class \w+\(", r"(Session|Adapter)\b", r"\d{3}", r"raise \w+Error$"]:
        ours = {(m.path, m.line) for m in engine.regex_lines(pattern)}
        cmd = [RG, "--json", "--hidden", "--no-require-git", "--no-ignore-parent", "--max-filesize", "1M", "--no-config", "--", pattern, "."]
        out = subprocess.run(cmd, cwd=requests_repo, capture_output=True, text=True).stdout
        theirs = {(json.loads(r)["data"]["path"]["text"].removeprefix("./"), json.loads(r)["data"]["line_number"])
                  for r in out.splitlines() if json.loads(r)["type"] == "match"}
        assert ours == theirs, pattern
