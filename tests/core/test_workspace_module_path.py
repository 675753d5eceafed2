"""Over a workspace, a Python module written as its file's path (``lib/emitter.py``) is imported by
the same lines of another repository as the module written dotted (``lib.emitter``): "who imports"
and "what breaks if I change" list them either way. Found by an outside tester (pyee 12.1.1 and an
app whose ``bus.py`` has ``from pyee.base import PyeeError``): "who imports pyee.base" listed the
app's line with pyee's seven, "who imports pyee/base.py" pyee's seven alone, and "what breaks if
I change pyee/base.py" left out the app's line and what depends on it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from maguyva_tui.core.workspace import Coordinator, SearchRequest, WorkspaceResult
from tests.core.test_workspace_rooted_paths import APP, LIB
from tests.trees import workspace_of, workspace_service_of


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Coordinator]:
    coordinator = workspace_of(tmp_path_factory.mktemp("module_path"), {"app": APP, "lib": LIB})
    yield coordinator
    coordinator.close()


def _places(answer: WorkspaceResult) -> list[tuple[str, str, int]]:
    return [(repo, r.path, r.start_line) for repo, r in zip(answer.repos, answer.result.results)]


@pytest.mark.parametrize("question", ["who imports {}", "what breaks if I change {}"])
def test_a_module_s_path_is_imported_as_its_dotted_name(workspace: Coordinator, question: str) -> None:
    dotted = workspace.search(SearchRequest(question.format("lib.emitter"), 10))
    assert ("app", "app/main.py", 1) in _places(dotted)
    for written in ("lib/emitter.py", "lib/lib/emitter.py"):
        answer = workspace.search(SearchRequest(question.format(written), 10))
        assert sorted(_places(answer)) == sorted(_places(dotted)), written


def test_the_mcp_server_reads_a_module_s_path_as_its_dotted_name(tmp_path_factory: pytest.TempPathFactory) -> None:
    workspace = workspace_service_of(tmp_path_factory.mktemp("module_path_mcp"), {"app": APP, "lib": LIB})
    try:
        for ask, key in ((lambda n: workspace.references(n, None, 10), "references"),
                         (lambda n: workspace.impact(n, 2, 10), "dependents")):
            dotted = ask("lib.emitter")
            assert ("app", "app/main.py") in {(r["repo"], r["path"]) for r in dotted[key]}
            pathed = ask("lib/emitter.py")
            assert sorted((r["repo"], r["path"], r.get("line")) for r in pathed[key]) == sorted(
                (r["repo"], r["path"], r.get("line")) for r in dotted[key])
    finally:
        workspace.close()
