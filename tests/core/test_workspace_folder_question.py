"""A question naming a folder of a workspace's repository (``lib/src/codec``, ``where is
lib/src/codec defined``) lists its files and says it is a folder, as over one repository: the
workspace had read it as a missing file ("no indexed file is lib/src/codec; searching the
question's words instead") or listed another repository's ``codec`` with no word said."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from maguyva_tui.core.workspace import Coordinator, SearchRequest
from tests.core.test_workspace_file_stem import index_base, remote, roots
from tests.trees import workspace_of

__all__ = ["index_base", "remote", "roots"]  # the cluster's fixtures, shared

LIB = {
    "src/codec/__init__.py": "from .prompts import ask\n",
    "src/codec/prompts.py": "def ask(text):\n    return text\n",
    "src/codec/deep/wire.py": "def send(data):\n    return data\n",
    "src/other.py": "def other():\n    return 0\n",
}
APP = {"main.py": "def codec(x):\n    return x\n"}
SAID = "lib/src/codec/ is a folder of 3 indexed files, those directly in it listed first (a name in it: `where is NAME defined`)"


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Coordinator]:
    ws = workspace_of(tmp_path_factory.mktemp("folders"), {"lib": LIB, "app": APP})
    yield ws
    ws.close()


@pytest.mark.parametrize("text", ["where is lib/src/codec defined", "lib/src/codec", "./lib/src/codec/"])
def test_a_repository_s_folder_lists_its_files_and_says_so(workspace: Coordinator, text: str) -> None:
    answer = workspace.search(SearchRequest(text, 10))
    assert [(repo, r.path) for r, repo in zip(answer.result.results, answer.repos)] == [
        ("lib", "src/codec/__init__.py"), ("lib", "src/codec/prompts.py"), ("lib", "src/codec/deep/wire.py")]
    assert SAID in answer.result.notices
    assert not [n for n in answer.result.notices if "no indexed file" in n]


def test_a_folder_written_without_its_repository_is_every_repository_s(workspace: Coordinator) -> None:
    answer = workspace.search(SearchRequest("where is src/codec defined", 2))
    assert [(repo, r.path) for r, repo in zip(answer.result.results, answer.repos)][:2] == [
        ("lib", "src/codec/__init__.py"), ("lib", "src/codec/prompts.py")]
    assert any(n.startswith("src/codec/ is a folder of 3 indexed files") for n in answer.result.notices)


def test_a_file_and_a_name_are_not_folders(workspace: Coordinator) -> None:
    named = workspace.search(SearchRequest("where is codec defined", 10))
    assert [(repo, r.symbol) for r, repo in zip(named.result.results, named.repos)][:1] == [("app", "codec")]
    assert not [n for n in named.result.notices if "is a folder" in n]
    filed = workspace.search(SearchRequest("lib/src/codec/prompts.py", 10))
    assert [(repo, r.path) for r, repo in zip(filed.result.results, filed.repos)][:1] == [("lib", "src/codec/prompts.py")]
    assert not [n for n in filed.result.notices if "is a folder" in n]


def test_a_folder_over_a_cluster_s_shards(remote: Coordinator) -> None:
    """The shards of a cluster are asked their folder's files as those in this process are."""
    answer = remote.search(SearchRequest("where is lib/src/codec defined", 10))
    assert [(repo, r.path) for r, repo in zip(answer.result.results, answer.repos)] == [
        ("lib", "src/codec/__init__.py"), ("lib", "src/codec/codec.py"), ("lib", "src/codec/prompts.py")]
    assert SAID in answer.result.notices
