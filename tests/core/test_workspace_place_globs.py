"""A pattern of paths typed as a place over a workspace (``**/*.py``, ``src/*.py``,
``lib/src/*.py``) lists every repository's indexed files it matches, shallowest first, each
labelled with its repository, and says how many over all, as one repository does: the workspace
had read it as one missing file ("no indexed file is /*.py")."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from maguyva_tui.core.workspace import Coordinator, SearchRequest
from tests.core.test_workspace_file_stem import index_base, remote, roots
from tests.trees import workspace_of

__all__ = ["index_base", "remote", "roots"]  # the cluster's fixtures, shared

LIB = {"setup.py": "def setup():\n    return 0\n",
       "src/codec.py": "def encode(x):\n    return x\n",
       "src/notes.md": "# notes\n"}
APP = {"main.py": "def run():\n    return 1\n",
       "src/deep/wire.py": "def send(data):\n    return data\n"}


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Coordinator]:
    ws = workspace_of(tmp_path_factory.mktemp("globs"), {"lib": LIB, "app": APP})
    yield ws
    ws.close()


def _rows(answer: object) -> list[tuple[str, str]]:
    return [(repo, r.path) for r, repo in zip(answer.result.results, answer.repos)]  # type: ignore[attr-defined]


@pytest.mark.parametrize(("question", "rows"), [
    ("**/*.py", [("app", "main.py"), ("lib", "setup.py"), ("lib", "src/codec.py"), ("app", "src/deep/wire.py")]),
    ("src/*.py", [("lib", "src/codec.py")]),  # * stays inside a folder, as git reads it, as in one repository
    ("src/**/*.py", [("lib", "src/codec.py"), ("app", "src/deep/wire.py")]),  # ** crosses none or several
    ("lib/src/*.py", [("lib", "src/codec.py")]),
    ("./app/**/w*.py", [("app", "src/deep/wire.py")]),
])
def test_a_pattern_lists_every_repository_s_files_it_matches(workspace: Coordinator, question: str,
                                                              rows: list[tuple[str, str]]) -> None:
    answer = workspace.search(SearchRequest(question, 10))
    assert _rows(answer) == rows
    count = len(rows)
    said = f"{question.removeprefix('./')} matches {count} indexed file{'s' if count > 1 else ''}, shallowest first"
    assert said in answer.result.notices
    assert not [n for n in answer.result.notices if "no indexed file" in n]


def test_the_count_is_over_every_repository_past_the_page(workspace: Coordinator) -> None:
    answer = workspace.search(SearchRequest("**/*.py", 2))
    assert _rows(answer) == [("app", "main.py"), ("lib", "setup.py")]
    assert "**/*.py matches 4 indexed files, shallowest first" in answer.result.notices


def test_a_pattern_matching_nothing_is_said_missing(workspace: Coordinator) -> None:
    answer = workspace.search(SearchRequest("src/*.rs", 10))
    assert any("no indexed file is src/*.rs" in n for n in answer.result.notices)


@pytest.mark.slow
def test_a_pattern_over_a_cluster_s_shards(remote: Coordinator) -> None:
    """The shards of a cluster are asked a pattern's files as those in this process are."""
    answer = remote.search(SearchRequest("src/**/*.py", 10))
    assert _rows(answer) == [("lib", "src/codec/__init__.py"), ("lib", "src/codec/codec.py"),
                             ("lib", "src/codec/prompts.py")]
    assert "src/**/*.py matches 3 indexed files, shallowest first" in answer.result.notices
