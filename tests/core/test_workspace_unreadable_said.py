"""A workspace's answer to a name or string it misses says which repository's walk could not read
some path, as one repository's answer says it had not read them (``(1 unreadable path not
indexed)``). Found by an outside tester (pyee 12.1.1 with ``pyee/twisted.py`` made unreadable, in a
workspace with linkify-it-py, uc-micro-py, mri, sade and an app): ``--repo pyee`` alone said "no
symbol named TwistedEventEmitter (1 unreadable path not indexed)", "no indexed line holds
"errback" (1 unreadable path not indexed)" and the MCP server "no definition of ... (1 unreadable
path not indexed)"; the workspace (search, --json, MCP search, find_definition, find_references,
impact) said "no symbol named TwistedEventEmitter", "no line holds "errback"" and "no definition
of 'TwistedEventEmitter' in any repository of the workspace: ..." as if every file were read."""

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
from tests.trees import write_tree

LIB = {"lib/emitter.py": "class Emitter:\n    def emit(self, event):\n        return event\n"}
APP = {"app/main.py": "from lib.emitter import Emitter\n\n\ndef run():\n    return Emitter().emit('go')\n"}
UNREAD = "(1 unreadable path not indexed, in lib)"


@pytest.fixture(scope="module")
def roots(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    base = tmp_path_factory.mktemp("unreadable_said")
    return [write_tree(base / "app", APP), write_tree(base / "lib", LIB)]


@pytest.fixture(scope="module")
def index_base(roots: list[Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("unreadable_said_index")
    for root in roots:
        engine = Engine(root, base, provider=NameProvider(), static=False)
        engine.refresh()
        engine.close()
    return base


def _unreadable_in_lib(coordinator: Coordinator, monkeypatch: pytest.MonkeyPatch) -> None:
    """lib's walk could not read one path, as the walk counts it (tests run as root, who reads all)."""
    for shard in coordinator.shards:
        engine = getattr(shard, "engine", None)
        if engine is not None and shard.label == "lib":
            monkeypatch.setitem(engine.generation.snapshot.manifest.skipped, "unreadable", 1)


def _check(coordinator: Coordinator) -> None:
    for question in ("TwistedEmitter", "who calls TwistedEmitter", "what breaks if I change TwistedEmitter"):
        failed = coordinator.search(SearchRequest(question, 5)).result.lookup_failed
        assert failed is not None and failed.message.startswith(f"no symbol named TwistedEmitter {UNREAD}"), question
    failed = coordinator.search(SearchRequest('"errback_zq"', 5)).result.lookup_failed
    assert failed is not None and failed.message.startswith(f'no indexed line holds "errback_zq" {UNREAD}')
    failed = coordinator.search(SearchRequest("errb.ck_zq", 5, regex=True)).result.lookup_failed
    assert failed is not None and failed.message == f'no indexed line matches the regex "errb.ck_zq" {UNREAD}'
    failed = coordinator.search(SearchRequest("Emitter", 5)).result.lookup_failed  # found: nothing said of it
    assert failed is None


def test_a_workspace_miss_names_the_repository_it_could_not_read(
        roots: list[Path], index_base: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    workspace = open_workspace(roots, index_base, provider=NameProvider(), static=False)
    try:
        _unreadable_in_lib(workspace, monkeypatch)
        _check(workspace)
    finally:
        workspace.close()


def test_a_workspace_whose_paths_were_all_read_says_nothing_of_it(roots: list[Path], index_base: Path) -> None:
    workspace = open_workspace(roots, index_base, provider=NameProvider(), static=False)
    try:
        failed = workspace.search(SearchRequest('"errback_zq"', 5)).result.lookup_failed
        assert failed is not None and failed.message.startswith('no line holds "errback_zq" ')
        assert "unreadable" not in failed.message
        failed = workspace.search(SearchRequest("TwistedEmitter", 5)).result.lookup_failed
        assert failed is not None and "unreadable" not in failed.message
    finally:
        workspace.close()


@pytest.fixture
def remote(roots: list[Path], index_base: Path) -> Iterator[tuple[Coordinator, ShardHost]]:
    held = tuple((root.name, str(root)) for root in roots)
    host = ShardHost(held, str(index_base), NameProvider(), False)
    coordinator = Coordinator([RemoteShard(label, root, Host(_Actor(host, Counter()), _Ray()))  # type: ignore[misc]
                               for label, root in held])
    try:
        assert len(coordinator.open()) == len(roots)
        yield coordinator, host
    finally:
        coordinator.close()


def test_a_cluster_s_far_shard_says_it_too(remote: tuple[Coordinator, ShardHost], monkeypatch: pytest.MonkeyPatch) -> None:
    coordinator, host = remote
    lib = host._shard("lib")
    monkeypatch.setitem(lib.engine.generation.snapshot.manifest.skipped, "unreadable", 1)
    _check(coordinator)
