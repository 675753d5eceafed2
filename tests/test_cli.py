"""The command-line contract: its exit status, stdout and stderr on the fixture repository.

Each command runs as a user runs it, in a real process, in at least one test here (``index``,
``search`` of a fresh copy and of a fresh repository, each building the index itself, ``search
--batch`` from a file and from stdin, ``graph``, the help, bad input of each kind). The rest call ``cli.main`` in this process
(``here``): the same code from the parsed options to the printed lines, without paying a process
start and its imports per question. Tests that never write to the repository share the session's
indexed copy of the fixture (``indexed_polyglot``)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import Runner


def run(*args: str, cwd: Path | None = None, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "maguyva_tui", *args], capture_output=True, text=True,
                          cwd=cwd, input=stdin, timeout=300)


def search_json(repo: Path, *args: str, runner: Runner = run) -> dict:
    proc = runner("search", *args, "--repo", str(repo), "--json")
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_index_prints_a_summary(polyglot: Path, here: Runner) -> None:
    proc = run("index", str(polyglot))
    assert proc.returncode == 0, proc.stderr
    assert "files" in proc.stdout and "symbols" in proc.stdout and "skipped" in proc.stdout
    summary = json.loads(here("index", str(polyglot), "--json").stdout)
    assert summary["parsed"] == 0 and summary["files"] >= 10
    python = summary["graph"]["languages"]["python"]
    inside = python["resolved"] + python["ambiguous"] + python["unresolved"]
    missed = python["ambiguous"] + python["unresolved"]
    assert f"python   {missed:,} of {inside:,} sites unresolved or ambiguous" in proc.stdout  # the summary counts them


def test_search_json_shape(polyglot: Path) -> None:
    result = search_json(polyglot, "ECONNREFUSED", "--modality", "text")
    assert result["query"] == "ECONNREFUSED" and result["elapsed_ms"] >= 0
    assert result["results"], "the fixture has ECONNREFUSED"
    for r in result["results"]:
        assert set(r) >= {"path", "start_line", "end_line", "symbol", "kind", "language", "score", "snippet", "modalities"}
        assert r["start_line"] == r["end_line"] and "ECONNREFUSED" in r["snippet"]
        assert not r["path"].startswith("/") and "\\" not in r["path"]
        assert r["modalities"]["text"]["rank"] >= 0


def test_text_modality_lists_every_occurrence(indexed_polyglot: Path, here: Runner) -> None:
    polyglot = indexed_polyglot
    expected = sum(line.count("parse_config") > 0 for p in polyglot.rglob("*") if p.is_file()
                   for line in p.read_text(errors="replace").splitlines())
    result = search_json(polyglot, "parse_config", "--modality", "text", "--limit", "1000", runner=here)
    assert len(result["results"]) == expected


def test_end_line_never_passes_the_last_line(indexed_polyglot: Path, here: Runner) -> None:
    polyglot = indexed_polyglot
    result = search_json(polyglot, "def", "--modality", "text", "--limit", "500", runner=here)
    for r in result["results"]:
        n = len((polyglot / r["path"]).read_text().splitlines())
        assert 1 <= r["start_line"] <= r["end_line"] <= n


def test_regex_and_ignore_case(indexed_polyglot: Path, here: Runner) -> None:
    polyglot = indexed_polyglot
    sensitive = search_json(polyglot, "econnrefused", "--modality", "text", runner=here)
    insensitive = search_json(polyglot, "econnrefused", "--modality", "text", "--ignore-case", runner=here)
    assert not sensitive["results"] and insensitive["results"]
    regex = search_json(polyglot, r"ECONN\w+", "--regex", "--modality", "text", runner=here)
    assert {r["path"] for r in regex["results"]} == {r["path"] for r in insensitive["results"]}


def test_batch_answers_every_line_in_order(indexed_polyglot: Path, tmp_path: Path) -> None:
    polyglot = indexed_polyglot
    batch = tmp_path / "queries.jsonl"
    batch.write_text('{"query": "ECONNREFUSED", "limit": 2}\nnot json\n{"query": "parse_config"}\n')
    proc = run("search", "--batch", str(batch), "--repo", str(polyglot))
    assert proc.returncode == 0, proc.stderr
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [r["query"] for r in lines] == ["ECONNREFUSED", None, "parse_config"]
    assert "line 2" in lines[1]["error"] and len(lines[0]["results"]) <= 2


def test_batch_answers_a_blank_line_in_its_place(indexed_polyglot: Path, here: Runner) -> None:
    """A blank or whitespace-only line had been skipped, so every later answer sat on the line
    before its question's; now it is that line's error object, and N lines get N answers."""
    lines = '{"query": "ECONNREFUSED", "limit": 1}\n\n  \t\r\n{"query": "parse_config", "limit": 1}\n\n'
    proc = here("search", "--batch", "-", "--repo", str(indexed_polyglot), stdin=lines)
    assert proc.returncode == 0, proc.stderr
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [a["query"] for a in answers] == ["ECONNREFUSED", None, None, "parse_config", None]
    for number in (2, 3, 5):
        assert answers[number - 1] == {"query": None, "results": [], "error": f'line {number}: a blank line: each line '
                                       'must be a JSON object with a "query" string (each gets one answer, a blank one too)'}
    assert answers[0]["results"] and answers[3]["results"]


def test_batch_reads_a_file_saved_with_a_byte_order_mark(indexed_polyglot: Path, here: Runner) -> None:
    """Its first line had been 'Unexpected UTF-8 BOM (decode using utf-8-sig)', Python's words."""
    lines = '\ufeff{"query": "ECONNREFUSED", "limit": 1}\r\n{"query": "parse_config", "limit": 1}\r\n'
    proc = here("search", "--batch", "-", "--repo", str(indexed_polyglot), stdin=lines)
    first, second = (json.loads(line) for line in proc.stdout.splitlines())
    assert "error" not in first and first["query"] == "ECONNREFUSED" and first["results"] and second["results"]


BAD_INPUT = [
    (("search", "", "--modality", "text"), "empty query"),
    (("search", "   ", "--modality", "text"), "empty query"),
    (("search", "a(b", "--regex", "--modality", "text"), "invalid regex"),
    (("search", "x", "--limit", "0"), "--limit"),
    (("search", "x", "--json", "--explain"), "--explain does not go with --json"),  # issue 20.7
    (("search", "--batch", "-", "--explain"), "--explain does not go with --batch"),
]


def _said_in_one_line(proc: subprocess.CompletedProcess[str], message: str) -> None:
    assert proc.returncode == 2
    assert message in proc.stderr and "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(("args", "message"), BAD_INPUT)
def test_bad_input_gets_one_line(indexed_polyglot: Path, here: Runner, args: tuple[str, ...], message: str) -> None:
    _said_in_one_line(here(*args, "--repo", str(indexed_polyglot)), message)


@pytest.mark.parametrize(("args", "message"), [BAD_INPUT[0], BAD_INPUT[4]], ids=["by-the-engine", "by-the-options"])
def test_bad_input_gets_one_line_from_a_real_process(indexed_polyglot: Path, args: tuple[str, ...], message: str) -> None:
    """Refused once the index is open, and by the options alone: the process prints that one line."""
    _said_in_one_line(run(*args, "--repo", str(indexed_polyglot)), message)


def test_path_that_is_not_a_directory(tmp_path: Path, here: Runner) -> None:
    file = tmp_path / "file.txt"
    file.write_text("x")
    cases = (("search", "x", "--repo", str(file)), ("index", str(file)), ("index", str(tmp_path / "missing")))
    for n, args in enumerate(cases):
        proc = run(*args) if n == 0 else here(*args)  # one in a real process
        assert proc.returncode == 2
        assert "not a directory" in proc.stderr or "no such directory" in proc.stderr
        assert "Traceback" not in proc.stderr


def test_core_never_imports_textual_or_rich() -> None:
    code = (
        "import sys, pkgutil, importlib, maguyva_tui.core as core\n"
        "for m in pkgutil.walk_packages(core.__path__, 'maguyva_tui.core.'):\n"
        "    importlib.import_module(m.name)\n"
        "import maguyva_tui.cli\n"
        "bad = sorted(n for n in sys.modules if n.split('.')[0] in ('textual', 'rich'))\n"
        "print(','.join(bad))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == ""


def test_graph_callers_are_call_sites(indexed_polyglot: Path) -> None:
    proc = run("graph", "callers", "parse_config", "--repo", str(indexed_polyglot), "--json")
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    sites = {(r["path"], r["start_line"], r["symbol"]) for r in result["results"]}
    assert ("app/config.py", 44, "ConfigLoader.load") in sites
    assert all(r["start_line"] == r["end_line"] for r in result["results"])
    assert len(result["definitions"]) > 1 and "note" not in result  # one key, as elsewhere: "note" had stood beside it
    assert result["notes"][0].startswith(f"{len(result['definitions'])} definitions match; all are used")


def test_graph_impact_carries_depth(indexed_polyglot: Path, here: Runner) -> None:
    proc = here("graph", "impact", "parse_config", "--repo", str(indexed_polyglot), "--json", "--depth", "1")
    result = json.loads(proc.stdout)
    assert result["results"] and {r["depth"] for r in result["results"]} == {1}


def test_graph_unknown_symbol_is_one_line(indexed_polyglot: Path, here: Runner) -> None:
    proc = here("graph", "callers", "no_such_symbol", "--repo", str(indexed_polyglot))
    assert proc.returncode == 2 and "unknown symbol" in proc.stderr and "Traceback" not in proc.stderr


def test_graph_unknown_symbol_offers_close_names(indexed_polyglot: Path, here: Runner) -> None:
    proc = here("graph", "callers", "parse_confg", "--repo", str(indexed_polyglot))
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1
    assert "unknown symbol 'parse_confg'" in proc.stderr and "close names: parse_config" in proc.stderr


def test_graph_reads_a_name_as_the_mcp_tools_do(indexed_polyglot: Path, here: Runner) -> None:
    # `maguyva graph callers "parse_config."` said "unknown symbol" where MCP's references tool
    # reads it as parse_config
    plain = json.loads(here("graph", "callers", "parse_config", "--repo", str(indexed_polyglot), "--json").stdout)
    for written in ("parse_config.", ".parse_config", "`parse_config()`"):
        proc = here("graph", "callers", written, "--repo", str(indexed_polyglot), "--json")
        assert proc.returncode == 0, proc.stderr
        assert json.loads(proc.stdout)["results"] == plain["results"], written


def test_search_who_calls_lists_every_call_site(indexed_polyglot: Path, here: Runner) -> None:
    result = search_json(indexed_polyglot, "who calls parse_config", "--modality", "graph", runner=here)
    assert {(r["path"], r["start_line"]) for r in result["results"]} >= {("app/config.py", 44), ("app/server.py", 47)}


def test_batch_refuses_bad_depth_and_regex_per_line(indexed_polyglot: Path) -> None:
    lines = '{"query": "parse_config", "depth": -5}\n{"query": "x", "regex": "yes"}\n{"query": "parse_config"}\n'
    proc = run("search", "--batch", "-", "--repo", str(indexed_polyglot), stdin=lines)
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert proc.returncode == 0 and len(answers) == 3
    assert answers[0]["error"] == 'line 1: "depth" must be at least 1, not -5' and '"regex"' in answers[1]["error"] and answers[2]["results"]


def test_batch_numbers_are_whole_and_unknown_keys_are_named(indexed_polyglot: Path) -> None:
    """``"limit": 2.7`` had been 2 without a word and ``1e400`` "cannot convert float infinity to
    integer"; a misspelt key (``lmit``) was dropped silently. A script's ``id`` comes back with the answer."""
    lines = "\n".join(json.dumps(line) for line in (
        {"query": "parse_config", "limit": 2.7}, {"query": "parse_config", "limit": 1e400},
        {"query": "parse_config", "lmit": 1, "id": 7}, {"query": "parse_config", "limit": 1.0},
        {"query": "parse_config", "limit": "1"})) + "\n"
    proc = run("search", "--batch", "-", "--repo", str(indexed_polyglot), stdin=lines)
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert proc.returncode == 0 and len(answers) == 5
    assert answers[0]["error"] == 'line 1: "limit" must be a whole number, not 2.7'
    assert answers[1]["error"] == 'line 2: "limit" must be a whole number, not Infinity'
    assert answers[2]["results"] and any(n.startswith('line 3: "lmit" is no batch key (query, limit,')
                                         for n in answers[2]["notices"]) and answers[2]["id"] == 7
    assert len(answers[3]["results"]) == 1 and len(answers[4]["results"]) == 1


@pytest.mark.slow  # 2-4 s (an index process and the model): the default run stays under 5 minutes
def test_a_match_far_into_a_long_line_stays_in_the_snippet(tmp_path: Path, here: Runner) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    filler = ";".join(f"var a{i}={i}" for i in range(400))  # a minified bundle's single line
    (repo / "bundle.js").write_text(filler + ';throw new Error("ECONNRESET_FAR");' + filler + "\n")
    result = search_json(repo, '"ECONNRESET_FAR"')
    snippet = result["results"][0]["snippet"]
    assert "ECONNRESET_FAR" in snippet and snippet.startswith("…") and snippet.endswith("…")
    assert len(snippet) <= 242
    plain = search_json(repo, "var a1=1", "--modality", "text", "--limit", "1", runner=here)["results"][0]["snippet"]
    assert plain.startswith("var a0=0") and len(plain) == 240  # a match near the start keeps the start


def test_a_lone_word_at_the_end_of_a_minified_line_is_in_the_printed_line(tmp_path: Path, here: Runner) -> None:
    """A word no symbol has (a plain question, not a quoted literal) near the end of a bundle's one
    line: the snippet is cut around it, and the terminal's 120 columns still show it (the window had
    kept 240 characters up to the line's end, the word past the printed cut)."""
    repo = tmp_path / "repo"
    repo.mkdir()
    filler = ";".join(f"var a{i}={i}" for i in range(400))
    (repo / "bundle.js").write_text(filler + ";UNIQUEMARK=1;\n")
    proc = here("search", "UNIQUEMARK", "--repo", str(repo))
    assert proc.returncode == 0, proc.stderr
    first, shown = proc.stdout.splitlines()[:2]
    assert first.strip().startswith("1. bundle.js:1") and "UNIQUEMARK=1;" in shown and shown.strip().startswith("…")


def test_a_decorated_definition_shows_the_line_that_names_it(tmp_path: Path, here: Runner) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "segment.py").write_text(
        "from typing import NamedTuple\n\n\ndef rich_repr(cls):\n    return cls\n\n\n"
        "@rich_repr\nclass Segment(NamedTuple):\n    text: str\n"
    )
    proc = here("search", "where is Segment defined", "--repo", str(repo))
    assert proc.returncode == 0, proc.stderr
    first, shown = proc.stdout.splitlines()[:2]
    assert first.strip().startswith("1. segment.py:8  Segment")  # the span starts at the decorator
    assert shown.strip() == "class Segment(NamedTuple):"


def test_help_describes_the_explorer_first() -> None:  # issue 20.5
    proc = run("--help")
    assert proc.returncode == 0, proc.stderr
    text = proc.stdout
    assert text.startswith("usage: maguyva [PATH]")
    order = [text.index(part) for part in ("explorer keys:", "ctrl+c", "explorer options:", "  --theme NAME", "commands:")]
    assert order == sorted(order)
    assert all(text.index(f"\n    {command} ") > order[-1] for command in ("index", "search", "graph", "mcp"))
    explorer = run("tests", "--help").stdout  # the explorer's own help: the same text, no commands
    assert explorer.startswith("usage: maguyva [PATH]") and "explorer keys:" in explorer and "commands:" not in explorer


def test_search_for_a_symbol_nothing_defines_says_so_and_exits_2(indexed_polyglot: Path, here: Runner) -> None:  # 20.2
    polyglot = indexed_polyglot
    proc = run("search", "who calls no_such_symbol", "--repo", str(polyglot), "--limit", "3")
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines() == ["maguyva: no symbol named no_such_symbol; showing related code"]
    assert "results in" in proc.stdout  # the related results are still printed
    proc = here("search", "def parse_confg", "--repo", str(polyglot), "--json")
    assert proc.returncode == 2 and "close names: parse_config" in proc.stderr
    failed = json.loads(proc.stdout)["lookup_failed"]
    assert failed["kind"] == "symbol" and failed["suggestions"][0] == "parse_config"
    assert search_json(polyglot, "who calls parse_config", runner=here)["lookup_failed"] is None  # exit 0, no notice


def test_search_for_a_string_in_another_case_lists_only_lines_holding_it(indexed_polyglot: Path,
                                                                          here: Runner) -> None:  # issue 20.2
    proc = here("search", '"econnrefused"', "--repo", str(indexed_polyglot), "--json")
    assert proc.returncode == 0 and proc.stderr == ""  # --json: notices in the JSON alone, as "another build ..."
    result = json.loads(proc.stdout)
    assert any("in another case" in notice for notice in result["notices"])
    assert result["lookup_failed"]["other_case"] is True
    assert result["results"] and all("econnrefused" in r["snippet"].lower() for r in result["results"])


def test_batch_carries_a_failed_lookup_per_line(indexed_polyglot: Path, here: Runner) -> None:  # issue 20.2
    lines = '{"query": "who calls no_such_symbol"}\n{"query": "who calls parse_config"}\n'
    proc = here("search", "--batch", "-", "--repo", str(indexed_polyglot), stdin=lines)
    assert proc.returncode == 0, proc.stderr
    first, second = (json.loads(line) for line in proc.stdout.splitlines())
    assert first["lookup_failed"]["target"] == "no_such_symbol" and second["lookup_failed"] is None


def test_who_calls_a_name_of_two_files_labels_each_caller(tmp_path: Path, here: Runner) -> None:
    repo = tmp_path / "repo"
    (repo / "pkg").mkdir(parents=True)
    for name, body in (("a", "x + 1"), ("b", "x * 2")):
        (repo / "pkg" / f"{name}.py").write_text(f"def helper(x):\n    return {body}\n")
        (repo / "pkg" / f"use_{name}.py").write_text(f"from pkg.{name} import helper\n\n\ndef run_{name}():\n"
                                                     f"    return helper(1)\n")
    proc = here("search", "who calls helper", "--repo", str(repo))
    assert proc.returncode == 0, proc.stderr
    lines = [line.strip() for line in proc.stdout.splitlines()]
    at = {line.split()[1]: i for i, line in enumerate(lines) if line[:1].isdigit()}
    assert lines[at["pkg/use_a.py:5"] + 2] == "-> calls pkg/a.py:1"  # under the line that calls it
    assert lines[at["pkg/use_b.py:5"] + 2] == "-> calls pkg/b.py:1"
    assert "maguyva: helper has 2 definitions (pkg/a.py:1, pkg/b.py:1)" in proc.stderr


def test_a_batch_line_below_one_names_its_own_key(indexed_polyglot: Path, here: Runner) -> None:
    """A batch line's "limit": 0 had been "--limit must be at least 1", a flag the line never wrote."""
    lines = '{"query": "parse_config", "limit": 0}\n{"query": "who calls parse_config", "depth": -2}\n'
    proc = here("search", "--batch", "-", "--repo", str(indexed_polyglot), stdin=lines)
    errors = [json.loads(line)["error"] for line in proc.stdout.splitlines()]
    assert errors == ['line 1: "limit" must be at least 1, not 0', 'line 2: "depth" must be at least 1, not -2']


def test_a_query_that_starts_with_a_dash_is_the_query(indexed_polyglot: Path, here: Runner) -> None:
    """``maguyva search "->get("`` (PHP's method call, the search an answer on PHP code suggests)
    had failed with "unrecognized arguments: ->get(", and ``--`` before it failed on the options after."""
    expected = sum("->" in line for p in indexed_polyglot.rglob("*") if p.is_file()
                   for line in p.read_text(errors="replace").splitlines())
    result = search_json(indexed_polyglot, "->", "--modality", "text", "--limit", "1000", runner=here)
    assert result["query"] == "->" and len(result["results"]) == expected > 0
    from maguyva_tui.cli import build_parser

    assert build_parser().parse_args(["search", "-i", "->get(", "--limit", "3"]).query == "->get("
    assert build_parser().parse_args(["search", "--limit", "-1"]).limit == -1  # a number is no literal


def test_a_dash_led_value_of_an_option_stays_that_options() -> None:
    """``--index-dir ->x`` had its value moved after ``--`` with the dash-led queries, leaving
    "argument --index-dir: expected one argument"; the query beside it still moves."""
    from maguyva_tui.cli import build_parser

    args = build_parser().parse_args(["search", "->get(", "--index-dir", "->x", "--repo", "-=y", "--limit", "3"])
    assert (args.query, args.index_dir, args.repo, args.limit) == ("->get(", "->x", ["-=y"], 3)
    graph = build_parser().parse_args(["graph", "callers", "->save", "--index-dir", "->x"])
    assert (graph.name, graph.index_dir) == ("->save", "->x")


def test_a_batch_limit_has_no_upper_bound_written_as_a_number_or_as_digits() -> None:
    """``"limit": 1e12`` lists every match, as ``--limit 1000000000000`` does (the MCP tools keep
    their cap of 50, for an agent's context); the same number written as 20 digits in a string
    had been "must be a whole number", where ``1e20`` was read."""
    from maguyva_tui.cli import _whole

    assert _whole("limit", 1e12) == 10**12 and _whole("limit", 1e300) == int(1e300)
    assert _whole("limit", "99999999999999999999") == 10**20 - 1
    assert _whole("depth", " 123456789012345678901234567890 ") == 123456789012345678901234567890


def test_a_regex_no_line_matches_says_so_as_a_string_no_line_holds(indexed_polyglot: Path, here: Runner) -> None:
    """``--regex 'zzq+x{3}y'`` had printed only "0 results in 33.2 ms": a literal no line holds says
    so on stderr and in the JSON's notices, and the explorer's banner says it of a regex (helper-338)."""
    proc = here("search", "zzq+x{3}y", "--regex", "--modality", "text", "--repo", str(indexed_polyglot))
    assert proc.returncode == 0 and "0 results in" in proc.stdout
    assert proc.stderr.strip().splitlines() == ['maguyva: no line matches the regex "zzq+x{3}y"']
    answer = search_json(indexed_polyglot, "zzq+x{3}y", "--regex", "--modality", "text", runner=here)
    assert answer["notices"][0] == 'no line matches the regex "zzq+x{3}y"'
    assert answer["lookup_failed"]["kind"] == "literal"
    found = here("search", r"ECONN\w+", "--regex", "--modality", "text", "--repo", str(indexed_polyglot))
    assert found.returncode == 0 and "no line matches" not in found.stderr  # a regex that matches: nothing said
