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

It also reads and writes the wire (:func:`dumps`, :func:`loads`, :func:`split_reply`), which had
been a module of its own, :mod:`.wire`: each module the client loads is a lookup and a load, about
0.1 ms of every search's CPU.
"""

import os
import stat

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
# annotations`` here or in the client: it is an import of its own.

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
