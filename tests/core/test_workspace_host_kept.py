"""A repository that cannot be opened in a process holding other repositories of the workspace (a
``--workers`` process, a cluster's actor) is named missing alone: the process and the others go on
answering. Found by an outside tester: with linkify-it-py 2.0.3 unreadable in a workspace of six,
``maguyva search "who calls LinkifyIt" --workspace ws.txt --workers 2`` said "myapp: not searched
(its worker process ended (killed by signal 9))" and the same of sade: the coordinator closed the
repository that failed to open, and closing a far shard ends its whole process."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.workspace import Coordinator, SearchRequest
from maguyva_tui.core.workspace.cluster import Host, RemoteShard, ShardHost
from tests.core.test_test_modules import NameProvider
from tests.core.test_workspace_twin_files import _Actor, _Ray
from tests.trees import write_tree

LIB = {"lib/emitter.py": "class Emitter:\n    def emit(self, event):\n        return event\n"}
APP = {"app/main.py": "from lib.emitter import Emitter\n\n\ndef run():\n    return Emitter().emit('go')\n"}


class _Killable(_Ray):
    """A cluster whose ``kill`` ends the actor: every later call of it fails, as a dead process's."""

    def __init__(self) -> None:
        self.killed = 0

    def kill(self, actor: Any) -> None:
        self.killed += 1

    def get(self, ref: Any, timeout: float | None = None) -> Any:
        if self.killed:
            raise RuntimeError("the actor died (killed)")
        return super().get(ref, timeout)


def test_a_repository_that_fails_to_open_leaves_its_process_to_the_others(tmp_path: Path) -> None:
    app, lib = write_tree(tmp_path / "app", APP), write_tree(tmp_path / "lib", LIB)
    for root in (app, lib):
        Engine(root, tmp_path / "ix", provider=NameProvider(), static=False).refresh()
    held = (("app", str(app)), ("gone", str(tmp_path / "gone")), ("lib", str(lib)))
    ray = _Killable()
    host = Host(_Actor(ShardHost(held, str(tmp_path / "ix"), NameProvider(), False), Counter()), ray)
    coordinator = Coordinator([RemoteShard(label, root, host) for label, root in held])  # type: ignore[misc]
    try:
        assert [shard.label for shard in coordinator.open()] == ["app", "lib"]
        assert [m.label for m in coordinator.missing] == ["gone"] and ray.killed == 0
        answer = coordinator.search(SearchRequest("who calls Emitter", 5))
        assert [m.label for m in answer.missing] == ["gone"]
        assert {repo for repo in answer.repos} == {"app"} and answer.result.results
    finally:
        coordinator.close()
    assert ray.killed  # closing the workspace ends the process


@pytest.mark.parametrize("label", ["app", "lib"])
def test_every_repository_of_a_process_failing_to_open_ends_it(tmp_path: Path, label: str) -> None:
    held = ((label, str(tmp_path / "gone-a")), ("other", str(tmp_path / "gone-b")))
    ray = _Killable()
    host = Host(_Actor(ShardHost(held, str(tmp_path / "ix"), NameProvider(), False), Counter()), ray)
    coordinator = Coordinator([RemoteShard(name, root, host) for name, root in held])  # type: ignore[misc]
    assert coordinator.open() == [] and ray.killed
    coordinator.close()
