"""Watch a repository for edits and tell which ones matter to the index."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache, partial
from pathlib import Path
from typing import Any

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
"""Folders whose churn never changes search results."""

GIT_EXCLUDE = (".git", "info", "exclude")
"""The one file under ``.git`` that changes what is indexed (git's own ignore rules): a rule added
there had left the explorer listing the files it hides until another edit."""

DEBOUNCE_MS = 300
"""Edits closer together than this arrive as one batch (an editor's save writes several files)."""


def relevant(changes: Iterable[tuple[object, str]], root: Path, index_dir: Path | None = None) -> list[str]:
    """Return the changed paths that may change the index (not VCS folders, caches or the index itself)."""
    out = []
    for _kind, raw in changes:
        path = Path(raw)
        if index_dir is not None and path.is_relative_to(index_dir):
            continue
        try:
            parts = path.relative_to(root).parts
        except ValueError:
            continue
        if parts == GIT_EXCLUDE or not IGNORED_PARTS.intersection(parts):
            out.append(raw)
    return out


def keeps(change: Any, path: str, roots: Sequence[Path] = ()) -> bool:
    """watchfiles' default filter, which drops everything under ``.git``, but for git's exclude file.

    It is asked of the path below the watched root that holds it: on the whole path, a repository
    opened under ``node_modules/``, ``.venv/`` or ``.tox/`` (a dependency's source, read or patched)
    had every change dropped, and the explorer never refreshed."""
    if Path(path).parts[-3:] == GIT_EXCLUDE:
        return True
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


START_TICK_MS = 1000
"""How long the watcher waits for a first change before it says it is watching (``on_start``), and
then how often it wakes idle to look at ``stop``."""


def watch(
    root: Path,
    stop: threading.Event,
    on_change: Callable[[list[str]], None],
    index_dir: Path | None = None,
    on_start: Callable[[], None] = lambda: None,
) -> None:
    """Block until ``stop`` is set, calling ``on_change`` with each batch of relevant changed paths,
    and ``on_start`` once the disk is watched if no change came first (the edits made before then,
    while the index was built, are the caller's to catch up with)."""
    from watchfiles import watch as watch_files

    started = False
    kept = partial(keeps, roots=(root,))
    for changes in watch_files(root, watch_filter=kept, stop_event=stop, debounce=DEBOUNCE_MS, raise_interrupt=False,
                               rust_timeout=START_TICK_MS, yield_on_timeout=True):
        paths = relevant(changes, root, index_dir)
        if paths:
            on_change(paths)
        elif not started:
            on_start()
        started = True


def watch_many(
    roots: Mapping[str, Path],
    stop: threading.Event,
    on_change: Callable[[str, list[str]], None],
    index_dir: Callable[[str], Path | None] = lambda _label: None,
    on_start: Callable[[], None] = lambda: None,
) -> None:
    """Watch several repositories at once (one watcher); call ``on_change(label, paths)`` for each
    repository with relevant changed paths in a batch, until ``stop`` is set; ``on_start`` as
    ``watch`` calls it."""
    from watchfiles import watch as watch_files

    started = False
    kept = partial(keeps, roots=tuple(roots.values()))
    for changes in watch_files(*roots.values(), watch_filter=kept, stop_event=stop, debounce=DEBOUNCE_MS,
                               raise_interrupt=False, rust_timeout=START_TICK_MS, yield_on_timeout=True):
        if not changes and not started:
            on_start()
        started = True
        for label, root in roots.items():
            paths = relevant(changes, root, index_dir(label))
            if paths:
                on_change(label, paths)
