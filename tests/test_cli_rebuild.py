"""``maguyva index --rebuild``: every file parsed anew, whatever the index holds. An update trusts
what it stored for a file that did not change, so damage to a stored table (a disk error, a
crashed tool writing into the cache) survives it; a rebuild does not."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.conftest import Runner
from tests.test_cli import run, search_json


def index_json(repo: Path, *args: str, runner: Runner) -> dict:
    proc = runner("index", str(repo), "--json", "--no-semantic", *args)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def top(result: dict) -> list[tuple[str, int]]:
    return [(r["path"], r["start_line"]) for r in result["results"]]


def test_rebuild_parses_every_file_and_repairs_a_damaged_table_an_update_keeps(polyglot: Path, here: Runner) -> None:
    first = index_json(polyglot, runner=here)
    assert first["parsed"] == first["files"] > 0
    before = search_json(polyglot, "def parse_config", runner=here)
    assert before["intent"] == "find_definition" and not before["lookup_failed"] and before["results"]

    names = next(Path(os.environ["MAGUYVA_INDEX_DIR"]).glob("*/g-*/defs_names.bin"))
    names.write_bytes(names.read_bytes().replace(b"parse_config", b"parse_cXnfig"))  # same length: nothing looks amiss

    again = index_json(polyglot, runner=here)
    assert again["parsed"] == 0 and again["reused"] == again["files"]  # an update trusts the stored table
    damaged = here("search", "def parse_config", "--repo", str(polyglot), "--json")
    assert damaged.returncode == 2 and "no symbol named parse_config" in damaged.stderr  # what the damage does

    rebuilt = index_json(polyglot, "--rebuild", runner=here)
    assert rebuilt["parsed"] == rebuilt["files"] == first["files"] and rebuilt["reused"] == 0
    assert rebuilt["chunks"] == first["chunks"] and rebuilt["symbols"] == first["symbols"]
    after = search_json(polyglot, "def parse_config", runner=here)
    assert not after["lookup_failed"] and top(after) == top(before)
    assert after["notices"] == before["notices"]  # a rebuild asked for is no trouble to report on every search


@pytest.mark.slow  # 2-4 s (an index process and the model): the default run stays under 5 minutes
def test_rebuild_as_a_user_types_it_prints_the_summary_and_refuses_a_cluster(polyglot: Path) -> None:
    proc = run("index", str(polyglot), "--no-semantic")
    assert proc.returncode == 0, proc.stderr
    proc = run("index", str(polyglot), "--rebuild", "--no-semantic")
    assert proc.returncode == 0, proc.stderr
    files = next(line for line in proc.stdout.splitlines() if line.strip().startswith("files"))
    assert " parsed, 0 unchanged" in files
    proc = run("index", str(polyglot), "--rebuild", "--ray", "local")
    assert proc.returncode != 0 and proc.stderr.count("\n") == 1 and "--rebuild" in proc.stderr
    assert "Traceback" not in proc.stderr
