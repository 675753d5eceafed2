"""A workspace folds a file copied whole (``PKG-INFO`` and ``pkg.egg-info/PKG-INFO``) as its
repository alone does, whichever way its shards run (in this process, through a host's calls as a
worker process or a cluster's actor answers them); the same file in two repositories is listed in
each (no repository alone folds it: a workspace says which repositories hold the text)."""

from __future__ import annotations

import zlib
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from maguyva_tui.core.duplicates import fold_copies, twin_paths
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.fusion import Fused
from maguyva_tui.core.types import Hit
from maguyva_tui.core.workspace import Coordinator, SearchRequest, open_workspace
from maguyva_tui.core.workspace import coordinator as coordinator_module
from maguyva_tui.core.workspace.cluster import Host, RemoteShard, ShardHost
from tests.fakes import FakeProvider

MANUAL = "".join(f"* smoothing option {i}: exponential moving average factor for the speed estimates, from 0 "
                 f"(the average speed) to 1 (the current speed), default {i / 10}.\n" for i in range(14))
QUESTION = "exponential moving average smoothing of the speed estimate"


class WordProvider(FakeProvider):
    """Vectors seeded by a text's first word: deterministic in every process, no model to load."""

    id = "test:twins:64"

    def seed(self, text: str) -> int:
        return zlib.crc32((text.lower().split()[0] if text.split() else "").encode())


@pytest.fixture(scope="module")
def roots(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """``meter``: its manual twice (``PKG-INFO``, ``meter.egg-info/PKG-INFO``), alike notes and
    code; ``gauge``: the same manual twice too; ``dial``: once (identical files of other repositories)."""
    base = tmp_path_factory.mktemp("twins")
    meter, gauge, dial = base / "meter", base / "gauge", base / "dial"
    for root in (meter, gauge):
        (root / f"{root.name}.egg-info").mkdir(parents=True)
        (root / "PKG-INFO").write_text(MANUAL)
        (root / f"{root.name}.egg-info" / "PKG-INFO").write_text(MANUAL)
    (meter / "NOTES.txt").write_text(MANUAL.replace("default", "by default"))  # alike, not the same file
    (meter / "rate.py").write_text("def smoothed(rate, last, factor):\n    return factor * rate + (1 - factor) * last\n")
    dial.mkdir()
    (dial / "PKG-INFO").write_text(MANUAL)
    (dial / "dial.py").write_text("def needle(speed):\n    return speed * 2\n")
    return [meter, gauge, dial]


@pytest.fixture(scope="module")
def index_base(roots: list[Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("twins-index")
    for root in roots:
        engine = Engine(root, base, provider=WordProvider(), static=False)
        engine.refresh()
        engine.embed_pending()
        engine.close()
    return base


def _rows(answer: Any) -> list[tuple[str, str, int, tuple[str, ...]]]:
    return [(repo, r.path, r.start_line, tuple(c[0] for c in r.copies))
            for r, repo in zip(answer.result.results, answer.repos)]


def _manuals(rows: list[tuple[str, str, int, tuple[str, ...]]]) -> list[tuple[str, str, int, tuple[str, ...]]]:
    return [row for row in rows if row[1].endswith("PKG-INFO")]


def _alone(root: Path, index_base: Path) -> list[tuple[str, str, int, tuple[str, ...]]]:
    engine = Engine(root, index_base, provider=WordProvider(), static=False)
    try:
        result = engine.search(QUESTION, limit=20)
    finally:
        engine.close()
    return [(root.name, r.path, r.start_line, tuple(c[0] for c in r.copies)) for r in result.results]


def _check(answer: Any, alone: list[tuple[str, str, int, tuple[str, ...]]]) -> None:
    """The manual shows once in ``meter`` with its twin folded under it, as ``meter`` alone shows
    it, once in ``gauge`` the same way, and once in ``dial``: no repository's folded under another's."""
    rows = _rows(answer)
    assert answer.result.fusion_strategy == "fused"
    assert [row for row in _manuals(rows) if row[0] == "meter"] == _manuals(alone), rows
    assert [len(row[3]) for row in _manuals(rows) if row[0] == "gauge"] == [1], rows
    assert [row for row in _manuals(rows) if row[0] == "dial"] == [("dial", "PKG-INFO", 1, ())], rows
    assert ("meter", "NOTES.txt") in {row[:2] for row in rows}


@pytest.mark.slow
def test_a_workspace_in_this_process_folds_a_file_copied_whole_as_its_repository(
        roots: list[Path], index_base: Path) -> None:
    alone = _alone(roots[0], index_base)
    assert [len(row[3]) for row in _manuals(alone)] == [1], alone  # one row, its twin under it
    workspace = open_workspace(roots, index_base, provider=WordProvider(), static=False)
    try:
        _check(workspace.search(SearchRequest(QUESTION, 20)), alone)
    finally:
        workspace.close()


class _Answered:
    def __init__(self, value: Any) -> None:
        self.value = value


class _Actor:
    """A host answering in this process, its shard calls counted by method (as a worker's pipe or
    a Ray actor carries them: every argument and answer pickled by the host's own code path)."""

    def __init__(self, host: ShardHost, calls: Counter[str]) -> None:
        self._host, self._calls = host, calls

    def __getattr__(self, method: str) -> Any:
        def remote(*args: Any) -> _Answered:
            for _, name, inner in args[0] if method == "many" else [("", method, args)]:
                self._calls[inner[0] if name == "call" else name] += 1
            return _Answered(getattr(self._host, method)(*args))

        return type("Method", (), {"remote": staticmethod(remote)})()


class _Ray:
    class exceptions:  # noqa: N801 - as Ray names it
        RayTaskError = GetTimeoutError = RayError = RuntimeError

    def get(self, ref: _Answered, timeout: float | None = None) -> Any:
        return ref.value

    def cancel(self, ref: Any) -> None:
        pass

    def kill(self, actor: Any) -> None:
        pass


@pytest.fixture(scope="module")
def remote(roots: list[Path], index_base: Path) -> Iterator[tuple[Coordinator, Counter[str]]]:
    calls: Counter[str] = Counter()
    held = tuple((root.name, str(root)) for root in roots)
    host = Host(_Actor(ShardHost(held, str(index_base), WordProvider(), False), calls), _Ray())
    coordinator = Coordinator([RemoteShard(label, root, host) for label, root in held])  # type: ignore[arg-type]
    assert len(coordinator.open()) == len(roots)
    yield coordinator, calls
    coordinator.close()


@pytest.mark.slow
@pytest.mark.parametrize("code_ahead", [False, True])
def test_remote_shards_fold_a_file_copied_whole_as_its_repository(
        remote: tuple[Coordinator, Counter[str]], roots: list[Path], index_base: Path, code_ahead: bool,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The far shard finds its twins among the candidates' files sent with the code it signs, and
    signs their windows: no call of its own, no file read line by line (with ``CODE_AHEAD`` the
    lists' code was signed before the twins were known: a twin's window is read and signed here)."""
    monkeypatch.setattr(coordinator_module, "CODE_AHEAD", code_ahead)
    coordinator, calls = remote
    calls.clear()
    answer = coordinator.search(SearchRequest(QUESTION + " " * code_ahead, 20))  # not a question answered before
    _check(answer, _alone(roots[0], index_base))
    assert calls["twin_files"] == 0 and calls["folded_excerpts"] == 3, calls  # the twins with the code fetched ahead
    if not code_ahead:
        assert calls["file"] == calls["lines"] == 0, calls


def _item(path: str, rank: int) -> Fused:
    return Fused(Hit(path, 1, 5, 1.0), (path, 1, 5), 1.0 / rank, (), 0.0, 1.0, 1.0)


def test_a_window_confined_to_its_repository_folds_only_there() -> None:
    """``scope``: a result confined to its repository is neither folded under another
    repository's result nor takes one as its copy; results not confined fold as before."""
    text = " ".join(f"word{i}" for i in range(60))
    items = [_item(p, i + 1) for i, p in enumerate(("a/x", "b/x", "a/y", "b/y", "c/z", "d/z"))]
    confined = {"a/x", "a/y", "b/x", "b/y"}

    def scope(item: Fused) -> tuple[str, bool]:
        return item.key[0].split("/")[0], item.key[0] in confined

    folded = fold_copies(items, lambda item: text, scope=scope)
    assert [(item.key[0], [c[0] for c in item.copies]) for item in folded] == [
        ("a/x", ["a/y"]), ("b/x", ["b/y"]), ("c/z", ["d/z"])]
    assert [item.key[0] for item in fold_copies(items, lambda item: text)] == ["a/x"]  # no scope: one


def test_twins_are_the_paths_sharing_their_whole_text() -> None:
    class Record:
        def __init__(self, digest: str) -> None:
            self.hash = digest

    files = {"PKG-INFO": Record("m"), "p.egg-info/PKG-INFO": Record("m"), "NOTES": Record("n"), "other": Record("m")}
    assert twin_paths(files, ["PKG-INFO", "NOTES", "p.egg-info/PKG-INFO", "gone", "PKG-INFO"]) == {
        "PKG-INFO", "p.egg-info/PKG-INFO"}
    assert twin_paths(files, ["PKG-INFO", "NOTES"]) == frozenset()  # its twin no candidate: none


@pytest.mark.slow
def test_worker_processes_fold_a_file_copied_whole_as_its_repository(roots: list[Path], index_base: Path) -> None:
    workspace = open_workspace(roots, index_base, provider=WordProvider(), static=False, workers=2)
    try:
        _check(workspace.search(SearchRequest(QUESTION, 20)), _alone(roots[0], index_base))
    finally:
        workspace.close()


@pytest.mark.slow
@pytest.mark.cluster
@pytest.mark.skipif(__import__("importlib").util.find_spec("ray") is None, reason="needs Ray: pip install 'maguyva-tui[cluster]'")
def test_shards_on_ray_fold_a_file_copied_whole_as_its_repository(roots: list[Path], index_base: Path) -> None:
    """The same on a one-node cluster on 127.0.0.1, started and stopped here: each shard an actor."""
    from maguyva_tui.core.workspace.cluster import LOCAL, connect, open_cluster_workspace

    cluster = connect(LOCAL)
    try:
        workspace = open_cluster_workspace(cluster, roots, index_base, provider=WordProvider(), static=False)
        try:
            _check(workspace.search(SearchRequest(QUESTION, 20)), _alone(roots[0], index_base))
        finally:
            workspace.close()
    finally:
        cluster.close()
