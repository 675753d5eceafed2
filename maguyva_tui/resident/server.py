"""The resident search server: one repository's engine kept warm, answering ``maguyva search`` and
``maguyva graph`` (a graph question is a request of op ``search`` too: a command line to run).

It listens on the Unix socket :mod:`.place` names, in a folder only its user can enter, and
checks each peer's uid with ``SO_PEERCRED`` as well. A request is one JSON object (bounded in
size, never pickled) read to the client's end of writing; the reply is one JSON object. A search
runs :func:`maguyva_tui.cli.main` itself on the warm engine (``cli.WARM_ENGINE``) with stdout and
stderr captured for its thread alone, so the client prints what the in-process command would have
printed, byte for byte, with its exit status. The server declines (and the client runs the command
in process) what it does not run: another command, several repositories, arguments the parser
refuses, another environment, a repository or index folder that is not its own.

Freshness: before each question the index is refreshed when the disk moved, so an edit made after
the server started is found: the indexed files and their folders are stat'ed against the index's
stamp (:mod:`maguyva_tui.core.freshness`) when inotify saw a change in those folders since the last
check found none (:mod:`.watch`), and every time where it cannot watch. The folders its walk listed
and the files it read without indexing them (ignore files, skipped files, git's exclude files) are
watched and stat-ed too: a file added in a folder that holds no indexed file is found.

The server exits after :data:`IDLE_S` without a request, when its repository or index folder
disappears, when its socket is removed (a client found it stuck: :func:`.client.set_aside`), when
maguyva's own source files change (an upgrade, an edit), and on SIGTERM.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import queue
import signal
import socket
import struct
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import maguyva_tui
from maguyva_tui.resident import place
from maguyva_tui.resident.client import PROTOCOL

if TYPE_CHECKING:
    import argparse

    from maguyva_tui.core.indexer import IndexSummary
    from maguyva_tui.core.live import LiveIndex
    from maguyva_tui.resident.filler import Filler
    from maguyva_tui.resident.watch import FolderWatch, WatchedFreshness

IDLE_S = 900.0
"""Minutes of quiet before a server exits (15): long enough for a session of searches, short
enough that a forgotten one goes away ($MAGUYVA_SERVER_IDLE_S overrides)."""
IDLE_ENV = "MAGUYVA_SERVER_IDLE_S"
WATCH_S = 1.0
"""How often the server checks, between requests, whether it should exit."""
MAX_REQUEST_BYTES = 1 << 20
"""A request larger than this is refused unread (a search's argv is a few hundred bytes)."""
REQUEST_READ_S = 5.0
"""A client that has not finished writing its request by then is dropped."""
REPLY_SEND_S = 60.0
DRAIN_S = 5.0
"""How long a server that exits waits for the searches in flight to be answered before it closes
the engine they run on (``server stop`` waits 10 s for it to exit). A search the engine was closed
under had answered "internal error: RuntimeError: cannot schedule new futures after shutdown",
with nothing on stdout under ``--json``."""
MAX_IN_FLIGHT = 32
"""The most requests handled at once, each on a request thread (one that answered a request waits for
the next: :meth:`Server._work`). Searches share the warm engine
and the machine's cores: past a few dozen at once none finishes sooner, while every connection
more (a script that opens thousands) would cost a thread. A connection past the bound gets no
thread: the accept loop declines it at once ("busy"), and its client runs the search in process, as
with no server."""
FILL_IDLE_S = 5.0
"""Seconds without a search before the server starts filling the transformer tier in a child
process (:mod:`.filler`): a burst of searches first."""
FILL_RESUME_S = 1.0
"""Seconds without a search before a filler paused by one goes on (it is paused while searches come)."""
WARM_UP_QUERY = "import"
"""Asked of the text engine once the index is open, so the tables it builds once per process (the
stored text, the defined names, the newline index: 1-2 s on sympy) are built before the first
question rather than inside it. Any word would do; this one is in most code."""


class Capture:
    """One request's writes to stdout (1) and stderr (2), and its flushes, in order."""

    def __init__(self, encodings: tuple[str, str] = ("utf-8", "utf-8")) -> None:
        self.encodings = encodings
        self.items: list[list[Any]] = []

    def write(self, fd: int, text: str) -> None:
        """Keep a write, joined to the previous one when it went to the same stream."""
        last = self.items[-1] if self.items else None
        if last is not None and last[0] == fd and last[1] is not None:
            last[1] += text
        else:
            self.items.append([fd, text])

    def flush(self, fd: int) -> None:
        """Keep a flush (the client flushes there too, so buffering interleaves the streams alike)."""
        if self.items and self.items[-1] != [fd, None]:
            self.items.append([fd, None])


_local = threading.local()


class _Routed(io.TextIOBase):
    """``sys.stdout`` or ``sys.stderr`` for the whole process: the request's capture on a thread
    that has one, else the server's own stream (its log)."""

    def __init__(self, fd: int, own: Any) -> None:
        self._fd = fd
        self._own = own

    @staticmethod
    def _capture() -> Capture | None:
        return getattr(_local, "capture", None)

    def write(self, text: str) -> int:
        capture = self._capture()
        if capture is None:
            return int(self._own.write(text))
        capture.write(self._fd, text)
        return len(text)

    def flush(self) -> None:
        capture = self._capture()
        if capture is None:
            self._own.flush()
        else:
            capture.flush(self._fd)

    @property
    def encoding(self) -> str:  # type: ignore[override]
        capture = self._capture()
        return capture.encodings[self._fd - 1] if capture is not None else str(self._own.encoding)

    def isatty(self) -> bool:
        return False


@contextlib.contextmanager
def captured(capture: Capture) -> Iterator[Capture]:
    """Route this thread's prints into ``capture`` for the block."""
    _local.capture = capture
    try:
        yield capture
    finally:
        _local.capture = None


def route_std_streams() -> Any:
    """Replace ``sys.stdout`` and ``sys.stderr`` by per-thread routers once; return the log stream."""
    if not isinstance(sys.stderr, _Routed):
        own_out, own_err = sys.stdout, sys.stderr
        sys.stdout = _Routed(1, own_out)
        sys.stderr = _Routed(2, own_err)
    return sys.stderr._own


def peer_uid(conn: socket.socket) -> int | None:
    """The uid of the process at the other end of a Unix socket (``SO_PEERCRED``); ``None`` where
    the system cannot say."""
    option = getattr(socket, "SO_PEERCRED", None)
    if option is None:
        return None
    size = struct.calcsize("3i")
    _pid, uid, _gid = struct.unpack("3i", conn.getsockopt(socket.SOL_SOCKET, option, size))
    return int(uid)


def peer_allowed(uid: int | None) -> bool:
    """Tell whether a peer may ask: only the server's own user (and never an unknown one)."""
    return uid is not None and uid == os.getuid()


def read_request(conn: socket.socket, limit: int = MAX_REQUEST_BYTES, within: float = REQUEST_READ_S) -> bytes | None:
    """Read a request to the client's end of writing; ``None`` when it exceeds ``limit`` bytes.
    ``TimeoutError`` when it is not all read ``within`` seconds of the first read: the bound is the
    whole request's, not each read's (a client writing a byte every few seconds had held one of the
    :data:`MAX_IN_FLIGHT` threads for as long as it liked, 24 s for 8 bytes; 32 of them, every search)."""
    parts: list[bytes] = []
    size = 0
    deadline = time.monotonic() + within
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError(f"the request was not read within {within:g} s")
        conn.settimeout(left)
        data = conn.recv(65536)
        if not data:
            return b"".join(parts)
        size += len(data)
        if size > limit:
            return None
        parts.append(data)


class CodeStamp:
    """The modification times of maguyva's modules this process loaded: one that differs later
    means the code on disk is not the code running (an upgrade, an edit). The ``stat`` pass runs
    when inotify saw a change in their folders or a module was loaded since, else never."""

    def __init__(self) -> None:
        self._base = os.path.dirname(maguyva_tui.__file__) + os.sep
        self._seen: dict[str, int] = {}
        self._loaded = -1
        self._changed = False
        self._watch: FolderWatch | None = None
        self.changed()
        from maguyva_tui.resident.watch import FolderWatch

        self._watch = FolderWatch({os.path.dirname(path) for path in self._seen})

    def changed(self) -> bool:
        """Tell whether a loaded module's file changed since it was first seen here (modules
        loaded since the last call are noted as they are now)."""
        moved = self._watch.moved() if self._watch is not None else None
        if self._changed or (moved is False and len(sys.modules) == self._loaded):
            return self._changed
        self._loaded = len(sys.modules)
        for module in list(sys.modules.values()):
            path = getattr(module, "__file__", None)
            if not path or not path.startswith(self._base):
                continue
            try:
                mtime = os.stat(path).st_mtime_ns
            except OSError:
                mtime = -1
            if self._seen.setdefault(path, mtime) != mtime:
                self._changed = True
        return self._changed

    def close(self) -> None:
        """Stop watching."""
        if self._watch is not None:
            self._watch.close()


def exit_code(exc: SystemExit) -> tuple[int, str | None]:
    """The status and message of ``sys.exit(x)`` as the interpreter reports them."""
    if exc.code is None:
        return 0, None
    if isinstance(exc.code, int):
        return exc.code, None
    return 1, f"{exc.code}\n"


class Server:
    """One repository's resident search server."""

    def __init__(self, root: str, spec: str, idle_s: float = IDLE_S) -> None:
        self.root = os.path.realpath(root)
        self.spec = os.path.normpath(spec) if spec else ""
        self.env = place.relevant_env(os.environ)
        self.idle_s = idle_s
        self.folder = place.runtime_dir(os.environ)
        self.path = place.socket_path(self.folder, place.identity(self.root, spec, self.env))
        self.stopping = threading.Event()
        self.live: LiveIndex | None = None
        self._freshness: WatchedFreshness | None = None
        self._parser: argparse.ArgumentParser | None = None
        self._index_folder: str | None = None
        self._sock: socket.socket | None = None
        self._lock_fd = -1
        self._beat_lock = threading.Lock()
        """Held to touch the lock file and to close it, so a heartbeat never touches a closed descriptor."""
        self._inode = 0
        self._stamp: CodeStamp | None = None
        self._started = time.monotonic()
        self._last = self._started
        """When the last search ended (the idle timer's start: a status asked is no activity)."""
        self._active = 0
        self._searching = 0
        """Searches running now."""
        self._served = 0
        self._count = threading.Lock()
        self._slots = threading.BoundedSemaphore(MAX_IN_FLIGHT)
        self._requests: queue.SimpleQueue[socket.socket | None] = queue.SimpleQueue()
        """The connections accepted for the request threads, which take them one at a time (``None``: end)."""
        self._spare = 0
        """Request threads free to take a connection, less the connections queued for them (under ``_count``)."""
        self._workers = 0
        """Request threads started (each ends when the server closes)."""
        self._busy = False
        self._log = sys.stderr
        self._filler: Filler | None = None
        """Fills the transformer tier in a child process while the server idles (``None``: it may not)."""
        self._tended = self._started
        self._searched = self._started
        """When the last search came (a status asked meanwhile is no work that a filler slows)."""
        self._walked: tuple[object, frozenset[str]] | None = None
        """The current generation and the folders its walk listed (:meth:`_held`)."""
        self._default_base: str | None = None
        """The user cache's index folder, as this process's environment names it (found once)."""

    # -- life ----------------------------------------------------------------------------------

    def log(self, message: str) -> None:
        """A line in the server's log (its stderr: the log file beside the socket when started in the background)."""
        with contextlib.suppress(OSError, ValueError):
            self._log.write(f"{time.strftime('%Y-%m-%d %H:%M:%S')} maguyva server {os.getpid()}: {message}\n")
            self._log.flush()

    @property
    def _lock_path(self) -> str:
        return self.path[: -len(place.SOCKET_SUFFIX)] + place.LOCK_SUFFIX

    def bind(self) -> bool:
        """Take the repository's lock and listen; False when another server holds it (it runs)."""
        if not place.make_private(self.folder):
            raise OSError(f"{self.folder} is not a private folder of this user: {place.not_private(self.folder)}")
        if len(self.path) > place.MAX_SOCKET_PATH:
            raise OSError(f"the socket path {self.path} is too long for a Unix socket")
        self._lock_fd = place.take_lock(self._lock_path)
        if self._lock_fd < 0:
            return False
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.path)  # under the lock: a socket left by a server that died
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.bind(self.path)
        os.chmod(self.path, 0o600)
        sock.listen(128)
        sock.settimeout(WATCH_S)
        self._sock = sock
        self._inode = os.stat(self.path).st_ino
        os.ftruncate(self._lock_fd, 0)
        os.write(self._lock_fd, f"{os.getpid()}\n".encode())
        threading.Thread(target=self._beat, name="maguyva-heartbeat", daemon=True).start()
        return True

    def _beat(self) -> None:
        """Touch the lock file every :data:`~.place.HEARTBEAT_S` until the server stops, through the
        index's opening or build too: a search waiting on a server that no longer does (stopped, or
        its GIL held in C) tells it frozen from building, and sets it aside (:data:`.client.FROZEN_S`)
        where it had waited 10 minutes, as for a build."""
        while not self.stopping.wait(place.HEARTBEAT_S):
            with self._beat_lock:
                if self._lock_fd < 0:
                    return
                with contextlib.suppress(OSError):
                    os.utime(self._lock_fd)

    def warm(self) -> None:
        """Open the index and bring it up to date, as the in-process command's first question would:
        another process's build of the index is waited for as a question waits for it
        (``indexer.ANSWER_WAIT_S``, then the index answers as it is, said stale; a first build, with
        nothing to answer from, as long as it takes), said in the log. The warm-up had waited for a
        stopped ``maguyva index`` as long as it stayed stopped, and the first search with it."""
        from maguyva_tui.core.engine import Engine
        from maguyva_tui.core.indexer import ANSWER_WAIT_S, index_folder
        from maguyva_tui.core.live import LiveEvents, LiveIndex
        from maguyva_tui.resident.watch import WatchedFreshness

        self._stamp = CodeStamp()  # as imported, before the minutes a first build may take
        engine = Engine(Path(self.root), Path(self.spec) if self.spec else None)
        self._freshness = WatchedFreshness(lambda: engine.snapshot if engine.index_folder is not None else None)
        live = LiveIndex(engine, embed=False, freshness=self._freshness, events=LiveEvents(note=self.log))
        live.open()
        live.refresh(lock_wait=ANSWER_WAIT_S)
        engine.search(WARM_UP_QUERY, modality="text", limit=1)
        self.live = live
        self._index_folder = os.fspath(index_folder(Path(self.root), Path(self.spec) if self.spec else None))
        from maguyva_tui.resident.filler import Filler, fill_blocked

        blocked = fill_blocked()
        if blocked:
            self.log(f"the transformer tier is not filled here: {blocked}")
        else:
            self._filler = Filler(self.root, self.spec, self.log, self._log)

    def serve(self) -> None:
        """Accept requests, each answered on a request thread (at most :data:`MAX_IN_FLIGHT` at once), until
        told to stop or a reason to exit."""
        assert self._sock is not None
        self.log(f"serving {self.root} on {self.path}")
        while not self.stopping.is_set():
            try:
                conn, _ = self._sock.accept()
            except TimeoutError:
                why = self.why_exit()
                if why:
                    self.log(f"exiting: {why}")
                    break
                self.tend()
                continue
            except OSError:
                break
            if time.monotonic() - self._tended >= WATCH_S:  # under steady requests too (a status polled often)
                why = self.why_exit()
                if why:
                    self.log(f"exiting: {why}")
                    self._decline(conn, f"the server exits: {why}")
                    break
                self.tend()
            if not self._slots.acquire(blocking=False):
                self._decline_busy(conn)
                continue
            self._busy = False
            with self._count:
                self._active += 1
                spare = self._spare > 0
                if spare:
                    self._spare -= 1
                else:
                    self._workers += 1
            if not spare:  # every request thread is busy: one more (at most MAX_IN_FLIGHT at once, as the slots)
                threading.Thread(target=self._work, name="maguyva-request", daemon=True).start()
            self._requests.put(conn)

    def _work(self) -> None:
        """Answer the connections accepted, one after another, until the server closes: a thread
        started and ended for each request (its fresh stack and state warmed anew under the search) had
        cost 0.2-0.3 ms of the server's CPU of every search on sympy."""
        while (conn := self._requests.get()) is not None:
            self._handle(conn)

    def _decline_busy(self, conn: socket.socket) -> None:
        """Tell a connection past the bound to run its search in process, and close it."""
        if not self._busy:  # one line in the log for a burst, not one per connection
            self.log(f"busy: {MAX_IN_FLIGHT} requests in flight; declining more until one ends")
            self._busy = True
        self._decline(conn, f"busy: {MAX_IN_FLIGHT} requests in flight")

    @staticmethod
    def _decline(conn: socket.socket, why: str) -> None:
        """Tell a connection, without a thread, to run its search in process (``why``), and close it."""
        with conn, contextlib.suppress(OSError):  # BlockingIOError: nothing more to read, or no room to write
            conn.setblocking(False)  # the accept loop never waits on a connection it declines
            conn.sendall(framed(declined(why)))
            conn.shutdown(socket.SHUT_WR)
            # read what the client sent (it sends as it connects), so that closing does not reset the
            # connection before it reads the reply; a client slower than that gets the reset and runs
            # in process all the same
            size = 0
            while size <= MAX_REQUEST_BYTES and (data := conn.recv(65536)):
                size += len(data)

    def why_exit(self) -> str | None:
        """Why the server should exit now, if it should."""
        with self._count:  # only searches are activity: a status polled every second had kept it for good
            idle = self._searching == 0 and time.monotonic() - self._last > self.idle_s
        if idle:
            return f"idle for {self.idle_s:.0f} s"
        if not os.path.isdir(self.root):
            return f"the repository {self.root} is gone"
        if self._index_folder and not os.path.isdir(self._index_folder):
            return f"the index folder {self._index_folder} is gone"
        if self.socket_removed():
            return f"its socket {self.path} was removed (a search found it silent or frozen, or the folder was cleared)"
        if self.code_changed():
            return "maguyva's source files changed"
        return None

    def socket_removed(self) -> bool:
        """Tell whether the socket this server listens on is gone from its path: no search can reach
        it there, and a client that found it stuck removes it (:func:`.client.set_aside`) so that it
        exits and the next search starts another (it had stayed, unreachable or stuck, for good)."""
        if not self._inode:
            return False
        try:
            return os.stat(self.path).st_ino != self._inode
        except FileNotFoundError:
            return True
        except OSError:
            return False

    def code_changed(self) -> bool:
        """Tell whether maguyva's source files differ from those the server started with."""
        return self._stamp is not None and self._stamp.changed()

    def tend(self) -> None:
        """Between requests: read back the transformer vectors another process saved (a listing of
        the store's folder), and start a filler when the server has been idle :data:`FILL_IDLE_S`
        (no request in flight, no search for that long), the current generation lacks some and no other
        process fills it (the explorer, an MCP server: once it is gone)."""
        self._tended = time.monotonic()
        live = self.live
        if live is None:
            return
        engine = live.engine
        try:
            engine.pick_up_vectors()
            filler = self._filler
            if filler is None:
                return
            filler.reap()
            with self._count:
                calm = time.monotonic() - self._searched if self._searching == 0 else 0.0  # seconds without a search
            if calm >= FILL_RESUME_S:
                filler.resume()
            if calm < FILL_IDLE_S or engine.index_folder is None:
                return
            generation = engine.snapshot.generation
            name = generation.name if generation is not None else ""
            if filler.wanted(name, lambda: float(engine.coverage().transformer)) and not engine.filled_elsewhere():
                filler.start(name)  # another process filling (the explorer, an MCP server): once it is gone
        except Exception as exc:  # noqa: BLE001 - searches go on without the transformer tier's news
            self.log(f"could not tend the transformer tier: {type(exc).__name__}: {exc}")
            self._filler = None

    def semantic_status(self) -> dict[str, Any]:
        """Each semantic tier's coverage of the index searched now, and whether a filler runs."""
        found: dict[str, Any] = {"filling": bool(self._filler is not None and self._filler.running)}
        live = self.live
        if live is not None:
            with contextlib.suppress(Exception):
                found["semantic_tiers"] = {tier: round(share, 4) for tier, share in live.engine.coverage().tiers()}
            with contextlib.suppress(Exception):
                if not found["filling"] and live.engine.filled_elsewhere():
                    found["filled_by"] = live.engine.fill_holder()
        return found

    def close(self) -> None:
        """Stop listening, remove the socket (when it is still this server's) and the lock file, and
        release the lock (the lock file had been left in the runtime folder for good)."""
        self.stopping.set()
        if self._filler is not None:
            self._filler.stop()
        if self._sock is not None:
            self._sock.close()
            with contextlib.suppress(OSError):
                if os.stat(self.path).st_ino == self._inode:
                    os.unlink(self.path)
        self._drain(DRAIN_S)  # no new connection comes now: let those in flight be answered
        with self._count:
            workers, self._workers = self._workers, 0
        for _ in range(workers):  # each request thread ends once it has answered what it holds
            self._requests.put(None)
        with self._beat_lock:
            if self._lock_fd >= 0:  # removed while held: the next server makes and locks a new one
                place.drop_lock(self._lock_path, self._lock_fd)
                self._lock_fd = -1
        if self.live is not None:
            self.live.close(wait=0)
        if self._freshness is not None:
            self._freshness.close()
        if self._stamp is not None:
            self._stamp.close()

    def _drain(self, wait: float) -> bool:
        """Wait up to ``wait`` seconds for the requests in flight to end; True once none is."""
        deadline = time.monotonic() + wait
        while True:
            with self._count:
                if self._active == 0:
                    return True
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.01)

    # -- requests ------------------------------------------------------------------------------

    def _handle(self, conn: socket.socket) -> None:
        try:
            with conn:
                try:
                    reply = self.reply_to(conn)
                except OSError:
                    raise
                except Exception as exc:  # noqa: BLE001 - a request it cannot read: the client runs in process
                    self.log(f"declined a request it could not read: {type(exc).__name__}: {exc}")
                    reply = declined("the server could not read the request")
                conn.settimeout(REPLY_SEND_S)
                conn.sendall(framed(reply))
        except OSError as exc:
            self.log(f"a request failed: {exc}")
        finally:
            with self._count:
                self._active -= 1
                self._spare += 1  # this thread takes the next connection
            self._slots.release()

    def reply_to(self, conn: socket.socket) -> dict[str, Any]:
        """Check the peer and the request, and answer it."""
        uid = peer_uid(conn)
        if not peer_allowed(uid):
            self.log(f"refused a peer of uid {uid}")
            return declined("refused: only the user who started the server may ask it")
        raw = read_request(conn)
        if raw is None:
            return declined(f"request larger than {MAX_REQUEST_BYTES} bytes")
        try:
            request = json.loads(raw)
        except (ValueError, RecursionError):  # not JSON, or nested deeper than Python's stack
            return declined("the request is not JSON")
        if not isinstance(request, dict) or request.get("v") != PROTOCOL:
            return declined(f"not a request of protocol {PROTOCOL}")
        return self.answer(request)

    def answer(self, request: dict[str, Any]) -> dict[str, Any]:
        """Answer a checked request: ``status``, ``stop`` or ``search`` (a ``search`` or ``graph`` command line)."""
        op = request.get("op")
        if op == "status":
            return {"handled": True, "status": self.status()}
        if op == "stop":
            self.stopping.set()
            return {"handled": True, "status": self.status()}
        if op != "search":
            return declined(f"unknown op {op!r}")
        if self.code_changed():
            self.stopping.set()
            return declined("maguyva's source files changed since the server started; it exits")
        why, args = self._checked(request)
        if why:
            return declined(why)
        encodings = request_encodings(request.get("encoding"))
        if encodings is None:
            return declined("an encoding that is not a pair of codec names")
        with self._count:
            self._served += 1
            self._searching += 1
            self._searched = time.monotonic()
        filler = self._filler
        if filler is not None:
            filler.pause()
        try:
            return self.search(request["argv"], encodings, args)
        finally:
            with self._count:
                self._searching -= 1
                self._last = time.monotonic()
                if self._searching == 0:  # the lock held: no search starts while the texts are let go
                    self._trim_texts()

    def _trim_texts(self) -> None:
        """Let go of the stored texts a search decompressed past ``engine.TEXTS_KEPT_BYTES`` (a listing
        of every line of a frequent name decompresses the whole corpus), said in the log; only
        between searches (:meth:`reply_to` calls it with the count of searches held at none)."""
        live = self.live
        if live is None:
            return
        try:
            freed = live.engine.trim_texts()
        except Exception as exc:  # noqa: BLE001 - the texts stay decompressed; searches go on
            self.log(f"could not let go of decompressed texts: {type(exc).__name__}: {exc}")
            return
        if freed:
            self.log(f"let go of {freed / 2**20:.1f} MB of decompressed texts")

    def status(self) -> dict[str, Any]:
        """Who the server is and how long it has been idle."""
        now = time.monotonic()
        return {"pid": os.getpid(), "root": self.root, "index_dir": self.spec, "socket": self.path,
                "uptime_s": round(now - self._started, 1), "idle_s": round(now - self._last, 1),
                "idle_limit_s": self.idle_s, "searches": self._served, "index_folder": self._index_folder,
                "watching": bool(self._freshness is not None and self._freshness.watching),
                **self._texts_status(), **self.semantic_status()}

    def _texts_status(self) -> dict[str, float]:
        """Megabytes of the stored texts decompressed in memory now, and past how many they are let
        go between searches (:meth:`_trim_texts`)."""
        from maguyva_tui.core.engine import TEXTS_KEPT_BYTES

        held = 0.0
        live = self.live
        if live is not None and live.engine.index_folder is not None:
            with contextlib.suppress(Exception):
                held = round(live.engine.snapshot.texts_held / 2**20, 3)
        return {"texts_held_mb": held, "texts_kept_mb": round(TEXTS_KEPT_BYTES / 2**20, 1)}

    def not_mine(self, request: dict[str, Any]) -> str | None:
        """Why this server must not run a search request, if it must not."""
        return self._checked(request)[0]

    def _checked(self, request: dict[str, Any]) -> tuple[str | None, argparse.Namespace | None]:
        """:meth:`not_mine`, and the arguments the command line read from the request's (once
        parsed, the search runs on them: no second parse)."""
        argv, cwd, env = request.get("argv"), request.get("cwd"), request.get("env")
        if not (isinstance(argv, list) and all(isinstance(a, str) for a in argv) and isinstance(cwd, str)
                and isinstance(env, dict)):
            return "a malformed search request", None
        if env != self.env:
            return "another environment than the server's", None
        if self._parser is None:
            from maguyva_tui.cli import build_parser

            self._parser = build_parser()  # built once: parsing leaves it as it was
        try:
            with captured(Capture()):
                args = self._parser.parse_args(argv)
        except SystemExit:
            return "arguments the command line refuses (it says why, sized to the terminal)", None
        if (args.command not in ("search", "graph") or args.workspace or getattr(args, "batch", None)
                or getattr(args, "ray", None) or len(args.repo or ()) > 1):  # graph has neither --batch nor --ray
            return "a command the server does not run", None
        index_env = request.get("index_dir_env")
        spec = place.index_spec(args.index_dir, cwd, {place.INDEX_DIR_ENV: index_env} if isinstance(index_env, str) else {})
        from maguyva_tui.cli import implied_repo

        # no --repo: the request's working folder, or the indexed folder above it (as in process)
        args.repo, args.scope = implied_repo(args.repo, spec or self._user_index_base(), cwd, self._held)
        args.typed_from = cwd  # a path typed from it (../x.py) is read from there, --repo named or not
        root = os.path.realpath(os.path.join(cwd, os.path.expanduser(args.repo[0])))
        if root != self.root:
            return "another repository", None
        if (os.path.normpath(spec) if spec else "") != self.spec:
            return "another index folder", None
        return None, args

    def _user_index_base(self) -> str:
        """:func:`~maguyva_tui.locations.default_index_base`, found once: it reads this process's
        environment, which the server's identity fixes (27 µs of every search given no index folder)."""
        if self._default_base is None:
            from maguyva_tui.locations import default_index_base

            self._default_base = str(default_index_base())
        return self._default_base

    def _held(self, root: str, cwd: str) -> bool:
        """:func:`maguyva_tui.roots.holds` (whether the index of ``root`` holds the working folder
        ``cwd``'s files), answered from the index's own walk where it can be: a folder of this
        repository that the current generation's walk listed, while nothing moved on disk since the
        index was last found fresh (:meth:`.watch.WatchedFreshness.quiet`: the folders walked and
        the ignore and exclude files read are watched). Asking the rule had read and parsed those
        files again: 2-2.5 ms of every search typed in a subfolder, as much as the search. Any other
        folder, or a change not yet looked at, asks the rule."""
        live, freshness = self.live, self._freshness
        if root == self.root != cwd and live is not None and freshness is not None and freshness.quiet():
            snapshot = live.engine.snapshot
            generation = getattr(snapshot, "generation", None)
            walked = self._walked
            if walked is None or walked[0] != generation:
                from maguyva_tui.core.freshness import walk_stamped

                walked = self._walked = (generation, frozenset(walk_stamped(snapshot)[0]))
            if generation is not None and os.path.relpath(cwd, root) in walked[1]:
                return True
        from maguyva_tui.roots import holds

        return holds(root, cwd)

    def search(self, argv: list[str], encodings: tuple[str, str], args: argparse.Namespace | None = None,
               ) -> dict[str, Any]:
        """Run the command line on the warm engine, its output captured (on ``args`` when the request
        was parsed already); an unexpected failure is declined, so the in-process command shows it as
        it would."""
        from maguyva_tui.cli import WARM_ARGS, WARM_ENGINE, WARM_PARSER, WARM_UPDATE
        from maguyva_tui.cli import main as cli_main
        from maguyva_tui.core.engine import update_of

        assert self.live is not None
        started = time.perf_counter()
        refreshed: list[IndexSummary] = []
        self.live.refresh_if_stale(refreshed)
        # what the refresh did (files updated, a wait for another build): the in-process command's
        # count line says it of the same question ("after updating 1 file: 0.4 s"), so this one does
        update = update_of(refreshed[0], started) if refreshed else None
        capture = Capture(encodings)
        token, parser_token = WARM_ENGINE.set(self.live.engine), WARM_PARSER.set(self._parser)
        update_token = WARM_UPDATE.set(update)
        args_token = WARM_ARGS.set((list(argv), args) if args is not None else None)
        try:
            with captured(capture):
                try:
                    code = cli_main(argv)
                except SystemExit as exc:
                    code, message = exit_code(exc)
                    if message:
                        capture.write(2, message)
        except BaseException as exc:  # noqa: BLE001 - MAGUYVA_DEBUG's traceback: shown by the in-process run
            self.log(f"declined a search that failed: {type(exc).__name__}: {exc}")
            return declined("the search failed in the server")
        finally:
            WARM_ENGINE.reset(token)
            WARM_PARSER.reset(parser_token)
            WARM_ARGS.reset(args_token)
            WARM_UPDATE.reset(update_token)
        if code != 0 and self.stopping.is_set():  # its engine may have closed under it: asked again in process
            self.log(f"declined a search that ended with status {code} as the server exits")
            return declined("the server exits")
        return {"handled": True, "out": capture.items, "code": code}


def request_encodings(value: object) -> tuple[str, str] | None:
    """The client's stdout and stderr encodings (UTF-8 when it sent none); ``None`` when they are
    not two codec names Python knows (``str.encode`` would fail on them inside the search)."""
    import codecs

    if value is None:
        return ("utf-8", "utf-8")
    if not (isinstance(value, list) and len(value) == 2):
        return None
    out, err = (name or "utf-8" for name in value)
    try:
        if not (isinstance(out, str) and isinstance(err, str)):
            return None
        codecs.lookup(out)
        codecs.lookup(err)
    except (LookupError, ValueError):  # an unknown name, or one with a NUL in it
        return None
    return out, err


def framed(reply: dict[str, Any]) -> bytes:
    """A reply as the client reads it (:func:`~maguyva_tui.resident.place.split_reply`): its JSON on
    one line, the texts of its ``"out"`` list replaced by their sizes in UTF-8 and sent after it,
    as they are."""
    out = reply.get("out")
    if not out:
        return json.dumps(reply).encode() + b"\n"
    texts = [None if text is None else text.encode("utf-8", "surrogatepass") for _, text in out]
    sizes = [[fd, None if data is None else len(data)] for (fd, _), data in zip(out, texts)]
    return json.dumps({**reply, "out": sizes}).encode() + b"\n" + b"".join(data for data in texts if data is not None)


def declined(why: str) -> dict[str, Any]:
    """A reply that tells the client to run the command in process."""
    return {"handled": False, "why": why}


def run(root: str, spec: str, idle_s: float | None = None) -> int:
    """Run a server in this process until it exits; 0 also when another one already serves the repository."""
    if idle_s is None:
        try:
            idle_s = float(os.environ.get(IDLE_ENV) or IDLE_S)
        except ValueError:
            idle_s = IDLE_S
    server = Server(root, spec, idle_s)
    try:
        bound = server.bind()
    except OSError as exc:  # a runtime folder that is not private, a socket path too long...
        from maguyva_tui.terminal import printable

        print(f"maguyva: error: cannot listen: {printable(str(exc))}", file=sys.stderr)
        return 1
    if not bound:
        from maguyva_tui.terminal import printable

        print(f"maguyva: a server for {printable(server.root)} already runs", file=sys.stderr)
        return 0
    server._log = route_std_streams()
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, lambda *_: server.stopping.set())
    try:
        try:
            server.warm()
        except Exception as exc:  # noqa: BLE001 - waiting clients see the socket close and run in process
            server.log(f"could not open the index of {server.root}: {type(exc).__name__}: {exc}")
            return 1
        server.serve()
    finally:
        server.close()
    return 0
