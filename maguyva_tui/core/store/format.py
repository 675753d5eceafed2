"""The on-disk index: one folder per repository, one immutable generation per build.

    <index base>/<repo name>-<hash of its path>/
        LOCK                   held by the writer (fcntl), so two builds never interleave
        CURRENT                the name of the live generation, replaced atomically
        g-<time>-<pid>/        a complete generation:
            manifest.json      FORMAT_VERSION, root, skipped counts, build stats
            files_*.{npy,bin}  the files (path, id, hash, size, mtime, language, offset and length
                               in content.bin, inode, ctime) as mapped arrays (core/store/file_table.py)
            walk-stamp.json    what tells that the disk still is as walked (core/store/disk_stamp.py)
            content.bin        every file's decoded text as UTF-8, in path order, cut into blocks of
                               about 4 KiB compressed with zstd and one dictionary trained on the
                               texts, with the blocks' table and each block's count of
                               newlines (core/store/texts.py)
            facts_*.{npy,bin,zst} per-file chunks, symbols, references, imports (core/store/facts_files.py;
                               the chunk and symbol tables and the two string tables as zstd frames)
            trigram_*.{npy,bin} the text engine's postings (see core/trigram/index.py)
            tokens_*.{npy,bin} which files hold each whole identifier, and the content.bin block of
                               each line holding it (core/store/tokens.py, core/store/place_blocks.py)
            words_*.{npy,bin,zst} BM25 over chunk contents, for questions in plain words (core/bm25.py;
                               the postings as zstd frames of a block of values: core/store/blocks.py)
            centrality.npz     centrality per symbol span (core/store/centrality.py)
            graph.npz          the dependency graph (core/graph/persist.py), read when first asked
                               (these archives' larger members as zstd frames: core/store/npz.py)
        semantic/<provider>/   embeddings by chunk content hash, shared by all generations

A writer builds a new generation beside the live one, fsyncs it, then points CURRENT at it with
``os.replace``; a crash at any point leaves the previous generation live. Readers never lock.
Folders are created 0700 and files sealed 0600, whatever the umask: a private repository's text
never lands where others can read it. No file of a generation runs code when read: JSON, plain
arrays and strings (``arrays.py``), never pickle.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import stat
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from maguyva_tui.core.index_marks import GENERATION_PREFIX, LIVE_FILE

FORMAT_VERSION = 75
"""Bump when any file of a generation changes meaning; older indexes are rebuilt, with a message."""

KEEP_GENERATIONS = 2
"""Generations kept after a build where the file system keeps no locks (elsewhere a generation
that is not live stays exactly while a process holds it: ``holds.py``)."""


DIR_MODE = 0o700
"""Every index folder is its owner's alone."""
FILE_MODE = 0o600
"""Every index file likewise."""
ADMIN_UID = 0
"""The one user besides this one whose index folder is read (never written): an administrator's
shared, read-only cache. Another user's may have been planted in a shared index base."""

READABLE_NAME_BYTES = 64
"""The repository's name in its index folder's name is cut to this (a file name holds 255 bytes)."""


class IndexUnavailable(Exception):
    """No usable index: missing, corrupt or from another format version (the message says which)."""


@dataclass(frozen=True, slots=True)
class FileEntry:
    """One indexed file as the manifest records it."""

    path: str
    doc_id: int
    hash: str
    size: int
    mtime_ns: int
    language: str | None
    offset: int
    length: int
    inode: int = 0
    ctime_ns: int = 0
    """With size and mtime, what tells that the file on disk changed (0: not recorded, read it again)."""


@dataclass(slots=True)
class Manifest:
    """The table of contents of a generation."""

    root: str
    files: Sequence[FileEntry]
    """A build's entries in memory, or the mapped table of a stored generation (``file_table.py``)."""
    skipped: dict[str, int] = field(default_factory=dict)
    noticed: dict[str, int] = field(default_factory=dict)
    stats: dict[str, Any] = field(default_factory=dict)
    next_doc_id: int = 0
    format: int = FORMAT_VERSION

    def to_json(self, files_digest: str) -> str:
        """Serialize everything but the files (written as arrays beside, ``file_table.save_files``,
        whose digest is recorded)."""
        data = {
            "format": self.format,
            "root": self.root,
            "next_doc_id": self.next_doc_id,
            "skipped": self.skipped,
            "noticed": self.noticed,
            "stats": self.stats,
            "files": len(self.files),
            "files_digest": files_digest,
        }
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str, read_files: Callable[[str], Sequence[FileEntry]]) -> Manifest:
        """Parse a manifest, reading its files with ``read_files(digest)``; other format versions and a
        file count that disagrees are refused."""
        try:
            data = json.loads(text)
        except ValueError:
            raise IndexUnavailable("the index is corrupt (manifest.json is not JSON); rebuilding it") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT_VERSION:
            found = data.get("format") if isinstance(data, dict) else None
            raise IndexUnavailable(f"index format {found} is not {FORMAT_VERSION}; rebuilding it")
        digest = data.get("files_digest")
        if not isinstance(digest, str):
            raise IndexUnavailable("the index is corrupt (manifest.json names no files digest); rebuilding it")
        files = read_files(digest)
        if data.get("files") != len(files):
            raise IndexUnavailable("the index is corrupt (manifest.json and the files disagree); rebuilding it")
        return cls(data["root"], files, data["skipped"], data["noticed"], data["stats"], data["next_doc_id"])


def content_hash(data: bytes) -> str:
    """Hash file or chunk content for change detection and embedding reuse."""
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def repo_dir(base: Path, root: Path) -> Path:
    """Return the index folder of one repository under a base folder: a readable part of the
    repository's name and a hash of its path's bytes (any name, of any length or encoding)."""
    digest = hashlib.sha1(os.fsencode(root)).hexdigest()[:10]
    return base / f"{_readable(root.name)}-{digest}"


def _readable(name: str) -> str:
    """Return a folder name's printable UTF-8 part, cut to READABLE_NAME_BYTES."""
    text = os.fsencode(name).decode("utf-8", errors="replace")
    text = "".join(c if c.isprintable() and c != "\ufffd" else "_" for c in text)
    return text.encode()[:READABLE_NAME_BYTES].decode("utf-8", errors="ignore") or "root"


def current_generation(folder: Path) -> Path:
    """Return the live generation folder, or raise IndexUnavailable (also for an index folder that
    another user than root owns: made before us in a shared index base, ``--index-dir /tmp/idx``,
    its generation could say any file holds any text, and a search answered from it as from ours)."""
    try:
        owner = folder.stat().st_uid
        name = (folder / LIVE_FILE).read_bytes().decode("ascii").strip()
    except FileNotFoundError:
        raise IndexUnavailable("no index yet") from None
    except OSError as exc:
        raise IndexUnavailable(f"cannot read the index ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise IndexUnavailable("the index is corrupt (CURRENT is not a generation name); rebuilding it") from None
    if owner not in (os.geteuid(), ADMIN_UID) or (owner := _link_owner(folder, owner)) not in (os.geteuid(), ADMIN_UID):
        raise IndexUnavailable(f"the index at {folder} is another user's (uid {owner}): it is not read")
    gen = folder / name
    if not name.startswith(GENERATION_PREFIX) or "/" in name or not gen.is_dir():
        raise IndexUnavailable("the index is corrupt (CURRENT names no generation); rebuilding it")
    return gen


def make_private_dir(path: Path) -> None:
    """Create a folder and its missing parents, each readable by its owner alone (whatever the umask).
    A folder that exists is written into only when it is this user's (see :func:`_ours`)."""
    missing = []
    while not path.is_dir() and path != path.parent:
        missing.append(path)
        path = path.parent
    _ours(path, created_in=bool(missing))
    for folder in reversed(missing):
        try:
            folder.mkdir(DIR_MODE)
        except FileExistsError:
            continue  # made meanwhile by another process
        os.chmod(folder, DIR_MODE)


def _ours(folder: Path, created_in: bool) -> None:
    """Refuse (``PermissionError``) to write into a folder of the index that another user owns: made
    before us in a shared index base (``--index-dir /tmp/idx``) and writable by us, it had been
    written into, and its owner could swap a generation being written for one of links the build
    would write through. A folder that ours are only ``created_in`` may be root's (``/tmp``) or have
    the sticky bit (no one renames what is ours there). One of ours that others may write (made by
    an older version under umask 002) is closed to 0700."""
    st = os.stat(folder)
    if (linked := _link_owner(folder, st.st_uid)) not in (os.geteuid(), ADMIN_UID, st.st_uid):
        raise PermissionError(errno.EACCES, f"Permission denied (the folder is a link another user made, uid {linked})",
                              str(folder))
    if st.st_uid == os.geteuid():
        if st.st_mode & 0o077 and not created_in:
            os.chmod(folder, DIR_MODE)
        return
    if created_in and (st.st_uid == 0 or st.st_mode & stat.S_ISVTX):
        return
    raise PermissionError(errno.EACCES, f"Permission denied (the folder is another user's, uid {st.st_uid})",
                          str(folder))


def _link_owner(folder: Path, owner: int) -> int:
    """The owner of a symbolic link at ``folder``, else ``owner`` (its folder's): a link another user
    made first in a shared index base (``--index-dir /tmp/idx``) to a folder of ours had had it
    written into and closed to 0700 (a home folder, a web folder), or read as this repository's index."""
    try:
        st = os.lstat(folder)
    except OSError:
        return owner
    return st.st_uid if stat.S_ISLNK(st.st_mode) else owner


def new_generation(folder: Path) -> Path:
    """Create an empty, private folder for a generation being written (never one that exists)."""
    import time

    make_private_dir(folder)
    gen = folder / f"{GENERATION_PREFIX}{time.time_ns()}-{os.getpid()}"
    gen.mkdir(DIR_MODE)
    os.chmod(gen, DIR_MODE)
    return gen


def publish(folder: Path, gen: Path) -> None:
    """Make a fully written generation live: seal and fsync it, then swap CURRENT atomically."""
    for path in gen.iterdir():
        seal(path)
    fsync_dir(gen)
    _write_current(folder, gen.name)
    fsync_dir(folder)
    prune(folder, keep=gen.name)


def _write_current(folder: Path, name: str) -> None:
    """Point CURRENT at a generation through a fresh temporary file (``mkstemp``: created with
    ``O_EXCL``, never through a path planted in the folder), then ``os.replace``."""
    fd, tmp = tempfile.mkstemp(prefix=f"{LIVE_FILE}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="ascii") as handle:
            handle.write(name)
            handle.flush()
            os.fchmod(fd, FILE_MODE)
            os.fsync(fd)
        os.replace(tmp, folder / LIVE_FILE)
    finally:
        Path(tmp).unlink(missing_ok=True)  # only when the swap failed


def write_private(path: Path, data: bytes) -> None:
    """Replace a file of the index atomically with ``data``, readable by its owner alone whatever the
    umask, through a fresh temporary file (``mkstemp``: ``O_EXCL``, never through a path planted in
    the folder). ``Path.write_bytes`` on a temporary name of its own had left ``static-tier.json`` and
    the chunk tables 0644 (0666 under umask 0) beside the 0600 files of every generation."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            os.fchmod(handle.fileno(), FILE_MODE)
            handle.write(data)
        os.replace(tmp, path)
    finally:
        Path(tmp).unlink(missing_ok=True)  # only when the swap failed


def live_name(folder: Path) -> str | None:
    """Return the generation name CURRENT holds, ``None`` when it cannot be read."""
    try:
        return (folder / LIVE_FILE).read_bytes().decode("ascii", errors="replace").strip()
    except OSError:
        return None


def discard(folder: Path, gen: Path) -> None:
    """Remove a generation whose writing failed, unless it was published after all."""
    import shutil

    if live_name(folder) != gen.name:
        shutil.rmtree(gen, ignore_errors=True)


def generations(folder: Path) -> list[Path]:
    """The generation folders of an index folder, oldest first."""
    return sorted((p for p in folder.iterdir() if p.name.startswith(GENERATION_PREFIX) and p.is_dir()), key=_gen_time)


def prune(folder: Path, keep: str) -> None:
    """Delete the generations no reader needs (call it holding the index's lock, so that no build
    is writing one): keep the live one (``keep``, and whatever CURRENT names) and those a process
    holds (``holds.py``); a half-written one is a build that died. Where the file system keeps no
    locks, the newest complete ones are kept too, up to KEEP_GENERATIONS."""
    import shutil

    from maguyva_tui.core.store.holds import UNSUPPORTED, unheld

    gens = generations(folder)
    live = {keep, live_name(folder)}
    complete = [p.name for p in gens if p.name not in live and (p / "manifest.json").is_file()]
    fallback = live | set(complete[len(complete) - (KEEP_GENERATIONS - 1) :])
    for path in gens:
        if path.name in live:
            continue
        try:
            fd = unheld(path)
        except OSError as exc:
            if exc.errno not in UNSUPPORTED or path.name in fallback:
                continue
            fd = None
        else:
            if fd is None:
                continue  # a reader holds it
        try:
            shutil.rmtree(path, ignore_errors=True)
        finally:
            if fd is not None:
                os.close(fd)
    for tmp in folder.glob(f"{LIVE_FILE}.*.tmp"):
        tmp.unlink(missing_ok=True)


def _gen_time(path: Path) -> int:
    """Order generations by their creation time."""
    try:
        return int(path.name.split("-")[1])
    except (IndexError, ValueError):
        return 0


def seal(path: Path) -> None:
    """Make a written file of a generation private and durable."""
    if path.is_file():
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
        try:
            os.fchmod(fd, FILE_MODE)
            os.fsync(fd)
        finally:
            os.close(fd)


def fsync_dir(path: Path) -> None:
    """Make a rename into ``path`` durable."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
