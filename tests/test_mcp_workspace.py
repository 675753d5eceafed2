"""The MCP server over a workspace (issue 21.1): the SDK's own client, over stdio, against a real
``maguyva mcp --repo A --repo B --repo GONE`` process; then the service's waiting rules in-process.

Two small repositories (the fixture's Python app and its web folder) and a folder that is not there.
"""

from __future__ import annotations

import json
import shutil
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
from maguyva_tui.core.engine import Engine  # noqa: E402
from maguyva_tui.mcp.service import RepoService, Unavailable  # noqa: E402
from maguyva_tui.mcp.workspace import WorkspaceService  # noqa: E402
from tests.conftest import FIXTURE, REPO  # noqa: E402
from tests.fakes import FakeProvider  # noqa: E402
from tests.trees import write_tree  # noqa: E402

CALL_TIMEOUT_S = 120  # the first call may wait for the indexes on a loaded machine


@asynccontextmanager
async def _connect(params: StdioServerParameters, errlog: Any) -> AsyncIterator[ClientSession]:
    async with stdio_client(params, errlog=errlog) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            yield session


@dataclass
class Server:
    """A connected client session over a workspace, called from synchronous tests through a portal."""

    portal: BlockingPortal
    session: ClientSession
    service: Path
    frontend: Path
    log: Path

    def call(self, tool: str, **arguments: Any) -> Any:
        return self.portal.call(lambda: self.session.call_tool(tool, arguments, read_timeout_seconds=CALL_TIMEOUT_S))

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


def two_repositories(base: Path) -> tuple[Path, Path]:
    service, frontend = base / "service", base / "frontend"
    shutil.copytree(FIXTURE / "app", service)
    shutil.copytree(FIXTURE / "web", frontend)
    return service, frontend


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    base = tmp_path_factory.mktemp("mcp-workspace")
    service, frontend = two_repositories(base)
    args = ["-m", "maguyva_tui", "mcp", "--repo", str(service), "--repo", str(frontend), "--repo", str(base / "gone")]
    params = StdioServerParameters(command=sys.executable, args=args, env={"MAGUYVA_INDEX_DIR": str(base / "ix")},
                                   cwd=str(REPO))
    log = base / "server.log"
    with open(log, "w") as errlog, start_blocking_portal() as portal:
        with portal.wrap_async_context_manager(_connect(params, errlog)) as session:
            served = Server(portal, session, service, frontend, log)
            _until_both_indexed(served)
            yield served


def _until_both_indexed(server: Server) -> None:
    """Ask until both repositories answer with every engine: a question waits 5 s for first
    indexes, then answers from those ready (naming the others), and a loaded machine may take
    longer to build both."""
    deadline = time.monotonic() + CALL_TIMEOUT_S
    while not _both(server.call("find_references", name="parse_config")):  # the graphs come last
        assert time.monotonic() < deadline, "the two repositories were not indexed in time"
        time.sleep(0.1)


def _both(result: Any) -> bool:
    """Whether a tool answered from both repositories (a graph still being built names its
    repository missing; both, and the answer is an error)."""
    return not result.is_error and json.loads(result.content[0].text)["repos"] == ["frontend", "service"]


def test_the_tools_say_that_results_carry_their_repository(server: Server) -> None:
    listed = server.portal.call(server.session.list_tools).tools
    assert {t.name for t in listed} == {"search", "find_definition", "find_references", "impact"}
    for tool in listed:
        assert "carries repo" in (tool.description or ""), tool.name


def test_search_answers_from_both_repositories_each_result_with_its_repo(server: Server) -> None:
    data = server.ok("search", query="config", limit=10)
    assert {r["repo"] for r in data["results"]} == {"service", "frontend"}
    assert ("service", "config.py") in {(r["repo"], r["path"]) for r in data["results"]}  # relative to its repo
    assert ("frontend", "config.js") in {(r["repo"], r["path"]) for r in data["results"]}
    assert data["repos"] == ["frontend", "service"]
    (gone,) = data["missing"]
    assert gone["repo"] == "gone" and "no such directory" in gone["reason"]
    assert any(n.startswith("gone: not searched") for n in data["notices"])


def test_a_search_the_limit_cut_says_truncated(server: Server) -> None:
    """A list one engine answered alone that the limit cut says so, as one repository's search
    does (a workspace's had been silent)."""
    cut = server.ok("search", query="config", regex=True, limit=2)
    assert len(cut["results"]) == 2 and cut["truncated"].startswith("showing the first 2; more match")
    assert "truncated" not in server.ok("search", query="config", regex=True, limit=50)


def test_find_definition_names_the_repository(server: Server) -> None:
    data = server.ok("find_definition", name="parse_config", with_source=True)
    first = data["definitions"][0]
    assert (first["repo"], first["path"], first["lines"], first["kind"]) == ("service", "config.py", "12-21", "function")
    assert "def parse_config(" in first["source"]
    assert data["total"] >= len(data["definitions"]) >= 1


def test_references_and_impact_follow_each_repositorys_graph(server: Server) -> None:
    refs = server.ok("find_references", name="parse_config")
    calls = [r for r in refs["references"] if r["kind"] == "call"]
    assert any(r["repo"] == "service" and r["path"] == "config.py" and r["in"] == "ConfigLoader.load" for r in calls)
    assert refs["definitions"][0]["repo"] == "service" and "another repository" in refs["notes"][0]
    impact = server.ok("impact", name="parse_config", depth=2)
    by_symbol = {d["symbol"]: d for d in impact["dependents"] if d["symbol"]}
    assert by_symbol["ConfigLoader.load"]["repo"] == "service" and by_symbol["ConfigLoader.load"]["depth"] == 1
    assert [d["depth"] for d in impact["dependents"]] == sorted(d["depth"] for d in impact["dependents"])


def test_an_unknown_symbol_names_the_workspace_and_close_names(server: Server) -> None:
    message = server.error("find_definition", name="parse_confg")
    assert "in any repository of the workspace" in message and "parse_config" in message
    assert "empty query" in server.error("search", query="  ")


def test_a_bad_workspace_file_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["mcp", "--workspace", str(tmp_path / "none.toml")]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("maguyva: error: ") and "cannot read the workspace file" in err
    assert len(err.splitlines()) == 1


# -- the service in-process: a repository still indexing is named, the others answer ---------------

class FirstWord(FakeProvider):
    id = "test:mcp-workspace:64"

    def seed(self, text: str) -> int:
        return sum(map(ord, (text.split() or [""])[0]))


def started_workspace(tmp_path: Path, trees: dict[str, dict[str, str]]) -> WorkspaceService:
    """A workspace of one repository per tree (its label: its files), each indexed before it answers."""
    services = {label: RepoService(Engine(write_tree(tmp_path / label, files), tmp_path / "ix", provider=FirstWord(),
                                          static=False), embed=False)
                for label, files in trees.items()}
    for repo in services.values():
        repo.start().join(60)
    return WorkspaceService(services, ready_wait_s=0.05)


def test_a_repository_still_indexing_is_named_and_the_others_answer(tmp_path: Path) -> None:
    service, frontend = two_repositories(tmp_path)
    provider = FirstWord()
    ready = RepoService(Engine(service, tmp_path / "ix", provider=provider, static=False), embed=False)
    waiting = RepoService(Engine(frontend, tmp_path / "ix", provider=provider, static=False), embed=False)
    ready.start().join(60)  # the other is never started: its first index is not there
    workspace = WorkspaceService({"service": ready, "frontend": waiting}, ready_wait_s=0.05)
    try:
        data = workspace.search("parse_config", limit=5)
        assert {r["repo"] for r in data["results"]} == {"service"} and data["repos"] == ["service"]
        (missing,) = data["missing"]
        assert missing["repo"] == "frontend" and "still indexing" in missing["reason"]
    finally:
        workspace.close()


def test_no_repository_with_an_index_is_unavailable(tmp_path: Path) -> None:
    service, frontend = two_repositories(tmp_path)
    waiting = {label: RepoService(Engine(root, tmp_path / "ix", provider=FirstWord(), static=False), embed=False)
               for label, root in (("service", service), ("frontend", frontend))}
    workspace = WorkspaceService(waiting, ready_wait_s=0.05)
    with pytest.raises(Unavailable, match="no repository of the workspace can be searched yet"):
        workspace.search("config")
    workspace.close()


def test_a_repository_that_cannot_be_read_again_is_named_missing(tmp_path: Path) -> None:
    """One repository deleted under a running workspace: it was searched from its old index as if
    its files were there (a331139 added a notice); it is now named missing, as ``maguyva search
    --repo A --repo B`` names it (test_mcp_workspace_gone)."""
    service, frontend = two_repositories(tmp_path)
    services = {label: RepoService(Engine(root, tmp_path / "ix", provider=FirstWord(), static=False), embed=False)
                for label, root in (("service", service), ("frontend", frontend))}
    for repo in services.values():
        repo.start().join(60)
    workspace = WorkspaceService(services, ready_wait_s=0.05)
    try:
        assert "notices" not in workspace.search("parse_config", limit=5)
        shutil.rmtree(frontend)
        for data in (workspace.search("parse_config", limit=5), workspace.definitions("parse_config", None, False, 5)):
            (missing,) = data["missing"]
            assert missing["repo"] == "frontend" and missing["reason"] == f"{frontend}: no such directory"
            assert data["repos"] == ["service"] and not any("as it was" in n for n in data.get("notices", []))
    finally:
        workspace.close()


def test_a_repository_inside_another_is_said_and_its_definitions_listed_once(tmp_path: Path) -> None:
    """tinydb-4.8.0 and tinydb-4.8.0/tinydb served as one had listed class TinyDB twice, and each
    use inside the inner one twice; a use only the outer one's graph resolves stays."""
    outer, inner = tmp_path / "outer", tmp_path / "outer" / "lib"
    inner.mkdir(parents=True)
    (inner / "store.py").write_text("def save_record(value):\n    return value\n\n\ndef keep(v):\n    return save_record(v)\n")
    (outer / "main.py").write_text("from lib.store import save_record\n\n\ndef run():\n    return save_record(1)\n")
    services = {label: RepoService(Engine(root, tmp_path / "ix", provider=FirstWord(), static=False), embed=False)
                for label, root in (("outer", outer), ("lib", inner))}
    for repo in services.values():
        repo.start().join(60)
    workspace = WorkspaceService(services, ready_wait_s=0.05)
    try:
        said = "lib is inside outer (lib/): its files are answered once, as lib's"
        found = workspace.definitions("save_record", None, False, 10)
        assert [(d["repo"], d["path"]) for d in found["definitions"]] == [("lib", "store.py")] and found["total"] == 1
        assert found["notices"] == [said]
        uses = workspace.references("save_record", None, 10)
        places = sorted((r["repo"], r["path"], r["kind"]) for r in uses["references"])
        assert places == [("lib", "store.py", "call"), ("outer", "main.py", "call"), ("outer", "main.py", "import")]
        assert uses["total"] == 3 and uses["counts"] == {"call": 2, "import": 1}
    finally:
        workspace.close()


class StalledFirstBuild(Engine):
    """An engine whose first build stops once text and structure are ready, until ``go`` is set."""

    go = threading.Event()

    def refresh(self, progress: Any = None, semantic: bool = True, joined: Any = None, rebuild: bool = False,
                lock_wait: float | None = None, waiting: Any = None) -> Any:
        def stalled(engines: tuple[str, ...]) -> None:
            if joined is not None:
                joined(engines)
            if engines == ("text", "structural"):
                self.go.wait(30)

        return super().refresh(progress, semantic, stalled, rebuild)


def test_a_repository_answering_from_a_first_build_under_way_says_so(tmp_path: Path) -> None:
    """A workspace answers from a repository's first build as its engines join; the answer had
    said it read "the index stored before this server started", of a repository that had none."""
    root = tmp_path / "fresh"
    root.mkdir()
    (root / "config.py").write_text("def parse_config(text):\n    return text\n")
    StalledFirstBuild.go = threading.Event()
    building = RepoService(StalledFirstBuild(root, tmp_path / "ix", provider=FirstWord(), static=False),
                           embed=False, startup_wait_s=0.01)
    building.start()
    workspace = WorkspaceService({"fresh": building}, ready_wait_s=0.01)
    try:
        deadline = time.monotonic() + 30
        while not building.status.has_index and time.monotonic() < deadline:
            time.sleep(0.01)
        data = workspace.definitions("parse_config", None, False, 5)
        assert [d["path"] for d in data["definitions"]] == ["config.py"]
        (notice,) = data["notices"]
        assert notice.startswith("fresh: answered while the first index of ") and "graph, semantic not ready" in notice
        assert "stored before this server started" not in notice
    finally:
        StalledFirstBuild.go.set()
        workspace.close()
