"""A workspace's shards held by worker processes of this machine: every core answers, no Ray.

Brief overview::

    open_worker_workspace(roots, workers=N)   N processes (spawned), each a ShardHost holding
                                              some repositories (packed by pack_shards)
      -> Coordinator                          the very coordinator, over RemoteShards whose
                                              Host talks to a process through a pipe

Why: a workspace in one process runs every shard's engines in one interpreter, so a question
costs about the sum of its repositories' work (the engines hold the GIL; threads cannot share
it out). Held by processes, the shards' work of one step runs on every core at once, as on a
cluster's actors, at the cost of a round trip per step (a pipe: a fraction of a millisecond, not
Ray's milliseconds) and of the processes' start (an import and the indexes opened: about a second
or two, so it pays in what stays up, the explorer, the MCP server, ``search --batch``, not in a
one-shot ``search``). The calls, the packing, the merge and the fusion are those of the cluster
(``cluster.py``): the same list in every mode.

A worker that dies or does not answer within a call's deadline is *gone*, with every repository
it holds: the coordinator names them missing and the others answer (as for a Ray actor). A worker
ends when the coordinator closes, or when its pipe closes (the process that started it ended).
"""

from __future__ import annotations

import atexit
import itertools
import multiprocessing
import os
import pickle
import threading
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any, Final

from maguyva_tui.core.types import QueryError
from maguyva_tui.core.workspace.cluster import (
    ACTOR_CONCURRENCY,
    Host,
    RemoteShard,
    ShardHost,
    pack_shards,
    shard_work,
)
from maguyva_tui.core.workspace.coordinator import SHARD_DEADLINE_S, SHARD_MAX_FILES, Coordinator, Missing, reasons
from maguyva_tui.core.workspace.listing import distinct_roots, labels_for
from maguyva_tui.core.workspace.shard import ShardGone

START_METHOD: Final = "spawn"
"""A fresh interpreter per worker: the coordinator's process has threads, which a fork would copy mid-lock."""


def usable_cores() -> int:
    """The cores this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


REAP_WAIT_S: Final = 1.0
"""How long the end of a worker's pipe waits for its process to be reaped, to say how it ended."""


class WorkerDied(OSError):
    """The worker process ended (killed, crashed) with calls still owed."""


class _Method:
    """``worker.many.remote(...)``: a call of the worker's host, as a Ray actor handle reads."""

    def __init__(self, worker: Worker, name: str) -> None:
        self._worker, self._name = worker, name

    def remote(self, *args: Any) -> Future[Any]:
        return self._worker.call(self._name, *args)


class Worker:
    """A process holding a :class:`ShardHost`; calls travel through a pipe, answered by id."""

    def __init__(self, shards: Sequence[tuple[str, str]], index_base: str, provider: Any, static: Any) -> None:
        context = multiprocessing.get_context(START_METHOD)
        mine, theirs = context.Pipe()
        # not a daemon: a worker building an index starts its own parsing pool and graph process
        self._process = context.Process(target=serve, args=(theirs, tuple(shards), index_base, provider, static),
                                        name="maguyva-shards")
        self._process.start()
        atexit.register(self.kill)  # before multiprocessing's own exit handler waits for it
        theirs.close()
        self._conn = mine
        self._ids = itertools.count()
        self._owed: dict[int, Future[Any]] = {}
        self._lock = threading.Lock()
        self._sending = threading.Lock()
        self._ended: str | None = None
        self._reader = threading.Thread(target=self._read, name="maguyva-worker-reader", daemon=True)
        self._reader.start()
        self.many = _Method(self, "many")
        self.ping = _Method(self, "ping")

    @property
    def pid(self) -> int | None:
        """The worker's process id."""
        return self._process.pid

    def call(self, method: str, *args: Any) -> Future[Any]:
        """Ask the worker's host ``method(*args)``; the future holds its answer or its error."""
        future: Future[Any] = Future()
        with self._lock:
            if self._ended is not None:
                future.set_exception(WorkerDied(self._ended))
                return future
            number = next(self._ids)
            self._owed[number] = future
        try:
            with self._sending:
                self._conn.send((number, method, args))
        except (OSError, ValueError, pickle.PicklingError) as exc:
            with self._lock:
                self._owed.pop(number, None)
            future.set_exception(WorkerDied(self._unreachable(exc)) if isinstance(exc, OSError) else exc)
        return future

    def _unreachable(self, exc: OSError) -> str:
        """Why a call could not be sent: a broken pipe is most often a worker that has just ended and
        whose end the reader has not yet seen, so say so once the process is gone."""
        self._process.join(timeout=0.5)
        if self._process.exitcode is not None:
            return self._why_ended()
        return f"cannot reach it ({exc})"

    def _why_ended(self) -> str:
        """How the worker ended, once its pipe closed: the process is waited for a moment (its pipe
        closes as it dies, a little before it can be reaped), so that every repository it held says
        the same, its exit status or the signal that killed it (9: ``kill -9``, the OOM killer)."""
        self._process.join(timeout=REAP_WAIT_S)
        code = self._process.exitcode
        if code is None:
            return "its worker process ended"
        return "its worker process ended " + (f"(killed by signal {-code})" if code < 0 else f"(exit status {code})")

    def _read(self) -> None:
        while True:
            try:
                number, ok, value = self._conn.recv()
            except (EOFError, OSError):
                break
            with self._lock:
                future = self._owed.pop(number, None)
            if future is not None:
                future.set_result(value) if ok else future.set_exception(value)
        why = self._why_ended()
        with self._lock:
            self._ended, owed = why, list(self._owed.values())
            self._owed.clear()
        for future in owed:
            future.set_exception(WorkerDied(why))

    def kill(self) -> None:
        """End the process at once (its pipe closes: every call owed fails)."""
        atexit.unregister(self.kill)
        if self._process.is_alive():
            self._process.kill()
        self._process.join(timeout=5)
        self._conn.close()


def serve(conn: Connection, shards: tuple[tuple[str, str], ...], index_base: str, provider: Any,
          static: Any) -> None:
    """A worker's life: answer each call on a thread (several questions, and a question's calls
    for several shards, at once) until the pipe closes."""
    host = ShardHost(shards, index_base, provider, static)
    pool = ThreadPoolExecutor(max_workers=ACTOR_CONCURRENCY, thread_name_prefix="maguyva-worker")
    sending = threading.Lock()

    def answer(number: int, method: str, args: tuple[Any, ...]) -> None:
        try:
            reply: tuple[int, bool, Any] = (number, True, getattr(host, method)(*args))
        except (QueryError, OSError, ValueError) as exc:
            reply = (number, False, exc)
        except Exception as exc:  # noqa: BLE001 - one line for the coordinator, never a dead worker
            reply = (number, False, QueryError(f"{type(exc).__name__}: {exc}"))
        try:
            data = pickle.dumps(reply, pickle.HIGHEST_PROTOCOL)
        except Exception as exc:  # noqa: BLE001 - an answer or error that does not pickle: said in one line
            data = pickle.dumps((number, False, QueryError(f"{method}: {type(exc).__name__}: {exc}")))
        try:
            with sending:
                conn.send_bytes(data)
        except (OSError, ValueError):
            pass  # the coordinator is gone; the loop below ends on its closed pipe

    while True:
        try:
            number, method, args = conn.recv()
        except (EOFError, OSError):
            break
        pool.submit(answer, number, method, args)
    os._exit(0)  # the engines' threads would keep an interpreter waiting; nothing is left to write


class WorkerHost(Host):
    """The coordinator's end of one worker process (:class:`Host`, over a pipe instead of Ray)."""

    def __init__(self, worker: Worker) -> None:
        super().__init__(worker, None)

    def ping(self) -> Any:
        """Start a call the worker answers at once (its future)."""
        return self.actor.ping.remote()

    def _get(self, ref: Any, timeout_s: float) -> Any:
        self.round_trips += 1
        try:
            return ref.result(timeout=timeout_s)
        except FutureTimeout:
            self.gone = f"its worker process did not answer within {timeout_s:g} s"
        except WorkerDied as exc:
            self.gone = str(exc)
        raise ShardGone(self.gone)

    def close(self) -> None:
        """End the worker process."""
        self.actor.kill()


def open_worker_workspace(
    roots: Sequence[Path],
    index_base: Path | None = None,
    workers: int | None = None,
    deadline_s: float = SHARD_DEADLINE_S,
    max_files: int = SHARD_MAX_FILES,
    provider: Any = None,
    static: Any = True,
) -> Coordinator:
    """Open a workspace whose shards are held by ``workers`` processes (default: as many as the
    usable cores, never more than the repositories), each holding several, packed by
    :func:`~maguyva_tui.core.workspace.cluster.pack_shards`; answer as
    :func:`~maguyva_tui.core.workspace.open_workspace` does (a ``provider`` must pickle: each
    worker has its own copy, shared by its shards)."""
    from maguyva_tui.locations import default_index_base

    folders = distinct_roots(roots)
    if not folders:
        raise QueryError("a workspace needs at least one repository")
    labels = labels_for(folders)
    base = (index_base.expanduser() if index_base is not None else default_index_base()).resolve()
    missing = [Missing(labels[f], str(f), f"{f}: no such directory") for f in folders if not f.is_dir()]
    present = [f for f in folders if f.is_dir()]
    if not present:
        raise QueryError(f"no repository of the workspace can be searched: {reasons(missing)}")
    groups = pack_shards([shard_work(f, base) for f in present], workers or usable_cores())
    shards: list[RemoteShard] = []
    for group in groups:
        held = tuple((labels[present[i]], str(present[i])) for i in group)
        host = WorkerHost(Worker(held, str(base), provider, static))
        shards += [RemoteShard(label, root, host) for label, root in held]
    coordinator = Coordinator(shards, missing, deadline_s, max_files)  # type: ignore[arg-type]  # RemoteShard answers as Shard
    if not coordinator.open():
        coordinator.close()
        raise QueryError(f"no repository of the workspace can be searched: {reasons(coordinator.missing)}")
    return coordinator
