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
A stamp that cannot be written or read costs the next process one hash, nothing else. A folder
that cannot be written (an index shared read-only) has its stamps kept aside, in the user's cache
(:func:`aside`), where only this user's processes read them.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import time
from collections.abc import Iterator, Sequence
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
    try:
        wanted = {path.name: [what, *_stat(path)] for path in paths}
    except OSError:
        return False
    folder = paths[0].parent
    for stamps_at in _places(folder):
        stamps = _read(stamps_at)
        if all(stamps.get(name) == stamp for name, stamp in wanted.items()):
            return True
    return False


def vouch(paths: Sequence[Path], what: str) -> None:
    """Record that the files ``paths`` (of one folder) were just checked whole and found as ``what``
    (not when one changed too recently to be vouched for, or the stamp cannot be written: silent)."""
    try:
        stats = [_stat(path) for path in paths]
        if not paths or max(max(stat[1], stat[3]) for stat in stats) >= time.time_ns() - RACY_NS:
            return
        folder = paths[0].parent
    except OSError:
        return
    fresh = {path.name: [what, *stat] for path, stat in zip(paths, stats)}
    for stamps_at in _places(folder):
        try:
            _write(stamps_at, folder, fresh)
            return
        except OSError:  # a folder that cannot be written: the stamps go aside, in the user's cache
            continue


def _places(folder: Path) -> Iterator[Path]:
    """Where a folder's stamps are looked for, in order: beside its files, then aside (made only if asked)."""
    yield folder / STAMP_FILE
    yield aside(folder)


def aside(folder: Path) -> Path:
    """Where the stamps of a folder that cannot be written are kept: the user's cache, one file per
    folder (named by a digest of its real path)."""
    from platformdirs import user_cache_dir  # here: only a folder that cannot be written asks

    key = hashlib.sha256(os.fsencode(os.path.realpath(folder))).hexdigest()[:32]
    return Path(user_cache_dir("maguyva")) / "vouched" / f"{key}.json"


def _write(stamps_at: Path, folder: Path, fresh: dict[str, list[object]]) -> None:
    """Add ``fresh`` stamps to the file ``stamps_at`` (the files of ``folder`` gone: dropped)."""
    stamps = _read(stamps_at)
    if all(stamps.get(name) == stamp for name, stamp in fresh.items()):
        return
    stamps = {name: stamp for name, stamp in stamps.items() if (folder / name).exists()}
    stamps.update(fresh)
    stamps_at.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    fd, tmp = tempfile.mkstemp(prefix=f".{STAMP_FILE}.", suffix=".tmp", dir=stamps_at.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            os.fchmod(handle.fileno(), FILE_MODE)
            handle.write(json.dumps(stamps, separators=(",", ":")))
        os.replace(tmp, stamps_at)
    finally:
        Path(tmp).unlink(missing_ok=True)


def _stat(path: Path) -> list[int]:
    found = os.stat(path)
    return [found.st_size, found.st_mtime_ns, found.st_ino, found.st_ctime_ns]


def _read(stamps_at: Path) -> dict[str, object]:
    """The stamps a file holds, empty when there are none or they cannot be read."""
    try:
        data = json.loads(stamps_at.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}
