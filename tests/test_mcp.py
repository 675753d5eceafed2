"""The MCP server as an agent meets it: the SDK's own client, over stdio, against a real server process.

One server serves the module (a process start, the imports and the first index cost seconds on a
shared machine); the service's waiting and refreshing are tested in-process with a stub engine.
"""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("mcp")

from anyio.from_thread import BlockingPortal, start_blocking_portal  # noqa: E402
from mcp import ClientSession, StdioServerParameters, stdio_client  # noqa: E402

from maguyva_tui import cli  # noqa: E402
from maguyva_tui.mcp.answers import LINE_CHARS, SNIPPET_LINES, AnswerError, lines, trim  # noqa: E402
from maguyva_tui.mcp.service import RepoService, Unavailable  # noqa: E402
from tests.conftest import FIXTURE, REPO  # noqa: E402

TOOLS = {"search", "find_definition", "find_references", "impact"}
CALL_TIMEOUT_S = 120  # the first call may wait for the index on a loaded machine


# -- a real server, driven by the SDK's client ---------------------------------------------------------

def _params(repo: Path, index_dir: Path) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=["-m", "maguyva_tui", "mcp", str(repo)],
                                 env={"MAGUYVA_INDEX_DIR": str(index_dir)}, cwd=str(REPO))


@asynccontextmanager
async def _connect(params: StdioServerParameters, errlog: Any) -> AsyncIterator[ClientSession]:
    async with stdio_client(params, errlog=errlog) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            yield session


@dataclass
class Server:
    """A connected client session, called from synchronous tests through a portal."""

    portal: BlockingPortal
    session: ClientSession
    repo: Path
    log: Path

    def call(self, tool: str, **arguments: Any) -> Any:
        return self.portal.call(lambda: self.session.call_tool(
            tool, arguments, read_timeout_seconds=CALL_TIMEOUT_S))

    def ok(self, tool: str, **arguments: Any) -> dict[str, Any]:
        result = self.call(tool, **arguments)
        assert not result.is_error, result.content[0].text
        data = json.loads(result.content[0].text)
        assert data == result.structured_content
        return data

    def error(self, tool: str, **arguments: Any) -> str:
        result = self.call(tool, **arguments)
        assert result.is_error, result.content[0].text
        return str(result.content[0].text)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    base = tmp_path_factory.mktemp("mcp")
    repo = base / "polyglot"
    shutil.copytree(FIXTURE, repo, symlinks=True)
    log = base / "server.log"
    with open(log, "w") as errlog, start_blocking_portal() as portal:
        with portal.wrap_async_context_manager(_connect(_params(repo, base / "indexes"), errlog)) as session:
            yield Server(portal, session, repo, log)


def test_lists_four_read_only_tools_described_for_agents(server: Server) -> None:
    tools = {t.name: t for t in server.portal.call(server.session.list_tools).tools}
    assert set(tools) == TOOLS
    for tool in tools.values():
        assert tool.description and "Returns" in tool.description and "Use" in tool.description
        assert tool.annotations is not None and tool.annotations.read_only_hint
        assert "name" in tool.input_schema["required"] or "query" in tool.input_schema["required"]
    schema = tools["search"].input_schema["properties"]
    assert "find_references" in json.dumps(schema["intent"]) and "thorough" in json.dumps(schema["preset"])


def test_find_definition_points_at_the_python_function_first(server: Server) -> None:
    data = server.ok("find_definition", name="parse_config")
    first = data["definitions"][0]
    assert (first["path"], first["lines"], first["kind"]) == ("app/config.py", "12-21", "function")
    assert first["signature"].startswith("def parse_config(")
    assert {d["language"] for d in data["definitions"]} >= {"python", "c", "rust"}
    assert data["total"] == len(data["definitions"])


def test_find_definition_of_a_method_with_its_source(server: Server) -> None:
    data = server.ok("find_definition", name="ConfigLoader.load", with_source=True)
    (found,) = data["definitions"]
    assert found["path"] == "app/config.py" and found["symbol"] == "ConfigLoader.load"
    assert "parse_config(handle.read())" in found["source"]


def test_find_references_includes_the_call_in_config_loader_load(server: Server) -> None:
    data = server.ok("find_references", name="parse_config")
    calls = [r for r in data["references"] if r["kind"] == "call"]
    assert {"path": "app/config.py", "line": 44, "in": "ConfigLoader.load"}.items() <= next(
        r for r in calls if r["in"] == "ConfigLoader.load").items()
    assert any("parse_config(handle.read())" in r["text"] for r in calls)
    assert data["counts"]["call"] == len(calls) and data["counts"].get("import", 0) >= 1
    only_calls = server.ok("find_references", name="parse_config", kind="call")
    assert {r["kind"] for r in only_calls["references"]} == {"call"}


def test_impact_follows_dependents_outwards(server: Server) -> None:
    data = server.ok("impact", name="parse_config", depth=2)
    by_symbol = {d["symbol"]: d for d in data["dependents"] if d["symbol"]}
    assert by_symbol["ConfigLoader.load"]["depth"] == 1 and by_symbol["ConfigLoader.load"]["edge"] == "call"
    assert by_symbol["Server.__init__"]["depth"] == 2
    assert by_symbol["Server.__init__"]["via"] == "app/config.py::ConfigLoader.load"
    depths = [d["depth"] for d in data["dependents"]]
    assert depths == sorted(depths) and max(depths) <= 2
    assert sum(data["by_depth"].values()) == data["total"]
    shallow = server.ok("impact", name="parse_config", depth=1, limit=1)
    assert len(shallow["dependents"]) == 1 and "truncated" in shallow


def test_search_explains_a_direct_answer(server: Server) -> None:
    data = server.ok("search", query="who calls parse_config", limit=5)
    assert data["intent"] == "find_references" and data["confidence"] >= 0.85
    assert data["fusion_strategy"] == "direct" and data["target"] == "parse_config"
    assert any(r["path"] == "app/config.py" and r["lines"] == "44" for r in data["results"])
    assert all(r["ranks"] == {"graph": i} for i, r in enumerate(data["results"], 1))


def test_search_fuses_a_question_compactly(server: Server) -> None:
    data = server.ok("search", query="how is the configuration loaded", limit=5)
    assert data["intent"] == "understand_code" and data["fusion_strategy"] == "fused"
    assert set(data["engines_run"]) == {"semantic", "text", "structural"} and data["weights"]
    assert 0 < len(data["results"]) <= 5
    for r in data["results"]:
        assert set(r["ranks"]) == set(data["engines_run"])
        assert any(rank is not None for rank in r["ranks"].values())
        snippet = r["snippet"].splitlines()
        assert len(snippet) <= SNIPPET_LINES and all(len(line) <= LINE_CHARS for line in snippet)


def test_search_honours_intent_and_preset(server: Server) -> None:
    data = server.ok("search", query="configuration", intent="exact_match", preset="thorough")
    assert data["intent"] == "exact_match" and data["rule"] == "override"
    assert "semantic" not in data["engines_run"]  # exact match never embeds
    regex = server.ok("search", query=r"parse_\w+\(", regex=True)
    assert regex["results"]


def test_unknown_symbol_is_a_tool_error_with_a_message(server: Server) -> None:
    for tool in ("find_references", "impact"):
        message = server.error(tool, name="no_such_symbol_zzz")
        assert "unknown symbol 'no_such_symbol_zzz'" in message
    message = server.error("find_definition", name="parse_confg")
    assert "no definition of 'parse_confg'" in message and "parse_config" in message  # a suggestion


def test_bad_input_is_a_tool_error_and_the_server_keeps_serving(server: Server) -> None:
    assert "empty query" in server.error("search", query="   ")
    assert "invalid regex" in server.error("search", query="(", regex=True)
    assert "limit" in server.error("search", query="config", limit=0)
    assert "empty" in server.error("find_definition", name="``")
    assert server.ok("find_definition", name="`parse_config()`")["definitions"]  # cleaned, still served


def test_an_edit_is_found_by_the_next_call(server: Server) -> None:
    (server.repo / "app" / "extra.py").write_text("def brand_new_helper(x):\n    return x + 1\n")
    data = server.ok("find_definition", name="brand_new_helper")
    assert data["definitions"][0]["path"] == "app/extra.py"
    assert "indexed" in server.log.read_text()  # logs go to stderr, never stdout


@pytest.mark.slow  # over 4 s each on 2 cores: run by .ci/run's slow pass
def test_stdout_carries_only_protocol_messages(tmp_path: Path) -> None:
    repo = tmp_path / "polyglot"
    shutil.copytree(FIXTURE, repo, symlinks=True)
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "0"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
            "name": "find_definition", "arguments": {"name": "parse_config"}}},
    ]
    proc = subprocess.Popen([sys.executable, "-m", "maguyva_tui", "mcp", str(repo), "--index-dir", str(tmp_path / "ix")],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=REPO)
    assert proc.stdin is not None and proc.stdout is not None
    replies = []
    for message in messages:
        proc.stdin.write(json.dumps(message) + "\n")
        proc.stdin.flush()
        if "id" in message:
            replies.append(json.loads(proc.stdout.readline()))  # every line on stdout is one JSON-RPC message
    deadline = time.monotonic() + 60
    while "still indexing" in json.dumps(replies[-1]) and time.monotonic() < deadline:  # a loaded machine's
        time.sleep(0.5)  # first index outlasts the server's wait: the question is asked again, by a new id
        again = {**messages[2], "id": replies[-1]["id"] + 1}
        proc.stdin.write(json.dumps(again) + "\n")
        proc.stdin.flush()
        replies.append(json.loads(proc.stdout.readline()))
    _, err = proc.communicate(timeout=60)
    assert [r["id"] for r in replies] == list(range(1, len(replies) + 1)) and "error" not in replies[-1]
    assert "app/config.py" in replies[-1]["result"]["content"][0]["text"]
    assert "serving" in err


def test_cli_refuses_a_path_that_is_not_a_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["mcp", str(tmp_path / "missing")]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "no such directory" in err


def test_the_rest_of_maguyva_does_not_import_the_sdk() -> None:
    code = ("import sys, maguyva_tui.cli, maguyva_tui.mcp, maguyva_tui.core.engine; "
            "print(sorted(m for m in sys.modules if m == 'mcp' or m.startswith(('mcp.', 'maguyva_tui.mcp.'))))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "[]"


# -- the service: waiting for the first index, refreshing, failing ------------------------------------

@dataclass
class _Summary:
    files: int = 1
    parsed: int = 0
    removed: int = 0
    seconds: float = 0.0


class _StubEngine:
    """An engine whose indexing the test controls."""

    def __init__(self, stored: bool = False) -> None:
        self.root = Path("/repo")
        self.stored = stored
        self.release = threading.Event()
        self.fail: Exception | None = None
        self.refreshes = 0

    def open_existing(self) -> bool:
        return self.stored

    def refresh(self, progress: Any = None, joined: Any = None, lock_wait: float | None = None,
                waiting: Any = None) -> _Summary:
        if progress:
            progress("parse", 3, 10)
        self.release.wait(10)
        self.refreshes += 1
        if self.fail is not None:
            raise self.fail
        return _Summary()

    def close(self) -> None:
        pass


class _Disk:
    """A disk the test moves: stale until a refresh stamps it, then until the test says it moved."""

    def __init__(self) -> None:
        self.moved = True

    def before_refresh(self) -> None:
        return None

    def after_refresh(self, before: object) -> None:
        self.moved = False

    def stale(self) -> bool:
        return self.moved


def _service(engine: _StubEngine, clock: list[float], disk: _Disk | None = None) -> RepoService:
    service = RepoService(engine, ready_wait_s=0.05, embed=False, clock=lambda: clock[0],  # type: ignore[arg-type]
                          freshness=disk or _Disk())
    service.start()
    return service


def _ask(service: RepoService) -> Any:
    with service.engine_for_question() as engine:
        return engine


def _settled(service: RepoService, engine: _StubEngine, refreshes: int) -> None:
    """Wait until the start-up indexing thread has done ``refreshes`` refreshes and let go."""
    deadline = time.monotonic() + 10
    while engine.refreshes < refreshes or not service._ready.is_set() or service._refresh_lock.locked():
        assert time.monotonic() < deadline
        time.sleep(0.01)


def test_a_question_before_the_first_index_is_told_to_come_back() -> None:
    engine, clock = _StubEngine(), [100.0]
    service = _service(engine, clock)
    with pytest.raises(Unavailable, match=r"still indexing /repo \(parse 3/10\).*try again"):
        _ask(service)
    engine.release.set()
    _settled(service, engine, 1)
    assert _ask(service) is engine


def test_a_stored_index_answers_while_it_is_brought_up_to_date() -> None:
    engine, clock = _StubEngine(stored=True), [100.0]
    service = _service(engine, clock)
    assert _ask(service) is engine  # the refresh is still running: no wait, no second refresh
    assert engine.refreshes == 0
    engine.release.set()


def test_a_call_refreshes_only_when_the_disk_moved() -> None:
    engine, clock, disk = _StubEngine(), [100.0], _Disk()
    engine.release.set()
    service = _service(engine, clock, disk)
    _settled(service, engine, 1)
    _ask(service)
    _ask(service)
    assert engine.refreshes == 1
    disk.moved = True
    _ask(service)
    assert engine.refreshes == 2


def test_a_failed_build_is_reported_then_retried() -> None:
    engine, clock = _StubEngine(), [100.0]
    engine.fail = OSError("disk on fire")
    engine.release.set()
    service = _service(engine, clock)
    _settled(service, engine, 1)
    with pytest.raises(Unavailable, match="indexing /repo failed: OSError: disk on fire"):
        _ask(service)
    engine.fail = None
    assert _ask(service) is engine and engine.refreshes >= 2


def test_an_unexpected_failure_becomes_a_tool_error_with_its_message() -> None:
    from mcp.server.mcpserver.exceptions import ToolError

    from maguyva_tui.mcp.server import _call

    engine, clock = _StubEngine(), [100.0]
    engine.release.set()
    service = _service(engine, clock)
    _settled(service, engine, 1)

    def boom(_: Any) -> dict[str, Any]:
        raise RuntimeError("boom")

    with pytest.raises(ToolError, match="internal error in maguyva: RuntimeError: boom"):
        _call(service, boom)
    assert _ask(service) is engine  # the service is still usable


# -- the answer helpers ----------------------------------------------------------------------------

def test_lines_and_trim() -> None:
    assert lines(12, 21) == "12-21" and lines(7, 7) == "7"
    text = "    def f():\n        " + "x" * 500 + "\n        a\n        b\n        c\n"
    out = trim(text).splitlines()
    assert out[0] == "def f():" and len(out) == SNIPPET_LINES and len(out[1]) == LINE_CHARS
    assert issubclass(AnswerError, Exception)


def test_the_three_symbol_tools_read_a_name_with_a_separator_at_an_end_alike(tmp_path: Path) -> None:
    """find_definition found ``Flask.`` and ``.Flask`` (the name index drops empty parts) while
    find_references and impact called them unknown and suggested ``Flask``: each reads the name
    less a qualifier's separator at either end, and says the name it read."""
    from maguyva_tui.core.engine import Engine
    from maguyva_tui.mcp.answers import definition_answer, impact_answer, references_answer
    from tests.core.test_failed_lookup import FirstWordProvider

    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "a.py").write_text("class Loader:\n    pass\n\n\ndef make():\n    return Loader()\n")
    engine = Engine(repo, tmp_path / "ix", provider=FirstWordProvider(), static=False)
    engine.refresh()
    for name in ("Loader.", ".Loader", "::Loader", "Loader->"):
        assert definition_answer(engine, name, None, False, 5)["symbol"] == "Loader"
        assert references_answer(engine, name, None, 5)["references"][0]["in"] == "make"
        assert impact_answer(engine, name, 2, 5)["symbol"] == "Loader"
    with pytest.raises(AnswerError, match="the name '.' is the repository itself"):
        references_answer(engine, " . ", None, 5)


@pytest.mark.parametrize(("name", "said"), [
    ("..", "the name '..' is the folder above the repository (outside it), no symbol, file or folder in it; give "),
    (" ./ ", "the name './' is the repository itself, no symbol, file or folder in it; give "),
    ("::", "the name '::' holds only a qualifier's separators, no name; give "),
    ("`.`", "the name '`.`' is the repository itself"),
    ("  ", "the symbol name is empty: give "),
    ("``", "the symbol name is empty: give "),
])
def test_a_name_that_reads_as_none_is_refused_saying_what_it_got(name: str, said: str) -> None:
    """impact("..") and find_references(".") had answered "the symbol name is empty"."""
    from types import SimpleNamespace

    from maguyva_tui.mcp.answers import impact_answer, references_answer

    engine: Any = SimpleNamespace(root=Path("/repo"))  # refused before the engine is asked
    for ask in (lambda: impact_answer(engine, name, 2, 5), lambda: references_answer(engine, name, None, 5)):
        with pytest.raises(AnswerError) as raised:
            ask()
        assert str(raised.value).startswith(said) and "\n" not in str(raised.value)


def test_impact_and_find_references_read_a_windows_path_alike(tmp_path: Path) -> None:
    """``pkg\\a.py`` was a file for impact and an unknown symbol for find_references."""
    from maguyva_tui.core.engine import Engine
    from maguyva_tui.mcp.answers import impact_answer, references_answer
    from tests.core.test_failed_lookup import FirstWordProvider

    repo = tmp_path / "repo"
    (repo / "pkg").mkdir(parents=True)
    (repo / "pkg" / "a.py").write_text("def f():\n    return 1\n")
    (repo / "app.py").write_text("from pkg.a import f\n\n\ndef main():\n    return f()\n")
    engine = Engine(repo, tmp_path / "ix", provider=FirstWordProvider(), static=False)
    engine.refresh()
    for name in ("pkg\\a.py", ".\\pkg\\a.py", "pkg/a.py"):
        assert [(r["path"], r["line"]) for r in references_answer(engine, name, None, 5)["references"]] == [("app.py", 1)]
        assert "app.py" in {d["path"] for d in impact_answer(engine, name, 2, 5)["dependents"]}


def test_an_unknown_symbol_that_lines_still_name_says_how_to_list_them() -> None:
    """An agent deleted urllib3's util/request.py and asked who still uses make_headers: "nothing of
    that name is defined", no word of the imports and the call left behind. The error says lines
    name it and what to search; a name no line spells says nothing of the kind."""
    from maguyva_tui.core.answers import GraphAnswer
    from maguyva_tui.mcp.answers import _known

    class Spelling:
        root = Path("/repo")

        def spells_whole(self, name: str) -> bool:
            return name == "make_headers"

    engine: Any = Spelling()
    with pytest.raises(AnswerError, match='Lines still name it .*search "make_headers" lists them'):
        _known(engine, GraphAnswer("make_headers", (), (), 0))
    with pytest.raises(AnswerError) as raised:
        _known(engine, GraphAnswer("no_line_names_this", (), (), 0))
    assert "still name" not in str(raised.value)


def test_the_impact_of_a_file_names_the_file_as_its_definition() -> None:
    """impact of retry.py answers with what depends on it, the file its definition, said as one."""
    from maguyva_tui.core.answers import Definition, GraphAnswer
    from maguyva_tui.mcp.answers import _where

    answer: Any = GraphAnswer("retry.py", (Definition("src/util/retry.py", None),), (), 0)
    assert _where(answer, answer.definitions[0]) == {"node": "src/util/retry.py", "path": "src/util/retry.py",
                                                     "kind": "file"}


@pytest.mark.slow  # an index built: over a second alone
def test_a_deleted_definitions_callers_are_said_to_remain(tmp_path: Path) -> None:
    """The same on a real index: find_references and impact of a name only an import and a call spell."""
    from maguyva_tui.core.engine import Engine
    from maguyva_tui.mcp.answers import impact_answer, references_answer
    from tests.core.test_failed_lookup import FirstWordProvider

    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "a.py").write_text("from pkg.request import make_headers\n\n\ndef main():\n    return make_headers()\n")
    engine = Engine(repo, tmp_path / "ix", provider=FirstWordProvider(), static=False)
    engine.refresh()
    for ask in (lambda n: references_answer(engine, n, None, 5), lambda n: impact_answer(engine, n, 2, 5)):
        with pytest.raises(AnswerError, match='Lines still name it .*search "make_headers" lists them'):
            ask("make_headers")
        with pytest.raises(AnswerError) as raised:
            ask("no_line_names_this")
        assert "still name" not in str(raised.value)


@pytest.mark.slow  # a real process: over a second
def test_ctrl_c_ends_the_server_at_once(tmp_path: Path) -> None:
    """SIGINT had waited for the thread reading stdin: the server ran on until the client closed it."""
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "a.py").write_text("def split(text):\n    return text.split()\n")
    proc = subprocess.Popen([sys.executable, "-m", "maguyva_tui", "mcp", str(repo), "--index-dir", str(tmp_path / "ix")],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=REPO)
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "0"}}}) + "\n")
    proc.stdin.flush()
    assert json.loads(proc.stdout.readline())["id"] == 1
    proc.send_signal(signal.SIGINT)
    try:
        status = proc.wait(timeout=10)
    finally:
        proc.kill()
        _, err = proc.communicate()
    assert status == 130 and err.endswith("maguyva: interrupted\n") and "Traceback" not in err
