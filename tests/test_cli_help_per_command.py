"""Each command's help says what an option does in that command: options that several commands
share (``--ray``) had one text for all, so ``maguyva index --help`` offered to "index or search"."""

from __future__ import annotations

from pathlib import Path

import pytest


def _option_help(capsys: pytest.CaptureFixture[str], command: str, option: str) -> str:
    """The help of ``option`` in ``maguyva COMMAND --help``, its lines joined as one."""
    from maguyva_tui import cli

    with pytest.raises(SystemExit):
        cli.main([command, "--help"])
    text = " ".join(capsys.readouterr().out.split())
    return text.split(f"{option} ADDRESS ", 2)[-1].split(" --", 1)[0]


def test_ray_help_says_what_it_does_in_index_and_in_search(capsys: pytest.CaptureFixture[str]) -> None:
    index = _option_help(capsys, "index", "--ray")
    search = _option_help(capsys, "search", "--ray")
    assert index.startswith("index each repository as a task on a Ray cluster (default: $RAY_ADDRESS;")
    assert search.startswith("answer from actors on a Ray cluster, each holding some of the repositories "
                             "(default: $RAY_ADDRESS;")
    assert "search" not in index and "index or" not in search


def test_mcp_help_says_what_it_serves_and_how_a_client_starts_it(capsys: pytest.CaptureFixture[str]) -> None:
    # it had listed its options alone: nothing of the four tools or of how an agent's client registers it
    from maguyva_tui import cli

    with pytest.raises(SystemExit):
        cli.main(["mcp", "--help"])
    out = capsys.readouterr().out
    assert "four read-only tools, search, find_definition, find_references and impact" in " ".join(out.split())
    assert "\n  claude mcp add maguyva -- maguyva mcp /path/to/repo\n" in out  # one line, to copy


@pytest.mark.parametrize(("command", "opening"), [
    ("index", "Build or update the index of a repository (several: each its own index)"),
    ("search", "Search a repository (or several as one) with a question;"),
])
def test_index_and_search_help_say_what_the_command_does_before_its_options(
        capsys: pytest.CaptureFixture[str], command: str, opening: str) -> None:
    # they had listed their options alone, unlike graph, server and mcp (helper-344)
    from maguyva_tui import cli

    with pytest.raises(SystemExit):
        cli.main([command, "--help"])
    out = capsys.readouterr().out
    assert out.split("\n\n")[1].startswith(opening)  # the paragraph after the usage, before the arguments
    if command == "search":
        assert "\n  maguyva search 'retr(y|ies)' --regex " in out  # an example, one line to copy


@pytest.mark.parametrize(("word", "said"), [
    ("workspace", "; --workspace is an option of maguyva, maguyva search and maguyva mcp"),
    ("serch", "; did you mean maguyva search --help?"),
])
def test_help_of_a_word_that_is_no_command_nor_folder_says_so_in_one_line(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        word: str, said: str) -> None:
    # maguyva workspace --help had printed the explorer's help, as if asked of a folder named workspace
    from maguyva_tui import cli

    monkeypatch.chdir(tmp_path)
    assert cli.main([word, "--help"]) == cli.EXIT_USAGE
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (f"maguyva: error: {word}: no command or folder of that name (commands: index, search, graph, mcp, "
                   f"server; maguyva COMMAND --help){said}\n")


def test_help_beside_a_folder_is_still_the_explorers(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from maguyva_tui import cli

    monkeypatch.chdir(tmp_path)
    Path("workspace").mkdir()
    with pytest.raises(SystemExit):
        cli.main(["workspace", "--help"])
    assert "maguyva [PATH] opens the explorer on a repository" in capsys.readouterr().out
