"""What breaks if I change a name, asked of a workspace: each repository's note on the calls naming
it that its graph could not tie (``tlist.token_next_by(...)`` on a parameter of unknown type), each
named by its repository, as one repository's impact answer says it. The workspace's merged view
holds no one graph, and its impact answers (the search's, MCP's) had carried no such note."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.workspace import Coordinator, SearchRequest, Shard
from maguyva_tui.mcp.service import RepoService
from maguyva_tui.mcp.workspace import WorkspaceService
from tests.core.test_impact_untied_notes import LIB
from tests.core.test_workspace_callers_notes import FirstWord


def indexed(base: Path) -> dict[str, Engine]:
    """``one``: ``token_next_by`` called once tied and once on a parameter; ``two``: defined and
    called tied only; each indexed, by label."""
    one, two = base / "one" / "pkg", base / "two"
    one.mkdir(parents=True)
    two.mkdir()
    (one / "__init__.py").write_text("")
    (one / "sql.py").write_text(LIB)
    (two / "x.py").write_text("def token_next_by():\n    return 1\n\n\ndef user():\n    return token_next_by()\n")
    out = {label: Engine(root, base / "indexes", provider=FirstWord(), static=False)
           for label, root in (("one", one.parent), ("two", two))}
    for engine in out.values():
        engine.refresh()
    return out


def said(notes: list[str] | tuple[str, ...]) -> list[str]:
    return [n for n in notes if "could not tie" in n]


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Coordinator]:
    coordinator = Coordinator([Shard(label, engine) for label, engine in indexed(tmp_path_factory.mktemp("ws")).items()])
    yield coordinator
    coordinator.close()


def test_each_repositorys_impact_note_is_named_by_it(workspace: Coordinator) -> None:
    notices = said(workspace.search(SearchRequest("what breaks if I change token_next_by")).result.notices)
    assert len(notices) == 1, notices
    assert notices[0].startswith("one: 1 more call names token_next_by") and "first pkg/sql.py:10" in notices[0]


def test_mcp_impact_carries_each_repositorys_notes(tmp_path: Path) -> None:
    services = {label: RepoService(engine, embed=False) for label, engine in indexed(tmp_path).items()}
    for service in services.values():
        service.start().join(60)
    workspace = WorkspaceService(services, ready_wait_s=0.05)
    try:
        own, *notes = workspace.impact("token_next_by", 2, 10)["notes"]  # the workspace's own note first
        assert own.startswith("each repository's graph is its own")
        assert len(notes) == 1 and notes[0].startswith("one: 1 more call names token_next_by"), notes
        assert workspace.impact("user", 2, 10)["notes"] == [own]  # every call of it tied: nothing more to say
    finally:
        workspace.close()
