"""Who calls a name that no repository's graph tied a call to, asked of a workspace: the calls
naming it on receivers the graphs could not resolve (``connection.close()``), as each repository
alone lists them, every repository's own code first, each line saying what they are named by its
repository. The workspace's merged view holds no one graph, and its answer had been a blend of the
engines (structlog with mistune: ``who calls handle`` had listed definitions named like it)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.workspace import Coordinator, SearchRequest, Shard
from tests.core.test_workspace_callers_notes import FirstWord
from tests.test_cluster import _pair

ONE = "class Handler:\n    def close(self):\n        return None\n\n\ndef shutdown(connection):\n    return connection.close()\n"
ONE_TEST = "def test_shutdown(conn):\n    conn.close()\n"
TWO = "class Pool:\n    def close(self):\n        return 1\n\n\ndef drain(pool):\n    pool.close()\n    return pool\n"


def made(base: Path) -> list[Path]:
    """``one``: ``Handler.close`` called only on a parameter, in its code and a test; ``two``:
    ``Pool.close`` likewise, in its code."""
    one, two = base / "one", base / "two"
    (one / "pkg").mkdir(parents=True)
    (one / "tests").mkdir()
    two.mkdir()
    (one / "pkg" / "lib.py").write_text(ONE)
    (one / "tests" / "test_lib.py").write_text(ONE_TEST)
    (two / "x.py").write_text(TWO)
    return [one, two]


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Coordinator]:
    base = tmp_path_factory.mktemp("ws")
    engines = {root.name: Engine(root, base / "indexes", provider=FirstWord(), static=False) for root in made(base)}
    for engine in engines.values():
        engine.refresh()
    coordinator = Coordinator([Shard(label, engine) for label, engine in engines.items()])
    yield coordinator
    coordinator.close()


LISTED = [("one", "pkg/lib.py", 7), ("two", "x.py", 7), ("one", "tests/test_lib.py", 2)]
"""Every untied call of ``close``: each repository's own code first, then its tests."""


def listed(answer: object) -> list[tuple[str, str, int]]:
    return [(repo, r.path, r.start_line) for r, repo in zip(answer.result.results, answer.repos)]  # type: ignore[attr-defined]


def test_untied_calls_are_listed_per_repository(workspace: Coordinator) -> None:
    answer = workspace.search(SearchRequest("who calls close"))
    assert listed(answer) == LISTED
    assert answer.result.fusion_strategy == "direct" and all(r.vote("graph") is not None for r in answer.result.results)
    said = [n for n in answer.result.notices if "tied no call" in n]
    assert [n.partition(":")[0] for n in said] == ["one", "two"], answer.result.notices
    assert "listing the 2 calls that name it" in said[0] and "listing the call that names it" in said[1]
    assert not any("blending" in n for n in answer.result.notices)


@pytest.mark.slow  # two workspaces indexed: 0.5 s
def test_far_shards_list_the_same_calls(tmp_path: Path) -> None:
    """Shards held by another process (a cluster's actors, here answering in this process) list
    the same calls."""
    here, there, _ = _pair(made(tmp_path / "made"), tmp_path / "here", tmp_path / "there")
    try:
        assert listed(there.search(SearchRequest("who calls close"))) == LISTED
        assert listed(here.search(SearchRequest("who calls close"))) == LISTED
    finally:
        here.close()
        there.close()


def test_a_list_the_limit_cut_says_so(workspace: Coordinator) -> None:
    """``search --json`` over several repositories says ``truncated`` when ``--limit`` cut one
    engine's whole list, as over one repository (it had been silent: 2 of 3 calls, no word)."""
    from maguyva_tui.workspace_command import _with_cut

    answer, more = workspace.search_page(SearchRequest("who calls close", limit=2))
    assert more and listed(answer) == LISTED[:2] and len(answer.repos) == len(answer.copy_repos) == 2
    assert _with_cut(answer, more)["truncated"] == "showing the first 2; more match: raise --limit or narrow the query"
    whole, more = workspace.search_page(SearchRequest("who calls close", limit=3))
    assert not more and listed(whole) == LISTED and "truncated" not in _with_cut(whole, more)
