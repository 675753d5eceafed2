"""Over a workspace, a place written as its results show it (``repo/path:line``) is that
repository's file alone; a place without a repository is every repository's file so named. Found
by an outside tester (mri 1.2.0 and sade 1.8.1 both ship ``lib/index.js``):
``sade-1.8.1/lib/index.js`` listed mri-1.2.0's ``lib/index.js`` first and sade's second, and
``mri-1.2.0/lib/index.js:5`` listed sade's too: each repository read the place by its longest tail
that it holds (``lib/index.js``), as one repository reads a trace printed on another machine."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from maguyva_tui.core.workspace import Coordinator, SearchRequest
from tests.trees import workspace_of

MRI = {"lib/index.js": "function toArr(any) {\n  return any;\n}\n\nfunction toVal(out, key) {\n  return out[key];\n}\n"}
SADE = {"lib/index.js": "const e = require('mri');\n\nfunction sade(usage) {\n  return e(usage);\n}\n"}


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Coordinator]:
    coordinator = workspace_of(tmp_path_factory.mktemp("named_place"), {"mri": MRI, "sade": SADE})
    yield coordinator
    coordinator.close()


def _places(workspace: Coordinator, question: str, limit: int = 10) -> list[tuple[str, str, str | None]]:
    answer = workspace.search(SearchRequest(question, limit))
    return [(repo, r.path, r.symbol) for repo, r in zip(answer.repos, answer.result.results)]


def test_a_place_written_with_its_repository_is_that_repository_s(workspace: Coordinator) -> None:
    assert _places(workspace, "sade/lib/index.js:3") == [("sade", "lib/index.js", "sade")]
    assert _places(workspace, "mri/lib/index.js:5") == [("mri", "lib/index.js", "toVal")]
    assert _places(workspace, "sade/lib/index.js", 1) == [("sade", "lib/index.js", None)]
    assert _places(workspace, "sade/lib/index.js:3 sade/lib/index.js:1") == [
        ("sade", "lib/index.js", "sade"), ("sade", "lib/index.js", None)]


def test_a_place_without_a_repository_is_every_repository_s(workspace: Coordinator) -> None:
    assert {repo for repo, _, _ in _places(workspace, "lib/index.js:1")} == {"mri", "sade"}
