"""Over a workspace, "who calls emit" says, for a repository that defines no ``emit`` but calls
one on a receiver its graph could not resolve (an instance of another repository's class), that
those calls are there and where the first is, as it says a repository's own untied calls. Found
by an outside tester (pyee 12.1.1 with an app whose ``class Bus(EventEmitter)`` calls
``self.emit(topic, batch)`` and ``bus.emit("error", ...)``): "who calls emit" listed pyee's 55
callers and said "pyee-12.1.1: 1 more call names emit but the graph could not tie it", and of the
app's two calls (``rg "\\bemit\\("``) nothing at all."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from maguyva_tui.core.workspace import Coordinator, SearchRequest
from tests.core.test_test_modules import NameProvider
from tests.trees import workspace_of, workspace_service_of

LIB = {"lib/emitter.py": "class Emitter:\n    def emit(self, event):\n        return event\n\n\n"
                         "def fire(emitter):\n    return Emitter().emit('x')\n"}
APP = {"app/bus.py": "from lib.emitter import Emitter\n\n\nclass Bus(Emitter):\n    def publish(self, topic):\n"
                     "        return self.emit(topic)\n\n\ndef make():\n    bus = Bus()\n    bus.emit('error')\n"
                     "    return bus\n"}


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Coordinator]:
    coordinator = workspace_of(tmp_path_factory.mktemp("untied_elsewhere"), {"app": APP, "lib": LIB})
    yield coordinator
    coordinator.close()


@pytest.mark.parametrize("question", ["who calls emit", "who calls Emitter.emit", "what breaks if I change emit"])
def test_another_repository_s_untied_calls_of_the_name_are_said(workspace: Coordinator, question: str) -> None:
    answer = workspace.search(SearchRequest(question, 10))
    assert ("lib", "lib/emitter.py") in {(repo, r.path) for repo, r in zip(answer.repos, answer.result.results)}
    said = [n for n in answer.result.notices if n.startswith("app: ")]
    assert said == ["app: 2 calls name emit on a receiver app's graph could not resolve (an instance of another "
                    "repository's class, or of unknown type), not listed: first app/bus.py:6; search \".emit(\" "
                    "lists every line"], answer.result.notices


def test_a_repository_calling_no_method_so_named_says_nothing(workspace: Coordinator) -> None:
    answer = workspace.search(SearchRequest("who calls Emitter", 10))
    assert not [n for n in answer.result.notices if "could not resolve" in n], answer.result.notices


def test_a_cluster_s_far_shards_say_it_too(workspace: Coordinator) -> None:
    from collections import Counter

    from maguyva_tui.core.workspace.cluster import Host, RemoteShard, ShardHost
    from tests.core.test_workspace_twin_files import _Actor, _Ray

    held = tuple((shard.label, str(shard.root)) for shard in workspace.shards)
    index_base = workspace.shards[0].engine.index_base  # type: ignore[attr-defined]
    host = Host(_Actor(ShardHost(held, str(index_base), NameProvider(), False), Counter()), _Ray())
    remote = Coordinator([RemoteShard(label, root, host) for label, root in held])  # type: ignore[misc]
    try:
        assert len(remote.open()) == 2
        said = [n for n in remote.search(SearchRequest("who calls emit", 10)).result.notices if n.startswith("app: ")]
        assert said and said[0].startswith("app: 2 calls name emit on a receiver app's graph could not resolve")
    finally:
        remote.close()


def test_the_mcp_server_says_it_too(tmp_path_factory: pytest.TempPathFactory) -> None:
    workspace = workspace_service_of(tmp_path_factory.mktemp("untied_elsewhere_mcp"), {"app": APP, "lib": LIB})
    try:
        for notes in (workspace.references("emit", None, 10)["notes"], workspace.impact("Emitter.emit", 2, 10)["notes"]):
            assert [n for n in notes if n.startswith("app: 2 calls name emit on a receiver app's graph")], notes
    finally:
        workspace.close()
