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

The wire's JSON (:func:`dumps`, :func:`loads`, :func:`split_reply`) is read and written by the same
code, which lives in :mod:`.client`: the lean client loads that one module of this package (each
module more had been a lookup and a load, about 0.1 ms of every search's CPU). Its names are read
from here.
"""

from maguyva_tui.resident.client import (
    CODE,
    ENV_IGNORED,
    ENV_NAMES,
    ENV_PREFIXES,
    ESCAPES,
    FNV_OFFSET,
    FNV_PRIME,
    HEARTBEAT_S,
    INDEX_DIR_ENV,
    LITERALS,
    LOCK_SUFFIX,
    LOCK_TRIES,
    LOG_KEEP_S,
    LOG_MAX_BYTES,
    LOG_SUFFIX,
    MASK_64,
    MAX_SOCKET_PATH,
    NO_SERVER_ENV,
    SEARCHED,
    SOCKET_SUFFIX,
    WHITESPACE,
    checksum,
    default_index_base,
    drop_lock,
    dumps,
    identity,
    index_spec,
    is_private,
    loads,
    make_private,
    not_private,
    relevant_env,
    runtime_dir,
    server_disabled,
    socket_path,
    split_reply,
    string,
    take_lock,
    tidy,
)

__all__ = [
    "NO_SERVER_ENV",
    "INDEX_DIR_ENV",
    "ENV_PREFIXES",
    "ENV_NAMES",
    "ENV_IGNORED",
    "SOCKET_SUFFIX",
    "LOCK_SUFFIX",
    "LOG_SUFFIX",
    "LOCK_TRIES",
    "LOG_KEEP_S",
    "LOG_MAX_BYTES",
    "HEARTBEAT_S",
    "MAX_SOCKET_PATH",
    "server_disabled",
    "relevant_env",
    "index_spec",
    "default_index_base",
    "identity",
    "runtime_dir",
    "socket_path",
    "FNV_OFFSET",
    "FNV_PRIME",
    "MASK_64",
    "checksum",
    "is_private",
    "not_private",
    "make_private",
    "take_lock",
    "drop_lock",
    "tidy",
    "WHITESPACE",
    "ESCAPES",
    "LITERALS",
    "loads",
    "split_reply",
    "SEARCHED",
    "CODE",
    "dumps",
    "string",
]
