"""Watch a repository for edits and tell which ones matter to the index."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache, partial
from pathlib import Path
from typing import Any, Protocol

IGNORED_PARTS = frozenset(
    {
        ".git",
        ".hg",
        ".svn",
        "__pycache__",
        ".mypy_cache",
        ".pytest_cache",
        ".ruff_cache",
    }
)
"""Folders whose churn never changes search results, unless the index's walk goes into them."""

GIT_EXCLUDE = (".git", "info", "exclude")
"""The one file under ``.git`` that changes what is indexed (git's own ignore rules): a rule added
there had left the explorer listing the files it hides until another edit."""

DEBOUNCE_MS = 300
"""Edits closer together than this arrive as one batch (an editor's save writes several files)."""


class Walked(Protocol):
    """What the index says of its walk (``LiveIndex``): which folders it goes into, which files
    it reads for its rules."""

    def walks_into(self, folder: str) -> bool:
        """Tell whether the walk goes into ``folder`` (relative to the root)."""

    def rule_files(self) -> frozenset[str]:
        """The files (absolute) whose change changes what the walk keeps, in the root or outside it."""


class Scope:
    """One watched root and what its index says of its walk, asked once per folder per batch."""

    def __init__(self, root: Path, index_dir: Path | None = None, walked: Walked | None = None) -> None:
        self.root = root
        self.index_dir = index_dir
        self.walked = walked
        self._into: dict[str, bool] = {}
        self._rules: frozenset[str] | None = None
        self._outside: dict[str, tuple[int, int, int, int]] = {}
        """The stat of each rule file outside the root when last looked at (no watcher sees it)."""

    def forget(self) -> None:
        """Let the next batch ask again (a refresh may have changed the rules)."""
        self._into.clear()
        self._rules = None

    def rules(self) -> frozenset[str]:
        """The index's rule files (empty without an index)."""
        if self._rules is None:
            self._rules = self.walked.rule_files() if self.walked is not None else frozenset()
        return self._rules

    def goes_into(self, folder: str) -> bool:
        """Tell whether the index's walk goes into ``folder`` (never, without an index to ask)."""
        if folder not in self._into:
            self._into[folder] = self.walked is not None and self.walked.walks_into(folder)
        return self._into[folder]

    def matters(self, raw: str, parts: tuple[str, ...]) -> bool:
        """Tell whether a change at ``raw`` (``parts`` below the root) may change the index: a rule
        file, or a path in no folder dropped by name, or in one the walk goes into all the same (an
        sdist's ``.venv/``, a committed ``.idea/``, a repository without ignore files)."""
        if parts[-3:] == GIT_EXCLUDE or os.path.normpath(raw) in self.rules():
            return True
        named = [i for i, part in enumerate(parts) if part in named_dirs()]
        if not named:
            return True
        # each folder from the first so named down to the one holding the path, the shallowest first
        # (cached: an install's thousand folders below an ignored one ask once); a virtualenv's
        # own .gitignore ('*') leaves out all below its .venv/, which the walk goes into
        deepest = max(len(parts) - 1, named[-1] + 1)
        return all(self.goes_into("/".join(parts[:n])) for n in range(named[0] + 1, deepest + 1))

    def moved_outside(self) -> list[str]:
        """The rule files outside the root changed since last looked at (the ``.gitignore`` files
        above a root inside its work tree, ``core.excludesFile``, a submodule's exclude file): a
        handful, stat-ed each tick; one first seen is only noted."""
        changed = []
        for path in self.rules():
            if _inside(path, self.root):
                continue
            now = _stat(path)
            if self._outside.get(path, now) != now:
                changed.append(path)
            self._outside[path] = now
        return sorted(changed)


def _inside(path: str, root: Path) -> bool:
    return Path(path).is_relative_to(root)


def _stat(path: str) -> tuple[int, int, int, int]:
    """A file's size, times and inode; all -1 when it is not there."""
    try:
        st = os.stat(path)
    except OSError:
        return (-1, -1, -1, -1)
    return (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)


def relevant(changes: Iterable[tuple[object, str]], root: Path, index_dir: Path | None = None,
             scope: Scope | None = None) -> list[str]:
    """Return the changed paths that may change the index (not VCS folders, caches or the index
    itself, unless the index's walk goes into them)."""
    scope = scope or Scope(root, index_dir)
    out = []
    for _kind, raw in changes:
        path = Path(raw)
        if index_dir is not None and path.is_relative_to(index_dir):
            continue
        try:
            parts = path.relative_to(root).parts
        except ValueError:
            continue
        if scope.matters(raw, parts):
            out.append(raw)
    return out


def keeps(change: Any, path: str, roots: Sequence[Path] = (), scopes: Sequence[Scope] = ()) -> bool:
    """watchfiles' default filter, which drops everything under ``.git``, but for git's exclude file.

    It is asked of the path below the watched root that holds it: on the whole path, a repository
    opened under ``node_modules/``, ``.venv/`` or ``.tox/`` (a dependency's source, read or patched)
    had every change dropped, and the explorer never refreshed. A folder it drops by name that the
    index's walk goes into (``scopes``) is kept: an sdist's ``.venv/`` had its edits ignored."""
    if Path(path).parts[-3:] == GIT_EXCLUDE:
        return True
    held = [scope for scope in scopes if Path(path).is_relative_to(scope.root)]
    if held:
        name = Path(path).name
        if name not in named_dirs() and not _default_filter()(change, name):  # a .pyc, an editor's swap file
            return False
        # each repository holding it asks its own walk (a workspace's repository nested in another's)
        return any(scope.matters(path, Path(path).relative_to(scope.root).parts) for scope in held)
    return bool(_default_filter()(change, _below(path, roots)))


def _below(path: str, roots: Sequence[Path]) -> str:
    """The path relative to the deepest of ``roots`` holding it (as it is where none does)."""
    held = [root for root in roots if Path(path).is_relative_to(root)]
    if not held:
        return path
    return str(Path(path).relative_to(max(held, key=lambda root: len(root.parts))))


@cache
def _default_filter() -> Any:
    from watchfiles import DefaultFilter

    return DefaultFilter()


@cache
def named_dirs() -> frozenset[str]:
    """Folders dropped by their name alone (ours and watchfiles' default filter's: ``.venv``,
    ``node_modules``, ``.idea``, ``.tox``, ``.hypothesis``), unless the index's walk goes into them."""
    from watchfiles import DefaultFilter

    return IGNORED_PARTS | frozenset(DefaultFilter.ignore_dirs)


START_TICK_MS = 1000
"""How long the watcher waits for a first change before it says it is watching (``on_start``), and
then how often it wakes idle to look at ``stop``."""


def watch(
    root: Path,
    stop: threading.Event,
    on_change: Callable[[list[str]], None],
    index_dir: Path | None = None,
    on_start: Callable[[], None] = lambda: None,
    walked: Walked | None = None,
) -> None:
    """Block until ``stop`` is set, calling ``on_change`` with each batch of relevant changed paths,
    and ``on_start`` once the disk is watched if no change came first (the edits made before then,
    while the index was built, are the caller's to catch up with). ``walked`` (the live index) says
    which folders dropped by name its walk goes into and which rule files outside the root to look at."""
    scope = Scope(root, index_dir, walked)
    watch_many({"": root}, stop, lambda _label, paths: on_change(paths), lambda _label: scope.index_dir,
               on_start, lambda _label: scope)


def watch_many(
    roots: Mapping[str, Path],
    stop: threading.Event,
    on_change: Callable[[str, list[str]], None],
    index_dir: Callable[[str], Path | None] = lambda _label: None,
    on_start: Callable[[], None] = lambda: None,
    scope_of: Callable[[str], Scope | Walked | None] = lambda _label: None,
) -> None:
    """Watch several repositories at once (one watcher); call ``on_change(label, paths)`` for each
    repository with relevant changed paths in a batch, until ``stop`` is set; ``on_start`` as
    ``watch`` calls it. ``scope_of`` gives each repository's live index (or its scope)."""
    from watchfiles import Change
    from watchfiles import watch as watch_files

    scopes = {label: _scope(root, index_dir(label), scope_of(label)) for label, root in roots.items()}
    started = False
    kept = partial(keeps, scopes=tuple(scopes.values()))
    while not stop.is_set():
        folders = _folders_if_linked_out(list(roots.values()))
        for changes in watch_files(*(folders if folders is not None else roots.values()), watch_filter=kept,
                                   stop_event=stop, debounce=DEBOUNCE_MS, raise_interrupt=False,
                                   rust_timeout=START_TICK_MS, yield_on_timeout=True, recursive=folders is None):
            told = False
            for label, scope in scopes.items():
                scope.index_dir = index_dir(label)  # open once the first index is
                paths = relevant(changes, scope.root, scope.index_dir, scope) + scope.moved_outside()
                scope.forget()
                if paths:
                    told = True
                    on_change(label, paths)
            if not told and not started:
                on_start()
            started = True
            if folders is not None and any(c == Change.added and os.path.isdir(p) and not os.path.islink(p) for c, p in changes):
                break  # a folder made: watched too from now on
        else:
            return


def _folders_if_linked_out(roots: Sequence[Path]) -> list[str] | None:
    """Every folder under ``roots``, links to folders left out, where one of those links leads out
    of its root (``None`` where none does: each root is watched whole). watchfiles follows links:
    a repository's link to ``/`` had the explorer's watcher walk the whole file system, the
    interpreter's lock held (the explorer froze), and a link to ``/usr`` took 15,000 of the
    user's inotify watches."""
    folders: list[str] = []
    out = False
    for root in roots:
        real = os.path.realpath(root)
        for folder, names, _files in os.walk(root):  # links to folders listed, never gone into
            folders.append(folder)
            for name in names:
                path = os.path.join(folder, name)
                if not out and os.path.islink(path):
                    target = os.path.realpath(path)
                    out = os.path.commonpath([real, target]) != real
    return folders if out else None


def _scope(root: Path, index_dir: Path | None, given: Scope | Walked | None) -> Scope:
    """The scope of one root: the one given, or one asking the given live index."""
    if isinstance(given, Scope):
        return given
    return Scope(root, index_dir, given)
