"""The lean side of ``maguyva search`` and ``maguyva graph``: ask the repository's resident server,
print its answer.

Imports the standard library's cheapest parts alone (``_socket`` rather than ``socket``, whose
enums cost milliseconds; the wire's JSON written and read here rather than ``json``, which imports ``re``; no
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
import stat
import sys
import time

TYPE_CHECKING = False  # neither typing nor collections.abc (1 ms) is imported on the way to an answer
if TYPE_CHECKING:
    from collections.abc import Mapping

PROTOCOL = 2
"""The request's format (and the reply's: :func:`split_reply`); a server of another version declines."""
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
:data:`HEARTBEAT_S`) before the search takes it as frozen (SIGSTOP, its GIL held in C) and
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
    if server_disabled(environ) or not sys.platform.startswith("linux"):
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
    spec = index_spec(index_dir, cwd, environ)
    if repo is None:  # the working folder, or the indexed folder above it (the server checks the guess)
        from maguyva_tui import roots  # here: a search given --repo never reads it

        root = cwd if alone else roots.enclosing_root(cwd, spec or default_index_base(environ),
                                                      os.path.realpath(os.path.expanduser("~")))
    else:
        root = os.path.realpath(os.path.join(cwd, os.path.expanduser(repo)))
    env = relevant_env(environ)
    folder = runtime_dir(environ)
    path = socket_path(folder, identity(root, spec, env))
    request = {"v": PROTOCOL, "op": "search", "argv": argv, "cwd": cwd, "env": env,
               "index_dir_env": environ.get(INDEX_DIR_ENV), "encoding": [sys.stdout.encoding, sys.stderr.encoding]}
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
    if not is_private(folder):
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
    lock file taken to tell is removed too (:func:`take_lock`)."""
    lock = path[: -len(SOCKET_SUFFIX)] + LOCK_SUFFIX
    try:
        fd = take_lock(lock)
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
        drop_lock(lock, fd)


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
    lock = path[: -len(SOCKET_SUFFIX)] + LOCK_SUFFIX
    try:
        if time.time() - os.stat(lock).st_mtime <= FROZEN_S:
            return False  # none, or a server alive (starting, or beating)
    except OSError:
        return False
    fd = take_lock(lock)
    if fd < 0:
        return True
    drop_lock(lock, fd)  # left by a server that died: the one started now makes it anew
    return False


def spawn(folder: str, path: str, root: str, spec: str, idle: float | None = None):  # type: ignore[no-untyped-def]
    """Start ``maguyva server run`` for a repository, detached, its output in a log beside the socket
    (``idle``: ``server start --idle``'s seconds, which it had dropped)."""
    import subprocess

    if not make_private(folder):
        return None
    command = [sys.executable, "-m", "maguyva_tui", "server", "run", "--repo", root]
    if spec:
        command += ["--index-dir", spec]
    if idle is not None:
        command += ["--idle", repr(idle)]
    log = path[: -len(SOCKET_SUFFIX)] + LOG_SUFFIX
    tidy(folder, time.time())
    try:
        with open(log, "ab") as out:
            if out.tell() > LOG_MAX_BYTES:
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
        sock.sendall(dumps(request).encode())
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
        reply = split_reply(b"".join(parts))
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
        beat = os.stat(path[: -len(SOCKET_SUFFIX)] + LOCK_SUFFIX).st_mtime
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
        stem = path[: -len(SOCKET_SUFFIX)]
        with open(stem + LOCK_SUFFIX, "rb") as lock:
            if pid <= 0 or lock.read(32).strip() != str(pid).encode():
                return False
        os.unlink(path)
    except (OSError, AttributeError):  # no such query here, no lock file, the socket removed already
        return False
    why = why or f"read a request and said nothing for {REPLY_S:.0f} s"
    line = (f"{time.strftime('%Y-%m-%d %H:%M:%S')} maguyva search {os.getpid()}: server {pid} {why}: "
            f"its socket is removed, the search runs in process\n")
    try:
        log = os.open(stem + LOG_SUFFIX, os.O_WRONLY | os.O_APPEND | os.O_NOFOLLOW | os.O_CLOEXEC)
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


# -- where a server listens, and who it is ---------------------------------------------------------
# Read from here by the lean client and re-exported by :mod:`.place` for the server and the commands
# (one module fewer on the way to an answer: each is a lookup and a load, about 0.1 ms of every
# search's CPU).
#
# A server is named by its *identity*: the repository's real path, the index folder asked for (the
# ``--index-dir`` flag, else ``$MAGUYVA_INDEX_DIR``, as absolute paths; empty for the default) and
# the environment that can change an answer (:data:`ENV_PREFIXES`, :data:`ENV_NAMES`). A different
# identity is a different server, so a server never answers a question its own environment would
# answer differently. The socket's name is a checksum of the identity; the server compares the whole
# identity on every request, so a clash of checksums costs a fallback, never a wrong answer. No
# ``zlib`` (an extension loaded from disk); the annotations that name ``Mapping`` are strings.

NO_SERVER_ENV = "MAGUYVA_NO_SERVER"
"""Set (to anything but empty or ``0``) to neither use nor start a resident server."""
INDEX_DIR_ENV = "MAGUYVA_INDEX_DIR"
"""Moves every index (as in :mod:`maguyva_tui.locations`; named here so the client imports nothing more)."""
ENV_PREFIXES = ("MAGUYVA_", "VOYAGE_")
"""Environment variables that change what a search answers (index and model folders, the
embedding provider's key), so a server is started with them and answers only requests that
carry the same values."""
ENV_NAMES = ("HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "RAY_ADDRESS")
"""The same, named one by one: where the user cache and the git configuration are found."""
ENV_IGNORED = (NO_SERVER_ENV, INDEX_DIR_ENV, "MAGUYVA_SERVER_IDLE_S", "MAGUYVA_SERVER_FILL")
"""Read by the client or folded into the index folder, or by the server's management (its idle
limit, whether it fills the transformer tier), never by the search itself."""
SOCKET_SUFFIX = ".sock"
LOCK_SUFFIX = ".lock"
LOG_SUFFIX = ".log"
LOCK_TRIES = 8
"""Times :func:`take_lock` opens the lock file again when the one it locked was removed meanwhile."""
LOG_KEEP_S = 7 * 86400.0
"""A log or lock file left this long, of no running server, is removed when a server is next started."""
LOG_MAX_BYTES = 1 << 20
"""A server's log is started afresh when a new server of its repository finds it this large."""
HEARTBEAT_S = 1.0
"""How often a running server touches its lock file (its mtime: the server's sign of life, while it
builds its index too): a server that stopped touching it is frozen (SIGSTOP, its GIL held in C), not
busy, and the searches waiting on it set it aside (:data:`.client.FROZEN_S`)."""
MAX_SOCKET_PATH = 100
"""A Unix socket's path holds 108 bytes on Linux, 104 on macOS; longer runtime folders get no server."""


def server_disabled(environ: "Mapping[str, str]") -> bool:
    """Tell whether the environment turns resident servers off."""
    return environ.get(NO_SERVER_ENV, "") not in ("", "0")


def relevant_env(environ: "Mapping[str, str]") -> dict[str, str]:
    """The part of an environment that can change a search's answer: only those values are read
    (``os.environ`` decodes each value it gives: its every item had been half of this, 20 µs)."""
    return {k: environ[k] for k in environ if (k.startswith(ENV_PREFIXES) or k in ENV_NAMES) and k not in ENV_IGNORED}


def index_spec(index_dir: str | None, cwd: str, environ: "Mapping[str, str]") -> str:
    """The index folder asked for, as an absolute path (``""``: the default, under the user cache)."""
    chosen = index_dir or environ.get(INDEX_DIR_ENV) or ""
    return os.path.join(cwd, os.path.expanduser(chosen)) if chosen else ""


def default_index_base(environ: "Mapping[str, str]") -> str:
    """The user cache's index folder on Linux, as :func:`maguyva_tui.locations.default_index_base`
    finds it through platformdirs (``$XDG_CACHE_HOME`` when absolute, else ``~/.cache``), without
    importing it: the client's guess, which the server checks with the real one."""
    cache = environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(cache):
        cache = os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(cache, "maguyva", "indexes")


def identity(root: str, spec: str, env: dict[str, str]) -> list[object]:
    """What a server is: the repository's real path, the index folder asked for, the environment."""
    return [root, os.path.normpath(spec) if spec else "", sorted(env.items())]


def runtime_dir(environ: "Mapping[str, str]") -> str:
    """The private folder that holds the sockets: ``$XDG_RUNTIME_DIR/maguyva``, else ``/tmp/maguyva-UID``."""
    xdg = environ.get("XDG_RUNTIME_DIR", "")
    if xdg and os.path.isabs(xdg):
        return os.path.join(xdg, "maguyva")
    return os.path.join(environ.get("TMPDIR") or "/tmp", f"maguyva-{os.getuid()}")


def socket_path(folder: str, ident: list[object]) -> str:
    """The socket of the server with this identity."""
    return os.path.join(folder, f"{checksum(dumps(ident).encode()):016x}{SOCKET_SUFFIX}")


FNV_OFFSET = 0xCBF29CE484222325
FNV_PRIME = 0x100000001B3
MASK_64 = (1 << 64) - 1


def checksum(data: bytes) -> int:
    """FNV-1a, 64 bits, of the bytes: in plain Python, 12 µs for an identity's 200 bytes (``zlib``'s
    CRC and Adler sums cost its import, 0.2 ms of every search)."""
    value = FNV_OFFSET
    for byte in data:
        value = ((value ^ byte) * FNV_PRIME) & MASK_64
    return value


def is_private(folder: str) -> bool:
    """Tell whether a folder is a real folder (not a link), the user's, and closed to everyone else."""
    try:
        st = os.lstat(folder)
    except OSError:
        return False
    return stat.S_ISDIR(st.st_mode) and st.st_uid == os.getuid() and not st.st_mode & 0o077


def not_private(folder: str) -> str:
    """Why a runtime folder is no private folder of this user, in a few words (``""``: it is one)."""
    try:
        st = os.lstat(folder)
    except OSError as exc:
        return f"it cannot be made ({exc.strerror or exc})"
    if stat.S_ISLNK(st.st_mode):
        return "it is a symbolic link"
    if not stat.S_ISDIR(st.st_mode):
        return "it is not a folder"
    if st.st_uid != os.getuid():
        return f"another user (uid {st.st_uid}) owns it"
    if st.st_mode & 0o077:
        return f"other users can open it (mode {stat.S_IMODE(st.st_mode):o}; chmod 700 it)"
    return ""


def make_private(folder: str) -> bool:
    """Create the runtime folder, 0700 whatever the umask; False when it exists and is not private."""
    try:
        os.makedirs(os.path.dirname(folder), exist_ok=True)
        os.mkdir(folder, 0o700)
        os.chmod(folder, 0o700)
    except FileExistsError:
        pass
    except OSError:
        return False
    return is_private(folder)


def take_lock(lock: str) -> int:
    """Lock a server's lock file, made if missing; its descriptor, or -1 when another holds it.

    Whoever holds the lock may remove the file (:func:`drop_lock`: a server that exits removes
    its own), so the file locked must still be the one at ``lock`` once locked: a lock taken on
    a file removed meanwhile would let a second server start beside the one that made the next."""
    import fcntl

    for _ in range(LOCK_TRIES):
        fd = os.open(lock, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            return -1
        try:
            if os.path.samestat(os.fstat(fd), os.stat(lock)):
                return fd
        except FileNotFoundError:
            pass
        os.close(fd)
    return -1


def drop_lock(lock: str, fd: int) -> None:
    """Remove a lock file this process holds (locked by :func:`take_lock`), then release it."""
    try:
        os.unlink(lock)
    except OSError:
        pass
    os.close(fd)


def tidy(folder: str, now: float) -> None:
    """Remove the logs, lock files and sockets left :data:`LOG_KEEP_S` by servers that no longer
    run (a server that exits removes its lock file and socket, one killed leaves them; the logs are
    kept for a week, for a server that failed to say why)."""
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        path = os.path.join(folder, name)
        stem, suffix = os.path.splitext(path)
        try:
            old = suffix in (LOG_SUFFIX, LOCK_SUFFIX, SOCKET_SUFFIX) and now - os.lstat(path).st_mtime > LOG_KEEP_S
            if not old:
                continue
            if suffix == LOG_SUFFIX:
                if not os.path.exists(stem + LOCK_SUFFIX):
                    os.unlink(path)
                continue
            fd = take_lock(stem + LOCK_SUFFIX)  # held: its server runs, and keeps both
            if fd >= 0:
                if suffix == SOCKET_SUFFIX:
                    os.unlink(path)
                drop_lock(stem + LOCK_SUFFIX, fd)
        except OSError:
            continue


# -- the wire ------------------------------------------------------------------------------------
# JSON for the lean client, in plain Python on the way to an answer.
#
# ``json`` imports ``re`` (and with it ``enum``, ``functools``...): 5 ms on a quiet machine, 30 on a
# loaded one, in a process whose whole budget is ripgrep's run; its C accelerator ``_json`` alone is
# an extension loaded from disk, 0.2 ms of CPU of every search. A request's strings, almost all
# printable ASCII, are written here (:func:`dumps`), and a reply's header, a line of objects, lists,
# integers and plain strings (:func:`split_reply`), is read here (:func:`loads`); only what that
# reader does not take (a float, an escape: a status, a refusal) goes to ``json``. The wire is
# ordinary JSON either way: the server reads and writes it with ``json``. A reply's printed texts
# follow its JSON line as they are (:func:`split_reply`). No ``from __future__ import
# annotations`` here: it is an import of its own.

WHITESPACE = " \t\n\r"
ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"}
"""The characters JSON writes with a letter (``json.dumps``'s ``ensure_ascii`` form); every other one
outside printable ASCII is ``\\uXXXX``."""
LITERALS = {"true": True, "false": False, "null": None}


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not allowed on the wire")


class _NotPlain(Exception):
    """A value :func:`_plain` does not read: ``json`` reads it (or refuses it)."""


def loads(data: bytes) -> object:
    """Decode one JSON value (UTF-8); ``ValueError`` for anything else, trailing data included."""
    text = data.decode("utf-8").strip(WHITESPACE)
    try:
        value, end = _plain(text, 0)
        if end == len(text):
            return value
    except (_NotPlain, RecursionError):
        pass
    import json  # a float, an escape, a constant, not JSON: rare on the way to an answer

    return json.loads(text, parse_constant=_no_constant)


def _skip(text: str, at: int) -> int:
    while at < len(text) and text[at] in WHITESPACE:
        at += 1
    return at


def _plain(text: str, at: int) -> tuple[object, int]:
    """The JSON value at ``at`` and where it ends, of the kinds a search's reply header holds: an
    object, a list, an integer, ``true``, ``false``, ``null``, a string of printable characters
    without an escape; :class:`_NotPlain` for anything else (``json`` reads it the same)."""
    at = _skip(text, at)
    first = text[at : at + 1]
    if first in ("{", "["):
        closing = "}" if first == "{" else "]"
        items: list[object] = []
        at = _skip(text, at + 1)
        if text.startswith(closing, at):
            at += 1
        else:
            while True:
                item, at = _plain(text, at)
                if first == "{":
                    at = _skip(text, at)
                    if not isinstance(item, str) or not text.startswith(":", at):
                        raise _NotPlain
                    value, at = _plain(text, at + 1)
                    items.append((item, value))
                else:
                    items.append(item)
                at = _skip(text, at)
                if text.startswith(closing, at):
                    at += 1
                    break
                if not text.startswith(",", at):
                    raise _NotPlain
                at += 1
        return (dict(items) if first == "{" else items), at  # type: ignore[arg-type]
    if first == '"':
        end = text.find('"', at + 1)
        value = text[at + 1 : end]
        if end < 0 or "\\" in value or not value.isprintable():
            raise _NotPlain
        return value, end + 1
    end = at
    while end < len(text) and (text[end].isalnum() or text[end] == "-"):
        end += 1
    word = text[at:end]
    if word in LITERALS:
        return LITERALS[word], end
    digits = word[1:] if word.startswith("-") else word
    if not (digits.isascii() and digits.isdigit()) or (digits[0] == "0" and len(digits) > 1):
        raise _NotPlain
    return int(word), end


def split_reply(data: bytes) -> object:
    """Decode a server's reply: one line of JSON, then the texts of its ``"out"`` list, one after
    another in UTF-8 (lone surrogates passed through), each ``[fd, size]`` there naming the next
    ``size`` bytes (``[fd, null]``: a flush). The texts travel as they are, not as JSON strings
    escaped by the server and unescaped here (a literal's page: 26 kB, 0.1 ms both ways).
    ``ValueError`` or ``TypeError`` for anything else. The texts are decoded from ``data`` where
    they lie, not from copies of it (a page of 53 kB copied twice: 30 µs of a fresh process)."""
    end = data.find(b"\n")
    header = data if end < 0 else data[:end]
    whole = len(data)
    at = whole if end < 0 else end + 1  # where the texts begin
    reply: object = _searched(header)
    if reply is None:
        reply = loads(header)
    if not isinstance(reply, dict) or reply.get("out") is None:
        if data[at:].strip(WHITESPACE.encode()):
            raise ValueError("a reply's texts without their sizes")
        return reply
    out = reply["out"]
    if not isinstance(out, list):
        raise ValueError("a reply's texts are not a list")
    texts: list[list[object]] = []
    view = memoryview(data)
    for fd, size in out:
        if size is None:
            texts.append([fd, None])
            continue
        if not isinstance(size, int) or isinstance(size, bool) or size < 0 or at + size > whole:
            raise ValueError("a reply's text runs past its end")
        texts.append([fd, str(view[at : at + size], "utf-8", "surrogatepass")])
        at += size
    if at != whole:
        raise ValueError("bytes after a reply's texts")
    reply["out"] = texts
    return reply


SEARCHED = b'{"handled": true, "out": [['
"""How the header of every search the server answered begins (``json.dumps``'s spacing)."""
CODE = b']], "code": '


def _searched(header: bytes) -> dict[str, object] | None:
    """The header of a search the server answered, ``{"handled": true, "out": [[1, 52949], [1,
    null]], "code": 0}`` exactly as the server writes it, read without :func:`loads` (a cold
    reader's 40-50 µs of a fresh process for its 60 bytes); ``None`` for any other header, which
    :func:`loads` reads (to the same values: ``tests/test_resident_reply_header.py``)."""
    if not header.startswith(SEARCHED) or not header.endswith(b"}"):
        return None
    listed, found, code = header[len(SEARCHED) : -1].partition(CODE)
    if not found or not _whole(code):
        return None
    out: list[list[object]] = []
    for pair in listed.split(b"], ["):
        fd, comma, size = pair.partition(b", ")
        if not comma or not _whole(fd) or not (size == b"null" or _whole(size)):
            return None
        out.append([int(fd), None if size == b"null" else int(size)])
    return {"handled": True, "out": out, "code": int(code)}


def _whole(digits: bytes) -> bool:
    """Whether bytes are a whole number as JSON writes one, not negative: ASCII digits, no leading 0."""
    return digits.isdigit() and (digits[:1] != b"0" or digits == b"0")


def dumps(value: object) -> str:
    """Encode strings, integers, booleans, ``None``, lists and string-keyed dicts as compact ASCII
    JSON (``json.dumps(value, separators=(",", ":"))``: a socket's name is a checksum of an identity
    written so)."""
    if isinstance(value, str):
        return string(value)
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(dumps(v) for v in value) + "]"
    if isinstance(value, dict) and all(isinstance(k, str) for k in value):
        return "{" + ",".join(f"{string(k)}:{dumps(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"{type(value).__name__} is not sent on the wire")


def string(text: str) -> str:
    """A string as ``json.dumps`` writes it (``ensure_ascii``): printable ASCII as it is, ``"`` and
    ``\\`` and the usual controls by letter, any other character as ``\\uXXXX`` (past U+FFFF,
    its surrogate pair)."""
    if text.isascii() and text.isprintable() and '"' not in text and "\\" not in text:
        return f'"{text}"'
    return '"' + "".join(_escaped(c) for c in text) + '"'


def _escaped(c: str) -> str:
    if " " <= c <= "~":
        return ESCAPES.get(c, c)
    code = ord(c)
    if code < 0x10000:
        return ESCAPES.get(c) or f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
