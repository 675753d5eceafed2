"""Which repositories a workspace holds: a workspace file read, each repository named.

A workspace file lists repository folders, relative ones read from the file's own folder:

- ``*.toml``: ``repos = ["../service", "/src/lib"]`` (a list of strings);
- anything else: one folder per line; blank lines and lines starting with ``#`` are skipped.

Each repository is named by its folder's name; where two share one, by as many of their parent
folders as it takes to tell them apart (``a/lib``, ``b/lib``). Names depend only on the set of
folders, never on the order they were listed in.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from pathlib import Path

from maguyva_tui.core.types import QueryError

MAX_REPOSITORIES = 256
"""Repositories one workspace may list: every one is opened by a question (Ray carries more)."""


def read_workspace(path: Path) -> list[Path]:
    """Return the repository folders a workspace file lists; a file that cannot be read or
    parsed raises a :class:`QueryError` with a one-line message."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise QueryError(f"{path}: cannot read the workspace file ({why})") from None
    entries = _toml_entries(path, text) if path.suffix == ".toml" else _line_entries(text)
    if not entries:
        raise QueryError(f"{path}: the workspace file lists no repository")
    if len(entries) > MAX_REPOSITORIES:
        raise QueryError(f"{path}: {len(entries)} repositories; a workspace holds at most {MAX_REPOSITORIES}")
    base = path.parent
    return [(base / Path(e).expanduser()) if not Path(e).expanduser().is_absolute() else Path(e).expanduser()
            for e in entries]


def _toml_entries(path: Path, text: str) -> list[str]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise QueryError(f"{path}: not valid TOML ({exc})") from None
    repos = data.get("repos")
    if not isinstance(repos, list) or not all(isinstance(r, str) and r.strip() for r in repos):
        raise QueryError(f'{path}: expected repos = ["path", ...] (a list of folder names)')
    return [r.strip() for r in repos]


def _line_entries(text: str) -> list[str]:
    lines = (line.strip() for line in text.splitlines())
    return [line for line in lines if line and not line.startswith("#")]


def distinct_roots(paths: Sequence[Path]) -> list[Path]:
    """The folders once each (the same folder named twice, or by a link, is one repository), in
    the order given; a folder that does not resolve is kept as written."""
    seen: dict[Path, None] = {}
    for path in paths:
        seen.setdefault(_resolved(path), None)
    return list(seen)


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
