"""The lean side of ``maguyva search`` and ``maguyva graph``: ask the repository's resident server,
print its answer.

Imports the standard library's cheapest parts alone (``_socket`` rather than ``socket``, whose
enums cost milliseconds; :mod:`.place`'s JSON rather than ``json``, which imports ``re``; no
``collections.abc`` nor ``from __future__ import annotations``), because every millisecond here is
paid by every search. :func:`answer`
returns the exit status when a server answered, or ``None`` when the caller must run the command
in process: no server (and none started), the server declined (a command it does not run, another
environment, its code changed), or anything failed before a byte of the answer was printed.

When no server runs and the search was typed at a terminal (stderr is one), a server is started in
the background for the next searches, and this search waits for it (it does the work the
in-process command would have done: open and refresh the index), like Gradle's daemon or dmypy.
``MAGUYVA_NO_SERVER=1`` turns servers off; ``maguyva server start|stop|status`` manages one.
"""

import _socket
import os
import sys
import time

from maguyva_tui.resident import place

TYPE_CHECKING = False  # neither typing nor collections.abc (1 ms) is imported on the way to an answer
if TYPE_CHECKING:
    from collections.abc import Mapping

PROTOCOL = 2
"""The request's format (and the reply's: :func:`.place.split_reply`); a server of another version declines."""
VALUED = ("--repo", "--workspace", "--index-dir", "--ray", "--limit", "--modality", "--batch", "--intent",
          "--preset", "--depth")
"""The search options that take a value (argparse's, as ``maguyva_tui.cli`` declares them)."""
FLAGS = ("--json", "--regex", "--ignore-case", "--smart-case", "--explain", "--help")
GRAPH_VALUED = ("--repo", "--workspace", "--index-dir", "--depth", "--limit")
GRAPH_FLAGS = ("--json", "--help")
"""``maguyva graph``'s options, valued and not: a prefix is read against the command's own options,
as argparse reads it (``--i`` is ``--index-dir`` there, three options of ``search``)."""
DECLINED = ("--workspace", "--batch", "--ray", "--help")
"""Searches the server does not run: several repositories, a Ray cluster, stdin, help text sized
to the terminal. They run in process."""
START_WAIT_S = 10.0
"""How long a search waits for the server it started to listen before running in process."""
POLL_S = 0.02
CHUNK = 1 << 16
REPLY_S = 30.0
"""How long a server that has read the request may take to answer before the search runs in process
(it prints nothing before the whole reply is read, so nothing is printed twice): a search through
the server answers in milliseconds, a big question (a literal on a hundred thousand files, the
impact of a hub, a refresh after a branch switch) in seconds; one silent for half a minute is
taken as stuck, where the read had no bound and a stuck server hung every search. A stuck server is
set aside (:func:`set_aside`), so the next search does not wait on it again."""
QUEUED_S = 600.0
"""How long a request may wait unread, queued while the server opens or builds its index before it
accepts (the first search of a repository waits for the build it would have run in process)."""
FROZEN_S = 15.0
"""How long a server waited on may show no sign of life (its lock file untouched: its heartbeat,
:data:`.place.HEARTBEAT_S`) before the search takes it as frozen (SIGSTOP, its GIL held in C) and
sets it aside (:func:`set_aside`): a frozen server never reads the request, so the search had waited
:data:`QUEUED_S` (10 minutes) as for one building its index, which beats all along."""
TICK_S = 1.0
"""How often a read that waits looks at whether the server has read the request."""
ANOTHER = "another repository"
"""Why a server declines a search from a folder its repository's index leaves out (:mod:`.server`)."""


def answer(argv: list[str]) -> int | None:
    """Run ``maguyva search ...`` or ``maguyva graph ...`` (``argv`` from the command on) through the
    resident server; ``None``: not handled, run it in process."""
    environ = os.environ
    if place.server_disabled(environ) or not sys.platform.startswith("linux"):
        return None
    if sys.stdout is None or sys.stderr is None:  # started with fd 1 or 2 closed: the command copes, in process
        return None
    found = locate(argv)
    if found is None:
        return None
    try:
        sock, request, path = _reach(argv, found, environ)
    except OSError:  # a working folder that is gone, a runtime folder that cannot be made...
        return None
    if sock is None:
        return None
    reply = exchange(sock, request, path)
    if reply is not None and reply.get("why") == ANOTHER and found[0] is None:
        # the server of the repository above declined a folder its index leaves out: this folder's own
        try:
            sock, request, path = _reach(argv, found, environ, alone=True)
        except OSError:
            return None
        reply = exchange(sock, request, path) if sock is not None else None
    if reply is None or not reply.get("handled"):
        return None
    return emit(reply)


def _reach(argv: list[str], found: tuple[str | None, str | None], environ: "Mapping[str, str]",
           alone: bool = False) -> tuple[_socket.socket | None, dict[str, object], str]:
    """The connection to the repository's server (started now when a person waits at a terminal),
    the request to send it and the server's socket; ``alone``: the working folder's own server, not the one of the
    indexed folder above it."""
    repo, index_dir = found
    cwd = os.getcwd()
    spec = place.index_spec(index_dir, cwd, environ)
    if repo is None:  # the working folder, or the indexed folder above it (the server checks the guess)
        from maguyva_tui import roots  # here: a search given --repo never reads it

        root = cwd if alone else roots.enclosing_root(cwd, spec or place.default_index_base(environ),
                                                      os.path.realpath(os.path.expanduser("~")))
    else:
        root = os.path.realpath(os.path.join(cwd, os.path.expanduser(repo)))
    env = place.relevant_env(environ)
    folder = place.runtime_dir(environ)
    path = place.socket_path(folder, place.identity(root, spec, env))
    request = {"v": PROTOCOL, "op": "search", "argv": argv, "cwd": cwd, "env": env,
               "index_dir_env": environ.get(place.INDEX_DIR_ENV), "encoding": [sys.stdout.encoding, sys.stderr.encoding]}
    sock = connect(folder, path)
    if sock is None and root != cwd and repo is None and not roots.holds(root, cwd):
        # a folder the index above leaves out (an ignored build/): searched alone, as in process, where
        # the repository's server, started for it, declined it and lingered idle for 15 minutes
        return _reach(argv, found, environ, alone=True)
    if sock is None and os.path.isdir(root) and _at_terminal() and not _too_wide(root, cwd):
        sock = start_and_connect(folder, path, root, spec)
    return sock, request, path


def _too_wide(root: str, cwd: str | None = None) -> bool:
    """Whether ``root`` is a folder no repository means (``/``, the home folder, ``/etc``, the folder
    above the working folder's git repository): no server is started for it (it had begun indexing
    the whole folder); the search, run in process, refuses it in one line."""
    from maguyva_tui.core.wide_folders import not_a_repository  # only on the way to starting a server

    return not_a_repository(root, cwd=cwd) is not None


def locate(argv: list[str]) -> tuple[str | None, str | None] | None:
    """The ``--repo`` (``None``: not given) and ``--index-dir`` of a search or graph question, as
    argparse would read them (unique prefixes of long options included); ``None`` for one the server
    does not run (the server checks again with the real parser: this only finds its socket)."""
    valued, flags = (GRAPH_VALUED, GRAPH_FLAGS) if argv[:1] == ["graph"] else (VALUED, FLAGS)
    repos: list[str] = []
    index_dir: str | None = None
    i = 1
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            break
        if arg.startswith("--"):
            name, eq, value = arg.partition("=")
            full = _expand(name, valued + flags)
            if full is None or full in DECLINED:
                return None
            if full in valued and not eq:
                i += 1
                if i == len(argv):
                    return None
                value = argv[i]
            if full == "--repo":
                repos.append(value)
            elif full == "--index-dir":
                index_dir = value
        elif arg.startswith("-") and "h" in arg[1:]:
            return None
        i += 1
    if len(repos) > 1:
        return None
    return (repos[0] if repos else None), index_dir


def _expand(name: str, options: tuple[str, ...]) -> str | None:
    """The long option of ``options`` a name or a unique prefix of it means, as argparse allows; else ``None``."""
    if name in options:
        return name
    matches = [o for o in options if o.startswith(name)]
    return matches[0] if len(matches) == 1 else None


def connect(folder: str, path: str) -> _socket.socket | None:
    """A connection to the server listening at ``path``; ``None`` when none does (a socket left by
    a server that died is removed on the way) or the folder is not the user's alone."""
    if not place.is_private(folder):
        return None
    sock = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
    try:
        sock.connect(path)
    except ConnectionRefusedError:
        sock.close()
        remove_stale(path)
        return None
    except OSError:
        sock.close()
        return None
    return sock


def remove_stale(path: str) -> bool:
    """Remove a socket nobody listens on, unless a server holds its lock (it is starting); the
    lock file taken to tell is removed too (:func:`~maguyva_tui.resident.place.take_lock`)."""
    lock = path[: -len(place.SOCKET_SUFFIX)] + place.LOCK_SUFFIX
    try:
        fd = place.take_lock(lock)
    except OSError:
        return False
    if fd < 0:
        return False
    try:
        os.unlink(path)
        return True
    except OSError:
        return False
    finally:
        place.drop_lock(lock, fd)


def _at_terminal() -> bool:
    try:
        return os.isatty(2)
    except OSError:
        return False


def start_and_connect(folder: str, path: str, root: str, spec: str) -> _socket.socket | None:
    """Start a server in the background and connect to it once it listens (it answers once warm);
    none while a frozen server holds the repository's lock (:func:`held_frozen`)."""
    if held_frozen(path):
        return None
    child = spawn(folder, path, root, spec)
    if child is None:
        return None
    deadline = time.monotonic() + START_WAIT_S
    while time.monotonic() < deadline:
        sock = connect(folder, path)
        if sock is not None:
            return sock
        if child.poll() is not None:
            return None
        time.sleep(POLL_S)
    return None


def held_frozen(path: str) -> bool:
    """Whether a frozen server (set aside, its socket gone) still holds the lock of the server at
    ``path``: the lock file untouched for :data:`FROZEN_S` (no heartbeat) and locked. A server
    started now would find the lock taken and exit ("already runs"), a process started for nothing
    by every search until the frozen one goes; the search runs in process at once."""
    lock = path[: -len(place.SOCKET_SUFFIX)] + place.LOCK_SUFFIX
    try:
        if time.time() - os.stat(lock).st_mtime <= FROZEN_S:
            return False  # none, or a server alive (starting, or beating)
    except OSError:
        return False
    fd = place.take_lock(lock)
    if fd < 0:
        return True
    place.drop_lock(lock, fd)  # left by a server that died: the one started now makes it anew
    return False


def spawn(folder: str, path: str, root: str, spec: str, idle: float | None = None):  # type: ignore[no-untyped-def]
    """Start ``maguyva server run`` for a repository, detached, its output in a log beside the socket
    (``idle``: ``server start --idle``'s seconds, which it had dropped)."""
    import subprocess

    if not place.make_private(folder):
        return None
    command = [sys.executable, "-m", "maguyva_tui", "server", "run", "--repo", root]
    if spec:
        command += ["--index-dir", spec]
    if idle is not None:
        command += ["--idle", repr(idle)]
    log = path[: -len(place.SOCKET_SUFFIX)] + place.LOG_SUFFIX
    place.tidy(folder, time.time())
    try:
        with open(log, "ab") as out:
            if out.tell() > place.LOG_MAX_BYTES:
                out.truncate(0)
            os.chmod(log, 0o600)
            return subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=out, stderr=out, cwd="/",
                                    start_new_session=True, close_fds=True)
    except OSError:
        return None


def exchange(sock: _socket.socket, request: dict[str, object], path: str = "") -> dict[str, object] | None:
    """Send a request, read the whole reply; ``None`` when the server went away meanwhile, or has
    not answered :data:`REPLY_S` after reading the request (:data:`QUEUED_S` while it leaves it unread).
    A server silent past :data:`REPLY_S` is set aside when ``path`` names its socket (:func:`set_aside`)."""
    try:
        sock.sendall(place.dumps(request).encode())
        sock.shutdown(_socket.SHUT_WR)
        sock.settimeout(TICK_S)
        parts = []
        started = waiting = time.monotonic()
        beats: list[float] = []
        while True:
            try:
                data = sock.recv(CHUNK)
            except TimeoutError:
                now = time.monotonic()
                if _unread(sock):
                    waiting = now  # still queued: the server is not yet answering anyone
                if path and frozen(path, beats, now):
                    set_aside(sock, path, f"showed no sign of life for {FROZEN_S:.0f} s (frozen)")
                    return None
                if now - waiting > REPLY_S:
                    if path:
                        set_aside(sock, path)
                    return None
                if now - started > QUEUED_S:
                    return None
                continue
            if not data:
                break
            parts.append(data)
        reply = place.split_reply(b"".join(parts))
    except (OSError, ValueError, TypeError):
        return None
    finally:
        sock.close()
    return reply if isinstance(reply, dict) else None


def frozen(path: str, seen: list[float], now: float) -> bool:
    """Whether the server listening at ``path`` has shown no sign of life for :data:`FROZEN_S`: its
    lock file's mtime (its heartbeat) unchanged that long, as a search waiting since ``seen`` was
    ``[]`` saw it (``seen``: the beat last seen and when, by ``now``, the monotonic clock), the beat's
    age by the wall clock when first seen counted. Never on a first look (a clock set forward is
    not taken for a frozen server), nor without a lock file."""
    try:
        beat = os.stat(path[: -len(place.SOCKET_SUFFIX)] + place.LOCK_SUFFIX).st_mtime
    except OSError:
        return False
    if not seen:
        seen += [beat, now - max(0.0, time.time() - beat)]
        return False
    if beat != seen[0]:
        seen[:] = [beat, now]
        return False
    return now - seen[1] > FROZEN_S


def set_aside(sock: _socket.socket, path: str, why: str = "") -> bool:
    """Remove the socket of the server ``sock`` reached, which read a request and said nothing for
    :data:`REPLY_S`, or is frozen (``why`` says which): the next search finds no server there, so it
    starts another (or runs in process) rather than wait on this one again, and the stuck server, finding its socket gone, exits
    (:meth:`.server.Server.why_exit`). Only while its lock file still names that server (its pid,
    ``SO_PEERCRED``'s): a server started since, by another client that set this one aside first, is
    kept. A line in the server's log says why. True when the socket was removed."""
    try:
        pid = int.from_bytes(sock.getsockopt(_socket.SOL_SOCKET, _socket.SO_PEERCRED, 12)[:4], sys.byteorder)
        stem = path[: -len(place.SOCKET_SUFFIX)]
        with open(stem + place.LOCK_SUFFIX, "rb") as lock:
            if pid <= 0 or lock.read(32).strip() != str(pid).encode():
                return False
        os.unlink(path)
    except (OSError, AttributeError):  # no such query here, no lock file, the socket removed already
        return False
    why = why or f"read a request and said nothing for {REPLY_S:.0f} s"
    line = (f"{time.strftime('%Y-%m-%d %H:%M:%S')} maguyva search {os.getpid()}: server {pid} {why}: "
            f"its socket is removed, the search runs in process\n")
    try:
        log = os.open(stem + place.LOG_SUFFIX, os.O_WRONLY | os.O_APPEND | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError:  # none (a server started by hand, its log on its terminal)
        return True
    try:
        os.write(log, line.encode("utf-8", "backslashreplace"))
    except OSError:
        pass
    finally:
        os.close(log)
    return True


def _unread(sock: _socket.socket) -> bool:
    """Whether the server has not read the whole request yet: bytes sent over a Unix socket stay
    counted as the sender's (``SIOCOUTQ``) until the peer reads them. Imported here, after a second
    of waiting: no search that answers at once pays for it."""
    try:
        import fcntl
        import termios

        count = fcntl.ioctl(sock.fileno(), termios.TIOCOUTQ, b"\0\0\0\0")  # SIOCOUTQ is TIOCOUTQ
    except (OSError, ImportError, AttributeError):  # no such query here: taken as read, REPLY_S bounds it
        return False
    return int.from_bytes(count, sys.byteorder) > 0


def emit(reply: dict[str, object]) -> int:
    """Replay the server's writes and flushes of stdout and stderr in their order (so buffering
    interleaves them as it would have in process); return its exit status."""
    streams = {1: sys.stdout, 2: sys.stderr}
    reconfigure = getattr(sys.stdout, "reconfigure", None)  # as maguyva_tui.cli.tolerant_stdout (not imported here)
    if reconfigure is not None and getattr(sys.stdout, "errors", None) in ("strict", "surrogateescape"):
        reconfigure(errors="backslashreplace")
    try:
        for fd, text in reply.get("out", ()):  # type: ignore[attr-defined]
            if text is None:
                streams[fd].flush()
            else:
                streams[fd].write(text)
        sys.stdout.flush()  # here, where a failure is said: the exit's flush drops it without a word
    except BrokenPipeError:
        return 0
    except OSError as exc:  # > /dev/full: one line, as maguyva_tui.cli.main says it, not a traceback
        sys.stderr.write(f"maguyva: error: could not write the output: {exc.strerror}\n")
        return 1
    code = reply.get("code", 1)
    return code if isinstance(code, int) else 1
