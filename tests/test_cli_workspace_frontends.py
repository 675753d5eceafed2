"""The command line's workspace front ends (issue 21.1): ``search --batch`` over several
repositories, and the explorer's and the MCP server's ``--repo`` / ``--workspace`` / several paths,
whose bad input ends as one line on stderr before any screen or protocol starts."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from maguyva_tui import cli
from tests.conftest import FIXTURE


@pytest.fixture(scope="module")
def repos(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    """Two small repositories (the fixture's app and web folders) and their index folder."""
    base = tmp_path_factory.mktemp("cli-frontends")
    service, frontend = base / "service", base / "frontend"
    shutil.copytree(FIXTURE / "app", service)
    shutil.copytree(FIXTURE / "web", frontend)
    return service, frontend, base / "ix"


def test_batch_over_several_repositories_answers_each_line(repos, tmp_path: Path, capsys) -> None:
    service, frontend, ix = repos
    batch = tmp_path / "questions.jsonl"
    batch.write_text('{"query": "config"}\n\n{"query": "parse_config", "limit": 2}\nnot json\n{"query": "  "}\n')
    status = cli.main(["search", "--batch", str(batch), "--repo", str(service), "--repo", str(frontend),
                       "--repo", str(tmp_path / "gone"), "--index-dir", str(ix), "--modality", "text"])
    out, err = capsys.readouterr()
    assert status == 0
    first, blank, second, bad, empty = (json.loads(line) for line in out.splitlines())
    assert blank["error"].startswith("line 2: a blank line") and blank["query"] is None  # its own answer
    assert {r["repo"] for r in first["results"]} == {"service", "frontend"}
    assert first["modalities_run"] == ["text"]  # the command's options apply to every line
    assert [r["repo"] for r in second["results"]][:1] == ["service"] and len(second["results"]) <= 2
    assert [m["repo"] for m in first["missing"]] == ["gone"]
    assert bad["error"].startswith("line 4:") and bad["results"] == []
    assert "empty query" in empty["error"] and empty["query"] == "  "
    assert err.count("skipped gone") == 1  # said once, not per question


def test_batch_with_explain_over_several_repositories_is_refused(repos, tmp_path: Path, capsys) -> None:
    service, frontend, ix = repos
    status = cli.main(["search", "--batch", "-", "--explain", "--repo", str(service), "--repo", str(frontend),
                       "--index-dir", str(ix)])
    out, err = capsys.readouterr()
    assert status == 2 and json.loads(out)["error"].startswith("--explain does not go with --batch")  # JSON, as --batch
    assert err.startswith("maguyva: error: --explain does not go with --batch") and len(err.splitlines()) == 1


@pytest.mark.parametrize("command", [[], ["mcp"]])
def test_an_unreadable_workspace_file_is_one_line(command: list[str], tmp_path: Path, capsys) -> None:
    status = cli.main([*command, "--workspace", str(tmp_path / "missing.toml")])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert err == f"maguyva: error: {tmp_path / 'missing.toml'}: cannot read the workspace file (No such file or directory)\n"


@pytest.mark.parametrize("command", [[], ["mcp"]])
def test_several_folders_none_of_which_opens_is_one_line(command: list[str], tmp_path: Path, capsys) -> None:
    status = cli.main([*command, str(tmp_path / "a"), "--repo", str(tmp_path / "b")])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert err.startswith("maguyva: error: no repository of the workspace can be opened: ")
    assert "a: no such directory" in err and "b: no such directory" in err and len(err.splitlines()) == 1


def test_the_explorer_help_names_the_workspace_options(capsys) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    out, _ = capsys.readouterr()
    assert "--repo DIR" in out and "--workspace FILE" in out and "maguyva A B" in out
