"""Which repositories a workspace holds: a workspace file read, each repository named.

A workspace file lists repository folders, relative ones read from the file's own folder (from the
current folder for a pipe, ``--workspace <(ls -d */)``, whose path, ``/proc/PID/fd/N``, has none):

- ``*.toml``: ``repos = ["../service", "/src/lib"]`` (a list of strings);
- anything else: one folder per line (its bytes, UTF-8 or not); blank lines and lines starting with
  ``#`` are skipped, and a ``#`` after a space or tab starts a comment to the line's end
  (``../lib   # the library``: it had been read as part of the folder's name, a missing repository).

Each repository is named by its folder's name; where two share one, by as many of their parent
folders as it takes to tell them apart (``a/lib``, ``b/lib``). Names depend only on the set of
folders, never on the order they were listed in.
"""

from __future__ import annotations

import os
import re
import stat
import tomllib
from collections.abc import Iterable, Sequence
from pathlib import Path

from maguyva_tui.core.types import QueryError, echo, echo_path
from maguyva_tui.core.wide_folders import too_wide

MAX_REPOSITORIES = 256
"""Repositories one workspace may list: every one is opened by a question (Ray carries more)."""
MAX_FILE_BYTES = 1 << 20
"""The longest workspace file read: 256 folder names of 4 KiB (Linux's longest path)."""
_NOT_FILES = {stat.S_IFCHR: "a character device", stat.S_IFBLK: "a block device", stat.S_IFSOCK: "a socket"}
"""What a workspace path may name that is refused unread (a terminal's read waits for typing)."""


def read_workspace(path: Path) -> list[Path]:
    """Return the repository folders a workspace file lists; a file that cannot be read or
    parsed, or an entry that names no folder, raises a :class:`QueryError` with a one-line message."""
    data, piped = _read_bounded(path)
    base = Path.cwd() if piped else path.parent  # /proc/PID/fd/63's folder had been each entry's
    if path.suffix == ".toml":
        try:
            entries = _toml_entries(path, data.decode("utf-8"))
        except UnicodeDecodeError as exc:
            raise QueryError(f"{path}: cannot read the workspace file ({exc})") from None
    else:  # a folder's name need not be UTF-8 on Linux: its bytes are kept, as os.fsdecode keeps them
        entries = _line_entries(data.decode("utf-8", "surrogateescape"))
    if not entries:
        raise QueryError(f"{path}: the workspace file lists no repository")
    _refuse_nul(path, entries, binary_hint=path.suffix != ".toml")  # before the count: a binary file
    if len(entries) > MAX_REPOSITORIES:  # had been "1612 repositories; a workspace holds at most 256"
        raise QueryError(f"{path}: {len(entries)} repositories; a workspace holds at most {MAX_REPOSITORIES}")
    return [_folder(path, entry, base) for entry in entries]


def _read_bounded(path: Path) -> tuple[bytes, bool]:
    """The file's bytes, at most ``MAX_FILE_BYTES`` of them (``/dev/zero`` never ends). A device or a
    socket is refused, and a named pipe is opened without waiting for a writer: one nothing writes to
    is refused (the open had blocked for ever); a pipe written to (``--workspace <(ls -d ~/src/*)``)
    is read to its end. The second value says whether it was a pipe."""
    try:
        kind = _NOT_FILES.get(stat.S_IFMT(path.stat().st_mode))
        if kind is not None:
            raise QueryError(f"{path}: {kind}, not a workspace file (a file listing repository folders)")
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)  # a FIFO's open waits for a writer without it
        with open(fd, "rb") as handle:
            piped = stat.S_ISFIFO(os.fstat(fd).st_mode)
            os.set_blocking(fd, True)  # a writer's pipe: read to its end; none: at its end now
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise QueryError(f"{path}: cannot read the workspace file ({exc.strerror or exc})") from None
    if piped and not data:
        raise QueryError(f"{path}: a named pipe nothing writes to, not a workspace file "
                         "(a file listing repository folders)")
    if len(data) > MAX_FILE_BYTES:
        raise QueryError(f"{path}: over {MAX_FILE_BYTES // 1024} KiB, too long for a workspace file "
                         "(it lists repository folders)")
    return data, piped


def _refuse_nul(path: Path, entries: list[str], binary_hint: bool) -> None:
    """Refuse the first entry holding a NUL character, which no folder name can; in a file of lines
    that is a binary file given by mistake (``--workspace /usr/bin/ls``), and the refusal says so."""
    for entry in entries:
        if "\0" in entry:
            hint = ": is it a binary file?" if binary_hint else ""
            raise QueryError(f"{path}: the entry {_shown(entry)} holds a NUL character, which no folder name can{hint}")


def _folder(path: Path, entry: str, base: Path) -> Path:
    """One entry as a folder: ``~`` expanded, a relative one read from ``base`` (the workspace file's
    folder, or the current folder for a pipe)."""
    try:
        folder = Path(entry).expanduser()
    except RuntimeError:  # ~name of no user, or no home folder to read ~ as
        raise QueryError(f"{path}: the entry {_shown(entry)} names a home folder that cannot be found") from None
    return folder if folder.is_absolute() else base / folder


STRAY_BYTE = re.compile(r"\\udc([89a-f][0-9a-f])")
"""A byte of a folder name that is not UTF-8 as ``repr`` writes it (``\\udce9``)."""


def _shown(entry: str) -> str:
    """An entry as a refusal quotes it: cut when long (a binary file's line had been quoted whole),
    a byte that is not UTF-8 written ``\\xe9``, as everywhere else, where it had read ``\\udce9``."""
    return STRAY_BYTE.sub(r"\\x\1", repr(echo(entry)))


def _toml_entries(path: Path, text: str) -> list[str]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise QueryError(f"{path}: not valid TOML ({exc})") from None
    except RecursionError:  # repos = [[[...]]] past Python's stack: it had been "internal error: RecursionError"
        raise QueryError(f"{path}: not valid TOML (nested too deeply to read)") from None
    repos = data.get("repos")
    if not isinstance(repos, list):
        raise QueryError(f'{path}: expected repos = ["path", ...] (a list of folder names)')
    for number, repo in enumerate(repos, 1):
        if not isinstance(repo, str) or not repo.strip():
            said = "empty" if isinstance(repo, str) else f"{repr(repo)[:60]}, not a string"
            raise QueryError(f'{path}: entry {number} of repos is {said}; expected repos = ["path", ...] '
                             "(a list of folder names)")
    return [r.strip() for r in repos]


def _line_entries(text: str) -> list[str]:
    lines = (_TRAILING_COMMENT.sub("", line).strip() for line in text.splitlines())
    return [line for line in lines if line and not line.startswith("#")]


_TRAILING_COMMENT = re.compile(r"[ \t]#.*$")
"""A comment after a folder on its line (a ``#`` inside a folder's name, ``a#b``, is kept)."""


def distinct_roots(paths: Sequence[Path]) -> list[Path]:
    """The folders once each (the same folder named twice, or by a link, is one repository), in
    the order given; a folder that does not resolve is kept as written."""
    seen: dict[Path, None] = {}
    for path in paths:
        seen.setdefault(_resolved(path), None)
    for folder in seen:
        wide = _too_wide(folder) or _above_a_repository(folder, seen)
        if wide:  # `--repo /` or `..` from a folder of the home had been indexed whole, without a word
            raise QueryError(f"the workspace names {echo_path(str(folder))} ({wide}), not a repository: "
                             "name the repositories in it")
    return list(seen)


def _above_a_repository(folder: Path, roots: Iterable[Path]) -> str | None:
    """What a folder holding a git repository of the workspace is when it is none itself (``..``
    of a repository: the folder above it, every repository beside it with it); ``None`` otherwise
    (a git repository holding a clone, or folders of no git repository: nested as written)."""
    if _holds_git(folder):
        return None
    inner = next((root for root in roots if folder in root.parents and _holds_git(root)), None)
    return None if inner is None else f"the folder above {inner.name}'s git repository"


def _holds_git(folder: Path) -> bool:
    """Whether a folder holds ``.git``; a folder its user may not read holds none that can be seen
    (the repository is then named missing when it is opened, the others answer: its ``.git``
    looked at here had ended every search of the workspace in "internal error: PermissionError")."""
    try:
        return (folder / ".git").exists()
    except OSError:
        return False


def _too_wide(folder: Path) -> str | None:
    """What a folder no workspace means is (the filesystem's root, the home folder or a folder
    above it: :func:`~maguyva_tui.core.wide_folders.too_wide`, one repository's rule too), as a
    search with no path never looks at them (``roots.enclosing_root``); ``None`` for any other folder."""
    return too_wide(str(folder), str(_resolved(Path("~"))))


def labels_for(roots: Sequence[Path]) -> dict[Path, str]:
    """Name each folder by its last component, with as many parents as tell it apart from the others."""
    depth = {root: 1 for root in roots}
    while True:
        names = {root: _tail(root, depth[root]) for root in roots}
        clashes = {name for name in names.values() if list(names.values()).count(name) > 1}
        grow = [root for root in roots if names[root] in clashes and depth[root] < len(root.parts)]
        if not grow:
            return names
        for root in grow:
            depth[root] += 1


def _tail(root: Path, depth: int) -> str:
    parts = [p for p in root.parts if p not in ("/", "\\")]
    return "/".join(parts[-depth:]) or str(root)


def _resolved(path: Path) -> Path:
    try:
        return path.expanduser().resolve()
    except (OSError, RuntimeError):
        return path
