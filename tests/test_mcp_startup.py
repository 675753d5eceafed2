"""``maguyva mcp`` opened on a stored index answers a file changed while no server ran: its first
call waits (up to ``startup_wait_s``) for the start-up refresh, and an answer read from the stored
index while that refresh still runs says so. Found by an outside tester: a function added between
two sessions was "no definition of" on the first call, and the answer gave no hint it could lag."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import anyio
import pytest

pytest.importorskip("mcp")

from maguyva_tui.core.engine import Engine  # noqa: E402
from maguyva_tui.mcp.server import build_server  # noqa: E402
from maguyva_tui.mcp.service import RepoService  # noqa: E402
from tests.core.test_failed_lookup import FirstWordProvider  # noqa: E402


class SlowRefresh(Engine):
    """An engine whose refreshes take ``delay`` seconds more, as a large repository's walk does."""

    delay = 0.0

    def refresh(self, *args: Any, **kwargs: Any) -> Any:
        time.sleep(self.delay)
        return super().refresh(*args, **kwargs)


def _changed_since_stored(tmp_path: Path, delay: float) -> SlowRefresh:
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "a.py").write_text("def old_one():\n    return 1\n")
    Engine(repo, tmp_path / "ix", provider=FirstWordProvider(), static=False).refresh()
    (repo / "b.py").write_text("def added_meanwhile():\n    return 2\n")
    engine = SlowRefresh(repo, tmp_path / "ix", provider=FirstWordProvider(), static=False)
    engine.delay = delay
    return engine


def test_the_first_call_finds_a_file_added_while_no_server_ran(tmp_path: Path) -> None:
    service = RepoService(_changed_since_stored(tmp_path, 0.1), embed=False)
    server = build_server(service)
    service.start()
    try:
        answer = anyio.run(server.call_tool, "find_definition", {"name": "added_meanwhile"}).structured_content
    finally:
        service.close()
    assert [d["path"] for d in answer["definitions"]] == ["b.py"]
    assert "notices" not in answer


def test_an_answer_from_the_stored_index_during_a_long_start_up_says_so(tmp_path: Path) -> None:
    service = RepoService(_changed_since_stored(tmp_path, 0.5), embed=False, startup_wait_s=0.01)
    server = build_server(service)
    service.start()
    try:
        answer = anyio.run(server.call_tool, "search", {"query": "old_one"}).structured_content
        assert any("index stored before this server started" in n for n in answer["notices"])
        with pytest.raises(Exception, match="no definition of 'added_meanwhile'.*stored before this server started"):
            anyio.run(server.call_tool, "find_definition", {"name": "added_meanwhile"})
        service.wait_started(5.0)
        answer = anyio.run(server.call_tool, "find_definition", {"name": "added_meanwhile"}).structured_content
    finally:
        service.close()
    assert [d["path"] for d in answer["definitions"]] == ["b.py"] and "notices" not in answer
