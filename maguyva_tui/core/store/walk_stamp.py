"""Whether walking a repository again would find what a generation holds, told by ``stat`` alone.

Every search in a new process brings the index up to date first. Walking 100,000 files (listing
every folder, matching every path against the ignore rules, one Python object per file) took
1.1-1.8 s; this check takes the stats a walk would compare, and nothing else, as git's index and
its untracked cache do:

* every folder the walk listed, stat-ed before it was listed: a file added, removed or renamed in
  it since changes its modification time (a folder changed less than :data:`RACY_NS` before the
  walk began is not vouched for: a change within the same clock tick would keep its time);
* every indexed file's size, modification time, inode and status-change time, as the indexer
  itself compares them (``indexer._same_stat``): an edit in place is found;
* the files the walk did not index but whose own change matters (ignore files; files skipped as
  binary, too large or unreadable), and the exclude files outside the tree (git's
  ``info/exclude``, ``core.excludesFile``), looked up again as the walk does.

When any differs, or the walk met what no stamp can vouch for (a broken link, a loop), the index
walks as before. A fresh process's first question may compare the indexed files' stats in a forked
child (``aside``: one stat a file, 0.3 s on 100,000 files) while it opens the engines and answers,
then trusts the answer only once the child says nothing changed (a thread would not overlap: each
stat's return waits for the interpreter lock the busy thread holds). A walk that found nothing changed writes its stamp anew, so a folder that was
too recent is vouched for from then on. Stored as ``walk-stamp.json`` in the generation (a few
thousand folders: small), replaced atomically.

A too recent folder's time as the walk read it, before listing it, is kept apart (``listed``): a
long-running front end's freshness check (``core/freshness.py``) compares it from the next
question on, a folder just made being as trustworthy there as one known before its refresh.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from itertools import chain, groupby
from operator import attrgetter, itemgetter, methodcaller
from pathlib import Path
from typing import Any

import numpy as np

from maguyva_tui.core.git_excludes import exclude_files
from maguyva_tui.core.store.file_table import stat_columns
from maguyva_tui.core.store.format import FILE_MODE, FileEntry
from maguyva_tui.core.walk import WalkTrace

STAMP_FILE = "walk-stamp.json"
STAMP_VERSION = 3
"""2: a walk that met a broken link or a loop is stamped too, marked ``unsound`` (never vouched
for; a version 1 reader, which knows no such mark, reads no stamp and walks). 3: a link to a file
the walk reaches at its own path is skipped as a duplicate; a stamp of an older walk, which read
it as a second copy, is not trusted (the next walk drops the copy)."""

RACY_NS = 3_000_000_000
"""A folder modified less than this before the walk began is not trusted (file-system clocks tick
coarsely: up to 2 s on some file systems); the next walk that finds nothing changed stamps it."""

MISSING = (-1, -1, -1, -1)
"""The stat recorded for a path that was not there (its appearance is a change)."""

UNSETTLED = -2
"""The time recorded for a folder or file changed too recently to be vouched for: never matches."""


def begin() -> tuple[WalkTrace, int]:
    """A trace for a walk about to start, and the time it starts."""
    return WalkTrace(), time.time_ns()


def _stat(path: str) -> tuple[int, int, int, int]:
    try:
        st = os.stat(path)
    except OSError:
        return MISSING
    return (st.st_size, st.st_mtime_ns, st.st_ino, st.st_ctime_ns)


def _settled(stat: tuple[int, int, int, int], limit: int) -> tuple[int, int, int, int]:
    """A file's stat as a stamp records it: taken after the walk, so one changed since shortly
    before the walk began (its ctime) may differ from what the walk read, and is not vouched for."""
    if stat != MISSING and stat[3] >= limit:
        return (stat[0], UNSETTLED, stat[2], stat[3])
    return stat


def write_stamp(gen: Path, root: Path, trace: WalkTrace, started_ns: int, max_bytes: int) -> None:
    """Record a walk's stamp in a generation (replacing any: atomically; a failure is silent, the
    next search walks). A walk that met what no stamp vouches for (a broken link, a loop) is
    stamped too, marked ``unsound``: a search walks again all the same, but a live index still
    watches the folders it listed (a file added in a folder made empty had gone unseen by the MCP
    and resident servers wherever the repository held one dangling link)."""
    base = os.fspath(root) + os.sep
    limit = started_ns - RACY_NS
    data = {
        "version": STAMP_VERSION,
        "max_bytes": max_bytes,
        "folders": [[rel, mtime if mtime < limit else UNSETTLED, ctime] for rel, mtime, ctime in trace.folders],
        "watched": [[rel, *_settled(_stat(base + rel), limit)] for rel in sorted(set(trace.watched))],
        "excludes": [[os.fspath(p), *_settled(_stat(os.fspath(p)), limit)] for p in exclude_files(root)],
        "listed": {rel: mtime for rel, mtime, _ in trace.folders if mtime >= limit},
        "unsound": trace.unsound,
    }
    try:
        fd, tmp = tempfile.mkstemp(prefix=f"{STAMP_FILE}.", suffix=".tmp", dir=gen)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                os.fchmod(handle.fileno(), FILE_MODE)
                handle.write(json.dumps(data, separators=(",", ":"), ensure_ascii=False))
            os.replace(tmp, gen / STAMP_FILE)
        finally:
            Path(tmp).unlink(missing_ok=True)
    except OSError:
        return


def read_stamp(gen: Path) -> dict[str, Any] | None:
    """A generation's stamp, ``None`` when it has none or it cannot be read."""
    try:
        data = json.loads((gen / STAMP_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("version") != STAMP_VERSION:
        return None
    return data


def trusted(stamp: dict[str, Any] | None) -> bool:
    """Whether a stamp vouches for everything it lists (nothing too recent when it was taken)."""
    if stamp is None:
        return False
    try:
        return (all(row[1] != UNSETTLED for row in stamp["folders"])  # (folder, mtime, ctime)
                and all(row[2] != UNSETTLED for key in ("watched", "excludes") for row in stamp[key]))
    except (KeyError, TypeError, IndexError):
        return False


def disk_as_stamped(gen: Path, root: Path, files: Sequence[FileEntry], max_bytes: int) -> bool:
    """Whether the disk is as the generation's walk found it: every stamped folder, watched file,
    exclude file and indexed file stats as recorded (stops at the first difference)."""
    verdict = check_stamp(gen, root, files, max_bytes)
    return verdict if isinstance(verdict, bool) else verdict()


def check_stamp(gen: Path, root: Path, files: Sequence[FileEntry], max_bytes: int, aside: bool = False
                ) -> bool | Callable[[], bool]:
    """Return the verdict of :func:`disk_as_stamped`; with ``aside``, the folders, watched and
    exclude files are compared now and, when they are as recorded, the indexed files in a forked
    child meanwhile (where fork is cheap and safe: Linux, no other thread): the verdict is then a
    call that waits for the child."""
    stamp = read_stamp(gen)
    if stamp is None or stamp.get("unsound") or stamp.get("max_bytes") != max_bytes or not trusted(stamp):
        return False
    base = os.fspath(root) + os.sep
    try:
        for rel, mtime, ctime in stamp["folders"]:
            st = os.stat(base + rel if rel else os.fspath(root))
            if st.st_mtime_ns != mtime or st.st_ctime_ns != ctime:
                return False
        for rel, *recorded in stamp["watched"]:
            if list(_stat(base + rel)) != recorded:
                return False
        excludes = [os.fspath(p) for p in exclude_files(root)]
        if excludes != [path for path, *_ in stamp["excludes"]]:
            return False
        for path, *recorded in stamp["excludes"]:
            if list(_stat(path)) != recorded:
                return False
    except (OSError, TypeError, ValueError, KeyError):
        return False
    if aside and _may_fork():
        child = _files_aside(base, files)
        if child is not None:
            return child
    return _files_as_recorded(base, files)


def _may_fork() -> bool:
    """Whether a child may be forked here: on Linux, with no other thread (one that holds a lock
    at the fork would leave it held in the child)."""
    return sys.platform.startswith("linux") and threading.active_count() == 1


class _Child:
    """The verdict of a forked child that compares the files' stats: its exit status (0: as recorded)."""

    __slots__ = ("_pid", "_verdict")

    def __init__(self, pid: int) -> None:
        self._pid = pid
        self._verdict: bool | None = None

    def __call__(self) -> bool:
        if self._verdict is None:
            try:
                _, status = os.waitpid(self._pid, 0)
                self._verdict = os.waitstatus_to_exitcode(status) == 0
            except ChildProcessError:  # reaped elsewhere (SIGCHLD ignored): not vouched for, walk
                self._verdict = False
        return self._verdict

    def abandon(self) -> None:
        """End the child whose verdict is no longer wanted (the generation was not opened after
        all) and reap it."""
        if self._verdict is None:
            self._verdict = False
            try:
                os.kill(self._pid, signal.SIGKILL)
                os.waitpid(self._pid, 0)
            except OSError:  # gone, or reaped elsewhere
                pass


def abandon(verdict: bool | Callable[[], bool]) -> None:
    """Give up a verdict of :func:`check_stamp` no longer wanted: its child, if any, ended and reaped."""
    if isinstance(verdict, _Child):
        verdict.abandon()


def _files_aside(base: str, files: Sequence[FileEntry]) -> _Child | None:
    """Compare the files' stats in a forked child; ``None`` when no child could be made."""
    try:
        pid = os.fork()
    except OSError:
        return None
    if pid == 0:  # the child: stat, say the verdict by the exit status, and leave nothing else behind
        status = 1
        try:
            status = 0 if _files_as_recorded(base, files, own_process=True) else 1
        finally:
            os._exit(status)
    return _Child(pid)


def _files_as_recorded(base: str, files: Sequence[FileEntry], own_process: bool = False) -> bool:
    """Whether every indexed file's size, mtime, inode and ctime are as recorded: a stat each, in
    C-level loops (``map``, ``attrgetter``, ``np.fromiter``; no Python frame per file), compared a
    folder's run at a time (stops at the first run that differs).

    Each folder's files are stat-ed relative to the folder: the kernel resolves one name per file
    instead of the whole path again (100,000 files 8 folders deep: 0.69-0.74 -> 0.57-0.61 s of CPU,
    ``bench.memory``'s synthetic repository). In a process of its own (``own_process``: the forked
    child, one thread, ended by ``os._exit``) the folder is made the working one (``chdir``) and each
    name stat-ed as ``os.stat(name)``: a plain positional call, where ``stat(name, dir_fd=fd)``
    through a ``partial`` copied its keywords into a fresh dict and parsed them for each file;
    elsewhere (a thread may be reading relative paths) the folder is opened and each name stat-ed
    relative to it (``fstatat``). A run's fields go straight into a small array, not into a list of
    a tuple a file: the forked child that runs this touched 30-50 MB of fresh pages for that list
    (0.22 -> 0.19 s of CPU in process, fewer in the child)."""
    paths, recorded = stat_columns(files)
    try:
        if own_process:
            at = 0
            for folder, names in _runs(paths):
                os.chdir(base + folder)
                if not _equal(map(_STAT_FIELDS, map(os.stat, names)), recorded[at : at + len(names)]):
                    return False
                at += len(names)
            return at == len(recorded)
        if os.stat not in os.supports_dir_fd:  # no stat relative to a folder here: each whole path
            found = map(_STAT_FIELDS, map(os.stat, map(base.__add__, paths)))
            return _equal(found, recorded)
        at = 0
        for folder, names in _runs(paths):
            fd = os.open(base + folder, os.O_RDONLY | _DIRECTORY)
            try:
                if not _equal(map(_STAT_FIELDS, map(partial(os.stat, dir_fd=fd), names)), recorded[at : at + len(names)]):
                    return False
            finally:
                os.close(fd)
            at += len(names)
        return at == len(recorded)
    except (OSError, OverflowError):  # a file or folder gone (or unreadable), a stat out of range: walk
        return False


def _equal(found: Iterator[tuple[int, int, int, int]], recorded: Any) -> bool:
    """Whether stats (four fields each) are the recorded rows, read into one array as they come."""
    count = len(recorded)
    return bool(np.array_equal(np.fromiter(chain.from_iterable(found), np.int64, 4 * count),
                               np.asarray(recorded).reshape(-1)))


def _runs(paths: Sequence[str]) -> Iterator[tuple[str, list[str]]]:
    """The paths (in path order) as runs of names in one folder: ``("pkg/", ["a.py", "b.py"])``
    (a folder's files may come in several runs: ``pkg/a.py``, ``pkg/b/c.py``, ``pkg/d.py``).
    Split and grouped in C (``rpartition`` by ``map``, ``groupby``): no Python frame per path
    (100,000 paths: 22 -> ~8 ms of the forked child's CPU)."""
    for folder, parts in groupby(map(methodcaller("rpartition", "/"), paths), itemgetter(0)):
        yield (folder + "/" if folder else ""), list(map(itemgetter(2), parts))


_STAT_FIELDS = attrgetter("st_size", "st_mtime_ns", "st_ino", "st_ctime_ns")
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
