"""Where a repository's resident server listens, and who it is: stdlib only, cheap to import.

A server is named by its *identity*: the repository's real path, the index folder asked for (the
``--index-dir`` flag, else ``$MAGUYVA_INDEX_DIR``, as absolute paths; empty for the default) and
the environment that can change an answer (:data:`ENV_PREFIXES`, :data:`ENV_NAMES`). A different
identity is a different server, so a server never answers a question its own environment would
answer differently. The socket's name is a checksum of the identity; the server compares the whole
identity on every request, so a clash of checksums costs a fallback, never a wrong answer.

Imported by every ``maguyva search``: no ``from __future__ import annotations`` (a module import of
its own), no ``collections.abc`` (the ``collections`` package: 1 ms), no ``zlib`` (an extension
loaded from disk); the annotations that name ``Mapping`` are strings.
"""

import os
import stat

from maguyva_tui.resident import wire

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

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
    return os.path.join(folder, f"{checksum(wire.dumps(ident).encode()):016x}{SOCKET_SUFFIX}")


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
