"""Who calls a definition, asked of a workspace that holds its library and a repository using it:
the user's call through an import of the library's package (``import lib`` then
``lib.decorator(...)``; ``from lib import decorator``) is listed with the library's own callers.
Each repository's graph leaves a call into another package untied, and "who calls
wrapt.decorator" over wrapt and deprecated had listed wrapt's callers alone."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.workspace import Coordinator, SearchRequest, Shard
from tests.fakes import FakeProvider


@pytest.fixture(scope="module")
def engines(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Engine]]:
    """``lib`` re-exports ``decorator`` (its own code and test call it); ``user`` calls it through
    ``import lib`` and through ``from lib import decorator``, calls another package's
    ``decorator`` and defines a ``decorator`` of its own, which it calls."""
    base = tmp_path_factory.mktemp("foreign")
    lib, user = base / "lib", base / "user"
    (lib / "src" / "lib").mkdir(parents=True)
    (lib / "tests").mkdir()
    (user / "user").mkdir(parents=True)
    (lib / "src" / "lib" / "__init__.py").write_text("from .decorators import decorator\n")
    (lib / "src" / "lib" / "decorators.py").write_text(
        "def decorator(wrapper):\n    return wrapper\n\n\n@decorator\ndef synced(f):\n    return f\n")
    (lib / "tests" / "test_a.py").write_text("import lib\n\n\n@lib.decorator\ndef wrapped(f):\n    return f\n")
    (user / "user" / "a.py").write_text(
        "import lib\nimport other\n\n\ndef run(f):\n    other.decorator(f)\n    return lib.decorator(f)\n")
    (user / "user" / "b.py").write_text("from lib import decorator\n\n\n@decorator\ndef go(f):\n    return f\n")
    (user / "user" / "c.py").write_text("def decorator(f):\n    return f\n\n\nx = decorator(1)\n")
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


def listed(answer: object) -> list[tuple[str, str, int]]:
    return [(repo, r.path, r.start_line) for repo, r in zip(answer.repos, answer.result.results)]  # type: ignore[attr-defined]


def test_another_repositorys_calls_through_the_package_are_callers(workspace: Coordinator) -> None:
    answer = workspace.search(SearchRequest("who calls decorator"))
    assert answer.result.fusion_strategy == "direct"
    assert listed(answer) == [("user", "user/c.py", 5), ("lib", "src/lib/decorators.py", 5), ("user", "user/a.py", 7),
                              ("user", "user/b.py", 4), ("lib", "tests/test_a.py", 4)]  # code before tests
    assert any(n.startswith("user: 2 calls name decorator through an import of another repository's package")
               for n in answer.result.notices), answer.result.notices


def test_a_name_written_with_its_module_is_called_through_that_module(workspace: Coordinator) -> None:
    answer = workspace.search(SearchRequest("who calls lib.decorator"))
    assert listed(answer) == [("lib", "src/lib/decorators.py", 5), ("user", "user/a.py", 7), ("user", "user/b.py", 4),
                              ("lib", "tests/test_a.py", 4)]  # not other.decorator, nor user's own decorator


def test_a_workspace_of_one_lists_as_the_repository_alone(engines: dict[str, Engine]) -> None:
    one = Coordinator([Shard("lib", engines["lib"])])
    try:
        alone = engines["lib"].search("who calls decorator")
        found = one.search(SearchRequest("who calls decorator")).result
        assert [(r.path, r.start_line, r.score) for r in found.results] == [
            (r.path, r.start_line, r.score) for r in alone.results]
    finally:
        one.close(shards=False)
