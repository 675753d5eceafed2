"""Where an index went, how big it is and how to remove it, as a new user asks after the first
``maguyva index``: the summary names the repository's index folder and its size (only ``maguyva
server status`` had named the folder), and the help says where the default is and what each
default depth is."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.conftest import Runner


def _stored_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def test_index_summary_names_the_index_folder_its_size_and_how_to_remove_it(indexed_polyglot: Path,
                                                                            here: Runner) -> None:
    [folder] = [p for p in Path(os.environ["MAGUYVA_INDEX_DIR"]).iterdir() if p.name.startswith("polyglot-")]
    proc = here("index", str(indexed_polyglot), "--json")
    summary = json.loads(proc.stdout)
    assert summary["index_folder"] == str(folder) and summary["index_bytes"] == _stored_bytes(folder) > 0
    text = here("index", str(indexed_polyglot)).stdout
    megabytes = summary["index_bytes"] / 1e6
    assert f"  index    {folder} ({megabytes:.1f} MB; delete the folder to remove the index)" in text.splitlines()


def _help(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """What ``maguyva ARGS --help`` prints, its lines joined as one (argparse exits after printing)."""
    from maguyva_tui import cli

    with pytest.raises(SystemExit):
        cli.main([*args, "--help"])
    return " ".join(capsys.readouterr().out.split())


def test_help_names_the_default_index_folder_and_the_search_depth_default(capsys: pytest.CaptureFixture[str]) -> None:
    from maguyva_tui.resident.command import build_parser as server_parser

    for command in ((), ("index",), ("search",), ("graph",), ("mcp",)):
        assert "~/.cache/maguyva/indexes" in _help(capsys, *command), command
    assert "~/.cache/maguyva/indexes" in " ".join(server_parser().format_help().split())  # maguyva server --help
    depth = _help(capsys, "search").split("--depth DEPTH", 2)[-1]
    assert depth.startswith(" maximum depth for impact questions (default 3)")


def test_search_help_names_the_keys_of_a_batch_line(capsys: pytest.CaptureFixture[str]) -> None:
    batch = _help(capsys, "search").split("--batch FILE", 2)[-1]
    assert batch.startswith(' JSON lines of queries (\'-\' for stdin), each {"query": ...} with any of limit, intent, '
                            "preset, modality, regex, case or ignore_case, depth, id;")
