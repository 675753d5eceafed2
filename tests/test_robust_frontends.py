"""Robustness of the front ends (issue 18): the CLI, the graph command and the MCP server meet bad
input, closed pipes, concurrent callers and fresh edits without a traceback or a wrong answer."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO


def run(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "maguyva_tui", *args], capture_output=True, input=stdin,
                          cwd=REPO, timeout=300)


# -- 18.5: one bad line of a batch never loses the others ------------------------------------------

BATCH = (b'{"query": "parse_config"}\n'
         b'{"query": "caf\xe9 \xff"}\n'  # Latin-1, not UTF-8
         b'{"query": "ECONNREFUSED", "limit": 0}\n'
         b'{"query": "ECONNREFUSED"}\n')


@pytest.mark.parametrize("from_stdin", [False, True])
def test_a_batch_line_of_invalid_utf8_gets_an_error_object(polyglot: Path, tmp_path: Path, from_stdin: bool) -> None:
    batch = tmp_path / "queries.jsonl"
    batch.write_bytes(BATCH)
    source = "-" if from_stdin else str(batch)
    proc = run("search", "--batch", source, "--repo", str(polyglot), stdin=BATCH if from_stdin else None)
    assert proc.returncode == 0, proc.stderr
    answers = [json.loads(line) for line in proc.stdout.decode().splitlines()]
    assert len(answers) == 4
    assert answers[0]["results"] and answers[3]["results"]
    assert answers[1]["query"] is None and "line 2" in answers[1]["error"] and "UTF-8" in answers[1]["error"]
    assert answers[2]["query"] == "ECONNREFUSED" and "--limit" in answers[2]["error"]  # the query it had


# -- 18.10: graph limits and depths --------------------------------------------------------------------

@pytest.mark.parametrize(
    ("args", "flag"),
    [
        (("impact", "parse_config", "--limit", "-1"), "--limit"),
        (("impact", "parse_config", "--limit", "0"), "--limit"),
        (("callers", "parse_config", "--limit", "0"), "--limit"),
        (("impact", "parse_config", "--depth", "0"), "--depth"),
        (("impact", "parse_config", "--depth", "-1"), "--depth"),
    ],
)
def test_graph_refuses_a_limit_or_depth_below_one(polyglot: Path, args: tuple[str, ...], flag: str) -> None:
    proc = run("graph", *args, "--repo", str(polyglot))
    err = proc.stderr.decode()
    assert proc.returncode == 2, err
    assert flag in err and "internal error" not in err and len(err.strip().splitlines()) == 1
    assert proc.stdout == b""


def test_search_refuses_a_limit_below_one(polyglot: Path) -> None:
    for limit in ("0", "-1"):
        proc = run("search", "parse_config", "--limit", limit, "--repo", str(polyglot))
        assert proc.returncode == 2 and b"--limit" in proc.stderr and len(proc.stderr.strip().splitlines()) == 1
