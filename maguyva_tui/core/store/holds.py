"""Which generations a process reads: a shared ``flock`` on the generation's folder, held while a
snapshot of it lives, so that a writer deletes only the generations nobody reads.

Before, a writer kept the previous generation whatever happened (``KEEP_GENERATIONS``), so an
index took twice its size on disk after its first update; a reader pulled from under by a second
update still lost files it opens late (``graph.npz`` on the first graph question). Now a generation
that is not live goes as soon as no process holds it, and never while one does. A process that
read ``CURRENT`` just before it moved may find its generation gone or going: it reads ``CURRENT``
again (:func:`hold`). Where the file system keeps no locks (``ENOLCK``: some network mounts), the
old rule stands: the newest complete generations are kept, up to ``KEEP_GENERATIONS``.
"""

from __future__ import annotations

import errno
import fcntl
import os
from pathlib import Path

UNSUPPORTED = frozenset({errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOSYS, errno.EINVAL})
"""``flock`` errors that mean the file system cannot lock, not that someone holds the lock."""


class GenerationGone(Exception):
    """The generation was deleted, or is being deleted, as it was opened: read ``CURRENT`` again."""


def hold(gen: Path, written: bool = True) -> int | None:
    """Hold a generation for reading: an open descriptor of its folder with a shared lock (close
    it to let go), ``None`` where locks are not kept. Raises :class:`GenerationGone` when a writer
    deletes it or did (``written``: its manifest, written last, must be there; a build's own
    generation is held before it is)."""
    try:
        fd = os.open(gen, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except FileNotFoundError:
        raise GenerationGone(str(gen)) from None
    except OSError:
        return None  # not ours to open (another user's index): reading it says why, if it cannot be read
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:  # a writer holds it to delete it
        os.close(fd)
        raise GenerationGone(str(gen)) from None
    except OSError as exc:
        os.close(fd)
        if exc.errno in UNSUPPORTED:
            return None
        raise
    if written and not (gen / "manifest.json").is_file():  # deleted between the open and the lock
        os.close(fd)
        raise GenerationGone(str(gen))
    return fd


def release(fd: int | None) -> None:
    """Let go of a generation held by :func:`hold`."""
    if fd is not None:
        try:
            os.close(fd)
        except OSError:
            pass


def unheld(gen: Path) -> int | None:
    """Take a generation for deleting: a descriptor of its folder locked exclusively, which the
    caller closes once the folder is gone; ``None`` when a reader holds it. Raises ``OSError``
    with an errno in :data:`UNSUPPORTED` where the file system keeps no locks."""
    try:
        fd = os.open(gen, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except FileNotFoundError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return None
    except OSError:
        os.close(fd)
        raise
    return fd
