"""Who calls a definition, what extends it and what breaks if it changes, asked of a workspace
that holds its library and a repository using it: the user's call through an import of the
library's package (``import lib`` then ``lib.decorator(...)``; ``from lib import decorator``),
and its class extending the library's (``class Child(Base)``), are listed with the library's
own. Each repository's graph leaves a use of another package untied: "who calls
wrapt.decorator" over wrapt and deprecated had listed wrapt's callers alone, and "what breaks if
I change FrozenList" over frozenlist and aiosignal had left out aiosignal's Signal."""

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
    (lib / "src" / "lib" / "__init__.py").write_text("from .base import Base\nfrom .decorators import decorator\n")
    (lib / "src" / "lib" / "base.py").write_text("class Base:\n    pass\n")
    (lib / "src" / "lib" / "decorators.py").write_text(
        "def decorator(wrapper):\n    return wrapper\n\n\n@decorator\ndef synced(f):\n    return f\n")
    (lib / "tests" / "test_a.py").write_text("import lib\n\n\n@lib.decorator\ndef wrapped(f):\n    return f\n")
    (user / "user" / "a.py").write_text(
        "import lib\nimport other\n\n\ndef run(f):\n    other.decorator(f)\n    return lib.decorator(f)\n")
    (user / "user" / "b.py").write_text("from lib import decorator\n\n\n@decorator\ndef go(f):\n    return f\n")
    (user / "user" / "d.py").write_text("from lib import Base\n\n\nclass Child(Base):\n    pass\n")
    (user / "user" / "e.py").write_text("from user.d import Child\n\n\ndef make():\n    return Child()\n")
    inner = user / "vendor" / "inner"
    inner.mkdir(parents=True)
    (inner / "x.py").write_text("import lib\n\n\nclass Vendored(lib.Base):\n    pass\n")
    (user / "user" / "c.py").write_text("def decorator(f):\n    return f\n\n\nx = decorator(1)\n")
    out = {label: Engine(root, base / "indexes", provider=FakeProvider(), static=False)
           for label, root in (("lib", lib), ("user", user), ("inner", inner))}
    for engine in out.values():
        engine.refresh()
    yield out
    for engine in out.values():
        engine.close()


@pytest.fixture(scope="module")
def workspace(engines: dict[str, Engine]) -> Iterator[Coordinator]:
    coordinator = Coordinator([Shard(label, engines[label]) for label in ("lib", "user")])
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


def test_another_repositorys_subclass_through_the_package_is_listed(workspace: Coordinator) -> None:
    answer = workspace.search(SearchRequest("subclasses of Base"))
    assert listed(answer) == [("user", "user/d.py", 4), ("user", "vendor/inner/x.py", 4)]
    assert any(n.startswith("user: 2 classes extend Base through an import") for n in answer.result.notices)


def test_what_breaks_lists_another_repositorys_uses_and_what_depends_on_them(workspace: Coordinator) -> None:
    answer = workspace.search(SearchRequest("what breaks if I change Base"))
    found = listed(answer)
    assert ("user", "user/d.py", 4) in found and ("user", "user/e.py", 4) in found  # make() builds a Child
    assert found.index(("user", "user/d.py", 4)) < found.index(("user", "user/e.py", 4))
    assert ("user", "user/e.py", 4) not in listed(workspace.search(SearchRequest("what breaks if I change Base",
                                                                                 depth=1)))


def test_a_repository_inside_another_answers_for_its_own_files(engines: dict[str, Engine]) -> None:
    three = Coordinator([Shard(label, engines[label]) for label in ("lib", "user", "inner")])
    try:
        answer = three.search(SearchRequest("subclasses of Base"))
    finally:
        three.close(shards=False)
    assert listed(answer) == [("inner", "x.py", 4), ("user", "user/d.py", 4)]
    assert [n for n in answer.result.notices if "extend" in n] == [
        "inner: 1 class extends Base through an import of another repository's package, which inner's graph leaves "
        "untied; listed with the graph's (first x.py:4)",
        "user: 1 class extends Base through an import of another repository's package, which user's graph leaves "
        "untied; listed with the graph's (first user/d.py:4)"]


def test_an_npm_package_is_imported_by_its_repositorys_name(tmp_path_factory: pytest.TempPathFactory) -> None:
    """``import { parse } from "lib"`` names no folder of lib's ``src/index.js``: the package is
    its repository's; the JavaScript calls and subclass had been left out (the engines blended)."""
    base = tmp_path_factory.mktemp("npm")
    (base / "lib" / "src").mkdir(parents=True)
    (base / "user" / "src").mkdir(parents=True)
    (base / "lib" / "src" / "index.js").write_text("export function parse(x) {\n  return x;\n}\nexport class Base {}\n")
    (base / "user" / "src" / "app.js").write_text(
        'import { parse, Base } from "lib";\nimport * as L from "lib";\n\nexport function run() {\n  parse(1);\n'
        "  return L.parse(2);\n}\n\nexport class Kid extends Base {}\n")
    engines = [Engine(base / label, base / "indexes", provider=FakeProvider(), static=False) for label in ("lib", "user")]
    for engine in engines:
        engine.refresh()
    coordinator = Coordinator([Shard(label, engine) for label, engine in zip(("lib", "user"), engines)])
    try:
        assert listed(coordinator.search(SearchRequest("who calls parse"))) == [("user", "src/app.js", 5),
                                                                                ("user", "src/app.js", 6)]
        assert listed(coordinator.search(SearchRequest("subclasses of Base"))) == [("user", "src/app.js", 9)]
    finally:
        coordinator.close()
