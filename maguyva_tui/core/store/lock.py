"""An exclusive, advisory lock per repository index, so two builds never interleave."""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import stat
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from maguyva_tui.core import index_marks
from maguyva_tui.core.store.format import FILE_MODE, generations, live_name, make_private_dir, prune

LOCK_WAIT_SECONDS = 600.0
"""How long a second writer waits for the first before giving up (a cold build of a big repo)."""


class LockTimeout(OSError):
    """Another process held the index lock for too long: an index that cannot be written now (a
    build answers from the live generation, said stale, or says so in one line when there is none;
    it had ended a search in "internal error: LockTimeout")."""

    def __init__(self, wait: float) -> None:
        super().__init__(errno.EBUSY, f"another maguyva process has held its lock for over {wait:.0f} s")


WAIT_TOLD_S = 1.0
"""How long a build waits for another's lock before ``waiting`` is told: a moment's wait is not worth a line."""

INDEX_LOCK = index_marks.INDEX_LOCK
"""The index folder's build lock; while held it names its holder's process id (:func:`lock_holder`)."""


@contextmanager
def index_lock(folder: Path, wait: float = LOCK_WAIT_SECONDS,
               waiting: Callable[[int | None], None] | None = None) -> Iterator[None]:
    """Hold the index folder's lock; the kernel drops it if the process dies. A LOCK that is a
    link is refused (ELOOP), never followed, and so is an index folder that is one: planted in a
    shared index base, it had led the build to write, and prune ``g-*`` folders, where it points.
    ``waiting`` is told once, with the holder's process id where known, when another process has
    held the lock for :data:`WAIT_TOLD_S` of this wait (a second ``maguyva index`` had waited
    without a word)."""
    if folder.is_symlink():
        raise OSError(errno.ELOOP, "the index folder is a symbolic link, not followed", str(folder))
    make_private_dir(folder)
    fd = os.open(folder / INDEX_LOCK, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, FILE_MODE)
    try:
        started = time.monotonic()
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                waited = time.monotonic() - started
                if waited > wait:
                    raise LockTimeout(wait) from None
                if waiting is not None and waited >= WAIT_TOLD_S:
                    waiting(lock_holder(folder))
                    waiting = None
                time.sleep(0.05)
        _name_holder(fd)
        try:
            yield
        finally:
            with contextlib.suppress(OSError):
                os.ftruncate(fd, 0)  # names nobody once released: a later waiter never names a finished build
    finally:
        os.close(fd)


def _name_holder(fd: int) -> None:
    """Write this process's id into a lock file it holds, for a process that waits to name it."""
    with contextlib.suppress(OSError):
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)


def lock_holder(folder: Path) -> int | None:
    """The process id the index folder's build lock names (the build holding it), ``None`` when
    it names none or that process is gone (killed while it held the lock)."""
    pid = _named(folder / INDEX_LOCK)
    if pid is None or (Path("/proc/self").is_dir() and not Path(f"/proc/{pid}").exists()):
        return None
    return pid


def holder_command(pid: int | None, width: int = 60) -> str:
    """A process's command as a person typed it (``maguyva index .``, not the interpreter and the
    script's whole path), cut to ``width`` characters; empty where it cannot be read (gone, not Linux)."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            words = f.read().decode("utf-8", "replace").split("\0")
    except (OSError, TypeError):
        return ""
    words = [w for w in words if w]
    if len(words) > 1 and os.path.basename(words[0]).startswith("python") and not words[1].startswith("-"):
        words = words[1:]  # python /usr/bin/maguyva index . -> maguyva index .
    if not words:
        return ""
    text = " ".join([os.path.basename(words[0]), *words[1:]])
    return text if len(text) <= width else text[: width - 3] + "..."


def tidy(folder: Path) -> None:
    """Delete the generations of an index folder that no process reads any more, when no build
    holds the index (``format.prune``): a reader opening the index clears what a writer had to
    keep because a reader held it then. Costs a listing when there is one generation."""
    try:
        if len(generations(folder)) < 2:
            return
        with index_lock(folder, wait=0):
            live = live_name(folder)
            if live:
                prune(folder, keep=live)
    except (LockTimeout, OSError):
        return  # a build holds the index (it prunes when it publishes), or the folder is not ours to tidy


FILL_LOCK = "FILL"
"""The index folder's fill lock (beside ``LOCK``): held by whoever fills the transformer tier, so
that two processes (a resident server's filler, the explorer, an MCP server) never embed the same
chunks at once."""


@contextmanager
def fill_lock(folder: Path, wait: bool = False, waiting: Callable[[], None] | None = None) -> Iterator[bool]:
    """Hold the index folder's fill lock: yields True once held; False, at once, when another
    holds it and ``wait`` is off (the caller then fills nothing). With ``wait`` it waits for the
    other, telling ``waiting`` first. The kernel drops the lock if the process dies. Where no
    lock file can be made (a read-only index folder, a link planted there: never followed) it
    yields True unlocked: no other process can have taken it either."""
    try:
        make_private_dir(folder)
        fd = os.open(folder / FILL_LOCK, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, FILE_MODE)
    except OSError:
        yield True
        return
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            held = True
        except BlockingIOError:
            held = False
        if not held and wait:
            if waiting is not None:
                waiting()
            fcntl.flock(fd, fcntl.LOCK_EX)
            held = True
        if held:  # who holds it, for a process that waits to say so (fill_holder)
            with contextlib.suppress(OSError):
                os.ftruncate(fd, 0)
                os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        yield held
    finally:
        os.close(fd)


def fill_holder(folder: Path) -> int | None:
    """The process id the index folder's fill lock file names (its last holder: the one holding
    it now while it is held), ``None`` when it names none. A FIFO planted at its path is opened
    without waiting and read as naming none (a plain read-only open had waited for a writer
    forever: ``index --embed full`` saying who fills, a resident server answering its status)."""
    return _named(folder / FILL_LOCK)


def _named(path: Path) -> int | None:
    """The process id a lock file names, ``None`` when it names none or is no plain file."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        text = os.read(fd, 32).decode("ascii", "replace").strip()
    except OSError:
        return None
    finally:
        os.close(fd)
    return int(text) if text.isdigit() else None


def fill_lock_free(folder: Path) -> bool:
    """Tell whether no process holds the index folder's fill lock now: a probe that takes the lock
    and drops it at once (an ``open`` and two ``flock`` calls), for a process that waits to take
    over the fill from another that stops. True where there is no lock file (nobody took it)."""
    try:
        fd = os.open(folder / FILL_LOCK, os.O_RDWR | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError:
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    finally:
        os.close(fd)  # drops the probe's lock
    return True
