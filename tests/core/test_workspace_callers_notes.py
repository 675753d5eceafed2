"""Who calls a name, asked of a workspace: each repository's notes on what its callers leave out
(several definitions and where, calls the graph could not tie, other definitions sharing a bare
name), each named by its repository as the workspace names a repository in its notices. The
workspace's merged view holds no one graph, and the answer had carried none of them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.workspace import Coordinator, SearchRequest, Shard
from maguyva_tui.mcp.service import RepoService
from maguyva_tui.mcp.workspace import WorkspaceService
from tests.core.test_callers_of_several import two_helpers
from tests.fakes import FakeProvider
from tests.test_cluster import _pair


class FirstWord(FakeProvider):
    """Vectors seeded by a text's length: deterministic, no model to load."""

    def seed(self, text: str) -> int:
        return len(text)


NOTES = [
    'one: helper has 2 definitions (pkg/a.py:1, pkg/b.py:1): each call is labelled with the one it calls; '
    'ask "who calls pkg/a.py::helper" for one',
    'two: helper is read as the top-level helper of x.py; 1 other definition shares the name (Box.helper): '
    'ask "who calls Box.helper" for one of them']
"""What each repository's own answer says of ``who calls helper``, named by it."""


def indexed(base: Path) -> dict[str, Engine]:
    """``one``: ``helper`` defined in two files, each called; ``two``: a top-level ``helper`` and a
    method of that name; each indexed, by label."""
    one, two = base / "one", base / "two"
    two.mkdir(parents=True)
    one.mkdir()
    two_helpers(one)
    (two / "x.py").write_text("def helper():\n    return 1\n\n\nclass Box:\n    def helper(self):\n        return 2\n")
    out = {label: Engine(root, base / "indexes", provider=FirstWord(), static=False)
           for label, root in (("one", one), ("two", two))}
    for engine in out.values():
        engine.refresh()
    return out


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Coordinator]:
    coordinator = Coordinator([Shard(label, engine) for label, engine in indexed(tmp_path_factory.mktemp("ws")).items()])
    yield coordinator
    coordinator.close()


def test_each_repositorys_callers_notes_are_named_by_it(workspace: Coordinator) -> None:
    notices = workspace.search(SearchRequest("who calls helper")).result.notices
    assert [n for n in notices if "helper" in n] == NOTES, notices


def test_mcp_references_carry_each_repositorys_notes(tmp_path: Path) -> None:
    services = {label: RepoService(engine, embed=False) for label, engine in indexed(tmp_path).items()}
    for service in services.values():
        service.start().join(60)
    workspace = WorkspaceService(services, ready_wait_s=0.05)
    try:
        own, *notes = workspace.references("helper", None, 10)["notes"]  # the workspace's own note first
        assert own.startswith("each repository's graph is its own") and notes == NOTES
        assert workspace.references("helper", "import", 10)["notes"] == [own]  # the repositories' notes speak of calls
    finally:
        workspace.close()


def test_far_shards_say_their_notes_with_the_questions_start(tmp_path: Path) -> None:
    """Shards held by another process (a cluster's actors, here answering in this process) say
    the same notes, foreseen with the question's start: no round trip of their own."""
    engines = indexed(tmp_path / "made")
    for engine in engines.values():
        engine.close()
    here, there, calls = _pair([tmp_path / "made" / "one", tmp_path / "made" / "two"], tmp_path / "here", tmp_path / "there")
    try:
        expected = [n for n in here.search(SearchRequest("who calls helper")).result.notices if "helper" in n]
        calls.clear()
        notices = there.search(SearchRequest("who calls helper")).result.notices
        assert expected == NOTES and [n for n in notices if "helper" in n] == NOTES, notices
        assert calls["callers_notes"] == 0 and calls["begin"] == 2, calls
    finally:
        here.close()
        there.close()
