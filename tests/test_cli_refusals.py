"""The command line refuses what it cannot use in one line, and says no more than it must: a batch
line refused for its length is not echoed whole; a path that is no folder is refused, not waited on;
options asking two things at once (a QUERY and --batch, a regular expression and an intent or an
engine that cannot read one) are refused rather than one of them dropped without a word; a batch line
longer than any can be is answered with its error, never held whole."""

from __future__ import annotations

import argparse
import io
import json
import os
import socket
import sys
import threading
from pathlib import Path
from typing import Any
from unittest import mock

import pytest

from maguyva_tui.cli import (
    BATCH_ECHO_CHARS,
    BATCH_LINE_BYTES,
    _batch_one,
    _print_human,
    bounded_lines,
    main,
    run_batch,
)
from maguyva_tui.core.indexer import update_index
from maguyva_tui.core.search import SearchRequest
from maguyva_tui.core.types import STALE_INDEX, IndexNotWritable, LookupFailure, QueryError, SearchResult
from maguyva_tui.core.workspace import read_workspace

_ARGS = argparse.Namespace(limit=20, modality=None, regex=False, ignore_case=False, smart_case=False,
                           intent=None, preset="default", depth=None)


def _refuse(text: str, options: dict[str, Any]) -> dict[str, Any]:
    raise QueryError(f"query too long ({len(text)} characters; the limit is 65536)")


def test_a_batch_line_refused_for_its_length_echoes_its_query_cut_with_its_length() -> None:
    line = json.dumps({"query": "x" * 1_000_000}).encode()
    out = _batch_one(_refuse, _ARGS, line, 3)
    assert out["query"] == "x" * BATCH_ECHO_CHARS + "…" and out["query_chars"] == 1_000_000
    assert out["error"] == "line 3: query too long (1000000 characters; the limit is 65536)"
    assert len(json.dumps(out)) < 2 * BATCH_ECHO_CHARS


def test_a_batch_key_misspelt_names_the_key_meant() -> None:
    """``{"qeury": "x"}`` had been refused without naming its key, and ``"limt"`` ignored without the
    one meant (helper-344)."""
    out = _batch_one(_refuse, _ARGS, b'{"qeury": "x"}', 7)
    assert out["error"] == ('line 7: each line must be a JSON object with a "query" string '
                            '("qeury" is no batch key: did you mean "query"?)')
    assert _batch_one(_refuse, _ARGS, b'{"q": "x"}', 1)["error"] == 'line 1: each line must be a JSON object with a "query" string'
    notices = _batch_one(lambda text, options: {"query": text, "results": []}, _ARGS, b'{"query": "x", "limt": 3}', 2)["notices"]
    assert notices == ['line 2: "limt" is no batch key (query, limit, modality, regex, case, ignore_case, intent, preset, '
                       'depth, id); ignored; did you mean "limit"?']


def test_a_short_refused_query_is_echoed_whole() -> None:
    out = _batch_one(_refuse, _ARGS, b'{"query": "short"}', 1)
    assert out == {"query": "short", "error": "line 1: query too long (5 characters; the limit is 65536)",
                   "results": []}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")
def test_a_workspace_path_naming_a_pipe_nothing_writes_to_is_refused_not_waited_on(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe")

    def unblock() -> None:  # a read that waits for a writer gets one, and fails the test instead of hanging it
        try:
            os.close(os.open(tmp_path / "pipe", os.O_WRONLY | os.O_NONBLOCK))
        except OSError:  # no reader waits: nothing to unblock
            pass

    watchdog = threading.Timer(3.0, unblock)
    watchdog.start()
    try:
        with pytest.raises(QueryError, match=r"pipe: a named pipe nothing writes to, not a workspace file"):
            read_workspace(tmp_path / "pipe")
    finally:
        watchdog.cancel()


@pytest.mark.skipif(not Path("/dev/null").exists(), reason="needs /dev/null")
def test_a_workspace_path_naming_a_device_or_a_socket_is_refused_unread(tmp_path: Path) -> None:
    with pytest.raises(QueryError, match=r"^/dev/null: a character device, not a workspace file"):
        read_workspace(Path("/dev/null"))
    with socket.socket(socket.AF_UNIX) as bound:
        bound.bind(str(tmp_path / "s"))
        with pytest.raises(QueryError, match=r"s: a socket, not a workspace file"):
            read_workspace(tmp_path / "s")


def test_a_workspace_read_from_a_pipe_written_to_lists_its_folders(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    read, write = os.pipe()
    os.write(write, f"{tmp_path / 'a'}\n".encode())
    os.close(write)
    assert read_workspace(Path(f"/dev/fd/{read}")) == [tmp_path / "a"]
    os.close(read)


def test_a_workspace_read_from_a_pipe_reads_its_relative_folders_from_the_current_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--workspace <(ls -d */)``: the pipe's path, /dev/fd/63, has no folder of its own; each
    entry had been read as /dev/fd/a, a missing repository."""
    (tmp_path / "a").mkdir()
    monkeypatch.chdir(tmp_path)
    read, write = os.pipe()
    os.write(write, b"a/\n")
    os.close(write)
    try:
        assert read_workspace(Path(f"/dev/fd/{read}")) == [tmp_path / "a"]
    finally:
        os.close(read)


@pytest.mark.parametrize(("argv", "said"), [
    (["search", "x", "--batch", "-"], "a QUERY and --batch do not go together: the questions are the lines of stdin"),
    (["search", "--regex", "--intent", "find_definition", "def \\w+"],
     "--intent find_definition does not go with a regular expression"),
])
def test_search_options_asking_two_things_at_once_are_refused(argv: list[str], said: str, tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*argv, "--repo", str(tmp_path)]) == 2
    out, err = capsys.readouterr()
    assert err.startswith(f"maguyva: error: {said}") and err.count("\n") == 1
    assert out == ("" if "--batch" not in argv else f'{{"query": null, "error": "{said} (put \'x\' on a line of its own)", '
                                                     '"results": []}\n')  # --batch answers in JSON: its refusal too


@pytest.mark.parametrize("embed", ["full", "static"])
def test_index_without_a_semantic_tier_refuses_one_asked_for(embed: str, tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """``--no-semantic --embed full`` had built no tier without a word (the usage reads them as either/or)."""
    assert main(["index", str(tmp_path), "--no-semantic", "--embed", embed]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == (f"maguyva: error: --no-semantic and --embed {embed} do not go together: "
                                 "--no-semantic builds no semantic tier (leave one out)\n")
    assert not any(tmp_path.iterdir())


def test_a_batch_line_naming_an_intent_for_a_regular_expression_is_refused() -> None:
    out = _batch_one(_refuse, _ARGS, b'{"query": "a.b", "regex": true, "intent": "find_references"}', 2)
    assert out["error"].startswith('line 2: "intent": "find_references" does not go with a regular expression')
    out = _batch_one(lambda text, options: {"query": text, "results": []}, _ARGS,
                     b'{"query": "a.b", "regex": true, "intent": "exact_match"}', 1)
    assert out == {"query": "a.b", "results": []}


@pytest.mark.parametrize("modality", ["semantic", "graph", "structural"])
def test_a_regular_expression_for_an_engine_that_cannot_read_one_is_refused(modality: str) -> None:
    with pytest.raises(QueryError, match=f"the {modality} engine does not read a regular expression"):
        SearchRequest("def \\w+", modality=modality, regex=True).validate()
    SearchRequest("def \\w+", modality="text", regex=True).validate()


def test_an_index_folder_under_a_file_is_said_to_be_a_file_not_an_unwritable_folder(tmp_path: Path) -> None:
    (tmp_path / "repo").mkdir()
    (tmp_path / "repo" / "a.py").write_text("A = 1\n")
    (tmp_path / "afile").write_text("")
    with pytest.raises(IndexNotWritable, match=r": .*afile is not a folder; keep the index in a folder \(--index-dir"):
        update_index(tmp_path / "repo", tmp_path / "afile")


def test_a_batch_line_over_its_limit_is_answered_with_its_error_and_skipped_unheld() -> None:
    stream = io.BytesIO(b"x" * 300 + b"\n" + b'{"query": "a"}\n' + b"y" * 250 + b'{"query": "b"}')
    assert list(bounded_lines(stream, limit=200)) == [None, b'{"query": "a"}\n', None]
    assert list(bounded_lines(io.BytesIO(b"a" * 200 + b"\n" + b"b" * 200), limit=200)) == [
        b"a" * 200 + b"\n", b"b" * 200]
    args = argparse.Namespace(**vars(_ARGS), batch="-")
    answered: list[dict[str, Any]] = []
    with mock.patch.object(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"z" * (BATCH_LINE_BYTES + 5) + b'\n{"query": "q"}\n'))), \
            mock.patch("maguyva_tui.cli._emit", answered.append):
        assert run_batch(args, lambda text, options: {"query": text, "results": []}) == 0
    assert answered[0]["query"] is None and answered[0]["error"].startswith("line 1: over 1 MiB, longer than any batch line")
    assert answered[1] == {"query": "q", "results": []}


def test_a_query_starting_with_a_dash_read_as_options_says_where_it_goes(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["search", "-rf"])
    assert capsys.readouterr().err.endswith(
        "error: unrecognized arguments: -rf (a query or name starting with a dash goes after --: maguyva search -- -rf)\n"
        "see maguyva search --help\n")
    with pytest.raises(SystemExit):
        main(["search", "--bogus", "x"])
    assert capsys.readouterr().err.endswith("error: unrecognized arguments: --bogus\nsee maguyva search --help\n")  # no hint


@pytest.mark.parametrize(("argv", "said"), [
    (["search", "-C", "repo", "foo"], "maguyva search: error: unrecognized arguments: -C foo\n"),
    (["graph", "callers", "x", "--frobnicate"], "maguyva graph: error: unrecognized arguments: --frobnicate\n"),
    (["index", "--bogus", "."], "maguyva index: error: unrecognized arguments: --bogus\n"),
    (["search", "x", "--lim", "3"], "maguyva search: error: unrecognized arguments: --lim 3 "
                                    "(options are named in full: --limit)\n"),
    (["search", "x", "--index", "->x"], "maguyva search: error: unrecognized arguments: --index ->x "
                                        "(options are named in full: --index-dir)\n"),
    # the abbreviation with the value typed after it, where argparse had read that value as the
    # QUERY (or NAME, or PATH) and named the word after it: "--lim foo" (helper-344)
    (["search", "--lim", "3", "foo"], "maguyva search: error: unrecognized arguments: --lim 3 "
                                      "(options are named in full: --limit)\n"),
    (["search", "-i", "--lim", "3", "x", "y"], "maguyva search: error: unrecognized arguments: --lim 3 y "
                                               "(options are named in full: --limit)\n"),
    (["graph", "callers", "--lim", "3", "foo"], "maguyva graph: error: unrecognized arguments: --lim 3 "
                                                "(options are named in full: --limit)\n"),
    (["index", "--emb", "full", "."], "maguyva index: error: unrecognized arguments: --emb full "
                                      "(options are named in full: --embed)\n"),
    # a misspelt option names the one meant (it had been named alone: "--limt foo")
    (["search", "foo", "--limt", "3"], "maguyva search: error: unrecognized arguments: --limt 3 (did you mean --limit?)\n"),
    (["search", "--limt", "3", "foo"], "maguyva search: error: unrecognized arguments: --limt 3 (did you mean --limit?)\n"),
    (["search", "foo", "--Json"], "maguyva search: error: unrecognized arguments: --Json (did you mean --json?)\n"),
    (["index", "--rebiuld", "."], "maguyva index: error: unrecognized arguments: --rebiuld (did you mean --rebuild?)\n"),
])
def test_a_subcommand_refuses_what_it_does_not_know_under_its_own_name(
        argv: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    # argparse handed a subcommand's unknown arguments to the top parser: the explorer's usage and
    # "maguyva: error:"; and it read --lim as --limit, an abbreviation that changes meaning the day
    # an option sharing its start is added (and --index ->x never joined its dash-led value)
    with pytest.raises(SystemExit) as exited:
        main(argv)
    err = capsys.readouterr().err
    assert exited.value.code == 2 and err == f"{said}see maguyva {argv[0]} --help\n"


@pytest.mark.parametrize(("argv", "meant"), [(["graph", "calers", "x"], "callers"),
                                              (["search", "x", "--modality", "grph"], "graph"),
                                              (["search", "x", "--preset", "thorogh"], "thorough"),
                                              (["graph", "imp", "x"], "impact or importers")])
def test_a_misspelt_choice_names_the_one_meant(argv: list[str], meant: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(argv)
    first = capsys.readouterr().err.splitlines()[0]
    assert exited.value.code == 2 and "invalid choice" in first and first.endswith(f"; did you mean {meant}?")


def test_a_choice_it_begins_comes_before_one_spelt_alike() -> None:
    from maguyva_tui.terminal import _closest

    assert _closest("stat", ["start", "stop", "status", "run"]) == ["status"]  # maguyva server stat: not start
    assert _closest("calers", ["callers", "callees", "impact"]) == ["callers"]  # callees is not nearly as close
    assert _closest("zzz", ["start", "stop"]) == []


def test_the_explorer_names_an_abbreviated_option_with_its_value(capsys: pytest.CaptureFixture[str]) -> None:
    """``maguyva --them dark .`` had said ``--them`` alone: argparse had read ``dark`` as a PATH."""
    with pytest.raises(SystemExit) as exited:
        main(["--them", "dark", "."])
    assert exited.value.code == 2 and capsys.readouterr().err == (
        "maguyva: error: unrecognized arguments: --them dark (options are named in full: --theme)\nsee maguyva --help\n")


def test_an_unreadable_batch_file_is_said_as_an_unreadable_workspace_file_is(tmp_path: Path,
                                                                              capsys: pytest.CaptureFixture[str]) -> None:
    # it had said "nope.jsonl: No such file or directory", not what the file was for
    assert main(["search", "--batch", str(tmp_path / "nope.jsonl"), "--repo", str(tmp_path)]) == 2
    assert capsys.readouterr().err == (f"maguyva: error: {tmp_path / 'nope.jsonl'}: cannot read the batch file "
                                       "(No such file or directory)\n")


def test_a_graph_question_refused_with_json_says_why_on_stdout_as_a_search_does(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # graph --json had left stdout empty; and --workspace had been "unrecognized arguments"
    assert main(["graph", "callers", "x", "--repo", str(tmp_path / "nope"), "--json"]) == 2
    out, err = capsys.readouterr()
    assert json.loads(out) == {"query": "callers x", "error": f"{tmp_path / 'nope'}: no such directory", "results": []}
    assert err == f"maguyva: error: {tmp_path / 'nope'}: no such directory\n"
    assert main(["graph", "callers", "x", "--workspace", "ws.txt"]) == 2
    assert capsys.readouterr().err == ("maguyva: error: maguyva graph answers over one repository, not a workspace; "
                                       '`maguyva search "who calls NAME" --workspace ws.txt` asks across its repositories\n')


@pytest.mark.parametrize(("workers", "said"), [("-1", "--workers must be 0 or more, not -1"),
                                               ("many", "--workers must be a whole number or 'auto', not 'many'")])
def test_a_bad_worker_count_is_refused_for_one_repository_as_for_several(workers: str, said: str, tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["search", "--workers", workers, "--repo", str(tmp_path), "x"]) == 2
    assert capsys.readouterr().err == f"maguyva: error: {said}\n"


def test_a_failed_lookup_over_an_index_that_could_not_be_updated_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    failed = LookupFailure("new_fn", "symbol", "no symbol named new_fn; showing related code")
    stale = f"{STALE_INDEX} (Read-only file system: /ix/repo); answers come from it as it was"
    result = SearchResult("new_fn", "(text 'new_fn')", "find_definition", 0.9, "new_fn", "identifier", (), "direct",
                          "default", 40, ("structural",), (), 1.0, (stale, failed.message, "semantic: 50%"), (), 1.0,
                          lookup_failed=failed)
    _print_human(result)
    assert capsys.readouterr().err == f"maguyva: {stale}\n"  # the lookup's own line follows (_lookup_status)
