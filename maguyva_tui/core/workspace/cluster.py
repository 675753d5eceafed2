"""The workspace on a Ray cluster (issue 21.3): the same coordinator, its shards held by actors.

Brief overview::

    connect(address)            ray.init on 127.0.0.1 only ("local": a one-node cluster started
                                here); any node advertising another address is refused at once
    index_on_cluster(roots)     one Ray task per repository: the index, then the static tier;
                                with full, share_embeddings: each distinct chunk embedded once
    open_cluster_workspace()    as many actors as the cluster's CPUs, each holding several
                                repositories (ShardHost: a Shard and its Engine each; pack_shards)
      -> Coordinator            the very coordinator of one machine, over RemoteShards: each
                                Shard call is the actor's method, answered within a deadline; a
                                step's calls for every shard an actor holds travel as one (Host)

Nothing else changes: the coordinator classifies, plans, merges (``merge.py``) and fuses as on
one machine, so a workspace gives the same list in-process and through the cluster. Ray is an
optional extra (``pip install 'maguyva-tui[cluster]'``), imported only here and only when asked.

**Round trips.** Each call is a round trip, so a question makes few, every actor's side by side
and one per actor per step (the calls of all the shards it holds in one, answered on its threads:
with one actor per repository, a step woke eight processes on two cores, 9-10 ms for no-op
calls alone): ``begin`` (which answers grounding, the definers and the idf counts with it, and
runs the lone engine a symbol question will most likely ask, with its hits' first lines),
``searches`` (every engine of a step at once, with the chunks of its line hits) and, for a blend,
``excerpts`` (the code copy folding compares and the page's lines): one step for a symbol question
foreseen right, three for a sentence (``coordinator.CODE_AHEAD`` brings the code with the lists
in two: measured slower). Anything not fetched ahead is still asked as it is needed (a file read
whole, a chunk, lines past what came), so the answer never depends on what was fetched.

The same hosts serve a workspace on this machine's cores without Ray (``workers.py``: worker
processes over pipes).

**Index storage.** Each actor opens its repository's index under one base folder, resolved on the
driver and handed to every actor as an absolute path: on a cluster of several machines it must be a
folder every node reads and writes at the same path (``--index-dir`` on shared storage), and each
repository at the same path on every node.

**Memory.** Each shard asks :data:`SHARD_MEMORY_FACTOR` times its index's size on disk (at least
:data:`MIN_SHARD_MEMORY`); an actor asks Ray for the sum over the shards it holds as its
``memory`` resource, so Ray places actors only on nodes with that much left: the node's memory is
the budget actors are packed into. Shards are shared among the actors largest first, each to the
one holding least, and no actor takes shards past the largest node's memory (a shard alone larger
than that gets an actor of its own, its ask capped at the node's, so none waits forever); actors
spread over the nodes (``SPREAD``).

**A shard that stops answering** (its actor killed, its node gone, a call past its deadline) is
*gone*, with every shard its actor holds: the calls they owe answer empty at once, and the
coordinator names them among the missing repositories of that answer (and of every later one),
leaving out any result of theirs already ranked.

**Who else can reach it.** ``--ray local`` starts its cluster with the dashboard off, every port
on 127.0.0.1, Ray's token authentication on (``RAY_AUTH_MODE=token``, whatever the environment
said) with a token of its own, and its session folder (sockets, logs, spilled objects) in a
private folder (0700): Ray makes its own folders 0777 (``/tmp/ray``, where another user could
replace a socket) and keeps its default token in ``~/.ray/auth_token`` 0644, one for every
cluster. Another user of this machine can still connect to the ports, and is refused without the
token (tested: a process given only the address cannot join); one who runs as this user, or as
root, can do anything this user can. Ray unpickles what travels between a cluster's processes
(and :meth:`ShardHost.many_packed` what the coordinator sends), so whoever joins a cluster can
run code in it: a cluster named by its address is its owner's to secure.

**Niceness.** A local cluster's workers run at niceness 0 (Ray starts them at 15): beside other
work at nice 0, actors at 15 got a fraction of a core and a question through Ray took 3-4x as
long (measured on this 2-core machine at load 11). A cluster started with ``ray start`` keeps its
own setting (``RAY_worker_niceness=0 ray start ...`` to match).
"""

from __future__ import annotations

import heapq
import os
import pickle
import secrets
import shutil
import socket
import tempfile
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import Any, Final, TypeAlias, TypeVar, cast

import numpy as np

from maguyva_tui.core.duplicates import Signature
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.fusion import tie_class
from maguyva_tui.core.paths import is_demoted, is_secondary
from maguyva_tui.core.retrievers.text import LineMatch
from maguyva_tui.core.search import ImportLines
from maguyva_tui.core.store.format import repo_dir
from maguyva_tui.core.types import SNIPPET_LINES, Chunk, Hit, IndexUpdate, Query, QueryError, Symbol
from maguyva_tui.core.workspace.coordinator import SHARD_DEADLINE_S, SHARD_MAX_FILES, Coordinator, Pending, reasons
from maguyva_tui.core.workspace.fanout import (
    largest_first,
    one_core,
    one_embedding_thread,
    set_environment,
    source_bytes,
    submit_bounded,
)
from maguyva_tui.core.workspace.listing import distinct_roots, labels_for
from maguyva_tui.core.workspace.shard import (
    Ask,
    Begun,
    Excerpt,
    Found,
    Lanes,
    Shard,
    ShardGone,
    ShardList,
    Want,
    WordStats,
)

LOOPBACK: Final = "127.0.0.1"
"""The one address every Ray process binds and advertises."""
LOCAL: Final = "local"
"""``--ray local``: start a one-node cluster in this process (stopped when it ends)."""
ANY_ADDRESS_ENV: Final = "MAGUYVA_RAY_ANY_ADDRESS"
"""Set to 1 to accept nodes on other addresses (a cluster of several machines); off by default."""
WORKER_NICENESS_ENV: Final = "RAY_worker_niceness"
"""Ray's niceness for the worker processes a raylet starts (15 unless set)."""
AUTH_MODE_ENV: Final = "RAY_AUTH_MODE"
"""Ray's authentication mode (``token``: every RPC and HTTP entry point asks for the token)."""
AUTH_TOKEN_ENV: Final = "RAY_AUTH_TOKEN"
"""A token given in the environment: Ray prefers it to any file."""
AUTH_TOKEN_PATH_ENV: Final = "RAY_AUTH_TOKEN_PATH"
"""The file Ray reads the token from (a local cluster's: in its private folder, 0600)."""
TOKEN_BYTES: Final = 32
"""Random bytes of a local cluster's token (64 hex digits, as long as Ray's own)."""
SOCKET_PATH_ROOM: Final = 48
"""Longest private folder kept under ``$TMPDIR``: Ray's sockets lie some 60 characters below it and
a Unix socket's path holds at most 107; a longer ``$TMPDIR`` gives way to /tmp."""
LOCAL_CPUS: Final = 2
"""CPUs a local cluster offers its tasks: this machine's two cores."""
OBJECT_STORE_BYTES: Final = 96 * 1024 * 1024
"""A local cluster's object store: answers are lists of hits, kilobytes; Ray's floor is 75 MiB."""
QUICK_CALLS: Final = frozenset({"excerpts", "folded_excerpts", "twin_files", "chunks_at", "chunk_at", "lines",
                                "line_count", "word_stats", "knows_symbol", "definers", "lookup", "spells_whole"})
"""Shard calls a host answers one after another when several come together: each takes a fraction
of a millisecond, less than handing it to a thread and back."""
ACTOR_CONCURRENCY: Final = 16
"""Calls one shard actor answers at once (threads): a question's engines, its snippets, and the next
question typed meanwhile, as the Shard of one machine answers them."""
CONNECT_TIMEOUT_S: Final = 5.0
"""Seconds to reach a cluster's address before saying nothing answers there (Ray retries for minutes)."""
CALL_TIMEOUT_S: Final = 30.0
"""Seconds any other call (begin, lines, a symbol lookup) may take before its shard counts as gone."""
CALL_MARGIN_S: Final = 2.0
"""Seconds a search call may take past the shard's own deadline (the round trip, a busy node)."""
OPEN_TIMEOUT_S: Final = 3600.0
"""Seconds a shard may take to open its index (building it when it has none: minutes on a large one)."""
SHARD_MEMORY_FACTOR: Final = 6
"""Warm engine memory per byte of index on disk: issue 21's table reads 8.4x at 31 MB, 5.5x at 109 MB,
5.2x at 308 MB and 4.5x at 777 MB; six covers the repositories that matter for packing."""
MIN_SHARD_MEMORY: Final = 256 * 1024 * 1024
"""Memory asked for a shard whose index is small or not built yet (an engine and its pools)."""

FILE_LINES: Final = 20_000
"""Files of at most this many lines travel whole the first time a question reads them (a few hundred
kilobytes at most); a longer one's lines are asked for as they are needed."""
Searched: TypeAlias = "tuple[tuple[ShardList, tuple[tuple[str, int, Chunk | None], ...]], ...]"
"""Per engine asked, its list and the chunks fusion will ask of its line hits."""
REMEMBERED: Final = 1024
"""Files and chunks a remote shard keeps from recent questions."""

T = TypeVar("T")


def _ray() -> Any:
    """Import Ray for the loopback-only cluster, or say in one line how to install it."""
    if not os.environ.get(ANY_ADDRESS_ENV):
        # Ray resolves 127.0.0.1 to the machine's network address unless it believes clusters
        # are off; read at import, and again by every worker it starts (they inherit this).
        os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    # a local cluster's workers (shard actors, indexing tasks) run at the niceness of the command
    # that asked, not Ray's 15: at nice 15 beside other work, an actor's share of a core fell to a
    # fraction and a question through Ray took 3-4x as long (measured); read by the raylet it starts
    os.environ.setdefault(WORKER_NICENESS_ENV, "0")
    try:
        import ray
    except ImportError:
        raise QueryError("--ray needs Ray: pip install 'maguyva-tui[cluster]'") from None
    if not os.environ.get(ANY_ADDRESS_ENV):
        import ray._private.ray_constants as constants

        constants.ENABLE_RAY_CLUSTER = False  # for a Ray imported before the variable was set
    return ray


def require_loopback(nodes: Sequence[dict[str, Any]]) -> None:
    """Refuse a cluster with a live node advertising any address but 127.0.0.1 (unless
    :data:`ANY_ADDRESS_ENV` is set), in one line naming it."""
    if os.environ.get(ANY_ADDRESS_ENV):
        return
    for node in nodes:
        address = str(node.get("NodeManagerAddress", ""))
        if node.get("Alive", True) and address != LOOPBACK:
            raise QueryError(f"the Ray cluster has a node on {address}, not {LOOPBACK}: maguyva binds and "
                             f"advertises {LOOPBACK} only (set {ANY_ADDRESS_ENV}=1 for a cluster of several machines)")


class Cluster:
    """A connection to a Ray cluster (or a local one started for it); close it when done."""

    def __init__(self, ray: Any, started: bool, joined: bool = True, private: _Private | None = None) -> None:
        self.ray = ray
        self.started = started
        """Whether this process started the cluster (then closing stops it)."""
        self.joined = joined
        """Whether :func:`connect` joined it (a process already in a cluster stays in it on close)."""
        self.private = private
        """A local cluster's private folder and token (removed, the environment restored, on close)."""

    @property
    def addresses(self) -> list[str]:
        """The address each live node advertises."""
        return [str(n["NodeManagerAddress"]) for n in self.ray.nodes() if n.get("Alive", True)]

    def close(self) -> None:
        """Disconnect if :func:`connect` joined; a local cluster started here stops, its private
        folder removed."""
        if self.joined:
            self.ray.shutdown()
        if self.private is not None:
            self.private.remove(self.ray)
            self.private = None


@dataclass(slots=True)
class _Private:
    """A local cluster's own folder (0700: Ray's session, sockets and logs under it) and token, and
    the environment it replaced (Ray's processes read the token's settings from it)."""

    folder: Path
    saved: dict[str, str | None]
    """Each variable set for the cluster, as it was before (``None``: unset)."""

    @classmethod
    def make(cls, ray: Any) -> _Private:
        """Make the folder and a fresh token, and turn Ray's token authentication on for it."""
        base = tempfile.gettempdir()
        parent = Path(base if len(base) < SOCKET_PATH_ROOM else "/tmp")
        sweep_private(parent)
        folder = Path(tempfile.mkdtemp(prefix=PRIVATE_PREFIX, dir=parent))
        (folder / PRIVATE_OWNER).write_text(f"{os.getpid()}\n")
        token = folder / "token"
        fd = os.open(token, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as out:
            out.write(secrets.token_hex(TOKEN_BYTES))
        wanted = {AUTH_MODE_ENV: "token", AUTH_TOKEN_PATH_ENV: str(token), AUTH_TOKEN_ENV: None}
        private = cls(folder, {name: os.environ.get(name) for name in wanted})
        set_environment(wanted)
        _reload_auth(ray)
        return private

    @property
    def temp_dir(self) -> str:
        """Ray's temp dir: a folder inside the private one (Ray makes its temp dir 0777)."""
        return str(self.folder / "ray")

    def remove(self, ray: Any) -> None:
        """Remove the folder, put the environment back as it was."""
        shutil.rmtree(self.folder, ignore_errors=True)
        set_environment(self.saved)
        _reload_auth(ray)


PRIVATE_PREFIX = "maguyva-ray-"
"""A local cluster's private folder's name starts so (in the temporary folder)."""
PRIVATE_OWNER = "owner"
"""The file in a private folder naming the process that made it (its pid): once that process is
gone, a later run removes the folder (a run killed with its cluster had left it behind)."""


def sweep_private(parent: Path) -> list[Path]:
    """Remove the private folders in ``parent`` that this user's processes made and that outlived
    them (their owner's pid is gone); a live one's, another user's, or one naming no owner (an older
    maguyva's, or one being made) is left. Return those removed."""
    try:
        found = [entry for entry in os.scandir(parent) if entry.name.startswith(PRIVATE_PREFIX)]
    except OSError:
        return []
    removed = []
    for entry in found:
        try:
            if not entry.is_dir(follow_symlinks=False) or entry.stat(follow_symlinks=False).st_uid != os.getuid():
                continue
            pid = int((Path(entry.path) / PRIVATE_OWNER).read_text(encoding="ascii").strip())
        except (OSError, ValueError):
            continue
        if pid > 0 and pid != os.getpid() and not _alive(pid):
            shutil.rmtree(entry.path, ignore_errors=True)
            removed.append(Path(entry.path))
    return removed


def _alive(pid: int) -> bool:
    """Whether a process of that pid runs (another user's counts: it cannot be signalled, but runs)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def _reload_auth(ray: Any) -> None:
    """Make this process read the authentication settings again (Ray caches its config and token)."""
    raylet = ray._raylet  # noqa: SLF001 - Ray's own reload, as its ray.init calls it
    raylet.Config.initialize("")
    raylet.AuthenticationTokenLoader.instance().reset_cache()


def token_auth_available(ray: Any) -> bool:
    """Whether the installed Ray has token authentication (Ray 2.52 and later)."""
    raylet = getattr(ray, "_raylet", None)
    return all(hasattr(raylet, name) for name in ("AuthenticationTokenLoader", "Config", "get_authentication_mode"))


def connect(address: str, num_cpus: int = LOCAL_CPUS) -> Cluster:
    """Join the cluster at ``address`` (``local``: start a one-node cluster on 127.0.0.1 with
    ``num_cpus`` CPUs), every process of it on 127.0.0.1; a node elsewhere is refused at once."""
    ray = _ray()
    if ray.is_initialized():
        cluster = Cluster(ray, started=False, joined=False)
    else:
        options = local_options(num_cpus) if address == LOCAL else _address_options(address)
        private = None
        if address == LOCAL:
            if not token_auth_available(ray):
                raise QueryError(f"--ray local needs Ray 2.52 or later (token authentication; this is {ray.__version__}): "
                                 "without it any user of this machine could run code in the cluster: "
                                 "pip install 'maguyva-tui[cluster]'")
            private = _Private.make(ray)
            options["_temp_dir"] = private.temp_dir
        try:
            ray.init(**options)
        except (ConnectionError, RuntimeError, ValueError, TimeoutError) as exc:
            if private is not None:
                private.remove(ray)
            raise QueryError(f"cannot join the Ray cluster at {address}: {_first_line(exc)}{_token_hint(address)}") from None
        cluster = Cluster(ray, started=address == LOCAL, private=private)
    try:
        require_loopback(ray.nodes())
    except QueryError:
        cluster.close()
        raise
    return cluster


def _token_hint(address: str) -> str:
    """What a refusal adds where the cluster may have asked for a token this process did not send
    (Ray sends none to an address given, unless told: the token would go to whoever listens there)."""
    if address == LOCAL or os.environ.get(AUTH_MODE_ENV, "").lower() == "token":
        return ""
    return (f" (a cluster with token authentication, as `ray start` makes one, needs {AUTH_MODE_ENV}=token and its "
            f"token: ~/.ray/auth_token or {AUTH_TOKEN_PATH_ENV})")


def local_options(num_cpus: int = LOCAL_CPUS) -> dict[str, Any]:
    """``ray.init``'s arguments for ``--ray local`` (its ``_temp_dir`` aside): a new one-node
    cluster, every process on 127.0.0.1, no dashboard (its HTTP port would run jobs)."""
    # "local" starts a new cluster; no address would join one a `ray start` left running
    return _common_options() | {"address": LOCAL, "num_cpus": num_cpus, "object_store_memory": OBJECT_STORE_BYTES}


def _address_options(address: str) -> dict[str, Any]:
    """``ray.init``'s arguments to join the cluster at ``address`` (refused at once where it is not
    on 127.0.0.1 or nothing listens)."""
    _reachable(address)
    return _common_options() | {"address": address}


def _common_options() -> dict[str, Any]:
    """What every ``ray.init`` of ours asks: 127.0.0.1, no dashboard, the workers' output kept to their logs."""
    return {"_node_ip_address": LOOPBACK, "include_dashboard": False, "log_to_driver": False, "logging_level": "ERROR"}


def _reachable(address: str) -> None:
    """Refuse at once a ``host:port`` that is not on 127.0.0.1 (unless :data:`ANY_ADDRESS_ENV`)
    or where nothing listens: Ray itself would retry for minutes."""
    host, colon, port = address.removeprefix("ray://").rpartition(":")
    if not colon or not (port.isascii() and port.isdigit()):  # isdigit alone takes ², which int refuses
        return  # "auto" and the like: Ray finds the cluster itself
    if not os.environ.get(ANY_ADDRESS_ENV) and host not in (LOOPBACK, "localhost"):
        raise QueryError(f"the Ray cluster at {address} is not on {LOOPBACK}: maguyva binds and advertises "
                         f"{LOOPBACK} only (set {ANY_ADDRESS_ENV}=1 for a cluster of several machines)")
    try:
        socket.create_connection((host, int(port)), timeout=CONNECT_TIMEOUT_S).close()
    except OSError as exc:
        raise QueryError(f"cannot join the Ray cluster at {address}: nothing answers there "
                         f"({exc.strerror or exc}); start it with: ray start --head --node-ip-address "
                         f"{LOOPBACK} --port PORT") from None


class ShardHost:
    """What a shard actor holds: several repositories' :class:`Shard` objects, each engine opened
    in the actor, answering calls named by the shard's label (``many``: several shards' calls in
    one round trip, answered side by side on the actor's threads)."""

    def __init__(self, shards: Sequence[tuple[str, str]], index_base: str, provider: Any, static: Any) -> None:
        self._roots = dict(shards)
        self._args = (index_base, provider, static)
        self._shards: dict[str, Shard] = {}
        self._lock = threading.Lock()
        self._pool: ThreadPoolExecutor | None = None

    def many(self, calls: Sequence[tuple[str, str, tuple[Any, ...]]]) -> tuple[tuple[bool, Any], ...]:
        """Answer several calls (``(label, method, args)``) at once, side by side: per call
        ``(True, answer)``, or ``(False, error)`` for a shard's own error (as one machine raises it)."""
        if len(calls) == 1:
            return (self._answer(*calls[0]),)
        if all(method == "begin" for _, method, _ in calls):
            return self._begun_together(calls)
        if all(method == "searches" for _, method, _ in calls):
            return self._searched_together(calls)
        if all(method == "call" and args and args[0] in QUICK_CALLS for _, method, args in calls):
            return tuple(self._answer(*call) for call in calls)  # each a fraction of a millisecond: in turn
        return tuple(f.result() for f in [self._threads().submit(self._answer, *call) for call in calls])

    def _threads(self) -> ThreadPoolExecutor:
        with self._lock:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(max_workers=2 * ACTOR_CONCURRENCY, thread_name_prefix="maguyva-host")
            return self._pool

    def _begun_together(self, calls: Sequence[tuple[str, str, tuple[Any, ...]]]) -> tuple[tuple[bool, Any], ...]:
        """Several shards' :meth:`begin`, their foreseen lists run as a workspace in one process runs
        a blend's (:meth:`_lists_together`)."""
        def begin(label: str, args: tuple[Any, ...]) -> Any:
            ask = cast("Ask | None", args[0])
            shard = self._shard(label)
            begun, runs = shard.started(ask)
            if not runs or ask is None:
                return self._begun(label, begun, ask)
            return _Lists(shard, begun.token, ask.searches, ask.limit, ask.deadline_s, ask.max_files, ask.stats,
                          lambda lists: self._begun(label, replace(begun, lists=lists), ask))

        return self._lists_together(calls, begin)

    def _searched_together(self, calls: Sequence[tuple[str, str, tuple[Any, ...]]]) -> tuple[tuple[bool, Any], ...]:
        """Several shards' :meth:`searches`, run as :meth:`_lists_together` runs them."""
        def searched(label: str, args: tuple[Any, ...]) -> _Lists:
            token, asks, limit, deadline_s, max_files, stats, heads, *code = args
            return _Lists(self._shard(label), token, asks, limit, deadline_s, max_files, stats,
                          lambda lists: self._searched(label, token, lists, asks, heads, code[0] if code else 0))

        return self._lists_together(calls, searched)

    def _lists_together(self, calls: Sequence[tuple[str, str, tuple[Any, ...]]],
                        plan: Callable[[str, tuple[Any, ...]], Any]) -> tuple[tuple[bool, Any], ...]:
        """Answer several shards' calls whose engines' lists (``plan``: a :class:`_Lists`, else the
        answer itself) run as a workspace in one process runs a blend's (:meth:`Shard.start_all`:
        one task per shard, in a few lanes, each list left out past the deadline from the call's
        start), not one thread per shard waiting on each engine's thread (measured in one process
        on 4 of the bench's shards: 5.0 ms a sentence's start with a thread per shard, 2.2 ms so)."""
        started = time.perf_counter()
        lanes = Lanes(self._threads())
        out: list[tuple[bool, Any]] = [(False, None)] * len(calls)
        running = []
        for at, (label, _, args) in enumerate(calls):
            try:
                work = plan(label, args)
                if not isinstance(work, _Lists):
                    out[at] = (True, work)
                    continue
                running.append((at, label, work, work.shard.start_all(
                    work.token, work.asks, work.limit, work.deadline_s, work.max_files, work.stats, started, lanes)))
            except Exception as exc:  # noqa: BLE001 - as _answer tells it
                out[at] = _failed(label, exc)
        lanes.open()
        for at, label, work, future in running:
            shard = work.shard
            try:
                done = lanes.wait(future, max(work.deadline_s - (time.perf_counter() - started), 0.0))
                lists = future.result() if done else tuple(shard.late(name, work.deadline_s) for name, _ in work.asks)
                out[at] = (True, work.answer(tuple(shard.settled(work.token, a) for a in lists)))
            except Exception as exc:  # noqa: BLE001 - as _answer tells it
                out[at] = _failed(label, exc)
        return tuple(out)

    def many_packed(self, calls: bytes) -> bytes:
        """:meth:`many` of calls pickled by the standard pickle, its answers pickled so (see :attr:`Host.packed`)."""
        return pickle.dumps(self.many(pickle.loads(calls)), pickle.HIGHEST_PROTOCOL)  # noqa: S301 - our coordinator's

    def _answer(self, label: str, method: str, args: tuple[Any, ...]) -> tuple[bool, Any]:
        try:
            return True, getattr(self, method)(label, *args)
        except Exception as exc:  # noqa: BLE001 - told as _failed tells it
            return _failed(label, exc)

    def open(self, label: str) -> IndexUpdate | None:
        """Open (or build) a repository's index and say what that did to it; a folder that is gone
        raises as on one machine."""
        index_base, provider, static = self._args
        with self._lock:
            shard = self._shards.get(label)
            if shard is None and provider is None:  # one transformer for the host's shards, as on one machine
                from maguyva_tui.core.embed.provider import choose_provider

                provider = choose_provider().provider
                self._args = (index_base, provider, static)
            if shard is None:
                shard = Shard(label, Engine(Path(self._roots[label]), Path(index_base), provider=provider,
                                            static=static))
                self._shards[label] = shard
        return shard.open()

    def file(self, label: str, token: int, path: str) -> tuple[int, tuple[str, ...] | None]:
        """A file's line count and, when it has at most :data:`FILE_LINES` lines, all of them (as
        :meth:`Shard.lines` splits them): a page's snippets then cost one round trip per file."""
        count: int = self.call(label, "line_count", token, path)
        if count > FILE_LINES:
            return count, None
        return count, tuple(self.call(label, "lines", token, path, 1, count + 1))

    def search(self, label: str, token: int, *args: Any) -> tuple[ShardList, tuple[tuple[str, int, Chunk | None], ...]]:
        """One engine's list (:meth:`Shard.search`) and, for each hit not on a whole definition, the
        chunks fusion will ask for (the one holding its line, the one its key starts at): the same
        round trip."""
        answer: ShardList = self.call(label, "search", token, *args)
        return answer, self._chunks_of(label, token, answer)

    def begin(self, label: str, ask: Ask | None) -> tuple[Begun, tuple[tuple[str, int, Chunk | None], ...],
                                                          tuple[Excerpt, ...]]:
        """Start a question (:meth:`Shard.begin`); with the lists its ask foresaw, the chunks of
        their line hits and their hits' first lines (:meth:`searches`' ``heads``)."""
        return self._begun(label, self.call(label, "begin", ask), ask)

    def _begun(self, label: str, begun: Begun, ask: Ask | None) -> tuple[Begun, tuple[tuple[str, int, Chunk | None], ...],
                                                                         tuple[Excerpt, ...]]:
        """What :meth:`begin` answers of a shard's start: with its lists, the chunks of their line
        hits and the first lines of the hits a lone engine's page may show."""
        chunks = tuple(c for answer in begun.lists for c in self._chunks_of(label, begun.token, answer))
        page = ask.page if ask is not None and len(ask.searches) == 1 else 0  # a lone engine's page: its heads
        return begun, chunks, self._heads(label, begun.token, begun.lists, page, ask.code if ask is not None else 0,
                                          chunks, [name for name, _ in ask.searches] if ask is not None else ())

    def _heads(self, label: str, token: int, answers: Sequence[ShardList], page: int, code: int,
               chunks: Sequence[tuple[str, int, Chunk | None]], names: Sequence[str] = ()) -> tuple[Excerpt, ...]:
        """The first lines of the hits of each list a page may show (``page``: a lone engine's,
        :func:`_page_places`; ``names``, each list's engine) and of their chunks, and the code of
        the definitions among each list's first ``code`` hits (what copy folding compares; whether
        a line hit's chunk is a definition read from ``chunks``, those :meth:`_chunks_of` found)."""
        known = {(path, line): chunk for path, line, chunk in chunks}
        wants = []
        for a, name in zip(answers, names or [""] * len(answers)):
            places = set(_page_places(name, a.found, page)) if page else set()
            places.update(range(min(code, len(a.found))))
            wants += [Want(a.found[at].hit.path, a.found[at].key[1], a.found[at].key[2], a.found[at].hit.start_line,
                           at < code and _defines(a.found[at], known), at < code) for at in sorted(places)]
        excerpts: tuple[Excerpt, ...] = self.call(label, "excerpts", token, wants) if wants else ()
        return excerpts

    def searches(self, label: str, token: int, asks: Sequence[tuple[str, Query]], limit: int, deadline_s: float,
                 max_files: int, stats: WordStats | None, heads: int, code: int = 0,
                 ) -> tuple[Searched, tuple[Excerpt, ...]]:
        """Several engines' lists (:meth:`Shard.searches`), each with the chunks fusion will ask
        for, the first lines of each list's first ``heads`` hits (a lone engine's page reads no
        more: its snippets then cost no round trip of their own) and the code of the definitions
        among each list's first ``code`` hits (a blend's copy folding compares them: no round trip
        of its own when they hold what it reads)."""
        answers: tuple[ShardList, ...] = self.call(label, "searches", token, asks, limit, deadline_s, max_files, stats)
        return self._searched(label, token, answers, asks, heads, code)

    def _searched(self, label: str, token: int, answers: tuple[ShardList, ...], asks: Sequence[tuple[str, Query]],
                  heads: int, code: int) -> tuple[Searched, tuple[Excerpt, ...]]:
        """What :meth:`searches` answers of a shard's lists: each with its chunks, and the lines asked."""
        chunks = tuple((answer, self._chunks_of(label, token, answer)) for answer in answers)
        return chunks, self._heads(label, token, answers, heads, code, [c for _, found in chunks for c in found],
                                   [name for name, _ in asks])

    def _chunks_of(self, label: str, token: int, answer: ShardList) -> tuple[tuple[str, int, Chunk | None], ...]:
        """For each hit not on a whole definition, the chunk holding its line and the one its key starts at."""
        wanted = dict.fromkeys((f.hit.path, line) for f in answer.found
                               if f.hit.symbol is None or (f.hit.start_line, f.hit.end_line) != (f.key[1], f.key[2])
                               for line in (f.hit.start_line, f.key[1]))
        places = list(wanted)
        found = self.call(label, "chunks_at", token, places) if places else []
        return tuple((path, line, chunk) for (path, line), chunk in zip(places, found))

    def ping(self) -> None:
        """Answer at once: a round trip's floor (what a benchmark compares a question's calls with)."""

    def call(self, label: str, method: str, *args: Any) -> Any:
        """Answer one :class:`Shard` call of the shard ``label``."""
        return getattr(self._shard(label), method)(*args)

    def _shard(self, label: str) -> Shard:
        """The shard ``label``, opened on first use."""
        with self._lock:
            shard = self._shards.get(label)
        if shard is None:
            self.open(label)
            shard = self._shards[label]
        return shard


@dataclass(frozen=True, slots=True)
class _Lists:
    """The engines' lists one shard's call runs (:meth:`ShardHost._lists_together`), and how its
    answer is made of them."""

    shard: Shard
    token: int
    asks: Sequence[tuple[str, Query]]
    limit: int
    deadline_s: float
    max_files: int
    stats: WordStats | None
    answer: Callable[[tuple[ShardList, ...]], Any]


def _failed(label: str, exc: Exception) -> tuple[bool, Any]:
    """A shard's error as a call's answer: ``(False, error)``, one it raised itself as it is, any
    other as one line (it may not pickle)."""
    if isinstance(exc, (QueryError, OSError, ValueError)):
        return False, exc
    return False, QueryError(f"{label}: {_first_line(exc)}")


@dataclass(frozen=True, slots=True)
class _Plan:
    """One call of a remote shard, ready to travel alone or with its host's other shards' calls."""

    method: str
    """The host's method; ``""``: nothing to ask, :attr:`empty` is the answer."""
    args: tuple[Any, ...] = ()
    timeout_s: float = CALL_TIMEOUT_S
    finish: Callable[[Any], Any] | None = None
    """Turns the host's answer into the caller's (and keeps what came with it); ``None``: as it is."""
    quiet: bool = True
    """A gone shard answers :attr:`empty` (``False``: raises :class:`ShardGone`)."""
    empty: Any = None


class Host:
    """The client's end of one process holding shards (a Ray actor): each shard's calls, one
    round trip per step for every shard it holds (:meth:`together`). When the process dies or
    does not answer in time, every shard it holds is gone (the coordinator names them missing)."""

    def __init__(self, actor: Any, ray: Any, packed: bool = False) -> None:
        self.actor = actor
        self.packed = packed
        """Whether calls and answers cross as bytes the standard pickle made (:meth:`ShardHost.many_packed`):
        Ray's own pickler (cloudpickle) asks a hook of its own of every object, and a list of a
        few hundred hits took 2.4 x as long to pickle (0.99 against 0.42 ms for 300 hits)."""
        self._ray = ray
        self.gone: str | None = None
        """Why the process stopped answering, once it has."""
        self.round_trips = 0
        """Calls waited for so far (what a benchmark counts per question)."""

    def ping(self) -> Any:
        """Start a call the process answers at once; ``ray.get`` waits for it (a round trip's floor)."""
        return self.actor.ping.remote()

    def together(self, calls: Sequence[tuple[RemoteShard, str, tuple[Any, ...]]]) -> list[tuple[bool, Any]]:
        """Answer several shards' calls (``(shard, method, args)``, each as the shard's method would)
        in one round trip: per call ``(True, answer)`` or ``(False, error)``."""
        return self.send(calls).result()

    def send(self, calls: Sequence[tuple[RemoteShard, str, tuple[Any, ...]]]) -> Pending[list[tuple[bool, Any]]]:
        """:meth:`together`, the call sent now and its answer waited for by its first reader."""
        return self.start([(shard, getattr(shard, f"_plan_{method}")(*args)) for shard, method, args in calls])

    def run(self, plans: Sequence[tuple[RemoteShard, _Plan]]) -> list[tuple[bool, Any]]:
        """Send the plans that ask something in one call, wait for the longest timeout among them."""
        return self.start(plans).result()

    def start(self, plans: Sequence[tuple[RemoteShard, _Plan]]) -> Pending[list[tuple[bool, Any]]]:
        """Send the plans that ask something in one call now; its answer is waited for (at most
        the longest timeout among them) by the first to read it."""
        out: list[tuple[bool, Any]] = [(True, plan.empty) for _, plan in plans]
        asked = [at for at, (_, plan) in enumerate(plans) if plan.method]
        ref = None
        if asked and self.gone is None:
            calls = tuple((plans[at][0].label, plans[at][1].method, plans[at][1].args) for at in asked)
            ref = (self.actor.many_packed.remote(pickle.dumps(calls, pickle.HIGHEST_PROTOCOL)) if self.packed
                   else self.actor.many.remote(calls))
        timeout_s = max((plans[at][1].timeout_s for at in asked), default=0.0)

        def answered() -> list[tuple[bool, Any]]:
            if not asked:
                return out
            try:
                if ref is None:
                    raise ShardGone(self.gone or "its actor is gone")
                answers = self._get(ref, timeout_s)
                if self.packed:
                    answers = pickle.loads(answers)  # noqa: S301 - the answer of our own actor, on our cluster
            except ShardGone as gone:
                for at in asked:
                    plan = plans[at][1]
                    out[at] = (True, plan.empty) if plan.quiet else (False, gone)
                return out
            for at, (ok, value) in zip(asked, answers):
                plan = plans[at][1]
                out[at] = (True, plan.finish(value) if plan.finish is not None else value) if ok else (False, value)
            return out

        return Pending(answered)

    def one(self, shard: RemoteShard, plan: _Plan) -> Any:
        """One shard's call on its own: its answer, or its error raised."""
        ok, value = self.run([(shard, plan)])[0]
        if not ok:
            raise value
        return value

    def _get(self, ref: Any, timeout_s: float) -> Any:
        """Wait for one answer at most ``timeout_s``; a process that died or did not answer makes
        every shard it holds gone."""
        exceptions = self._ray.exceptions  # Ray's own, from the module handed in (imported only by _ray)
        self.round_trips += 1  # not under a lock: a count for benchmarks, a lost increment is harmless
        try:
            return self._ray.get(ref, timeout=timeout_s)
        except exceptions.RayTaskError as exc:  # the host's own failure (not a shard's: those are answers)
            raise QueryError(_first_line(exc)) from None
        except exceptions.GetTimeoutError:
            self._ray.cancel(ref)
            self.gone = f"its actor did not answer within {timeout_s:g} s"
        except exceptions.RayError as exc:  # the actor died, its node is gone
            self.gone = f"its actor is gone ({_first_line(exc)})"
        raise ShardGone(self.gone)

    def close(self) -> None:
        """End the process (every shard's engine and memory with it)."""
        try:
            self._ray.kill(self.actor)
        except Exception:  # noqa: BLE001 - an actor already gone, a cluster already stopped
            pass


class RemoteShard:
    """A shard held by a process of the cluster (its :class:`Host`, perhaps with other shards),
    answering the coordinator's calls as :class:`Shard` does."""

    far = True
    """Each call is a round trip: the coordinator asks every engine's list in one (:meth:`searches`)."""

    def __init__(self, label: str, root: str, host: Host) -> None:
        self.label = label
        self._root = root
        self.host = host
        """The process holding this shard: the coordinator sends every shard's calls of a step
        that one host holds in one round trip (:meth:`Host.together`)."""
        self._files: OrderedDict[tuple[int, str], tuple[int, tuple[str, ...] | None]] = OrderedDict()
        """Files read by recent questions (a token names one generation: what it read never changes)."""
        self._chunks: OrderedDict[tuple[int, str, int], Chunk | None] = OrderedDict()
        self._excerpts: OrderedDict[tuple[int, str], tuple[int, tuple[tuple[int, int, tuple[str, ...]], ...]]] = \
            OrderedDict()
        """Per file, its line count and the line ranges fetched ahead for a page (:meth:`prefetch`)."""
        self._signatures: OrderedDict[tuple[int, str, int, int], bytes | None] = OrderedDict()
        """Per chunk fetched ahead for copy folding (:attr:`Want.signed`), its code's signature."""
        self._twins: OrderedDict[tuple[int, tuple[str, ...]], frozenset[str]] = OrderedDict()
        """Per question and candidates' files told with them (:meth:`prefetch`), their twins."""
        self._lock = threading.Lock()

    @property
    def gone(self) -> str | None:
        """Why the shard stopped answering (its host did), once it has."""
        return self.host.gone

    @property
    def root(self) -> str:
        """The repository's root folder."""
        return self._root

    def _run(self, plan: _Plan) -> Any:
        return self.host.one(self, plan)

    def open(self) -> IndexUpdate | None:
        """Open the repository's index in the host (building it when it has none); what that did to it."""
        return cast("IndexUpdate | None", self._run(self._plan_open()))

    def _plan_open(self) -> _Plan:
        return _Plan("open", (), OPEN_TIMEOUT_S, quiet=False)

    def begin(self, ask: Ask | None = None) -> Begun:
        """Capture the generation a question reads and answer ``ask`` on it (see :meth:`Shard.begin`),
        within the engines' deadline and a margin when it runs engines."""
        return cast(Begun, self._run(self._plan_begin(ask)))

    def _plan_begin(self, ask: Ask | None = None) -> _Plan:
        timeout = ask.deadline_s + CALL_MARGIN_S if ask is not None and ask.searches else CALL_TIMEOUT_S
        return _Plan("begin", (ask,), timeout, self._begun, quiet=False)

    def _begun(self, answer: Any) -> Begun:
        begun, chunks, excerpts = cast("tuple[Begun, tuple[tuple[str, int, Chunk | None], ...], tuple[Excerpt, ...]]",
                                       answer)
        self._keep_chunks(begun.token, chunks)
        self._keep_excerpts(begun.token, excerpts)
        return begun

    def prefetch(self, token: int, wants: Sequence[Want], paths: Sequence[str] = ()) -> None:
        """Fetch in one round trip the lines these results will read (:meth:`Shard.excerpts`),
        leaving out files already read whole; a gone shard fetches nothing. With ``paths`` (every
        candidate's file, for copy folding), the twins among them come too (:meth:`twin_files`),
        their windows signed."""
        self._run(self._plan_prefetch(token, wants, paths))

    def _plan_prefetch(self, token: int, wants: Sequence[Want], paths: Sequence[str] = ()) -> _Plan:
        with self._lock:
            wants = [w for w in wants if (token, w.path) not in self._files and not self._holds(token, w)]
            told = (token, tuple(paths)) in self._twins
        if paths and not told:
            return _Plan("call", ("folded_excerpts", token, tuple(wants), tuple(paths)),
                         finish=partial(self._folded, token, tuple(paths)))
        if not wants:
            return _Plan("")
        return _Plan("call", ("excerpts", token, tuple(wants)), finish=partial(self._fetched, token))

    def _fetched(self, token: int, excerpts: Sequence[Excerpt]) -> None:
        self._keep_excerpts(token, excerpts)

    def _folded(self, token: int, paths: tuple[str, ...], answer: tuple[Sequence[Excerpt], frozenset[str]]) -> None:
        excerpts, twins = answer
        self._keep_excerpts(token, excerpts)
        _remember(self._twins, (token, paths), frozenset(twins), self._lock)

    def twin_files(self, token: int, paths: Sequence[str]) -> frozenset[str]:
        """The ``paths`` whose whole text another of them has too (:meth:`Shard.twin_files`): as
        told when they were fetched ahead for copy folding, else asked; a gone shard has none."""
        with self._lock:
            told = self._twins.get((token, tuple(paths)))
        if told is not None:
            return told
        return frozenset(self._run(self._plan_twin_files(token, paths)))

    def _plan_twin_files(self, token: int, paths: Sequence[str]) -> _Plan:
        return _Plan("call", ("twin_files", token, tuple(paths)), empty=frozenset())

    def _keep_excerpts(self, token: int, excerpts: Sequence[Excerpt]) -> None:
        for excerpt in excerpts:
            key = (token, excerpt.path)
            with self._lock:
                known = self._excerpts.get(key)
                spans = (known[1] if known else ()) + excerpt.spans
            _remember(self._excerpts, key, (excerpt.count, spans), self._lock)
            for start, end, code in excerpt.signatures:
                _remember(self._signatures, (token, excerpt.path, start, end), code, self._lock)

    def signature(self, token: int, path: str, start: int, end: int) -> Signature | None:
        """The signature of a chunk's code fetched ahead for copy folding (``None``: one folding
        compares nothing by); :class:`KeyError` when it was not fetched."""
        with self._lock:
            code = self._signatures[(token, path, start, end)]
        return None if code is None else np.frombuffer(code, "<u8")

    def word_stats(self, token: int, stems: Sequence[str]) -> WordStats:
        """The shard's chunk counts for a question's stems; a gone shard counts none."""
        return cast(WordStats, self._run(self._plan_word_stats(token, stems)))

    def _plan_word_stats(self, token: int, stems: Sequence[str]) -> _Plan:
        return _Plan("call", ("word_stats", token, tuple(stems)), empty=WordStats(0, ()))

    def search(self, token: int, name: str, query: Query, limit: int, deadline_s: float, max_files: int,
               stats: WordStats | None = None) -> ShardList:
        """One engine's list (see :meth:`Shard.search`), waited for the deadline and a margin."""
        return cast(ShardList, self._run(self._plan_search(token, name, query, limit, deadline_s, max_files, stats)))

    def _plan_search(self, token: int, name: str, query: Query, limit: int, deadline_s: float, max_files: int,
                     stats: WordStats | None = None) -> _Plan:
        return _Plan("search", (token, name, query, limit, deadline_s, max_files, stats), deadline_s + CALL_MARGIN_S,
                     partial(self._searched, token), empty=ShardList(()))

    def _searched(self, token: int, answer: Any) -> ShardList:
        found, chunks = answer
        self._keep_chunks(token, chunks)
        return cast(ShardList, found)

    def searches(self, token: int, asks: Sequence[tuple[str, Query]], limit: int, deadline_s: float,
                 max_files: int, stats: WordStats | None = None, heads: int = 0, code: int = 0,
                 ) -> tuple[ShardList, ...]:
        """Several engines' lists in one round trip (see :meth:`Shard.searches`), waited for the
        deadline and a margin, with the first lines of each list's first ``heads`` hits and the
        code of the definitions among its first ``code`` (:meth:`ShardHost.searches`); a gone
        shard's lists are empty."""
        return cast("tuple[ShardList, ...]", self._run(self._plan_searches(token, asks, limit, deadline_s, max_files,
                                                                           stats, heads, code)))

    def _plan_searches(self, token: int, asks: Sequence[tuple[str, Query]], limit: int, deadline_s: float,
                       max_files: int, stats: WordStats | None = None, heads: int = 0, code: int = 0) -> _Plan:
        return _Plan("searches", (token, tuple(asks), limit, deadline_s, max_files, stats, heads, code),
                     deadline_s + CALL_MARGIN_S, partial(self._searched_all, token),
                     empty=tuple(ShardList(()) for _ in asks))

    def _searched_all(self, token: int, answer: Any) -> tuple[ShardList, ...]:
        answers, excerpts = cast("tuple[Searched, tuple[Excerpt, ...]]", answer)
        for _, chunks in answers:
            self._keep_chunks(token, chunks)
        self._keep_excerpts(token, excerpts)
        return tuple(found for found, _ in answers)

    def _keep_chunks(self, token: int, chunks: Sequence[tuple[str, int, Chunk | None]]) -> None:
        for path, line, chunk in chunks:
            _remember(self._chunks, (token, path, line), chunk, self._lock)

    def knows_symbol(self, token: int, word: str) -> bool:
        """Tell whether a word names a symbol of this repository."""
        return bool(self._run(self._plan_knows_symbol(token, word)))

    def _plan_knows_symbol(self, token: int, word: str) -> _Plan:
        return _Plan("call", ("knows_symbol", token, word), empty=False)

    def spells_whole(self, token: int, name: str) -> bool:
        """Whether some line of the repository spells a name, each part a whole identifier."""
        return bool(self._run(self._plan_spells_whole(token, name)))

    def _plan_spells_whole(self, token: int, name: str) -> _Plan:
        return _Plan("call", ("spells_whole", token, name), empty=False)

    def lookup(self, token: int, name: str) -> list[Symbol]:
        """The symbols of a name."""
        return list(self._run(self._plan_lookup(token, name)))

    def _plan_lookup(self, token: int, name: str) -> _Plan:
        return _Plan("call", ("lookup", token, name), empty=[])

    def definers(self, token: int, name: str) -> tuple[str, ...]:
        """The files defining a name."""
        return tuple(self._run(self._plan_definers(token, name)))

    def _plan_definers(self, token: int, name: str) -> _Plan:
        return _Plan("call", ("definers", token, name), empty=())

    def callers_notes(self, token: int, name: str) -> tuple[str, ...]:
        """What the callers of a name leave out in this repository, one line each; a gone shard says none."""
        return tuple(self._run(self._plan_callers_notes(token, name)))

    def _plan_callers_notes(self, token: int, name: str) -> _Plan:
        return _Plan("call", ("callers_notes", token, name), empty=())

    def impact_notes(self, token: int, name: str) -> tuple[str, ...]:
        """What the impact of a name leaves out in this repository, one line each; a gone shard says none."""
        return tuple(self._run(self._plan_impact_notes(token, name)))

    def _plan_impact_notes(self, token: int, name: str) -> _Plan:
        return _Plan("call", ("impact_notes", token, name), empty=())

    def untied_callers(self, token: int, name: str, limit: int) -> tuple[list[Hit], tuple[str, ...]] | None:
        """The calls of this repository naming a name its graph tied to none; a gone shard says none."""
        return cast("tuple[list[Hit], tuple[str, ...]] | None", self._run(self._plan_untied_callers(token, name, limit)))

    def _plan_untied_callers(self, token: int, name: str, limit: int) -> _Plan:
        return _Plan("call", ("untied_callers", token, name, limit), empty=None)

    def foreign_uses(self, token: int, name: str, packages: tuple[str, ...] | None, limit: int,
                     uses: tuple[str, ...]) -> list[tuple[str, Hit]]:
        """The calls or bases of this repository naming a name through another package; a gone shard says none."""
        return cast("list[tuple[str, Hit]]", self._run(self._plan_foreign_uses(token, name, packages, limit, uses)))

    def _plan_foreign_uses(self, token: int, name: str, packages: tuple[str, ...] | None, limit: int,
                           uses: tuple[str, ...]) -> _Plan:
        return _Plan("call", ("foreign_uses", token, name, packages, limit, uses), empty=[])

    def module_uses(self, token: int, module: str, depth: int, limit: int) -> tuple[list[Hit], list[Hit]]:
        """This repository's lines importing another repository's module, and what depends on them; a gone shard says none."""
        return cast("tuple[list[Hit], list[Hit]]", self._run(self._plan_module_uses(token, module, depth, limit)))

    def _plan_module_uses(self, token: int, module: str, depth: int, limit: int) -> _Plan:
        return _Plan("call", ("module_uses", token, module, depth, limit), empty=([], []))

    def import_lines(self, token: int, written: str, outside: bool = False) -> ImportLines | None:
        """The lines of this repository importing a module as written; a gone shard says none."""
        return cast("ImportLines | None", self._run(self._plan_import_lines(token, written, outside)))

    def _plan_import_lines(self, token: int, written: str, outside: bool = False) -> _Plan:
        return _Plan("call", ("import_lines", token, written, outside), empty=None)

    def module_files(self, token: int, written: str) -> tuple[str, ...]:
        """The files of this repository a module as written names; a gone shard says none."""
        return tuple(self._run(self._plan_module_files(token, written)))

    def _plan_module_files(self, token: int, written: str) -> _Plan:
        return _Plan("call", ("module_files", token, written), empty=())

    def file_names(self, token: int, stem: str) -> tuple[str, ...]:
        """The names of this repository's files that are ``stem`` and an extension; a gone shard says none."""
        return tuple(self._run(self._plan_file_names(token, stem)))

    def _plan_file_names(self, token: int, stem: str) -> _Plan:
        return _Plan("call", ("file_names", token, stem), empty=())

    def big_files(self, token: int, name: str | None, text: str | None, case: str) -> tuple[str, ...]:
        """This repository's files over the size limit holding a name or text; a gone shard says none."""
        return tuple(self._run(self._plan_big_files(token, name, text, case)))

    def _plan_big_files(self, token: int, name: str | None, text: str | None, case: str) -> _Plan:
        return _Plan("call", ("big_files", token, name, text, case), empty=())

    def folder_files(self, token: int, folder: str, limit: int) -> tuple[tuple[str, ...], int]:
        """The indexed files under a folder of this repository and how many; a gone shard says none."""
        shown, count = self._run(self._plan_folder_files(token, folder, limit))
        return tuple(shown), int(count)

    def _plan_folder_files(self, token: int, folder: str, limit: int) -> _Plan:
        return _Plan("call", ("folder_files", token, folder, limit), empty=((), 0))

    def glob_files(self, token: int, written: str, limit: int) -> tuple[tuple[str, ...], int]:
        """The indexed files of this repository a pattern of paths matches and how many; a gone shard says none."""
        shown, count = self._run(self._plan_glob_files(token, written, limit))
        return tuple(shown), int(count)

    def _plan_glob_files(self, token: int, written: str, limit: int) -> _Plan:
        return _Plan("call", ("glob_files", token, written, limit), empty=((), 0))

    def untied_elsewhere(self, token: int, name: str, packages: tuple[str, ...]) -> str | None:
        """This repository's untied calls of another repository's method, said; a gone shard says none."""
        return cast("str | None", self._run(self._plan_untied_elsewhere(token, name, packages)))

    def _plan_untied_elsewhere(self, token: int, name: str, packages: tuple[str, ...]) -> _Plan:
        return _Plan("call", ("untied_elsewhere", token, name, packages), empty=None)

    def nothing_indexed(self, token: int) -> str | None:
        """That this repository's index holds no file, and why; a gone shard says nothing."""
        return cast("str | None", self._run(self._plan_nothing_indexed(token)))

    def _plan_nothing_indexed(self, token: int) -> _Plan:
        return _Plan("call", ("nothing_indexed", token), empty=None)

    def skipped(self, token: int) -> tuple[int, int]:
        """Files left out for their size and paths not read by this repository's walk; a gone shard says none."""
        return cast("tuple[int, int]", tuple(self._run(self._plan_skipped(token))))

    def _plan_skipped(self, token: int) -> _Plan:
        return _Plan("call", ("skipped", token), empty=(0, 0))

    def names(self, token: int) -> frozenset[str]:
        """Every distinct name a symbol of the repository has."""
        return frozenset(self._run(self._plan_names(token)))

    def _plan_names(self, token: int) -> _Plan:
        return _Plan("call", ("names", token), empty=frozenset())

    def symbols(self, token: int) -> list[Symbol]:
        """Every symbol of the repository."""
        return list(self._run(self._plan_symbols(token)))

    def _plan_symbols(self, token: int) -> _Plan:
        return _Plan("call", ("symbols", token), empty=[])

    def literal_lines(self, token: int, literal: str, case: str, limit: int | None) -> list[LineMatch]:
        """The best lines holding a literal."""
        return list(self._run(self._plan_literal_lines(token, literal, case, limit)))

    def _plan_literal_lines(self, token: int, literal: str, case: str, limit: int | None) -> _Plan:
        return _Plan("call", ("literal_lines", token, literal, case, limit), empty=[])

    def own_aside_words(self, token: int, text: str, target: str | None) -> tuple[int, ...]:
        """The places of a question's words of tests, examples or docs that name the repository's
        own code (answered with the question's start when it was asked then); a gone shard says none."""
        return tuple(self._run(self._plan_own_aside_words(token, text, target)))

    def _plan_own_aside_words(self, token: int, text: str, target: str | None) -> _Plan:
        return _Plan("call", ("own_aside_words", token, text, target), empty=())

    def test_code_spans(self, token: int, path: str) -> tuple[tuple[int, int], ...]:
        """The spans of a file's test code (a list's files come told with it: ``ShardList.tests``);
        a gone shard says none."""
        return tuple(self._run(self._plan_test_code_spans(token, path)))

    def _plan_test_code_spans(self, token: int, path: str) -> _Plan:
        return _Plan("call", ("test_code_spans", token, path), empty=())

    def chunk_at(self, token: int, path: str, line: int) -> Chunk | None:
        """The smallest definition holding a line of a file, else its window."""
        key = (token, path, line)
        with self._lock:
            if key in self._chunks:
                return self._chunks[key]
        chunk = cast("Chunk | None", self._run(_Plan("call", ("chunk_at", token, path, line))))
        if self.gone is None:
            _remember(self._chunks, key, chunk, self._lock)
        return chunk

    def lines(self, token: int, path: str, start: int, end: int) -> list[str]:
        """Lines ``start..end`` of a file: from those fetched ahead for the page when they hold
        them, else from the file read once per question when it is not huge."""
        with self._lock:
            fetched = self._excerpts.get((token, path))
        found = _within(fetched[1], start, end) if fetched is not None else None
        if found is not None:
            return found
        _, every = self._file(token, path)
        if every is not None:
            return list(every[max(start - 1, 0):end])
        return list(self._run(_Plan("call", ("lines", token, path, start, end), empty=[])))

    def _holds(self, token: int, want: Want) -> bool:
        """Whether the lines a result wants were fetched already (the caller holds the lock)."""
        fetched = self._excerpts.get((token, want.path))
        if fetched is None:
            return False
        if want.signed and (token, want.path, want.key_start, want.key_end) not in self._signatures:
            return False
        whole = False if want.signed else want.whole  # a signed chunk's first lines only
        if whole is None and (token, want.path, want.key_start) in self._chunks:  # the chunk came with its list
            chunk = self._chunks[(token, want.path, want.key_start)]
            whole = chunk is not None and chunk.symbol is not None and (chunk.start_line, chunk.end_line) == (
                want.key_start, want.key_end)  # as Shard.excerpts decides it
        key_end = want.key_end if whole is not False else want.key_start + SNIPPET_LINES - 1
        return all(_within(fetched[1], a, b) is not None
                   for a, b in ((want.key_start, key_end), (want.hit_start, want.hit_start + SNIPPET_LINES - 1)))

    def line_count(self, token: int, path: str) -> int:
        """The number of lines of a file."""
        with self._lock:
            fetched = self._excerpts.get((token, path))
        return fetched[0] if fetched is not None else self._file(token, path)[0]

    def _file(self, token: int, path: str) -> tuple[int, tuple[str, ...] | None]:
        key = (token, path)
        with self._lock:
            found = self._files.get(key)
        if found is not None:
            return found
        if self.gone is not None:
            return 0, ()
        found = cast("tuple[int, tuple[str, ...] | None]", self._run(_Plan("file", (token, path), empty=(0, ()))))
        if self.gone is None:
            _remember(self._files, key, found, self._lock)
        return found

    def close(self) -> None:
        """End the host's process (every shard it holds goes with it)."""
        self.host.close()


def _page_places(name: str, found: Sequence[Found], page: int) -> list[int]:
    """The positions of a lone engine's hits that its page may show, in order. The workspace's
    list holds some first hits of this list (the merge takes the best scores of every shard's),
    and the page is that list in the direct path's order (``fusion.direct``): each kind of path
    (vendored or not, secondary or not) after those it is demoted below, whichever kinds the
    question demotes, then by match class, then by centrality. A hit may be shown when, among
    the hits of its kind before it in this list, fewer than ``page`` come before it in that
    order: with the fewest of this list's hits in the workspace's list that hold it, it is then
    among its kind's first ``page``. The list's first ``page`` hits alone missed the page's
    others (a name's definitions in tests, listed after the package's own; a more central tie
    deeper in the list) and cost the page a round trip of its own."""
    ties = name != "text"  # the text engine orders its own ties
    best: dict[tuple[bool, bool], list[tuple[float, float, int]]] = {}
    """Per kind, the ``page`` first hits before this one in the direct path's order, as a heap
    whose top is the last of them (each key negated: ``heapq`` keeps the least on top)."""
    out = []
    for at, f in enumerate(found):
        kind = (is_demoted(f.hit.path), is_secondary(f.hit.path))
        key = (-tie_class(name, f.hit) if name else 0.0, -max(f.centrality, 0.0) if ties and name else 0.0, at)
        heap = best.setdefault(kind, [])
        last = (-heap[0][0], -heap[0][1], -heap[0][2]) if heap else None
        if len(heap) < page or (last is not None and key < last):  # fewer than a page before it (ties: list order)
            out.append(at)
        negated = (-key[0], -key[1], -key[2])
        if len(heap) < page:
            heapq.heappush(heap, negated)
        elif key < cast("tuple[float, float, int]", last):
            heapq.heapreplace(heap, negated)
    return out


def _defines(found: Found, chunks: dict[tuple[str, int], Chunk | None]) -> bool | None:
    """Whether a hit's chunk is a definition, as :meth:`Shard.excerpts` decides it: a hit on a
    whole definition is; a line hit's chunk is when the chunk at its key's first line spans the
    key and has a symbol (``None``: that chunk is not among ``chunks``, the shard looks it up)."""
    hit, (path, start, end) = found.hit, found.key
    if hit.symbol is not None and (hit.start_line, hit.end_line) == (start, end):
        return True
    if (path, start) not in chunks:
        return None
    chunk = chunks[(path, start)]
    return chunk is not None and chunk.symbol is not None and (chunk.start_line, chunk.end_line) == (start, end)


def _within(spans: Sequence[tuple[int, int, tuple[str, ...]]], start: int, end: int) -> list[str] | None:
    """Lines ``start..end`` as :meth:`Shard.lines` gives them, when one fetched span holds them
    (a span cut short by the end of its file holds everything past it), else ``None``."""
    first = max(start, 1)
    for a, b, lines in spans:
        whole = len(lines) == b - a + 1
        if a <= first and (end <= b or not whole):
            return list(lines[first - a:end - a + 1]) if end >= first else []
    return None


def _remember(cache: OrderedDict[Any, Any], key: Any, value: Any, lock: threading.Lock) -> None:
    """Keep an answer, forgetting the oldest past :data:`REMEMBERED` of them."""
    with lock:
        cache[key] = value
        while len(cache) > REMEMBERED:
            cache.popitem(last=False)


def index_bytes(root: Path, index_base: Path) -> int:
    """The bytes of a repository's index on disk (0 when it has none yet)."""
    folder = repo_dir(index_base, root)
    size = 0
    if folder.is_dir():
        for dirpath, _, files in os.walk(folder):
            for name in files:
                try:
                    size += os.stat(os.path.join(dirpath, name)).st_size
                except OSError:
                    pass
    return size


def shard_memory(root: Path, index_base: Path) -> int:
    """The memory a shard asks Ray for: :data:`SHARD_MEMORY_FACTOR` times its index on disk."""
    return max(MIN_SHARD_MEMORY, SHARD_MEMORY_FACTOR * index_bytes(root, index_base))


def shard_work(root: Path, index_base: Path) -> int:
    """What packing balances: a shard's index on disk (a question's work on it grows with it),
    else its source when it has no index yet."""
    return index_bytes(root, index_base) or source_bytes(str(root))


def open_cluster_workspace(
    cluster: Cluster,
    roots: Sequence[Path],
    index_base: Path,
    deadline_s: float = SHARD_DEADLINE_S,
    max_files: int = SHARD_MAX_FILES,
    provider: Any = None,
    static: Any = True,
    hosts: int | None = None,
) -> Coordinator:
    """Open a workspace whose shards are held by actors of the cluster: as many actors as the
    cluster has CPUs (or ``hosts``), each holding several repositories, packed by
    :func:`pack_shards`; answer as :func:`~maguyva_tui.core.workspace.open_workspace` does
    (``provider`` and ``static`` travel to each actor: a provider must pickle; the shards of one
    actor share it)."""
    folders = distinct_roots(roots)
    if not folders:
        raise QueryError("a workspace needs at least one repository")
    labels = labels_for(folders)
    base = index_base.expanduser().resolve()
    alive = [n for n in cluster.ray.nodes() if n.get("Alive", True)]
    largest = max((float(n.get("Resources", {}).get("memory", 0)) for n in alive), default=0.0)
    cpus = int(sum(float(n.get("Resources", {}).get("CPU", 0)) for n in alive))
    sizes = [shard_memory(root, base) for root in folders]
    groups = pack_shards([shard_work(root, base) for root in folders], hosts if hosts is not None else max(cpus, 1),
                         int(largest) if largest > 0 else None, sizes)
    actor = cluster.ray.remote(ShardHost)
    shards = []
    for group in groups:
        need = sum(sizes[i] for i in group)  # never more than a node has: an actor Ray cannot place waits forever
        memory = min(need, int(largest)) if largest > 0 else need
        held = tuple((labels[folders[i]], str(folders[i])) for i in group)
        handle = actor.options(num_cpus=0, memory=memory, max_concurrency=ACTOR_CONCURRENCY, max_restarts=0,
                               scheduling_strategy="SPREAD").remote(held, str(base), provider, static)
        host = Host(handle, cluster.ray, packed=True)
        shards += [RemoteShard(label, root, host) for label, root in held]
    coordinator = Coordinator(shards, [], deadline_s, max_files)  # type: ignore[arg-type]  # RemoteShard answers as Shard
    if not coordinator.open():
        coordinator.close()
        raise QueryError(f"no repository of the workspace can be searched: {reasons(coordinator.missing)}")
    return coordinator


def pack_shards(sizes: Sequence[int], hosts: int, capacity: int | None = None,
                asks: Sequence[int] | None = None) -> list[list[int]]:
    """Share shards among ``hosts`` actors (or worker processes) by their ``sizes`` (the work a
    question does on each, :func:`shard_work`), the largest first, each to the actor holding least
    so far, so that the actors' work comes out near even; an actor whose memory ``asks``
    (:func:`shard_memory`; default: the sizes) would pass ``capacity`` (the largest node's memory)
    takes no more, and a shard no actor can take gets an actor of its own. Return each actor's
    shards (positions in ``sizes``), empty actors left out."""
    if hosts < 1:
        raise ValueError(f"hosts must be at least 1, not {hosts}")
    memory = list(asks) if asks is not None else list(sizes)
    bins: list[list[int]] = [[] for _ in range(min(hosts, len(sizes)))]
    loads, held = [0] * len(bins), [0] * len(bins)
    for at in sorted(range(len(sizes)), key=lambda i: -sizes[i]):
        fits = [b for b in range(len(bins)) if capacity is None or not bins[b] or held[b] + memory[at] <= capacity]
        if not fits:
            bins.append([])
            loads.append(0)
            held.append(0)
            fits = [len(bins) - 1]
        chosen = min(fits, key=lambda b: (loads[b], b))
        bins[chosen].append(at)
        loads[chosen] += sizes[at]
        held[chosen] += memory[at]
    return [sorted(b) for b in bins if b]


@dataclass(frozen=True, slots=True)
class Indexed:
    """What indexing one repository on the cluster gave."""

    path: str
    """The repository as it was named."""
    summary: dict[str, Any] | None
    """The index summary (as ``maguyva index --json`` prints it), or ``None`` when it failed."""
    error: str | None = None
    """Why it could not be indexed, in one line."""


def index_repository(root: str, index_base: str, semantic: bool, full: bool, provider: Any = None,
                     static: Any = True) -> dict[str, Any]:
    """Build or update one repository's index, then its static tier (and the transformer's when
    ``full``), on one core (:func:`~maguyva_tui.core.workspace.fanout.one_core`): the work of one
    Ray task. Return the summary as ``maguyva index --json`` has it, with the task's
    ``cpu_seconds``."""
    started, cpu = time.perf_counter(), time.process_time()
    engine = Engine(Path(root), Path(index_base), provider=provider, static=static)
    try:
        with one_core():
            summary = engine.refresh(None, semantic=False)
            if semantic:
                if static is not False:  # a static tier to fill (False: the transformer's alone)
                    engine.fill_static(None, summary)
                if full:
                    with one_embedding_thread(engine.provider):
                        engine.embed_pending()
        summary.seconds = round(time.perf_counter() - started, 3)
        out: dict[str, Any] = {"root": str(engine.root), **summary.to_dict()}
        if semantic:
            coverage = engine.coverage()
            out |= {"semantic_coverage": coverage.any, "semantic_tiers": dict(coverage.tiers())}
        return out | {"notices": engine.notices_for_search(), "cpu_seconds": round(time.process_time() - cpu, 3)}
    finally:
        engine.close()


def index_on_cluster(cluster: Cluster, paths: Sequence[str], index_base: Path, semantic: bool = True,
                     full: bool = False, provider: Any = None, static: Any = True,
                     workers: int | None = None) -> list[Indexed]:
    """Index each repository in a Ray task of its own (one CPU each: as many at once as the
    cluster has CPUs, or at most ``workers``), the largest first, into ``index_base``; with
    ``full``, then fill the transformer tier with :func:`share_embeddings` (a chunk several
    repositories hold is embedded once). Answer in the order given, a failure said in one line."""
    base = str(index_base.expanduser().resolve())
    roots = [str(Path(p).expanduser().resolve()) for p in paths]
    task = cluster.ray.remote(num_cpus=1, max_retries=0)(index_repository)
    order = largest_first(roots)
    refs = submit_bounded(cluster.ray, [partial(task.remote, roots[i], base, semantic, False, provider, static)
                                        for i in order], workers)
    answers: list[tuple[Any, str | None]] = [(None, None)] * len(roots)
    for i, answer in zip(order, _gather(cluster, refs)):
        answers[i] = answer
    out = [Indexed(path, answer, None) if error is None else Indexed(path, None, error)
           for path, (answer, error) in zip(paths, answers)]
    if semantic and full:
        indexed = [root for root, one in zip(roots, out) if one.summary is not None]
        shared = share_embeddings(cluster, indexed, Path(base), provider, static)
        measure = cluster.ray.remote(num_cpus=1, max_retries=0)(coverage_of)
        found = iter(_gather(cluster, [measure.remote(root, base, provider, static) for root in indexed]))
        out = [one if one.summary is None else
               Indexed(one.path, {**one.summary, **(next(found)[0] or {}), "shared_embedding": shared.to_json()})
               for one in out]
    return out


def coverage_of(root: str, index_base: str, provider: Any, static: Any) -> dict[str, Any]:
    """A repository's semantic coverage, as ``maguyva index --json`` reports it."""
    engine = Engine(Path(root), Path(index_base), provider=provider, static=static)
    try:
        coverage = engine.coverage()
        return {"semantic_coverage": coverage.any, "semantic_tiers": dict(coverage.tiers())}
    finally:
        engine.close()


@dataclass(frozen=True, slots=True)
class Shared:
    """What filling the transformer tier of several repositories at once did."""

    keys: int
    """Chunk keys the repositories lacked, counted once per repository."""
    distinct: int
    """Distinct content hashes among them: each embedded once, by the first repository holding it."""
    embedded: int
    """Vectors the embedding tasks computed (``distinct`` unless a task failed)."""
    copied: int
    """Vectors copied from the repository that embedded them into another holding the same chunk."""

    def to_json(self) -> dict[str, int]:
        """Return the four counts."""
        return {"keys": self.keys, "distinct": self.distinct, "embedded": self.embedded, "copied": self.copied}


def share_embeddings(cluster: Cluster, roots: Sequence[str], index_base: Path, provider: Any = None,
                     static: Any = True) -> Shared:
    """Fill the transformer tier of every repository, each distinct chunk embedded once: every
    repository lists the content hashes (``embed.store.content_hash``, the store's key) it lacks;
    each hash goes to the first repository listing it, whose task embeds it; then every other
    repository holding it copies the vector from that one's store (the same model gives the same
    vector for the same text, so nothing is lost). One task per repository in each step."""
    base = str(index_base)
    lacking = _gather(cluster, [cluster.ray.remote(num_cpus=1, max_retries=0)(lacking_keys).remote(
        root, base, provider, static) for root in roots])
    owner: dict[str, str] = {}
    for root, (keys, _) in zip(roots, lacking):
        for key in keys or ():
            owner.setdefault(key, root)
    owned = {root: [k for k in keys or () if owner[k] == root] for root, (keys, _) in zip(roots, lacking)}
    embed = cluster.ray.remote(num_cpus=1, max_retries=0)(embed_keys)
    done = _gather(cluster, [embed.remote(root, base, provider, static, owned[root]) for root in roots])
    adopt = cluster.ray.remote(num_cpus=1, max_retries=0)(adopt_vectors)
    wanted = [{o: [k for k in keys or () if owner[k] == o] for o in roots if o != root}
              for root, (keys, _) in zip(roots, lacking)]
    copied = _gather(cluster, [adopt.remote(root, base, provider, static, want) for root, want in zip(roots, wanted)])
    return Shared(sum(len(k or ()) for k, _ in lacking), len(owner), sum(n or 0 for n, _ in done),
                  sum(n or 0 for n, _ in copied))


def lacking_keys(root: str, index_base: str, provider: Any, static: Any) -> list[str]:
    """The distinct chunk keys a repository's transformer tier has no vector for, most central first."""
    engine = Engine(Path(root), Path(index_base), provider=provider, static=static)
    try:
        keys = list(dict.fromkeys(item.key for item in engine.embedding_items()))
        missing = set(engine.vector_store().missing(keys))
        return [k for k in keys if k in missing]
    finally:
        engine.close()


def embed_keys(root: str, index_base: str, provider: Any, static: Any, keys: Sequence[str]) -> int:
    """Embed the chunks of a repository whose keys are given into its store; return how many."""
    from maguyva_tui.core.embed.progressive import embed_pending

    engine = Engine(Path(root), Path(index_base), provider=provider, static=static)
    try:
        wanted = set(keys)
        pairs = [(item.key, item.text) for item in engine.embedding_items() if item.key in wanted]
        with one_core(), one_embedding_thread(engine.provider):  # the one CPU the task asked for
            embedded: int = embed_pending(engine.vector_store(), engine.provider, pairs).embedded
        return embedded
    finally:
        engine.close()


def adopt_vectors(root: str, index_base: str, provider: Any, static: Any, wanted: dict[str, list[str]]) -> int:
    """Copy into a repository's store the vectors other repositories embedded for its keys
    (``wanted``: per repository, the keys to take from it); return how many were copied. A store
    that keeps no floats cannot be copied from: those chunks are embedded here instead."""
    import numpy as np

    from maguyva_tui.core.embed.progressive import embed_pending

    engine = Engine(Path(root), Path(index_base), provider=provider, static=static)
    try:
        store, copied, left = engine.vector_store(), 0, []
        for other, keys in wanted.items():
            if not keys:
                continue
            source = Engine(Path(other), Path(index_base), provider=provider, static=static)
            try:
                theirs = source.vector_store()
                have = [k for k in keys if k in theirs]
                floats = theirs.floats
                if floats is None:
                    left += keys
                    continue
                rows = theirs.lookup(have)
                copied += store.add(have, np.asarray(floats[rows], dtype=np.float32))
                left += [k for k in keys if k not in theirs]
            finally:
                source.close()
        store.save()
        if left:
            wanted_left = set(left)
            pairs = [(i.key, i.text) for i in engine.embedding_items() if i.key in wanted_left]
            with one_core(), one_embedding_thread(engine.provider):
                embed_pending(store, engine.provider, pairs)
        return copied
    finally:
        engine.close()


def _gather(cluster: Cluster, refs: Sequence[Any]) -> list[tuple[Any, str | None]]:
    """Each task's answer and ``None``, or ``None`` and why it failed (one line), in order."""
    from ray import exceptions

    out: list[tuple[Any, str | None]] = []
    for ref in refs:
        try:
            out.append((cluster.ray.get(ref), None))
        except exceptions.RayTaskError as exc:
            out.append((None, str(exc.cause) if exc.cause is not None else _first_line(exc)))
        except exceptions.RayError as exc:
            out.append((None, f"its task died ({_first_line(exc)})"))
    return out


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__
