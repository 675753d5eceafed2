"""The workspace on a Ray cluster (issue 21.3), on a one-node cluster this module starts and stops.

The contract: a workspace of N repositories gives the same list in-process and through the
cluster (same repositories, paths, order and scores); indexing fans out as one task per
repository; a shard actor killed mid-question, or one that stops answering, is named among the
missing repositories and nothing hangs; every node of the cluster is on 127.0.0.1, and a node
anywhere else is refused at once.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import socket
import stat
import subprocess
import sys
import time
import zlib
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from maguyva_tui.core.fusion import tie_class
from maguyva_tui.core.paths import is_demoted, is_secondary
from maguyva_tui.core.types import Hit, QueryError
from maguyva_tui.core.workspace import Coordinator, SearchRequest, WorkspaceResult, open_workspace
from maguyva_tui.core.workspace import cluster as cluster_module
from maguyva_tui.core.workspace import coordinator as coordinator_module
from maguyva_tui.core.workspace.cluster import (
    LOCAL,
    LOOPBACK,
    Cluster,
    Host,
    RemoteShard,
    ShardHost,
    _page_places,
    _reachable,
    connect,
    index_on_cluster,
    local_options,
    open_cluster_workspace,
    pack_shards,
    require_loopback,
    sweep_private,
)
from maguyva_tui.core.workspace.shard import Found
from tests.conftest import FIXTURE
from tests.fakes import FakeProvider

ray_missing = pytest.mark.skipif(
    __import__("importlib").util.find_spec("ray") is None,
    reason="the cluster tests need Ray: pip install 'maguyva-tui[cluster]'",
)

QUESTIONS = [
    "how does the config loader read files",
    "parse_config",
    '"ECONNREFUSED"',
    "who calls parse_config",
    "code similar to parse_config",
    "extract the settings from the text into a dictionary",
]


class WordProvider(FakeProvider):
    """Vectors seeded by a text's first word: deterministic in every process, no model to load."""

    id = "test:cluster:64"

    def seed(self, text: str) -> int:
        return zlib.crc32((text.lower().split()[0] if text.split() else "").encode())


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    """A one-node cluster on 127.0.0.1, started here and stopped at the end."""
    started = time.perf_counter()
    joined = connect(LOCAL)
    assert joined.started and time.perf_counter() - started < 120
    yield joined
    joined.close()


@pytest.fixture(scope="module")
def repos(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Three repositories: the polyglot fixture, its Python app alone and its web folder alone."""
    base = tmp_path_factory.mktemp("cluster")
    shutil.copytree(FIXTURE, base / "poly")
    shutil.copytree(FIXTURE / "app", base / "app")
    shutil.copytree(FIXTURE / "web", base / "web")
    return [base / "poly", base / "app", base / "web"]


@pytest.fixture(scope="module")
def index_base(cluster: Cluster, repos: list[Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The repositories indexed on the cluster, one task each, the transformer tier filled."""
    base = tmp_path_factory.mktemp("indexes")
    done = index_on_cluster(cluster, [str(r) for r in repos], base, full=True, provider=WordProvider(), static=False)
    assert [d.error for d in done] == [None, None, None]
    assert [d.summary and d.summary["root"] for d in done] == [str(r.resolve()) for r in repos]
    return base


@pytest.fixture(scope="module")
def on_ray(cluster: Cluster, repos: list[Path], index_base: Path) -> Iterator[Coordinator]:
    coordinator = open_cluster_workspace(cluster, repos, index_base, provider=WordProvider(), static=False)
    yield coordinator
    coordinator.close()


def _listed(answer: WorkspaceResult) -> list[tuple[str, str, int, float]]:
    return [(repo, r.path, r.start_line, round(r.score, 12)) for r, repo in zip(answer.result.results, answer.repos)]


@pytest.mark.slow
@pytest.mark.cluster
@ray_missing
def test_every_node_is_on_loopback(cluster: Cluster) -> None:
    assert cluster.addresses == [LOOPBACK]


def test_a_node_elsewhere_is_refused_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MAGUYVA_RAY_ANY_ADDRESS", raising=False)
    require_loopback([{"NodeManagerAddress": LOOPBACK, "Alive": True}])
    require_loopback([{"NodeManagerAddress": "192.0.2.2", "Alive": False}])  # a dead node advertises nothing
    with pytest.raises(QueryError, match="192.0.2.2, not 127.0.0.1"):
        require_loopback([{"NodeManagerAddress": LOOPBACK, "Alive": True},
                          {"NodeManagerAddress": "192.0.2.2", "Alive": True}])


def test_an_address_elsewhere_or_unanswered_is_refused_in_seconds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MAGUYVA_RAY_ANY_ADDRESS", raising=False)
    with pytest.raises(QueryError, match="not on 127.0.0.1"):
        _reachable("10.1.2.3:6379")  # refused before any packet leaves
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind((LOOPBACK, 0))
        port = probe.getsockname()[1]
    started = time.perf_counter()
    with pytest.raises(QueryError, match="nothing answers there"):
        _reachable(f"{LOOPBACK}:{port}")
    assert time.perf_counter() - started < 6  # Ray alone retries for minutes



AUTH_ENV = ("RAY_AUTH_MODE", "RAY_AUTH_TOKEN", "RAY_AUTH_TOKEN_PATH")


class FakeRay:
    """What :func:`connect` asks of Ray, recorded: each ``ray.init``'s arguments, and the
    authentication environment and private folder as Ray's processes would find them."""

    __version__ = "2.60.0"

    def __init__(self, auth: bool = True, fails: Exception | None = None) -> None:
        self.inits: list[dict[str, Any]] = []
        self.seen: dict[str, Any] = {}
        self.reloads: list[str | None] = []
        self.fails = fails
        self.shut = False
        if auth:
            self._raylet = SimpleNamespace(
                Config=SimpleNamespace(initialize=lambda _: self.reloads.append(os.environ.get("RAY_AUTH_MODE"))),
                AuthenticationTokenLoader=SimpleNamespace(instance=lambda: SimpleNamespace(reset_cache=lambda: None)),
                get_authentication_mode=lambda: None)

    def is_initialized(self) -> bool:
        return False

    def init(self, **options: Any) -> None:
        self.inits.append(options)
        if "_temp_dir" in options:  # a local cluster
            token = Path(os.environ["RAY_AUTH_TOKEN_PATH"])
            self.seen = {"env": {name: os.environ.get(name) for name in AUTH_ENV}, "token": token.read_text(),
                         "token_mode": stat.S_IMODE(token.stat().st_mode),
                         "folder_mode": stat.S_IMODE(Path(options["_temp_dir"]).parent.stat().st_mode)}
        if self.fails is not None:
            raise self.fails

    def nodes(self) -> list[dict[str, Any]]:
        return [{"NodeManagerAddress": LOOPBACK, "Alive": True}]

    def shutdown(self) -> None:
        self.shut = True


def test_a_local_cluster_asks_for_no_dashboard_and_loopback_only() -> None:
    options = local_options(3)
    assert options["address"] == LOCAL and options["num_cpus"] == 3
    assert options["include_dashboard"] is False and options["_node_ip_address"] == LOOPBACK


def test_a_local_cluster_has_its_own_token_and_a_private_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    """A user who opted out of Ray's token authentication (RAY_AUTH_MODE=disabled, for a cluster
    of theirs) had a --ray local cluster any process given its address could run code in; the
    default token lay in ~/.ray/auth_token (0644) and the session under /tmp/ray (0777)."""
    monkeypatch.setenv("RAY_AUTH_MODE", "disabled")
    monkeypatch.setenv("RAY_AUTH_TOKEN", "the user's own")
    monkeypatch.delenv("RAY_AUTH_TOKEN_PATH", raising=False)
    fake = FakeRay()
    monkeypatch.setattr(cluster_module, "_ray", lambda: fake)
    joined = connect(LOCAL)
    (options,) = fake.inits
    temp_dir = Path(options["_temp_dir"])
    assert options == local_options() | {"_temp_dir": str(temp_dir)} and temp_dir.parent.name.startswith("maguyva-ray-")
    assert fake.seen["env"] == {"RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": None,
                                "RAY_AUTH_TOKEN_PATH": str(temp_dir.parent / "token")}
    assert fake.seen["folder_mode"] == 0o700 and fake.seen["token_mode"] == 0o600
    assert len(fake.seen["token"]) == 64 and int(fake.seen["token"], 16) >= 0
    assert fake.reloads == ["token"]  # this process reads the mode again before ray.init
    joined.close()
    assert fake.shut and not temp_dir.parent.exists()
    assert {name: os.environ.get(name) for name in AUTH_ENV} == {
        "RAY_AUTH_MODE": "disabled", "RAY_AUTH_TOKEN": "the user's own", "RAY_AUTH_TOKEN_PATH": None}
    assert fake.reloads == ["token", "disabled"]


def test_each_local_cluster_gets_a_fresh_token(monkeypatch: pytest.MonkeyPatch) -> None:
    tokens = []
    for _ in range(2):
        fake = FakeRay()
        monkeypatch.setattr(cluster_module, "_ray", lambda fake=fake: fake)
        connect(LOCAL).close()
        tokens.append(fake.seen["token"])
    assert tokens[0] != tokens[1]


def _dead_pid() -> int:
    child = subprocess.Popen(["true"])
    child.wait()
    return child.pid


def test_a_private_folder_whose_process_is_gone_is_swept(tmp_path: Path) -> None:
    """A run killed while using --ray local had left its maguyva-ray-* folder behind for good."""
    def made(name: str, owner: str | None) -> Path:
        folder = tmp_path / f"maguyva-ray-{name}"
        (folder / "ray").mkdir(parents=True)
        if owner is not None:
            (folder / "owner").write_text(owner)
        return folder

    dead = made("dead", f"{_dead_pid()}\n")
    kept = [made("live", f"{os.getppid()}\n"), made("mine", f"{os.getpid()}\n"), made("unowned", None),
            made("garbled", "x\n")]
    (tmp_path / "maguyva-ray-link").symlink_to(dead)  # a link is never followed, nor removed
    (tmp_path / "other-dead").mkdir()
    (tmp_path / "other-dead" / "owner").write_text(f"{_dead_pid()}\n")
    assert sweep_private(tmp_path) == [dead]
    assert not dead.exists() and all(folder.exists() for folder in kept)
    assert (tmp_path / "maguyva-ray-link").is_symlink() and (tmp_path / "other-dead").exists()
    assert sweep_private(tmp_path / "missing") == []


def test_a_local_cluster_names_its_process_and_sweeps_a_dead_ones_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RAY_AUTH_MODE", raising=False)
    fake = FakeRay()
    monkeypatch.setattr(cluster_module, "_ray", lambda: fake)
    first = connect(LOCAL)
    folder = Path(fake.inits[0]["_temp_dir"]).parent
    assert (folder / "owner").read_text() == f"{os.getpid()}\n"
    stale = folder.parent / f"maguyva-ray-stale{os.getpid()}"
    stale.mkdir()
    (stale / "owner").write_text(f"{_dead_pid()}\n")
    try:
        second = connect(LOCAL)
        assert not stale.exists() and folder.exists()  # the live one (this process's) is kept
        second.close()
    finally:
        first.close()
        shutil.rmtree(stale, ignore_errors=True)


def test_a_local_cluster_that_fails_to_start_leaves_nothing_behind(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RAY_AUTH_MODE", raising=False)
    fake = FakeRay(fails=RuntimeError("raylet died\nmore"))
    monkeypatch.setattr(cluster_module, "_ray", lambda: fake)
    with pytest.raises(QueryError, match="cannot join the Ray cluster at local: raylet died$"):
        connect(LOCAL)
    assert not Path(fake.inits[0]["_temp_dir"]).parent.exists() and "RAY_AUTH_MODE" not in os.environ


def test_a_cluster_that_refuses_says_it_may_want_a_token(monkeypatch: pytest.MonkeyPatch) -> None:
    """`ray start` turns token authentication on; joining it without RAY_AUTH_MODE=token had said
    only "Failed to connect to Ray cluster at ...", after Ray's twenty lines of Unauthenticated."""
    monkeypatch.delenv("RAY_AUTH_MODE", raising=False)
    monkeypatch.setattr(cluster_module, "_reachable", lambda address: None)
    fake = FakeRay(fails=ConnectionError("Failed to connect to Ray cluster"))
    monkeypatch.setattr(cluster_module, "_ray", lambda: fake)
    with pytest.raises(QueryError, match=r"at 127.0.0.1:6380: Failed to connect to Ray cluster \(a cluster with token "
                                         r"authentication, as `ray start` makes one, needs RAY_AUTH_MODE=token"):
        connect("127.0.0.1:6380")
    monkeypatch.setenv("RAY_AUTH_MODE", "token")
    with pytest.raises(QueryError, match=r"Failed to connect to Ray cluster$"):
        connect("127.0.0.1:6380")


def test_a_ray_without_token_authentication_starts_no_local_cluster(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeRay(auth=False)
    monkeypatch.setattr(cluster_module, "_ray", lambda: fake)
    with pytest.raises(QueryError, match=r"needs Ray 2\.52 or later .*this is 2\.60\.0"):
        connect(LOCAL)
    assert fake.inits == []


INTRUDER = """
import sys, ray
try:
    ray.init(address=sys.argv[1], logging_level="ERROR", log_to_driver=False)
except ConnectionError:
    print("refused")
else:
    print("joined", ray.get(ray.remote(lambda: 1).remote(), timeout=60))
"""


@pytest.mark.slow
@pytest.mark.cluster
@ray_missing
def test_a_process_given_only_the_address_cannot_join_a_local_cluster(cluster: Cluster, tmp_path: Path) -> None:
    """Another user knows the port (ss lists it) but not the token, which lies in a folder only
    this user reads, as does the session's folder of sockets and logs."""
    private = cluster.private
    assert private is not None and stat.S_IMODE(private.folder.stat().st_mode) == 0o700
    session = cluster.ray._private.worker._global_node.get_session_dir_path()
    assert Path(session).is_relative_to(private.folder)
    address = cluster.ray.get_runtime_context().gcs_address
    base = {k: v for k, v in os.environ.items() if k not in AUTH_ENV} | {
        "HOME": str(tmp_path), "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0"}
    wrong = {"RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": "0" * 64}
    theirs = {"RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN_PATH": str(private.folder / "token")}
    runs = [subprocess.Popen([sys.executable, "-c", INTRUDER, address], env=base | extra, stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True) for extra in ({}, wrong, theirs)]
    said = [run.communicate(timeout=120)[0].split() for run in runs]  # a refusal takes Ray ~20 s of retries
    assert said == [["refused"], ["refused"], ["joined", "1"]]


def test_a_port_of_digits_int_refuses_is_left_to_ray() -> None:
    """``--ray 127.0.0.1:²``: ``str.isdigit`` takes ``²``, ``int`` refused it, and the command
    ended in ``internal error: ValueError``; Ray itself says it cannot read the port."""
    _reachable(f"{LOOPBACK}:²")

@pytest.mark.slow
@pytest.mark.cluster
@ray_missing
@pytest.mark.parametrize("question", QUESTIONS)
def test_the_cluster_gives_the_list_of_one_machine(on_ray: Coordinator, repos: list[Path], index_base: Path,
                                                   question: str) -> None:
    here = open_workspace(repos, index_base, provider=WordProvider(), static=False)
    try:
        expected = here.search(SearchRequest(question, 10))
    finally:
        here.close()
    answer = on_ray.search(SearchRequest(question, 10))
    assert _listed(expected), question
    assert _listed(answer) == _listed(expected)
    assert [r.snippet for r in answer.result.results] == [r.snippet for r in expected.result.results]
    assert {repo for repo in answer.repos} >= {"poly"} and answer.missing == ()


class _Answered:
    """What a fake actor's call returns: the answer itself (``ray.get`` hands it back)."""

    def __init__(self, value: Any) -> None:
        self.value = value


class _InProcessActor:
    """A shard actor without Ray: each ``actor.method.remote(...)`` answers at once; its round
    trips are counted under ``"round trips"``, and each shard's call by method."""

    def __init__(self, host: ShardHost, calls: Counter[str]) -> None:
        self._host, self._calls = host, calls

    def __getattr__(self, method: str) -> Any:
        def remote(*args: Any) -> _Answered:
            self._calls["round trips"] += 1
            for _, name, inner in args[0] if method == "many" else [("", method, args)]:
                self._calls[inner[0] if name == "call" else name] += 1
            return _Answered(getattr(self._host, method)(*args))

        return type("Method", (), {"remote": staticmethod(remote)})()


class _RayError(Exception):
    """Stands for Ray's errors: none is raised by actors answering in this process."""


class _InProcessRay:
    """The part of Ray a remote shard calls, answering from :class:`_InProcessActor`."""

    exceptions = SimpleNamespace(RayTaskError=_RayError, GetTimeoutError=_RayError, RayError=_RayError)

    def get(self, ref: _Answered, timeout: float | None = None) -> Any:
        return ref.value

    def cancel(self, ref: _Answered) -> None:
        pass

    def kill(self, actor: Any, no_restart: bool = True) -> None:
        pass


HOSTS = 2
"""Processes the fake cluster's shards are packed into (as many as this machine's cores)."""


@pytest.fixture(scope="module")
def in_process_actors(repos: list[Path], tmp_path_factory: pytest.TempPathFactory,
                      ) -> Iterator[tuple[Coordinator, Coordinator, Counter[str]]]:
    """A workspace in this process, and the same over remote shards whose actors (two, one
    holding two repositories) answer in this process (no cluster), their calls counted."""
    base = tmp_path_factory.mktemp("actors")
    here, there, calls = _pair(repos, base, base)
    yield here, there, calls
    here.close()
    there.close()


@pytest.mark.parametrize("code_ahead", [False, True])
@pytest.mark.parametrize("question", QUESTIONS)
def test_remote_shards_answer_as_in_process_in_few_round_trips(
        in_process_actors: tuple[Coordinator, Coordinator, Counter[str]], repos: list[Path], question: str,
        code_ahead: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """The calls a question makes of remote shards (here actors answering in this process): one
    start each (that answers grounding, definers and idf, and runs a symbol question's engine),
    one for every engine's list of a blend, and the lines copy folding compares and the page
    reads (with ``CODE_AHEAD``, those come with the engines' lists); no file read one by one, no
    lookup of its own; every step one round trip per host; the list is the same."""
    monkeypatch.setattr(coordinator_module, "CODE_AHEAD", code_ahead)
    here, there, calls = in_process_actors
    expected = here.search(SearchRequest(question, 10))
    calls.clear()
    answer = there.search(SearchRequest(question, 10))
    assert _listed(answer) == _listed(expected) and _listed(answer), question
    assert [r.snippet for r in answer.result.results] == [r.snippet for r in expected.result.results]
    assert calls["begin"] == len(repos)
    assert calls["file"] == calls["lines"] == calls["line_count"] == 0, calls
    assert calls["knows_symbol"] == calls["lookup"] == calls["word_stats"] == 0, calls
    steps = 2 if code_ahead else 3  # the start, every engine at once, the code copy folding compares
    # the lines of calls through another repository's import (app's server.py: from app.config import
    # parse_config as read_config), found beside the engines' lists, are read in one more round trip
    foreign = any("through an import of another repository's package" in n for n in answer.result.notices)
    assert calls["excerpts"] <= (0 if code_ahead and not foreign else len(repos)), calls
    assert calls["search"] == 0 and calls["searches"] <= len(repos), calls
    assert calls["round trips"] <= steps * HOSTS, calls
    if answer.result.fusion_strategy == "direct":  # a symbol question's engine foreseen: one round trip in all
        extra = 1 if foreign else 0
        # a repository defining nothing of the name but importing a defining one's package is asked,
        # in one more round trip, for its calls of a method so named its graph left untied (baf7c1f)
        extra += 1 if calls["untied_elsewhere"] else 0
        assert calls["searches"] == 0 and calls["round trips"] == HOSTS + extra, calls


def _pair(repos: list[Path], here_base: Path, there_base: Path) -> tuple[Coordinator, Coordinator, Counter[str]]:
    """A workspace in this process and the same over remote shards (actors answering in this
    process, two hosts), each on its own index folder, the remote one's calls counted."""
    here = open_workspace(repos, here_base, provider=WordProvider(), static=False)
    calls: Counter[str] = Counter()
    shards = []
    for group in pack_shards([1] * len(repos), HOSTS):
        held = tuple((repos[i].name, str(repos[i])) for i in group)
        host = Host(_InProcessActor(ShardHost(held, str(there_base), WordProvider(), False), calls), _InProcessRay())
        shards += [RemoteShard(label, root, host) for label, root in held]
    there = Coordinator(shards)  # type: ignore[arg-type]  # RemoteShard answers as Shard
    assert len(there.open()) == len(repos)
    assert calls["round trips"] == HOSTS  # every shard of a host opened in one call
    return here, there, calls


def test_a_sentence_asks_its_blend_with_its_start_once_the_word_counts_are_known(tmp_path: Path) -> None:
    """Once a question's start has brought each remote shard's word counts, a sentence's
    workspace idf is summed by the coordinator and its blend's lists come with the question's
    start: two round trips a host (the start, the lines), no counts asked, the list of this
    process. A repository whose index moves to a new generation is caught (its counts are no
    longer the coordinator's): its lists, and the others' run on the old counts, are asked again,
    and the list is still the one of this process."""
    repos = [tmp_path / "poly", tmp_path / "app", tmp_path / "web"]
    shutil.copytree(FIXTURE, repos[0])
    shutil.copytree(FIXTURE / "app", repos[1])
    shutil.copytree(FIXTURE / "web", repos[2])
    here, there, calls = _pair(repos, tmp_path / "here-index", tmp_path / "there-index")
    try:
        question = "extract the settings from the text into a dictionary"
        assert _listed(there.search(SearchRequest("how does the server read its configuration", 10)))
        expected = here.search(SearchRequest(question, 10))
        calls.clear()
        answer = there.search(SearchRequest(question, 10))
        assert _listed(answer) == _listed(expected) and _listed(answer)
        assert calls["round trips"] == 2 * HOSTS and calls["searches"] == calls["word_stats"] == 0, calls
        named = "code similar to parse_config"  # a blend with a target: foreseen as well
        expected_named = here.search(SearchRequest(named, 10))
        calls.clear()
        assert _listed(there.search(SearchRequest(named, 10))) == _listed(expected_named) and _listed(expected_named)
        assert calls["round trips"] == 2 * HOSTS and calls["searches"] == 0, calls

        config = repos[1] / "config.py"  # new settings words in one repository: its counts change
        config.write_text(config.read_text() + "\n\ndef settings_text(text):\n"
                          '    """Extract the settings of a text into a dictionary of settings."""\n'
                          "    return dict(line.split('=', 1) for line in text.splitlines())\n")
        for shard in here.shards:
            shard.engine.refresh(semantic=False)
        for shard in there.shards:
            shard.host.actor._host._shards[shard.label].engine.refresh(semantic=False)  # type: ignore[attr-defined]
        expected = here.search(SearchRequest(question, 10))
        assert any(r.path == "config.py" and r.symbol == "settings_text" for r in expected.result.results)
        asked_again = []
        for _ in range(3):  # caught; the counts brought again; then foreseen again
            calls.clear()
            answer = there.search(SearchRequest(question, 10))
            assert _listed(answer) == _listed(expected)
            asked_again.append(calls["searches"])
        assert asked_again[0] == len(repos), asked_again  # the lists run on the old counts are not used
        assert calls["round trips"] == 2 * HOSTS and calls["searches"] == 0, calls
    finally:
        here.close()
        there.close()


def test_a_lone_name_defined_in_many_tests_is_answered_in_one_round_trip(tmp_path: Path) -> None:
    """A symbol question's page comes with the question's start, even where the name's first
    definitions in a repository's list are in tests (listed after the package's own code): each
    shard sends the lines of the hits a page may show of each kind of path, not only its first
    ones (it cost the page a round trip of its own)."""
    one, two = tmp_path / "one", tmp_path / "two"
    for at in range(25):
        (one / "tests" / f"test_{at:02}.py").parent.mkdir(parents=True, exist_ok=True)
        (one / "tests" / f"test_{at:02}.py").write_text(f"class Widget:\n    size = {at}\n")
    (one / "zz").mkdir()
    (one / "zz" / "widget.py").write_text("class Widget:\n    \"\"\"The real widget.\"\"\"\n\n    size = 1\n")
    shutil.copytree(FIXTURE / "app", two)
    here, there, calls = _pair([one, two], tmp_path / "here-index", tmp_path / "there-index")
    try:
        expected = here.search(SearchRequest("Widget", 10))
        assert expected.result.results[0].path == "zz/widget.py"
        calls.clear()
        answer = there.search(SearchRequest("Widget", 10))
        assert _listed(answer) == _listed(expected)
        assert [r.snippet for r in answer.result.results] == [r.snippet for r in expected.result.results]
        assert calls["round trips"] == HOSTS and calls["excerpts"] == 0, calls
    finally:
        here.close()
        there.close()


def test_the_hits_a_page_may_show_are_found_in_one_pass() -> None:
    """``_page_places`` (a heap per kind of path) keeps exactly the hits that have fewer than a
    page of their kind before them in the direct path's order, as counting them one by one does."""
    rng = random.Random(7)
    paths = ["a.py", "tests/test_a.py", "vendor/x.py", "docs/y.py", "src/b.py"]

    def counted(name: str, found: list[Found], page: int) -> list[int]:
        keys = [((is_demoted(f.hit.path), is_secondary(f.hit.path)),
                 (-tie_class(name, f.hit), -max(f.centrality, 0.0) if name != "text" else 0.0)) for f in found]
        return [at for at, (kind, key) in enumerate(keys)
                if sum(1 for other, before in keys[:at] if other == kind and before <= key) < page]

    for _ in range(300):
        name, page = rng.choice(["structural", "text", "graph"]), rng.randint(1, 25)
        found = [Found(Hit(rng.choice(paths), i, i, rng.choice([1.0, 2.0, 4.2, 4.5]), "S",
                           rng.choice(["function", "class", "method"]), "python", "r"),
                       (rng.choice(paths), i, i), rng.choice([0.0, 0.1, 0.3, -0.1])) for i in range(rng.randint(0, 80))]
        assert _page_places(name, found, page) == counted(name, found, page)


def test_a_question_quoting_names_reads_the_chunks_code_in_one_call_a_host(
        in_process_actors: tuple[Coordinator, Coordinator, Counter[str]], repos: list[Path]) -> None:
    """A sentence that quotes names as code reads the code of its first items for them
    (``fusion.QUOTED_LIFT``): one call a host fetches it ahead (it had read each file in a call
    of its own: 30 round trips), and the list is the same as in this process."""
    here, there, calls = in_process_actors
    question = "Return the value for a *key* of the ``Settings`` loaded by the config loader"
    expected = here.search(SearchRequest(question, 10))
    assert any(r.quoted_lift > 1.0 for r in expected.result.results)
    calls.clear()
    answer = there.search(SearchRequest(question, 10))
    assert _listed(answer) == _listed(expected) and _listed(answer)
    assert [r.quoted_lift for r in answer.result.results] == [r.quoted_lift for r in expected.result.results]
    assert calls["file"] == calls["lines"] == calls["line_count"] == 0, calls
    assert calls["round trips"] <= 4 * HOSTS, calls  # the start, every engine at once, the quoted code, the page


def test_shards_are_packed_by_size_into_as_many_hosts_as_asked() -> None:
    assert pack_shards([5, 1, 1, 1, 4, 2], 2) == [[0, 1, 2], [3, 4, 5]]  # 7 and 7: the largest first, each to the lighter
    assert pack_shards([3, 3], 4) == [[0], [1]]  # never an empty host
    assert pack_shards([6, 5, 4], 2, capacity=8) == [[0], [1], [2]]  # no host past a node's memory: one more
    assert pack_shards([9, 1], 1, capacity=8) == [[0], [1]]  # a shard larger than a node still gets a host
    assert pack_shards([3, 2, 1], 2, capacity=8, asks=[4, 4, 4]) == [[0], [1, 2]]  # balanced by work, capped by memory
    assert pack_shards([3, 2, 1], 2, capacity=8, asks=[4, 6, 4]) == [[0, 2], [1]]
    assert pack_shards([], 2) == []
    with pytest.raises(ValueError):
        pack_shards([1], 0)


class _Killed(RemoteShard):
    """A shard whose actor (and every shard it holds) is killed right after the question started on it."""

    def _begun(self, answer: Any) -> Any:
        begun = super()._begun(answer)
        self.host._ray.kill(self.host.actor, no_restart=True)  # asynchronous: wait until calls meet a dead actor
        from ray.exceptions import RayActorError

        for _ in range(100):
            try:
                self.host._ray.get(self.host.actor.ping.remote(), timeout=5)
            except RayActorError:
                break
            time.sleep(0.1)
        return begun


class _Stuck(ShardHost):
    """A host whose engines never answer in time."""

    def call(self, label: str, method: str, *args: Any) -> Any:
        if method in ("search", "searches") or (method == "begin" and args[0] is not None and args[0].searches):
            time.sleep(60)  # engines asked alone, together, or foreseen with the question's start
        return super().call(label, method, *args)


def _workspace(cluster: Cluster, repos: list[Path], index_base: Path, groups: list[list[str]],
               host: type[ShardHost], shard: type[RemoteShard], deadline_s: float = 5.0) -> Coordinator:
    """A coordinator over actors holding the repositories named in ``groups`` (one actor each),
    the first group's actor built of ``host`` and its shards of ``shard``."""
    roots = {root.name: root for root in repos}
    shards = []
    for at, group in enumerate(groups):
        held = tuple((label, str(roots[label])) for label in group)
        actor = cluster.ray.remote(host if at == 0 else ShardHost).options(
            num_cpus=0, max_concurrency=16, max_restarts=0).remote(held, str(index_base), WordProvider(), False)
        link = Host(actor, cluster.ray)
        shards += [(shard if at == 0 else RemoteShard)(label, root, link) for label, root in held]
    coordinator = Coordinator(shards, [], deadline_s)  # type: ignore[arg-type]
    assert len(coordinator.open()) == len(repos)
    return coordinator


@pytest.mark.slow
@pytest.mark.cluster
@ray_missing
def test_a_shard_killed_mid_question_is_named_missing(cluster: Cluster, repos: list[Path], index_base: Path) -> None:
    """An actor holding two repositories dies after the question started: both are named missing,
    the third answers."""
    coordinator = _workspace(cluster, repos, index_base, [["app", "web"], ["poly"]], ShardHost, _Killed)
    question = "parse the config file"  # a blend: its engines are asked after the start (a symbol's run with it)
    try:
        started = time.perf_counter()
        answer = coordinator.search(SearchRequest(question, 10))
        assert time.perf_counter() - started < 10
        assert [m.label for m in answer.missing] == ["app", "web"] and "gone" in answer.missing[0].reason
        assert set(answer.repos) == {"poly"}
        assert [label for label, _ in answer.searched] == ["poly"]
        assert any(n.startswith("app: not searched") for n in answer.result.notices)
        again = coordinator.search(SearchRequest(question, 10))  # later questions: missing at once
        assert [m.label for m in again.missing] == ["app", "web"] and _listed(again) == _listed(answer)
    finally:
        coordinator.close()


@pytest.mark.slow
@pytest.mark.cluster
@ray_missing
def test_a_shard_that_stops_answering_does_not_hold_the_answer(cluster: Cluster, repos: list[Path],
                                                                index_base: Path) -> None:
    coordinator = _workspace(cluster, repos[1:], index_base, [["web"], ["app"]], _Stuck, RemoteShard, deadline_s=1.0)
    try:
        started = time.perf_counter()
        answer = coordinator.search(SearchRequest("parseConfig", 10))
        assert time.perf_counter() - started < 8  # the deadline, its margin, the others' work
        assert [m.label for m in answer.missing] == ["web"] and "did not answer within 3 s" in answer.missing[0].reason
        assert answer.repos and "web" not in answer.repos
    finally:
        coordinator.close()


@pytest.mark.slow
@pytest.mark.cluster
@ray_missing
def test_the_command_line_indexes_and_searches_through_the_cluster(cluster: Cluster, repos: list[Path],
                                                                   tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    from maguyva_tui.cli import main

    gone = tmp_path / "gone"
    index = ["index", "--no-semantic", "--json", "--index-dir", str(tmp_path / "idx"), "--ray", LOCAL]
    assert main([*index, *map(str, repos), str(gone)]) == 2  # one repository could not be indexed
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line.get("root") for line in lines[:3]] == [str(r.resolve()) for r in repos]
    assert lines[3]["path"] == str(gone) and "no such directory" in lines[3]["error"]
    args = ["search", "parse_config", "--json", "--index-dir", str(tmp_path / "idx"), *(f"--repo={r}" for r in repos)]
    assert main(args) == 0
    here = json.loads(capsys.readouterr().out)
    assert main([*args, "--ray", LOCAL]) == 0  # this process is in the cluster already: it stays in it
    there = json.loads(capsys.readouterr().out)
    assert cluster.ray.is_initialized()
    key = [(r["repo"], r["path"], r["start_line"], r["score"]) for r in here["results"]]
    assert key and key == [(r["repo"], r["path"], r["start_line"], r["score"]) for r in there["results"]]


@pytest.mark.slow
@pytest.mark.cluster
@ray_missing
def test_a_chunk_several_repositories_hold_is_embedded_once(cluster: Cluster, repos: list[Path], tmp_path: Path) -> None:
    twins = [tmp_path / "app", tmp_path / "twin" / "app"]
    for twin in twins:
        shutil.copytree(repos[1], twin)
    done = index_on_cluster(cluster, [str(t) for t in twins], tmp_path / "idx", full=True, provider=WordProvider(),
                            static=False)
    assert [d.error for d in done] == [None, None]
    shared = [d.summary["shared_embedding"] for d in done if d.summary]
    distinct = shared[0]["distinct"]
    assert distinct > 0 and shared[0] == {"keys": 2 * distinct, "distinct": distinct, "embedded": distinct,
                                          "copied": distinct}
    assert [d.summary and d.summary["semantic_coverage"] for d in done] == [1.0, 1.0]
    here = open_workspace(twins, tmp_path / "idx", provider=WordProvider(), static=False)
    try:  # the copied vectors rank the twin's chunks exactly as the embedded ones rank the first's
        answer = here.search(SearchRequest("config loader reads the file", 20, modality="semantic"))
    finally:
        here.close()
    by_repo: dict[str, list[tuple[str, int, float]]] = {}
    for r, repo in zip(answer.result.results, answer.repos):
        vote = dict(r.votes)["semantic"]
        assert vote is not None
        by_repo.setdefault(repo, []).append((r.path, r.start_line, round(vote.score, 6)))
    assert len(by_repo) == 2
    first, second = by_repo.values()
    assert first and first == second


@pytest.mark.slow
def test_an_embedding_task_keeps_to_one_thread() -> None:
    """What a Ray task of ``--embed full`` runs: the local MiniLM's batch on one thread (its pool
    holds one per usable core otherwise), given back as it was after."""
    import threading

    from maguyva_tui.core.embed.minilm import MiniLMProvider
    from maguyva_tui.core.workspace.fanout import one_core, one_embedding_thread

    provider = MiniLMProvider(workers=2)
    texts = [f"def handler_{i}(request, retries={i}):\n    return send(request, retries)" for i in range(96)]
    with one_core(), one_embedding_thread(provider):
        wall, cpu = time.perf_counter(), time.process_time()
        inside = provider.embed_documents(texts)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        pool = [t.name for t in threading.enumerate() if t.name.startswith("minilm")]
    assert pool == ["minilm_0"] and inside.shape == (96, 384)
    assert cpu <= 1.25 * wall + 0.05, (cpu, wall)  # one core's worth (a second thread would near 2x)
    outside = provider.embed_documents(texts)  # the provider as it was: its two threads again
    assert len([t for t in threading.enumerate() if t.name.startswith("minilm")]) == 2
    assert abs(outside - inside).max() < 1e-5
