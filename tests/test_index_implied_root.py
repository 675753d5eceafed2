"""``maguyva index`` given no PATH indexes the repository ``maguyva search`` answers from there: from
``repo/app``, ``repo``'s index when it has one (said once), not a second index of ``app`` alone,
which every later search from ``app`` had answered from instead (a folder with an index of its
own is its own repository). A PATH, even ``.``, still indexes that folder alone."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from maguyva_tui import cli, locations
from tests.conftest import Runner


def test_index_from_a_subfolder_updates_the_repositorys_index_and_says_so(
        indexed_polyglot: Path, here: Runner, monkeypatch: pytest.MonkeyPatch) -> None:
    base = Path(os.environ[locations.INDEX_DIR_ENV])
    indexes = sorted(base.iterdir())
    root = str(indexed_polyglot.resolve())
    monkeypatch.chdir(indexed_polyglot / "app")
    said = ("indexing " + root + ", the nearest indexed folder above app, whose index maguyva search answers "
            "from here (maguyva index . indexes app alone)")
    proc = here("index", "--no-semantic", "--json")
    summary = json.loads(proc.stdout)
    assert proc.returncode == 0 and summary["root"] == root and summary["files"] > 3
    assert said in summary["notices"] and proc.stderr == ""  # with --json, in the JSON alone
    human = here("index", "--no-semantic")
    assert human.returncode == 0 and f"indexed {root}\n" in human.stdout and f"maguyva: {said}" in human.stderr
    assert sorted(base.iterdir()) == indexes  # no second index, of app/ alone


@pytest.mark.slow
def test_index_of_dot_from_a_subfolder_indexes_it_alone(
        indexed_polyglot: Path, here: Runner, monkeypatch: pytest.MonkeyPatch) -> None:
    base = Path(os.environ[locations.INDEX_DIR_ENV])
    indexes = sorted(base.iterdir())
    root = str(indexed_polyglot.resolve())
    monkeypatch.chdir(indexed_polyglot / "app")
    alone = here("index", ".", "--no-semantic", "--json")
    assert json.loads(alone.stdout)["root"] == str(Path(root, "app")) and "nearest" not in alone.stdout
    assert len(list(base.iterdir())) == len(indexes) + 1


def test_index_help_says_what_no_path_indexes() -> None:
    helped = cli.build_parser()._subparsers._group_actions[0].choices["index"].format_help()  # type: ignore[union-attr]
    assert "the indexed folder above it" in " ".join(helped.split())
