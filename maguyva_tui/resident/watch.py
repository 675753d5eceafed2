"""Freshness for a resident server: the core's ``stat`` check, run only when inotify saw a change.

:class:`~maguyva_tui.core.freshness.Freshness` stats every indexed file and folder before each
question: about 10-30 ms on sympy's 1,542 files on a loaded machine, as much as the search itself.
Here the folders that hold indexed files are watched with Linux's inotify (through ctypes, no
package), and a question pays for that ``stat`` pass only when an event arrived since the last one
found nothing. The kernel queues an event before the write that caused it returns, so an edit
made before a question was sent is always seen. Correctness never rests on the watch alone:

* every event, and every refresh, leads to one full ``stat`` check, whose verdict stands;
* a queue overflow is an event like any other;
* an indexed file with other names (hard links: a change through another name reaches no watched
  folder) is watched itself as well: inotify watches the file, whatever name a write goes through
  (a benchmark's copies of sympy linked to its files made every question stat them all, 2 ms);
* where inotify is missing, a folder or a linked file cannot be watched (the user's watch limit),
  or an indexed file is a symbolic link, every question runs the ``stat`` check, as the MCP
  server does.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import stat
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from maguyva_tui.core.freshness import Freshness, Taken, folders_of, walk_stamped

if TYPE_CHECKING:
    from maguyva_tui.core.store.snapshot import Snapshot

IN_MODIFY = 0x002
IN_ATTRIB = 0x004
IN_CLOSE_WRITE = 0x008
IN_MOVED_FROM = 0x040
IN_MOVED_TO = 0x080
IN_CREATE = 0x100
IN_DELETE = 0x200
IN_DELETE_SELF = 0x400
IN_MOVE_SELF = 0x800
IN_ONLYDIR = 0x01000000
WATCHED = (IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE | IN_DELETE
           | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)
"""Every change to a folder's entries or to a file in it (reads and opens are not watched)."""
FILE_WATCHED = IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_DELETE_SELF | IN_MOVE_SELF
"""Every change to a file itself, through any of its names (its link count included)."""
LINKED_WATCHED_MAX = 4096
"""The most files with other names watched one by one (sympy's 1,706 when a benchmark's copies link
them); past it (a pnpm store's node_modules: every file), none is, and every question stats them,
as before: each refresh would add a watch per file, and the user's watches are shared (8,192 on
older kernels)."""
READ_BYTES = 1 << 16


def _inotify() -> tuple[ctypes.CDLL, int] | None:
    """The C library and a new non-blocking inotify descriptor; ``None`` where there is none."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
        init, add = libc.inotify_init1, libc.inotify_add_watch
    except (OSError, AttributeError):
        return None
    init.argtypes, init.restype = [ctypes.c_int], ctypes.c_int
    add.argtypes, add.restype = [ctypes.c_int, ctypes.c_char_p, ctypes.c_uint32], ctypes.c_int
    fd = init(os.O_NONBLOCK | os.O_CLOEXEC)
    return (libc, fd) if fd >= 0 else None


class WatchedFreshness:
    """A :class:`~maguyva_tui.core.live.FreshnessCheck` that stats only after inotify saw something."""

    def __init__(self, current: Callable[[], Snapshot | None]) -> None:
        self._current = current
        self._inner = Freshness(current)
        self._lock = threading.Lock()
        self._dirty = True
        """An event (or a refresh) since the last ``stat`` check that found the disk unchanged."""
        found = _inotify()
        self._libc: ctypes.CDLL | None = found[0] if found else None
        self._fd = found[1] if found else -1
        self.watching = False
        """Whether the current generation's folders are all watched (else every check stats)."""

    def before_refresh(self) -> Taken:
        """Watch the folders known now (an edit during the refresh raises an event), then stamp them."""
        self._watch()
        return self._inner.before_refresh()

    def after_refresh(self, before: Taken) -> None:
        """Stamp the new generation and watch its folders; the next check stats once."""
        self._inner.after_refresh(before)
        self._watch()
        with self._lock:
            self._dirty = True

    def stale(self) -> bool:
        """Tell whether the index may lag the disk: without a watch, or after an event, by ``stat``."""
        with self._lock:
            if self._events():
                self._dirty = True
            if self.watching and not self._dirty:
                return False
            found = self._inner.stale()
            if not found:
                self._dirty = False
            return found

    def quiet(self) -> bool:
        """Tell, without a ``stat``, whether the disk is as the last check found it: watching, that
        check found the index fresh, and no event came since (one that came makes the next check stat)."""
        with self._lock:
            if self._events():
                self._dirty = True
            return self.watching and not self._dirty

    def close(self) -> None:
        """Stop watching."""
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1
        self.watching = False

    def _events(self) -> bool:
        """Read every queued event; tell whether there was one."""
        seen = False
        while self._fd >= 0:
            try:
                data = os.read(self._fd, READ_BYTES)
            except BlockingIOError:
                break
            except OSError:
                self.close()
                return True
            if not data:
                break
            seen = True
        return seen

    def _watch(self) -> None:
        """Watch every folder that holds an indexed file or that the walk listed, and the folders
        of the files the walk read without indexing them (git's exclude files: ``.git/info``); adding
        a watch again is harmless."""
        snapshot = self._current()
        if self._fd < 0 or self._libc is None or snapshot is None:
            self.watching = False
            return
        base = os.fspath(snapshot.root) + os.sep
        linked = _hard_linked(base, snapshot)
        if linked is None:
            self.watching = False
            return
        add = self._libc.inotify_add_watch
        walked, others = walk_stamped(snapshot)
        folders = {base + folder for folder in folders_of(snapshot.files) | walked.keys()}
        folders |= {os.path.dirname(path) for path in others}
        watches = [(folder, WATCHED) for folder in sorted(folders)] + [(base + path, FILE_WATCHED) for path in linked]
        for path, mask in watches:
            if add(self._fd, os.fsencode(path), mask) < 0:
                self.watching = False  # the watch limit, a folder gone: stat every time until the next refresh
                return
        self.watching = True


class FolderWatch:
    """Whether anything changed in a set of folders since the last look (inotify); ``None`` from
    :meth:`moved` where it cannot tell (the caller then checks by itself)."""

    def __init__(self, folders: set[str]) -> None:
        found = _inotify()
        self._fd = -1
        if found is None:
            return
        libc, fd = found
        if all(libc.inotify_add_watch(fd, os.fsencode(f), WATCHED) >= 0 for f in folders):
            self._fd = fd
        else:
            os.close(fd)

    def moved(self) -> bool | None:
        """Tell whether an event arrived since the last call (``None``: not watching)."""
        if self._fd < 0:
            return None
        seen = False
        while True:
            try:
                data = os.read(self._fd, READ_BYTES)
            except BlockingIOError:
                return seen
            except OSError:
                return None
            if not data:
                return seen
            seen = True

    def close(self) -> None:
        """Stop watching."""
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1


def _hard_linked(base: str, snapshot: Snapshot) -> list[str] | None:
    """The indexed files that have other names (a change through one raises no event in a watched
    folder: each is watched itself); ``None`` when one is a symbolic link, or more than
    :data:`LINKED_WATCHED_MAX` have other names (not watched at all)."""
    linked: list[str] = []
    for path in snapshot.files:
        try:
            st = os.lstat(base + path)
        except OSError:
            continue
        if stat.S_ISLNK(st.st_mode):
            return None
        if st.st_nlink > 1:
            if len(linked) == LINKED_WATCHED_MAX:
                return None
            linked.append(path)
    return linked
