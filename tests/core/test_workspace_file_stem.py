"""A lone word naming a file less its extension (``rich_utils``) shows that file over a workspace
as over one repository, and a package's name says which files are named like it.

Over humanfriendly and coloredlogs, ``maguyva search prompts --repo hf --repo cl`` had listed
``prepare_friendly_prompts`` and a test above ``hf/humanfriendly/prompts.py`` with no word, where
``--repo hf`` alone showed the file ("prompts names no symbol; showing the file prompts.py"); and
a package's name had said "showing the file hf/codec/__init__.py" without the hint "search codec.py
for the file so named" (the workspace's view has no one table of paths)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.workspace import Coordinator, SearchRequest, open_workspace
from maguyva_tui.core.workspace.cluster import Host, RemoteShard, ShardHost
from tests.core.test_test_modules import NameProvider
from tests.core.test_workspace_twin_files import _Actor, _Ray

LIB = {
    "src/codec/__init__.py": "from .codec import Encoder\n\n__version__ = '1.0'\n",
    "src/codec/codec.py": "class Encoder:\n    def encode(self, x):\n        return x\n",
    "src/codec/prompts.py": "def prepare_friendly_prompts():\n    return 1\n\n\ndef ask(text):\n    return text\n",
}
APP = {
    "app/main.py": "from codec.prompts import ask\n\n\ndef run():\n    return ask('prompts please')\n",
    "app/helpers.py": "def helper():\n    return 1\n",
}


def _repo(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


@pytest.fixture(scope="module")
def roots(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    base = tmp_path_factory.mktemp("file_stem")
    return [_repo(base / "lib", LIB), _repo(base / "app", APP)]


@pytest.fixture(scope="module")
def index_base(roots: list[Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("file_stem_index")
    for root in roots:
        engine = Engine(root, base, provider=NameProvider(), static=False)
        engine.refresh()
        engine.close()
    return base


def _check(coordinator: Coordinator) -> None:
    stem = coordinator.search(SearchRequest("prompts", 10))
    assert stem.result.rule == "module_name"
    assert [(repo, r.path) for r, repo in zip(stem.result.results, stem.repos)] == [("lib", "src/codec/prompts.py")]
    assert "prompts names no symbol; showing the file prompts.py" in stem.result.notices
    helpers = coordinator.search(SearchRequest("helpers", 10))
    assert [(repo, r.path) for r, repo in zip(helpers.result.results, helpers.repos)] == [("app", "app/helpers.py")]
    package = coordinator.search(SearchRequest("codec", 10))
    assert [(repo, r.path) for r, repo in zip(package.result.results, package.repos)][0] == ("lib", "src/codec/__init__.py")
    assert ("codec names no symbol; showing the file lib/src/codec/__init__.py, the package's; search codec.py for "
            "the file so named") in package.result.notices


def test_a_file_s_stem_is_that_file_over_a_workspace(roots: list[Path], index_base: Path) -> None:
    workspace = open_workspace(roots, index_base, provider=NameProvider(), static=False)
    try:
        _check(workspace)
    finally:
        workspace.close()


@pytest.fixture
def remote(roots: list[Path], index_base: Path) -> Iterator[Coordinator]:
    held = tuple((root.name, str(root)) for root in roots)
    host = Host(_Actor(ShardHost(held, str(index_base), NameProvider(), False), Counter()), _Ray())
    coordinator = Coordinator([RemoteShard(label, root, host) for label, root in held])  # type: ignore[misc]
    try:
        assert len(coordinator.open()) == len(roots)
        yield coordinator
    finally:
        coordinator.close()


@pytest.mark.slow
def test_a_file_s_stem_is_that_file_over_a_cluster_s_shards(remote: Coordinator) -> None:
    _check(remote)
