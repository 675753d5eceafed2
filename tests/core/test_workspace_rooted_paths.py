"""Over a workspace, a path written through a repository's absolute root (as an agent's file tools
write it) or as the workspace's results show it (``repo/path``) names that repository's file, as
the path from its root does. Found by an outside tester (pyee 12.1.1, mri 1.2.0 and four more):
``who imports /ws/pyee-12.1.1/pyee/base.py``, ``what breaks if I change /ws/mri-1.2.0/lib/index.js``,
``who calls /ws/mri-1.2.0/lib/index.js::toArr`` and ``/ws/pyee-12.1.1/pyee/base.py::EventEmitter``
had said "nothing in the graph depends on /ws/...; blending the engines instead" or "no indexed
file is ...", where ``--repo pyee-12.1.1`` alone answers each; and ``who imports
pyee-12.1.1/pyee/base.py`` or ``what breaks if I change pyee-12.1.1/pyee/base.py``, a result's own
path, "nothing in the graph calls pyee-12.1.1/pyee/base.py"."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from maguyva_tui.core.workspace import Coordinator, SearchRequest, WorkspaceResult
from tests.trees import workspace_of

LIB = {
    "lib/__init__.py": "from .emitter import Emitter, make\n",
    "lib/emitter.py": "class Emitter:\n    def emit(self, event):\n        return event\n\n\ndef make():\n    return Emitter()\n",
    "lib/loud.py": "from lib.emitter import Emitter, make\n\n\nclass Loud(Emitter):\n    def shout(self):\n"
                   "        return make().emit('x')\n",
}
APP = {"app/main.py": "from lib.emitter import make\n\n\ndef run():\n    return make()\n"}


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Coordinator]:
    coordinator = workspace_of(tmp_path_factory.mktemp("rooted"), {"app": APP, "lib": LIB})
    yield coordinator
    coordinator.close()


def _places(answer: WorkspaceResult) -> list[tuple[str, str, int]]:
    return [(repo, r.path, r.start_line) for repo, r in zip(answer.repos, answer.result.results)]


@pytest.mark.parametrize("question", ["who imports {}lib/emitter.py", "what breaks if I change {}lib/emitter.py",
                                      "who calls {}lib/emitter.py::make", "{}lib/emitter.py::Emitter",
                                      "where is {}lib/emitter.py::make defined"])
def test_a_path_through_a_repository_s_root_or_label_is_that_repository_s(workspace: Coordinator, question: str) -> None:
    lib = next(s for s in workspace.shards if s.label == "lib")
    plain = workspace.search(SearchRequest(question.format(""), 10))
    assert plain.result.lookup_failed is None and _places(plain), plain.result.notices
    for written in (f"{lib.root}/", "lib/"):
        asked = question.format(written)
        answer = workspace.search(SearchRequest(asked, 10))
        assert answer.result.query == asked
        assert _places(answer) == _places(plain), (asked, answer.result.notices)
        assert not [n for n in answer.result.notices if "nothing in the graph" in n or "no indexed file" in n
                    or " is  of " in n]  # a file's path read without its label is no definition to name


def test_a_literal_through_a_root_is_looked_for_as_written(workspace: Coordinator) -> None:
    lib = next(s for s in workspace.shards if s.label == "lib")
    answer = workspace.search(SearchRequest(f'"{lib.root}/lib/emitter.py"', 5))
    assert answer.result.lookup_failed is not None and answer.result.lookup_failed.kind == "literal"
    assert str(lib.root) in answer.result.lookup_failed.message
