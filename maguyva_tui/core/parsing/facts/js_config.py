"""What a ``package.json`` or a ``tsconfig.json`` says about the names JavaScript imports use.

A package imports itself, and a workspace's packages import each other, by a package name
(``import { createStore } from 'jotai/vanilla'``) that ``package.json`` (``name``, ``exports``,
``main``) or a ``tsconfig.json``'s ``compilerOptions.paths`` and ``baseUrl`` map to the
repository's files. Each is stored as import rows of the file of no language (as a ``go.mod``'s
module path is), their paths made relative to the repository's root, for the graph's resolver
(``graph/resolve/ecmascript.py``) to read. A file that cannot be read as JSON (tsconfig's comments
and trailing commas are read as TypeScript reads them) says nothing.
"""

from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Iterator
from typing import Any

from maguyva_tui.core.types import Import

PACKAGE_JSON = "package.json"
TS_CONFIGS = frozenset({"tsconfig.json", "jsconfig.json"})
"""The configurations a file's nearest folder is looked in for ``paths`` (as TypeScript's editor
finds the project of a file)."""

PACKAGE_NAME = "#name"
"""The bound name of a ``package.json``'s row holding its ``name`` (in ``module``)."""
PACKAGE_EXPORT = "#export"
"""Rows of a subpath a package exports (``.``, ``./vanilla``, ``./*``) and one file it names (in
``name``), in the order tried: TypeScript sources first, then as written."""
CONFIG_PATHS = "#paths"
"""Rows of a ``compilerOptions.paths`` pattern (``jotai/*``) and one of its files (``src/*.ts``)."""
CONFIG_BASE = "#baseUrl"
"""The row of ``compilerOptions.baseUrl``: the folder bare specifiers are also looked for under."""
CONFIG_EXTENDS = "#extends"
"""Rows of the configurations a ``tsconfig.json`` extends, that its own options override."""
MAX_EXTENDS = 8
"""The configurations of an ``extends`` list kept, the last written (which override the rest): as
many as the graph's resolver follows in all. Each bare import's resolution reads the rows, and a
crafted list of 40,000 had held a 300-file repository's index build 3 minutes."""
MAX_PATHS = 1_000
"""The ``paths`` rows (a pattern and one of its files) of a configuration kept, the first written,
and the subpaths with a ``*`` a ``package.json`` exports: each bare import's resolution may try
them all (a subpath without one is found by its text)."""

_STRING_OR_COMMENT = re.compile(r'"(?:[^"\\\n]|\\.)*"?|//[^\n]*|/\*.*?(?:(?P<closed>\*/)|\Z)', re.S)
_STRING_OR_TRAILING_COMMA = re.compile(r'"(?:[^"\\\n]|\\.)*"?|,(?=\s*[}\]])')
"""Each match consumes what it scanned, an unterminated string (to its line's end) or comment (to
the file's end) too, kept as written (JSON that stays invalid): a pattern that failed on them had
been tried again from each later quote or ``/*``, quadratic time (a 1 MB ``package.json`` of
``/* `` held an index build for over an hour)."""
_SOURCE = re.compile(r"(?<!\.d)\.[cm]?tsx?$")
_CONDITION_ORDER = ("source", "types", "import", "module", "default", "require", "node", "browser")
"""Conditions of an ``exports`` entry read first, the rest after in the order written."""


def config_imports(path: str, text: str) -> tuple[Import, ...]:
    """Return the rows a ``package.json`` or ``tsconfig.json`` is stored with (none for others)."""
    base = posixpath.basename(path)
    if base != PACKAGE_JSON and not (base.startswith(("tsconfig", "jsconfig")) and base.endswith(".json")):
        return ()  # tsconfig.base.json too: what a tsconfig.json extends
    data = read_json(text)
    if not isinstance(data, dict):
        return ()
    folder = posixpath.dirname(path)
    rows = _package_rows(folder, data) if base == PACKAGE_JSON else _config_rows(folder, data)
    return tuple(Import(path, local, module, name, 1) for local, module, name in rows)


def read_json(text: str) -> Any:
    """Read JSON as ``tsconfig.json`` is written (comments, trailing commas); ``None`` where it is
    not JSON even so."""
    text = text.lstrip("\ufeff")
    text = _STRING_OR_COMMENT.sub(_blank_comment, text)
    text = _STRING_OR_TRAILING_COMMA.sub(lambda m: m.group() if m.group().startswith('"') else "", text)
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def _blank_comment(match: re.Match[str]) -> str:
    """A comment read as one space; a string, or a comment never closed, as written."""
    found = match.group()
    return found if found.startswith('"') or (found.startswith("/*") and match["closed"] is None) else " "


def inside(folder: str, *parts: str) -> str | None:
    """Join a path written in a file of ``folder`` to it, relative to the repository's root
    (``""`` for the root itself); ``None`` for one outside the repository."""
    if any(not isinstance(p, str) or p.startswith("/") for p in parts):
        return None
    joined = posixpath.normpath(posixpath.join(folder, *parts))
    if joined == ".":
        return ""
    return None if joined == ".." or joined.startswith("../") else joined


def _package_rows(folder: str, data: dict[str, Any]) -> Iterator[tuple[str, str, str | None]]:
    name = data.get("name")
    if not isinstance(name, str) or not name:
        return
    yield PACKAGE_NAME, name, None
    exports = data.get("exports")
    if isinstance(exports, dict) and any(isinstance(k, str) and k.startswith(".") for k in exports):
        subpaths = [(k, v) for k, v in exports.items() if isinstance(k, str) and k.startswith(".")]
    elif exports is not None:
        subpaths = [(".", exports)]
    else:
        subpaths = [(".", [data.get(key) for key in ("source", "types", "typings", "module", "main")])]
    starred = 0
    for subpath, value in subpaths:
        starred += "*" in subpath
        if starred > MAX_PATHS and "*" in subpath:
            continue
        for target in _ordered(list(_targets(value))):
            joined = inside(folder, target)
            if joined is not None:
                yield PACKAGE_EXPORT, subpath, joined


def _targets(value: Any, depth: int = 0) -> Iterator[str]:
    """Yield the files an ``exports`` value names, through its conditions."""
    if depth > 8:
        return
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from _targets(item, depth + 1)
    elif isinstance(value, dict):
        keys = sorted(value, key=lambda k: _CONDITION_ORDER.index(k) if k in _CONDITION_ORDER else len(_CONDITION_ORDER))
        for key in keys:
            yield from _targets(value[key], depth + 1)


def _ordered(targets: list[str]) -> list[str]:
    """Return the distinct targets, TypeScript sources first."""
    unique = list(dict.fromkeys(targets))
    return [t for t in unique if _SOURCE.search(t)] + [t for t in unique if not _SOURCE.search(t)]


def _config_rows(folder: str, data: dict[str, Any]) -> Iterator[tuple[str, str, str | None]]:
    extends = data.get("extends")
    for parent in extends[-MAX_EXTENDS:] if isinstance(extends, list) else [extends]:
        if isinstance(parent, str) and parent.startswith("."):
            joined = inside(folder, parent if parent.endswith(".json") else parent + ".json")
            if joined is not None:
                yield CONFIG_EXTENDS, joined, None
    options = data.get("compilerOptions")
    if not isinstance(options, dict):
        return
    base_url = options.get("baseUrl")
    base = inside(folder, base_url) if isinstance(base_url, str) else None
    if base is not None:
        yield CONFIG_BASE, base, None
    paths = options.get("paths")
    if not isinstance(paths, dict):
        return
    root = folder if base is None else base  # TypeScript 4.1: paths without baseUrl are relative to the file
    kept = 0
    for pattern, targets in paths.items():
        for target in targets if isinstance(targets, list) else []:
            joined = inside(root, target) if isinstance(target, str) else None
            if joined is not None and pattern.count("*") <= 1:
                yield CONFIG_PATHS, pattern, joined
                kept += 1
                if kept == MAX_PATHS:
                    return
