"""Who imports a definition, asked of a workspace: a repository importing it from another
repository's library (``from frozenlist import FrozenList`` in aiosignal) lists that line, as
the library's own importing lines are listed. Each repository's graph leaves another
package's import unresolved, and "who imports FrozenList" over frozenlist and aiosignal had
listed frozenlist's test alone."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.workspace import Coordinator, SearchRequest, Shard
from tests.fakes import FakeProvider


@pytest.fixture(scope="module")
def engines(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Engine]]:
    """``lib`` defines ``Frozen`` (its test imports it); ``user`` imports it, and ``Sequence``
    from a package no repository holds."""
    base = tmp_path_factory.mktemp("members")
    lib, user = base / "lib", base / "user"
    (lib / "lib").mkdir(parents=True)
    (lib / "tests").mkdir()
    (user / "user").mkdir(parents=True)
    (lib / "lib" / "__init__.py").write_text("class Frozen:\n    pass\n")
    (lib / "tests" / "test_lib.py").write_text("from lib import Frozen\n\n\ndef test_it():\n    Frozen()\n")
    (user / "user" / "__init__.py").write_text(
        "from typing import Sequence\n\nfrom lib import Frozen\n\n\nclass Signal(Frozen):\n    items: Sequence[int]\n")
    out = {label: Engine(root, base / "indexes", provider=FakeProvider(), static=False)
           for label, root in (("lib", lib), ("user", user))}
    for engine in out.values():
        engine.refresh()
    yield out
    for engine in out.values():
        engine.close()


@pytest.fixture(scope="module")
def workspace(engines: dict[str, Engine]) -> Iterator[Coordinator]:
    coordinator = Coordinator([Shard(label, engine) for label, engine in engines.items()])
    yield coordinator
    coordinator.close()


def test_another_repositorys_import_of_a_definition_is_listed(workspace: Coordinator) -> None:
    answer = workspace.search(SearchRequest("who imports Frozen"))
    assert answer.result.rule == "importers"
    assert [(repo, r.path, r.start_line) for repo, r in zip(answer.repos, answer.result.results)] == [
        ("user", "user/__init__.py", 3), ("lib", "tests/test_lib.py", 1)]  # code before tests


def test_a_name_no_repository_defines_claims_no_import(workspace: Coordinator) -> None:
    answer = workspace.search(SearchRequest("who imports Sequence"))
    assert answer.result.rule != "importers"


def test_a_workspace_of_one_lists_as_the_repository_alone(engines: dict[str, Engine]) -> None:
    one = Coordinator([Shard("user", engines["user"])])
    try:
        alone = engines["user"].search("who imports Frozen")
        found = one.search(SearchRequest("who imports Frozen")).result
        assert [(r.path, r.start_line, r.score) for r in found.results] == [
            (r.path, r.start_line, r.score) for r in alone.results]
    finally:
        one.close(shards=False)
