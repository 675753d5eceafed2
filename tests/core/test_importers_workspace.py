"""Who imports a module, asked of a workspace: the lines importing it in the repository that holds
it and in every other one, by its written name (the workspace's view holds no one graph, and "who
imports lib" had read ``lib`` as a symbol and shown related code); and, in one repository, a ``from pkg import Name`` whose name ``pkg``
re-exports from a submodule is a line importing ``pkg`` (it had been left out: the graph ties the
name to the submodule's definition)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.workspace import Coordinator, SearchRequest, Shard
from tests.core.test_failed_lookup import FirstWordProvider

LIB = {
    "lib/__init__.py": "from lib._abc import Mapping\n",
    "lib/_abc.py": "class Mapping:\n    pass\n",
    "tests/test_a.py": "from lib import Mapping\n\n\ndef test_m():\n    assert Mapping\n",
    "tests/test_b.py": "import lib\n\n\ndef test_n():\n    assert lib.Mapping\n",
}
APP = {
    "app/__init__.py": "",
    "app/core.py": "from lib import Mapping\n\n\ndef run():\n    return Mapping()\n",
    "app/cli.py": "from app.core import run\n\n\ndef main():\n    return run()\n",
    "app/extra.py": "import library\nimport lib.sub as sub\nfrom .core import run\n",
}


def engines(base: Path) -> dict[str, Engine]:
    out = {}
    for label, files in (("lib", LIB), ("app", APP)):
        root = base / label
        for path, text in files.items():
            (root / path).parent.mkdir(parents=True, exist_ok=True)
            (root / path).write_text(text)
        out[label] = Engine(root, base / "indexes", provider=FirstWordProvider(), static=False)
        out[label].refresh()
    return out


@pytest.fixture(scope="module")
def repos(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Engine]:
    return engines(tmp_path_factory.mktemp("ws"))


@pytest.fixture(scope="module")
def workspace(repos: dict[str, Engine]) -> Iterator[Coordinator]:
    coordinator = Coordinator([Shard(label, engine) for label, engine in repos.items()])
    yield coordinator
    coordinator.close(shards=False)


def test_a_name_a_package_re_exports_is_a_line_importing_the_package(repos: dict[str, Engine]) -> None:
    answer = repos["lib"].search("who imports lib")
    assert answer.rule == "importers"
    assert [(r.path, r.start_line) for r in answer.results] == [("tests/test_a.py", 1), ("tests/test_b.py", 1)]


def test_a_workspace_lists_the_librarys_own_import_lines_and_its_consumers(workspace: Coordinator) -> None:
    answer = workspace.search(SearchRequest("who imports lib"))
    assert answer.result.rule == "importers"
    assert sorted((repo, r.path, r.start_line) for repo, r in zip(answer.repos, answer.result.results)) == [
        ("app", "app/core.py", 1), ("lib", "tests/test_a.py", 1), ("lib", "tests/test_b.py", 1)]
    assert answer.result.results[0].path.startswith("app/")  # code before tests, as in one repository


def test_a_workspace_lists_a_module_of_another_repository_and_a_definition_imported(workspace: Coordinator) -> None:
    core = workspace.search(SearchRequest("who imports app.core"))
    assert [(repo, r.path, r.start_line) for repo, r in zip(core.repos, core.result.results)] == [
        ("app", "app/cli.py", 1), ("app", "app/extra.py", 3)]
    run = workspace.search(SearchRequest("who imports run"))
    assert run.result.rule == "importers"
    assert [(repo, r.path) for repo, r in zip(run.repos, run.result.results)] == [("app", "app/cli.py"), ("app", "app/extra.py")]


def test_a_workspace_of_one_repository_answers_as_the_repository(repos: dict[str, Engine]) -> None:
    one = Coordinator([Shard("lib", repos["lib"])])
    try:
        alone = repos["lib"].search("who imports lib")
        answer = one.search(SearchRequest("who imports lib")).result
        assert [(r.path, r.start_line, r.score) for r in answer.results] == [
            (r.path, r.start_line, r.score) for r in alone.results]
        assert answer.notices == alone.notices
    finally:
        one.close(shards=False)
