"""Whether the disk moved since the index was last refreshed: a check cheap enough for every question.

A refresh walks and hashes; this only stats. :class:`DiskStamp` holds, for the generation a
refresh published, each indexed file's size, modification time, inode and status-change time
*as the index recorded them* (what the indexer itself compares)
(so an edit made while the refresh ran still differs afterwards), the modification time of
each folder that holds an indexed file, directly or below, or that the refresh's walk listed (its
walk stamp, ``store/walk_stamp.py``), and the stat of each file the walk read without indexing
it (ignore files, files skipped as binary, too large or unreadable, git's ``info/exclude`` and
``core.excludesFile``), all taken *before* the refresh walked (so a file added or changed
meanwhile still differs afterwards). A folder first seen by a refresh has the time its walk read
before listing it; a file first seen by one (a new ignore file, a file newly skipped) has no
earlier stat: it counts as changed once, and the next refresh records it.

What it can miss, and the next refresh (a file watcher's, or one whose stamp differs) catches:

* a same-size edit within one tick of a coarse file-system clock (the indexer misses it too);
* an exclude file that did not exist when the index was walked, created since (a new
  ``~/.config/git/ignore``), or a change of ``core.excludesFile`` in git's configuration;
* anything in a folder the walk could not ``stat`` (no stamp holds its time). A walk that met a
  broken link or a loop is stamped as well (each link is stat-ed through, so its target appearing
  is a change); the folders it listed had been left unwatched, and a file added in a folder made
  empty went unseen wherever the repository held one dangling link.

It costs one ``stat`` per file and folder: about 12 ms for 1,000 files in 111 folders on a busy
2-core machine (``tests/test_robust_frontends.py`` holds it under 50 ms), so about a second per
question at 100,000 files, where a file watcher is the better way to stay fresh.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from maguyva_tui.core.store.file_table import stat_columns
from maguyva_tui.core.store.walk_stamp import read_stamp

if TYPE_CHECKING:
    from maguyva_tui.core.store.snapshot import Snapshot

UNKNOWN = -1
"""The time of a folder not stamped before the refresh: it never matches, so it counts as changed."""
UNSEEN = (-2, -2, -2, -2)
"""The stat of a file not stat-ed before the refresh: it never matches (an absent file's is
``(-1, -1, -1, -1)``), so it counts as changed."""
ABSENT = (-1, -1, -1, -1)
"""The stat of a file that is not there."""

Stat = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Taken:
    """What the disk held before a refresh walked it, for the stamp of the generation it publishes."""

    folders: dict[str, int]
    """``folder -> mtime_ns`` of the folders the index knew then (``""`` is the root)."""
    others: dict[str, Stat]
    """``path -> (size, mtime_ns, inode, ctime_ns)`` of the files its walk read without indexing
    them (absolute paths; :data:`ABSENT` for one that was not there)."""


@dataclass(frozen=True, slots=True)
class DiskStamp:
    """What the index knows of the disk: its files' stats as recorded, its folders' times before the walk."""

    root: Path
    files: tuple[tuple[str, int, int, int, int], ...]
    """``(path, size, mtime_ns, inode, ctime_ns)`` of every indexed file, as the index recorded them
    (an inode or ctime of 0 was not recorded and is not compared)."""
    folders: tuple[tuple[str, int], ...]
    """``(folder, mtime_ns)`` of every folder above an indexed file or listed by the walk (``""`` is
    the root)."""
    others: tuple[tuple[str, Stat], ...] = ()
    """``(path, stat)`` of every file the walk read without indexing it (absolute paths)."""

    @classmethod
    def of(cls, snapshot: Snapshot, before: Taken | Mapping[str, int]) -> DiskStamp:
        """Stamp a generation with the folder times and other files' stats taken before the
        refresh that made it."""
        if not isinstance(before, Taken):
            before = Taken(dict(before), {})
        paths, stats = stat_columns(snapshot.manifest.files)  # columns: no entry made per file
        files = tuple((path, *row) for path, row in zip(paths, stats.tolist()))
        walked, others = walk_stamped(snapshot)
        known = {**walked, **before.folders}  # a folder new to the refresh: its time before the walk listed it
        folders = tuple((f, known.get(f, UNKNOWN)) for f in sorted(folders_of(snapshot.files) | walked.keys()))
        return cls(snapshot.root, files, folders, tuple((p, before.others.get(p, UNSEEN)) for p in others))

    def changed(self) -> bool:
        """Tell whether a folder or an indexed file differs from the stamp (stops at the first)."""
        base = os.fspath(self.root) + os.sep
        for folder, mtime in self.folders:
            try:
                if os.stat(base + folder).st_mtime_ns != mtime:
                    return True
            except OSError:
                return True
        for path, size, mtime, inode, ctime in self.files:
            try:
                st = os.stat(base + path)
            except OSError:
                return True
            if (st.st_size != size or st.st_mtime_ns != mtime or (inode and st.st_ino != inode)
                    or (ctime and st.st_ctime_ns != ctime)):
                return True
        return any(stat_of(path) != recorded for path, recorded in self.others)


def stat_of(path: str) -> Stat:
    """A file's size, modification time, inode and status-change time; :data:`ABSENT` when it is
    not there (or cannot be stat-ed)."""
    try:
        st = os.stat(path)
    except OSError:
        return ABSENT
    return (st.st_size, st.st_mtime_ns, st.st_ino, st.st_ctime_ns)


def walk_stamped(snapshot: Snapshot) -> tuple[dict[str, int], list[str]]:
    """The folders a generation's walk listed (relative), each with its modification time as the
    walk read it before listing it (:data:`UNKNOWN` where the stamp holds no time it read), and the
    files it read without indexing them (absolute: ignore files, skipped files, git's exclude
    files, broken links), from its walk stamp; nothing when it has none (an index of an older
    version)."""
    generation = getattr(snapshot, "generation", None)
    stamp = read_stamp(generation) if generation is not None else None
    if stamp is None:
        return {}, []
    base = os.fspath(snapshot.root) + os.sep
    try:
        listed = stamp.get("listed") or {}
        folders = {str(row[0]): int(listed.get(row[0], row[1])) for row in stamp["folders"]}
        others = [base + str(row[0]) for row in stamp["watched"]] + [str(row[0]) for row in stamp["excludes"]]
    except (KeyError, TypeError, IndexError, ValueError, AttributeError):
        return {}, []
    return {f: (t if t >= 0 else UNKNOWN) for f, t in folders.items()}, others


def folders_of(paths: Iterable[str]) -> set[str]:
    """Every folder above the given relative paths, the root (``""``) included."""
    out = {""}
    for path in paths:
        parts = path.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            out.add("/".join(parts[:i]))
    return out


def folder_times(root: Path, folders: Iterable[str]) -> dict[str, int]:
    """The modification time of each folder that can be read now."""
    base = os.fspath(root) + os.sep
    out = {}
    for folder in folders:
        try:
            out[folder] = os.stat(base + folder).st_mtime_ns
        except OSError:
            continue
    return out


class Freshness:
    """The stamp of the generation the last refresh published, and the disk compared with it."""

    def __init__(self, current: Callable[[], Snapshot | None]) -> None:
        self._current = current
        """The generation searched now, ``None`` before an index is open."""
        self._stamp: DiskStamp | None = None

    def before_refresh(self) -> Taken:
        """Take the times of the folders the index knows and the stats of the other files its walk
        read, before a refresh walks them."""
        snapshot = self._current()
        if snapshot is None:
            return Taken({}, {})
        walked, others = walk_stamped(snapshot)
        return Taken(folder_times(snapshot.root, folders_of(snapshot.files) | walked.keys()),
                     {path: stat_of(path) for path in others})

    def after_refresh(self, before: Taken | Mapping[str, int]) -> None:
        """Stamp the generation a refresh just published with what was taken before it."""
        snapshot = self._current()
        self._stamp = None if snapshot is None else DiskStamp.of(snapshot, before)

    def stale(self) -> bool:
        """Tell whether the index may lag the disk: nothing stamped yet, or the disk differs from the stamp."""
        stamp = self._stamp
        return stamp is None or stamp.changed()
