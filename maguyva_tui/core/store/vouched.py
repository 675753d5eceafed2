"""A checksum verified once, then vouched for by the file's stat: what a fresh process need not hash again.

A search in a new process used to hash, every time, the files whose damage must not be served: the
manifest's file table, a generation's census and chunk table of the semantic engine, the static
model's token table and the repository's static weights (a plain question on 100,000 files:
about 70 ms of CPU, 40 MB hashed). Every one of them is written once under a new name and never
edited. So once a process has checked a file whole and found it as written, it records the file's
size, modification time, inode and status-change time beside it (``vouched.json`` in the file's
folder, with what it was checked against); a later process that finds the same stat trusts it
without hashing.

A write into the file, a copy over it or a rename onto its name changes its status-change time,
which no process can set back: such damage is hashed and found as before. What goes unseen is
damage with no write at all (a bad disk sector), as for the mapped graph and facts arrays.

A file changed less than :data:`RACY_NS` before it is checked is not vouched for (its times may not
have ticked yet: a write in the same clock tick would keep them); the next check vouches for it.
A stamp that cannot be written or read costs the next process one hash, nothing else.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from maguyva_tui.core.store.format import FILE_MODE

STAMP_FILE = "vouched.json"
"""In each folder holding vouched files: ``{name: [what, size, mtime_ns, inode, ctime_ns]}``."""

RACY_NS = 3_000_000_000
"""A file changed less than this before it was checked is not vouched for (as ``walk_stamp``'s folders)."""


def vouched(paths: Sequence[Path], what: str) -> bool:
    """Whether the files ``paths`` (of one folder) were found whole as ``what`` (a digest, a version:
    what they were checked against) by an earlier check, and their stats are still what they were."""
    if not paths:
        return False
    stamps = _read(paths[0].parent)
    try:
        return all(stamps.get(path.name) == [what, *_stat(path)] for path in paths)
    except OSError:
        return False


def vouch(paths: Sequence[Path], what: str) -> None:
    """Record that the files ``paths`` (of one folder) were just checked whole and found as ``what``
    (not when one changed too recently to be vouched for, or the stamp cannot be written: silent)."""
    try:
        stats = [_stat(path) for path in paths]
        if not paths or max(max(stat[1], stat[3]) for stat in stats) >= time.time_ns() - RACY_NS:
            return
        folder = paths[0].parent
        stamps = _read(folder)
        fresh = {path.name: [what, *stat] for path, stat in zip(paths, stats)}
        if all(stamps.get(name) == stamp for name, stamp in fresh.items()):
            return
        stamps = {name: stamp for name, stamp in stamps.items() if (folder / name).exists()}  # files gone: dropped
        stamps.update(fresh)
        fd, tmp = tempfile.mkstemp(prefix=f".{STAMP_FILE}.", suffix=".tmp", dir=folder)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                os.fchmod(handle.fileno(), FILE_MODE)
                handle.write(json.dumps(stamps, separators=(",", ":")))
            os.replace(tmp, folder / STAMP_FILE)
        finally:
            Path(tmp).unlink(missing_ok=True)
    except OSError:
        return


def _stat(path: Path) -> list[int]:
    found = os.stat(path)
    return [found.st_size, found.st_mtime_ns, found.st_ino, found.st_ctime_ns]


def _read(folder: Path) -> dict[str, object]:
    """A folder's stamps, empty when there are none or they cannot be read."""
    try:
        data = json.loads((folder / STAMP_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}
