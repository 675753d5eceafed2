"""Walk a repository: every text file worth indexing, and a count of everything skipped and why.

Nothing found on disk is fatal: unreadable files, files that vanish mid-walk, symlink loops,
invalid UTF-8 and binaries are counted by reason and the walk goes on.
"""

from __future__ import annotations

import errno
import os
import stat
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from maguyva_tui.core.git_excludes import common_dir, untrusted_config
from maguyva_tui.core.ignore import IGNORE_FILES, IgnoreFile, is_ignored, root_ignore_files, rules_below
from maguyva_tui.core.index_marks import is_index_folder
from maguyva_tui.core.types import UnreadableRepository

MAX_FILE_BYTES = 1024 * 1024
"""Files above this size are skipped: generated data and dumps, not code a person reads."""

BINARY_SNIFF_BYTES = 8192
"""A NUL byte in the first 8 KiB marks a file as binary, as git and ripgrep decide."""

UTF16_BOMS: tuple[bytes, ...] = (b"\xff\xfe", b"\xfe\xff")
"""UTF-16 files are text despite their NUL bytes; the mark tells them apart from binaries."""

ALWAYS_SKIPPED_DIRS: frozenset[str] = frozenset({".git", ".hg", ".svn"})
"""Version-control folders: never source, often huge."""

GIT_LINK = ".git"
"""Never indexed whatever it is: a worktree's or a submodule's ``.git`` is a file naming its git
folder, and git itself never tracks a path of that name."""

SKIP_REASONS: tuple[str, ...] = (
    "ignored",
    "binary",
    "too_large",
    "unreadable",
    "vanished",
    "symlink_outside_root",
    "symlink_loop",
    "symlink_duplicate",
    "broken_symlink",
    "not_regular",
)
"""Why a path was left out; ``invalid_utf8`` and ``crlf`` are reported too but the file is kept."""

UNTRUSTED_CONFIG = "git_config_of_another_user_unread"
"""Noticed once when the repository's ``.git/config`` is not read: another user owns the repository
and ``safe.directory`` does not name it (``noticed  1 git config of another user unread``)."""


@dataclass(frozen=True, slots=True)
class SourceFile:
    """A file the walker accepted, with its decoded text."""

    path: str
    """Relative to the root, ``/``-separated."""
    text: str
    """Decoded as UTF-8 with replacement characters; line endings kept as they are on disk."""
    size: int
    mtime_ns: int
    inode: int = 0
    ctime_ns: int = 0
    """The inode and status-change time of the file as it was opened (with size and mtime, what
    tells a later walk that it changed, as git compares them)."""


@dataclass(frozen=True, slots=True)
class Candidate:
    """A path the walker would read, with the stat that decides whether it changed."""

    path: str
    absolute: str | Path
    """Where to open it (a string: a walk of 100,000 files makes no ``Path`` per file)."""
    size: int
    mtime_ns: int
    inode: int = 0
    ctime_ns: int = 0
    device: int = 0
    link: bool = False
    """Whether the path is a symlink (inside the root) to the file walked."""


WATCHED_REASONS: frozenset[str] = frozenset({"binary", "too_large", "unreadable", "vanished"})
"""Skipped files whose own change (an edit, a ``chmod``) can make them indexable: a stamp of the walk
keeps their stat (``WalkTrace.watched``)."""

UNSOUND_REASONS: frozenset[str] = frozenset({"broken_symlink", "symlink_loop"})
"""What no stamp can vouch for (a link's target may appear anywhere): such a walk is stamped unsound."""


@dataclass(slots=True)
class WalkTrace:
    """What a walk looked at, so that a later check can tell by ``stat`` alone that walking again
    would find the same (``core/store/walk_stamp.py``)."""

    folders: list[tuple[str, int, int]] = field(default_factory=list)
    """``(folder, mtime_ns, ctime_ns)`` of every folder walked (``""`` the root), taken before it
    was listed: a file added, removed or renamed in it since changes its time."""
    watched: list[str] = field(default_factory=list)
    """Files not indexed whose own change matters: ignore files, files skipped for a reason of
    :data:`WATCHED_REASONS`, and broken links and loops (stat-ed through the link)."""
    unsound: str | None = None
    """Why the walk cannot be stamped (a broken link, a loop), ``None`` when it can."""


@dataclass(slots=True)
class WalkReport:
    """Counts of what the walk skipped or noticed, by reason."""

    skipped: Counter[str] = field(default_factory=Counter)
    noticed: Counter[str] = field(default_factory=Counter)
    examples: dict[str, str] = field(default_factory=dict)
    """One example path per reason, for messages."""
    trace: WalkTrace | None = None
    """Filled by the walk when given (the indexer stamps each generation with it)."""

    def skip(self, reason: str, path: str) -> None:
        """Count a skipped path."""
        self.skipped[reason] += 1
        self.examples.setdefault(reason, path)
        trace = self.trace
        if trace is not None:
            if reason in WATCHED_REASONS:
                trace.watched.append(path)
            elif reason in UNSOUND_REASONS:
                trace.unsound = trace.unsound or f"{reason}: {path}"
                trace.watched.append(path)  # stat-ed through the link: its target appearing is a change

    def notice(self, reason: str, path: str) -> None:
        """Count a kept file with something unusual about it."""
        self.noticed[reason] += 1
        self.examples.setdefault(reason, path)


def walk(
    root: Path, report: WalkReport, max_bytes: int = MAX_FILE_BYTES, skip: Iterable[Path] = ()
) -> Iterator[Candidate]:
    """Yield every candidate file under root, sorted by path, without leaving the root.

    Folders in ``skip`` (the index itself, when it lives inside the repository) are left out
    silently, wherever they are and whatever links lead to them, as is any folder that is a
    maguyva index (:func:`~maguyva_tui.core.index_marks.is_index_folder`: another index base's)."""
    root = root.resolve()
    visited: set[str] = {str(root)}
    skipped = frozenset(os.path.realpath(path) for path in skip)
    if untrusted_config(root):  # another user's repository: git refuses its config (safe.directory), so do we
        report.notice(UNTRUSTED_CONFIG, ".git/config")
    yield from _walk_dir(root, root, "", root_ignore_files(root), visited, skipped, report, max_bytes)


def walked_into(root: Path, rel: str) -> bool:
    """Tell whether a walk of ``root`` descends into its folder ``rel``: no folder on the way is
    one never walked (``.git``) or ignored by the rules the walk reads (``.gitignore``,
    ``.ignore``, git's excludes), so the repository's index holds that folder's files."""
    return _rules_in(root.resolve(), rel) is not None


def _rules_in(root: Path, rel: str) -> list[IgnoreFile] | None:
    """The ignore rules a walk of ``root`` (resolved) reads in its folder ``rel``; ``None`` when the
    walk never descends into it (:func:`walked_into`)."""
    rules = root_ignore_files(root)
    folder, done = root, ""
    for name in Path(rel).parts:
        done = f"{done}/{name}" if done else name
        if name in ALWAYS_SKIPPED_DIRS or is_ignored(rules, done, True):
            return None
        folder = folder / name
        rules = rules_below(rules, folder, done)
    return rules


def read_source(
    candidate: Candidate, report: WalkReport, max_bytes: int = MAX_FILE_BYTES
) -> SourceFile | None:
    """Read and decode a candidate, or count why it cannot be indexed.

    The file read is the file walked: a path swapped meanwhile for a link, a FIFO or another file
    is counted as vanished, never followed (the walk already decided where links may lead)."""
    try:
        opened = _open_walked(candidate, max_bytes)
    except FileNotFoundError:
        report.skip("vanished", candidate.path)
        return None
    except OSError:
        report.skip("unreadable", candidate.path)
        return None
    if opened is None:
        report.skip("vanished", candidate.path)
        return None
    data, st = opened
    if len(data) > max_bytes:
        report.skip("too_large", candidate.path)
        return None
    if data.startswith(UTF16_BOMS):
        text = _decode_utf16(data, candidate.path, report)
    elif b"\0" in data[:BINARY_SNIFF_BYTES]:
        report.skip("binary", candidate.path)
        return None
    else:
        text = decode(data, candidate.path, report)
    return SourceFile(candidate.path, text, len(data), st.st_mtime_ns, st.st_ino, st.st_ctime_ns)


def _open_walked(candidate: Candidate, max_bytes: int) -> tuple[bytes, os.stat_result] | None:
    """Read a candidate's bytes and its stat as opened, or ``None`` when it is no longer the
    regular file walked (same device and inode)."""
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_BINARY", 0)  # a FIFO swapped in never blocks
    if not candidate.link:
        flags |= getattr(os, "O_NOFOLLOW", 0)  # ELOOP when a link was swapped in
    try:
        fd = os.open(candidate.absolute, flags)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return None
        raise
    with os.fdopen(fd, "rb") as handle:
        st = os.fstat(fd)
        walked = (candidate.device, candidate.inode) == (st.st_dev, st.st_ino) or not candidate.inode
        if not stat.S_ISREG(st.st_mode) or not walked:
            return None
        return handle.read(max_bytes + 1), st


def _decode_utf16(data: bytes, path: str, report: WalkReport) -> str:
    """Decode a file that starts with a UTF-16 byte-order mark."""
    report.notice("utf16", path)
    return data.decode("utf-16", errors="replace")


def decode(data: bytes, path: str, report: WalkReport) -> str:
    """Decode bytes as UTF-8, replacing invalid sequences (lines stay where they were)."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        report.notice("invalid_utf8", path)
        text = data.decode("utf-8", errors="replace")
    if "\r\n" in text:
        report.notice("crlf", path)
    return text


def _walk_dir(
    folder: Path,
    root: Path,
    rel: str,
    ignores: list[IgnoreFile],
    visited: set[str],
    skipped: frozenset[str],
    report: WalkReport,
    max_bytes: int,
) -> Iterator[Candidate]:
    """Walk a folder depth-first in sorted order; a root that cannot be listed is an error, not
    an empty repository.

    The folders being walked are a stack, not recursive calls: a repository nested two thousand
    folders deep (a few KiB of path, well within PATH_MAX) exceeded Python's recursion limit, and
    every file resumed a chain of generators as long as its depth."""
    listing = _listing(folder, rel, report)
    if listing is None:
        return
    Level = tuple[Iterator[os.DirEntry[str]], str, str, list[IgnoreFile]]
    stack: list[Level] = [(iter(listing), rel, os.path.realpath(folder), ignores)]
    while stack:
        entries, base, real, rules = stack[-1]
        entry = next(entries, None)
        if entry is None:
            stack.pop()
            continue
        child_rel = f"{base}/{entry.name}" if base else entry.name
        found = _visit(entry, root, child_rel, real, rules, visited, skipped, report, max_bytes)
        if isinstance(found, Candidate):
            yield found
        elif found is not None:
            below = _listing(Path(entry.path), child_rel, report)
            if below is not None and not is_index_folder(below):  # another index's content.bin had been indexed
                stack.append((iter(below), child_rel, *found))


def _listing(folder: Path, rel: str, report: WalkReport) -> list[os.DirEntry[str]] | None:
    """A folder's entries sorted by name (its times recorded first when the walk is traced);
    ``None`` when a folder below the root cannot be listed (counted)."""
    trace = report.trace
    if trace is not None:
        _trace_folder(trace, folder, rel)
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError as exc:
        if not rel:
            raise UnreadableRepository(f"{folder}: cannot read the repository ({exc.strerror})") from None
        _count_unlisted(exc, rel, report)
        return None
    if trace is not None:
        trace.watched.extend(f"{rel}/{e.name}" if rel else e.name for e in entries if e.name in IGNORE_FILES)
    return entries


def _trace_folder(trace: WalkTrace, folder: Path, rel: str) -> None:
    """Record a folder's times before it is listed (a folder that cannot even be stat-ed leaves the
    walk unsound)."""
    try:
        st = os.stat(folder)
    except OSError as exc:
        trace.unsound = trace.unsound or f"{rel or '.'}: {exc.strerror}"
        return
    trace.folders.append((rel, st.st_mtime_ns, st.st_ctime_ns))


def _count_unlisted(exc: OSError, rel: str, report: WalkReport) -> None:
    """Count a folder below the root that could not be listed."""
    report.skip("vanished" if isinstance(exc, FileNotFoundError) else "unreadable", rel)


def _visit(
    entry: os.DirEntry[str],
    root: Path,
    rel: str,
    parent_real: str,
    ignores: list[IgnoreFile],
    visited: set[str],
    skipped: frozenset[str],
    report: WalkReport,
    max_bytes: int,
) -> Candidate | tuple[str, list[IgnoreFile]] | None:
    """Decide one directory entry of the folder whose real path is ``parent_real``: a file to
    yield, a folder to descend into (its real path and the ignore rules that apply below it), or
    ``None`` (counted when skipped)."""
    path = entry.path  # a string: a Path per file was a third of a walk's time
    if entry.name == GIT_LINK:
        return None
    try:
        is_link = entry.is_symlink()
        st = os.stat(path) if is_link else entry.stat(follow_symlinks=False)
    except FileNotFoundError:
        report.skip("broken_symlink" if _is_link(path) else "vanished", rel)
        return None
    except OSError as exc:
        looped = exc.errno == errno.ELOOP
        report.skip("symlink_loop" if looped else "unreadable", rel)
        return None
    is_dir = stat.S_ISDIR(st.st_mode)
    if is_dir and entry.name in ALWAYS_SKIPPED_DIRS:
        return None
    if is_ignored(ignores, rel, is_dir):
        report.skip("ignored", rel)
        return None
    if is_link and not _inside(path, root):
        report.skip("symlink_outside_root", rel)
        return None
    if is_dir:
        # a folder that is no link is where its parent is: os.path.realpath (an lstat per component
        # of the path) for every folder made a deep repository's walk cubic in its depth
        real = os.path.realpath(path) if is_link else os.path.join(parent_real, entry.name)
        if real in skipped:
            return None
        if is_link and _walked_at_its_own_path(real, parent_real, root):
            report.skip("symlink_loop" if _above(real, parent_real) else "symlink_duplicate", rel)
            return None
        if real in visited:
            report.skip("symlink_loop", rel)
            return None
        visited.add(real)
        if os.path.lexists(os.path.join(path, GIT_LINK)):  # a repository nested here
            _nested_repository(report, path, rel, root)
        return real, rules_below(ignores, Path(path), rel)
    if not stat.S_ISREG(st.st_mode):
        report.skip("not_regular", rel)
        return None
    if is_link and _file_walked_at_its_own_path(path, root):
        report.skip("symlink_duplicate", rel)
        return None
    if st.st_size > max_bytes:
        report.skip("too_large", rel)
        return None
    return Candidate(rel, path, st.st_size, st.st_mtime_ns, st.st_ino, st.st_ctime_ns, st.st_dev, is_link)


def _nested_repository(report: WalkReport, path: str, rel: str, root: Path) -> None:
    """Say that the ``.git/config`` of a repository nested at ``path`` is not read (another
    user's), and watch its ``info/exclude``."""
    if untrusted_config(Path(path)):
        report.notice(UNTRUSTED_CONFIG, f"{rel}/.git/config")
    if report.trace is not None:
        _watch_nested_exclude(report.trace, path, root)


def _watch_nested_exclude(trace: WalkTrace, path: str, root: Path) -> None:
    """Watch the ``info/exclude`` of a repository nested at ``path`` (made or edited, it changes
    what the walk keeps there)."""
    common = common_dir(Path(path))
    try:
        if common is not None:
            trace.watched.append(os.path.relpath(common / "info" / "exclude", root))
    except ValueError:  # on another drive (Windows): no path from the root reaches it
        trace.unsound = trace.unsound or f"git folder elsewhere: {common}"


def _walked_at_its_own_path(real: str, parent_real: str, root: Path) -> bool:
    """Tell whether a linked folder inside the root is one the walk reaches at its own path (an
    ancestor of the link, or a folder no ignore rule keeps the walk out of): its files are indexed
    there, never under the link's name. A link sorted before its target (vite's ``link -> real``)
    had claimed the folder, ``real/`` been skipped as a loop and its files indexed as ``link/...``."""
    if _above(real, parent_real):
        return True
    return walked_into(root, os.path.relpath(real, root))


def _file_walked_at_its_own_path(path: str, root: Path) -> bool:
    """Tell whether a linked file inside the root is one the walk reaches at its own path (no
    folder on the way and no rule of the ignore files keeps it out): it is indexed there, and the
    link would be a second copy of its definitions and calls (ply's ``example/calc/lex.py ->
    ../../ply/lex.py`` had listed ``class Lexer`` twice). A link to an ignored file is read, as a
    link to an ignored folder is walked; rg follows neither by default."""
    rel = Path(os.path.relpath(os.path.realpath(path), root))
    rules = None if rel.name == GIT_LINK else _rules_in(root, str(rel.parent))
    return rules is not None and not is_ignored(rules, rel.as_posix(), False)


def _above(real: str, parent_real: str) -> bool:
    """Tell whether ``real`` is the folder ``parent_real`` or one above it."""
    return parent_real == real or parent_real.startswith(real.rstrip(os.sep) + os.sep)


def _is_link(path: str) -> bool:
    """Tell whether a path is a symlink, without raising."""
    try:
        return os.path.islink(path)
    except OSError:
        return False


def _inside(path: str, root: Path) -> bool:
    """Tell whether a path's real location is under the root."""
    try:
        real = Path(os.path.realpath(path))
    except OSError:
        return False
    return real == root or root in real.parents
