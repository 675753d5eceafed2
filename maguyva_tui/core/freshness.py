"""Whether the disk moved since the index was last refreshed: a check cheap enough for every question.

A refresh walks and hashes; this only stats. :class:`DiskStamp` holds, for the generation a
refresh published, each indexed file's size, modification time, inode and status-change time
*as the index recorded them* (what the indexer itself compares)
(so an edit made while the refresh ran still differs afterwards) and the modification time of
each folder that holds an indexed file, directly or below, taken *before* the refresh walked
(so a file added meanwhile still differs afterwards). A folder first seen by a refresh has no
earlier time: it counts as changed once, and the next refresh records it.

What it can miss, and the next refresh (a file watcher's, or one whose stamp differs) catches:

* a file added in a folder that holds no indexed file at any depth (an empty or fully ignored one);
* a same-size edit within one tick of a coarse file-system clock (the indexer misses it too);
* a change to a file the index does not hold (an ignore file, a file skipped as binary or huge).

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

if TYPE_CHECKING:
    from maguyva_tui.core.store.snapshot import Snapshot

UNKNOWN = -1
"""The time of a folder not stamped before the refresh: it never matches, so it counts as changed."""


@dataclass(frozen=True, slots=True)
class DiskStamp:
    """What the index knows of the disk: its files' stats as recorded, its folders' times before the walk."""

    root: Path
    files: tuple[tuple[str, int, int, int, int], ...]
    """``(path, size, mtime_ns, inode, ctime_ns)`` of every indexed file, as the index recorded them
    (an inode or ctime of 0 was not recorded and is not compared)."""
    folders: tuple[tuple[str, int], ...]
    """``(folder, mtime_ns)`` of every folder above an indexed file (``""`` is the root)."""

    @classmethod
    def of(cls, snapshot: Snapshot, before: Mapping[str, int]) -> DiskStamp:
        """Stamp a generation with the folder times taken before the refresh that made it."""
        paths, stats = stat_columns(snapshot.manifest.files)  # columns: no entry made per file
        files = tuple((path, *row) for path, row in zip(paths, stats.tolist()))
        folders = tuple((f, before.get(f, UNKNOWN)) for f in sorted(folders_of(snapshot.files)))
        return cls(snapshot.root, files, folders)

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
        return False


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

    def before_refresh(self) -> dict[str, int]:
        """Take the times of the folders the index knows, before a refresh walks them."""
        snapshot = self._current()
        if snapshot is None:
            return {}
        return folder_times(snapshot.root, folders_of(snapshot.files))

    def after_refresh(self, before: Mapping[str, int]) -> None:
        """Stamp the generation a refresh just published with the folder times taken before it."""
        snapshot = self._current()
        self._stamp = None if snapshot is None else DiskStamp.of(snapshot, before)

    def stale(self) -> bool:
        """Tell whether the index may lag the disk: nothing stamped yet, or the disk differs from the stamp."""
        stamp = self._stamp
        return stamp is None or stamp.changed()
