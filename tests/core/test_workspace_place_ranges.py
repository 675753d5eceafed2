"""A graph question over a range of lines of a workspace's file ("who calls lib/src/app.py:4-11")
answers as one repository does: a range over several methods lists each of them, in line order,
where the workspace had asked of the first definition in the range alone (its callers, with "is in
App.start ... asking about" said); a range inside one definition still asks of it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from maguyva_tui.core.workspace import Coordinator, SearchRequest
from tests.trees import workspace_of

LIB = {
    "src/app.py": ("class App:\n    \"\"\"The application.\"\"\"\n\n    def start(self):\n        return 1\n\n"
                   "    def stop(self):\n        return 2\n\n    def wait(self):\n        x = 3\n        return x\n"),
    "src/run.py": "from src.app import App\n\n\ndef main():\n    a = App()\n    a.start()\n    a.wait()\n",
}
USER = {"main.py": "def other():\n    return 0\n"}


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Coordinator]:
    ws = workspace_of(tmp_path_factory.mktemp("ranges"), {"lib": LIB, "user": USER})
    yield ws
    ws.close()


def test_a_range_over_several_methods_lists_each_as_one_repository_does(workspace: Coordinator) -> None:
    answer = workspace.search(SearchRequest("who calls lib/src/app.py:4-11", 10))
    assert [(repo, r.path, r.symbol) for r, repo in zip(answer.result.results, answer.repos)] == [
        ("lib", "src/app.py", "App.start"), ("lib", "src/app.py", "App.stop"), ("lib", "src/app.py", "App.wait")]
    assert not [n for n in answer.result.notices if "asking about" in n]


def test_a_range_inside_one_method_is_still_asked_of_it(workspace: Coordinator) -> None:
    answer = workspace.search(SearchRequest("who calls lib/src/app.py:10-12", 10))
    assert "lib/src/app.py:10-12 is in App.wait (lines 10-12); asking about lib/src/app.py::App.wait" in answer.result.notices
    assert [(repo, r.path, r.start_line) for r, repo in zip(answer.result.results, answer.repos)] == [("lib", "src/run.py", 7)]


def test_a_range_past_the_file_s_end_is_read_to_its_end(workspace: Coordinator) -> None:
    """Lines 7 to past the end: stop and wait (the class found from the blank line after stop, ending
    inside the range, had ended the scan: stop alone was asked of)."""
    answer = workspace.search(SearchRequest("who calls lib/src/app.py:7-900", 10))
    assert [r.symbol for r in answer.result.results] == ["App.stop", "App.wait"]
