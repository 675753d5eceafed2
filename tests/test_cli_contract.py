"""The command line as scripts, CI jobs and agents use it: usage lines, exit codes, streams, the
``--json`` summaries as a contract (helper-112's outside findings)."""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
import types
from pathlib import Path

import pytest

from maguyva_tui import __main__ as entry
from maguyva_tui import cli
from maguyva_tui.resident.command import main as server_main
from tests.conftest import Runner


@pytest.mark.parametrize("command", ["index", "search", "graph", "mcp"])
def test_a_commands_usage_starts_with_its_own_name(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``maguyva search --help`` had read "usage: maguyva [PATH] [--theme NAME] ... (maguyva COMMAND
    --help) search [-h] ...", the explorer's three usage lines before the command's own, and every
    error line of a command began with those three lines too."""
    with pytest.raises(SystemExit):
        cli.main([command, "--help"])
    out = capsys.readouterr().out
    assert out.startswith(f"usage: maguyva {command} [-h]")
    assert "--theme" not in out


@pytest.mark.parametrize(("argv", "said"), [
    (["search", "--limit", "x", "q"], "maguyva search: error: argument --limit: invalid int value: 'x'"),
    (["search", "q", "--limit"], "maguyva search: error: argument --limit: expected one argument"),
    (["graph", "frob", "x"], "maguyva graph: error: argument action: invalid choice: 'frob' (choose from "
                             "'callers', 'callees', 'impact', 'subtypes', 'overrides', 'importers')"),
    (["index", "--bogus"], "maguyva index: error: unrecognized arguments: --bogus"),
    (["mcp", "--bogus"], "maguyva mcp: error: unrecognized arguments: --bogus"),
    (["server", "bogus"], "maguyva server: error: argument action: invalid choice: 'bogus' (choose from "
                          "'start', 'stop', 'status', 'run')"),
    (["--bogus"], "maguyva: error: unrecognized arguments: --bogus"),
])
def test_a_usage_error_is_one_line_and_where_to_read_more(argv: list[str], said: str,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    # argparse printed its usage, 5 to 10 lines of options, above the one line saying what was wrong
    with pytest.raises(SystemExit) as exit_:
        server_main(argv[1:]) if argv[0] == "server" else cli.main(argv)
    assert exit_.value.code == 2
    command = said.split(": error: ")[0]
    assert capsys.readouterr().err == f"{said}\nsee {command} --help\n"


class _ClosedPipe(io.StringIO):
    """A stdout whose reader has gone (``maguyva index A B | head -1``)."""

    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


def test_indexing_several_repositories_into_a_closed_pipe_is_a_quiet_exit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``maguyva index A B | head -1`` had ended "maguyva: error: [Errno 32] Broken pipe", status 2,
    after indexing B for nothing: the loop over repositories took the closed pipe for A's error."""
    repos = []
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "m.py").write_text("def f():\n    return 1\n")
        repos.append(str(tmp_path / name))
    indexed: list[str] = []
    real_index = cli._index

    def index_one(args: argparse.Namespace) -> int:
        indexed.append(str(args.path))
        return real_index(args)

    monkeypatch.setattr(cli, "_index", index_one)
    monkeypatch.setattr(sys, "stdout", _ClosedPipe())
    status = cli.main(["index", *repos, "--no-semantic"])
    assert status == 0
    assert "error" not in capsys.readouterr().err
    assert indexed == repos[:1]


def test_ctrl_c_while_the_command_line_is_still_importing_is_one_line(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Ctrl-C in the fifth of a second ``maguyva index`` or ``graph`` spends importing numpy and the
    engine, before the command's own handler runs, had printed Python's traceback."""

    class Importing(types.ModuleType):
        def __getattr__(self, name: str) -> object:
            raise KeyboardInterrupt

    monkeypatch.setitem(sys.modules, "maguyva_tui.cli", Importing("maguyva_tui.cli"))
    monkeypatch.setattr(sys, "argv", ["maguyva", "index", "."])
    try:
        status = entry.main()
    except KeyboardInterrupt:
        pytest.fail("Ctrl-C escaped the command as a traceback")
    assert status == 130
    assert capsys.readouterr().err == "maguyva: interrupted\n"


def _c_locale_stdout(monkeypatch: pytest.MonkeyPatch) -> io.BytesIO:
    """stdout as Python makes it under ``LC_ALL=C PYTHONUTF8=0``: ASCII, ``surrogateescape``."""
    raw = io.BytesIO()
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(raw, encoding="ascii", errors="surrogateescape"))
    return raw


def test_the_explanations_bars_print_as_escapes_under_the_c_locale(
        indexed_polyglot: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``LC_ALL=C PYTHONUTF8=0 maguyva search 'def cached' --explain`` (or any result whose name
    or snippet is not ASCII) had ended "maguyva: internal error: UnicodeEncodeError: 'ascii' codec
    can't encode characters", exit 1: stdout's errors were surrogateescape, not the strict that was
    made tolerant."""
    raw = _c_locale_stdout(monkeypatch)
    status = cli.main(["search", "def parse_config", "--repo", str(indexed_polyglot), "--limit", "1", "--explain"])
    sys.stdout.flush()
    assert status == 0, capsys.readouterr().err
    assert b"\\u2588" in raw.getvalue()


def test_a_resident_servers_answer_prints_under_the_c_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    from maguyva_tui.resident.client import emit

    raw = _c_locale_stdout(monkeypatch)
    assert emit({"out": [[1, "intent  \u2588\u2588 0.95\n"], [1, None]], "code": 0}) == 0
    assert raw.getvalue() == b"intent  \\u2588\\u2588 0.95\n"


def _numbers(value: object, path: str = "") -> list[tuple[str, type]]:
    """Every number in a JSON value with its place (lists and maps of engines read as one place)."""
    if isinstance(value, dict):
        return [n for key, item in value.items() for n in _numbers(item, f"{path}.{key}")]
    if isinstance(value, list):
        return [n for item in value for n in _numbers(item, f"{path}[]")]
    return [(path, type(value))] if isinstance(value, int | float) and not isinstance(value, bool) else []


def test_every_number_of_search_json_keeps_one_type_across_results(indexed_polyglot: Path, here: Runner) -> None:
    """A result whose file had no other chunk credited carried ``"file_credit": 0``, its
    neighbours ``0.0119``: a script's typed decoder met an integer where the README shows a float."""
    seen: dict[str, set[type]] = {}
    for question in ("how is the settings file read", "parse a date string", "who calls parse_config"):
        answer = json.loads(here("search", question, "--repo", str(indexed_polyglot), "--json", "--limit", "10").stdout)
        for path, kind in _numbers(answer):
            seen.setdefault(path, set()).add(kind)
    assert seen[".results[].file_credit"] == {float}
    assert {path: kinds for path, kinds in seen.items() if len(kinds) > 1} == {}


def test_index_json_has_the_same_keys_with_or_without_the_semantic_tier(polyglot: Path, here: Runner) -> None:
    """``maguyva index --json --no-semantic`` had no ``semantic_coverage`` or ``semantic_tiers``
    keys at all: a script reading them met a KeyError; they are null there, as not read."""
    bare = json.loads(here("index", str(polyglot), "--json", "--no-semantic").stdout)
    full = json.loads(here("index", str(polyglot), "--json").stdout)
    assert list(bare) == list(full)
    assert bare["semantic_coverage"] is None and bare["semantic_tiers"] is None
    assert isinstance(full["semantic_coverage"], float) and set(full["semantic_tiers"]) == {"static", "transformer"}


def test_every_key_of_a_search_result_is_named_in_the_readme(indexed_polyglot: Path, here: Runner) -> None:
    """The README had said ``copies`` are ``[path, start_line, end_line]`` (they are objects) and
    left out ``depth``, ``lift``, ``name_lift`` and the other keys some results carry."""
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Command line"):readme.index("### Several repositories")]
    keys: set[str] = set()
    for question in ("who calls parse_config", "what breaks if I change parse_config", "parse config"):
        answer = json.loads(here("search", question, "--repo", str(indexed_polyglot), "--json").stdout)
        keys |= {key for result in answer["results"] for key in result}
    assert "depth" in keys
    assert {key for key in keys if f'"{key}"' not in section and f"`{key}`" not in section} == set()
    assert '`{"path", "start_line", "end_line"}`' in section and "`[path, start_line, end_line]`" not in section


def test_graphs_notes_go_to_stderr_and_its_list_alone_to_stdout(indexed_polyglot: Path, here: Runner) -> None:
    """``maguyva graph callers parse_config | wc -l`` had counted the note "3 definitions match..."
    among the callers: the graph command printed its notes on stdout, where ``maguyva search``
    writes its notices on stderr, one ``maguyva:`` line each."""
    proc = here("graph", "callers", "parse_config", "--repo", str(indexed_polyglot))
    assert proc.returncode == 0, proc.stderr
    *rows, summary = proc.stdout.splitlines()
    assert rows and all(row.lstrip()[0].isdigit() for row in rows)
    assert summary.startswith(f"{len(rows)} results in ")
    assert proc.stderr.startswith("maguyva: 3 definitions match; all are used")


def test_one_graph_result_is_said_in_the_singular(capsys: pytest.CaptureFixture[str]) -> None:
    from maguyva_tui.graph_command import print_graph

    print_graph({"notes": [], "elapsed_ms": 1.0, "results": [
        {"path": "a.py", "start_line": 3, "symbol": "f", "modalities": {"graph": {"reason": "calls g"}}}]})
    assert capsys.readouterr().out.splitlines()[-1] == "1 result in 1.0 ms"  # was "1 results"


@pytest.mark.parametrize("idle", ["-5", "0", "nan", "inf", "x"])
def test_a_servers_idle_time_is_seconds_above_zero(idle: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``maguyva server run --idle -5`` had exited at once ("idle for -5 s"), ``--idle nan`` never."""
    from maguyva_tui.resident.command import build_parser

    with pytest.raises(SystemExit) as exit_:
        build_parser().parse_args(["run", "--idle", idle])
    assert exit_.value.code == 2
    assert capsys.readouterr().err.splitlines()[0] == (
        f"maguyva server: error: argument --idle: a number of seconds above 0, not {idle!r}")


def test_server_start_passes_its_idle_time_to_the_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``maguyva server start --idle 60`` had started a server that said "exits after 900 s more":
    the option was read for ``run`` alone, without a word."""
    import subprocess

    from maguyva_tui.resident import client

    started: list[list[str]] = []
    monkeypatch.setattr(subprocess, "Popen", lambda command, **_: started.append(command))
    folder = tmp_path / "run"
    client.spawn(str(folder), str(folder / "s.sock"), "/repo", "", 60.0)
    assert started[0][-2:] == ["--idle", "60.0"]


def test_server_names_a_missing_repository_as_search_does(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``maguyva server status --repo /nonexistent`` had said "not a directory"."""
    from maguyva_tui.resident.command import main as server_main

    (tmp_path / "file").write_text("")
    assert server_main(["status", "--repo", str(tmp_path / "gone")]) == 2
    assert capsys.readouterr().err == f"maguyva: error: {tmp_path / 'gone'}: no such directory\n"
    assert server_main(["status", "--repo", str(tmp_path / "file")]) == 2
    assert capsys.readouterr().err == f"maguyva: error: {tmp_path / 'file'}: not a directory\n"


def test_the_readmes_usage_block_names_every_option_of_every_command() -> None:
    """The README's usage lines had left out ``graph --limit`` and ``--index-dir`` and ``search
    --workers``, options ``--help`` lists."""
    from maguyva_tui.resident.command import build_parser as server_parser

    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    start = readme.index("## Command line\n\n```\n") + len("## Command line\n\n```\n")
    block = readme[start:readme.index("```", start)]
    sub = next(a for a in cli.build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    commands: dict[str, argparse.ArgumentParser] = dict(sub.choices)
    commands["server"] = server_parser()
    said: dict[str, str] = {}
    name = ""
    for line in block.splitlines():  # a line starting with spaces goes on the command above it
        name = name if line.startswith(" ") else line.split()[1]
        said[name] = said.get(name, "") + line
    missing = {}
    for name, parser in commands.items():
        lines = said[name]
        options = {option for action in parser._actions for option in action.option_strings
                   if option.startswith("--") and action.help != argparse.SUPPRESS}  # graph --workspace: refused
        missing[name] = sorted(o for o in options - {"--help"} if not re.search(rf"{o}\b", lines))
    assert missing == {name: [] for name in commands}


def test_the_explorer_without_a_terminal_is_one_line_not_a_hang(polyglot: Path) -> None:
    """``maguyva PATH`` from a script, a CI job or an agent (no terminal) had written the explorer's
    escape sequences into stderr and waited for keys until killed."""
    import subprocess

    proc = subprocess.run([sys.executable, "-m", "maguyva_tui", str(polyglot)], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=60)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == ("maguyva: error: the explorer needs a terminal, and stdin or stderr is not one; "
                           "a script or agent asks `maguyva search QUERY --repo PATH --json`\n")


def test_a_dumb_terminal_gets_one_line_too(monkeypatch: pytest.MonkeyPatch) -> None:
    from maguyva_tui import terminal

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stdin", Tty())
    monkeypatch.setattr(sys, "__stderr__", Tty())
    monkeypatch.setenv("TERM", "xterm-256color")
    assert terminal.no_explorer_here() is None
    monkeypatch.setenv("TERM", "dumb")
    assert "TERM is dumb" in (terminal.no_explorer_here() or "")


@pytest.mark.parametrize(("term", "redrawn"), [("xterm-256color", True), ("dumb", False)])
def test_index_progress_redraws_a_line_only_where_the_terminal_draws(
        term: str, redrawn: bool, polyglot: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """On a dumb terminal (Emacs' shell) the bar's carriage returns had piled up as one long line."""

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    err = Tty()
    monkeypatch.setattr(sys, "stderr", err)
    monkeypatch.setenv("TERM", term)
    assert cli.main(["index", str(polyglot), "--no-semantic", "--json"]) == 0
    assert ("\r" in err.getvalue()) is redrawn


def test_the_preset_help_says_a_confident_question_runs_one_engine(indexed_polyglot: Path, here: Runner) -> None:
    """``--help`` had said "quick: semantic only" while ``def parse_config --preset quick`` runs the
    structural engine alone (the direct path), as README's "Plan" says."""
    sub = next(a for a in cli.build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    help_text = " ".join(sub.choices["search"].format_help().split())
    assert "a confident question (def X, who calls X, a \"literal\") runs its one engine whatever the preset" in help_text
    for question, engine in (("def parse_config", "structural"), ("who calls parse_config", "graph")):
        answer = json.loads(here("search", question, "--repo", str(indexed_polyglot), "--json", "--preset", "quick").stdout)
        assert answer["modalities_run"] == [engine]


def test_a_workspace_search_leaves_the_semantic_tiers_coverage_to_the_json(tmp_path: Path, here: Runner) -> None:
    """A workspace's human answer had printed "maguyva: b: semantic: the transformer tier covers 0%
    of chunks so far; ..." on stderr, which one repository's leaves to the JSON: the filter read
    the notice's start, where the workspace puts the repository's label."""
    repos = []
    for name, body in (("a", "def load_settings(path):\n    return open(path).read()\n"),
                       ("b", "def parse_date(text):\n    return text.split('-')\n")):
        (tmp_path / name).mkdir()
        (tmp_path / name / "m.py").write_text(body)
        repos += ["--repo", str(tmp_path / name)]
    question = "how are dates turned into parts"
    answer = json.loads(here("search", question, *repos, "--json").stdout)
    assert any(": semantic: the transformer tier covers" in n for n in answer["notices"])  # the JSON says it
    proc = here("search", question, *repos)
    assert proc.returncode == 0 and "parse_date" in proc.stdout
    assert "semantic:" not in proc.stderr
