"""A path a question writes from the working folder (``../calcdebug/calc.py:68`` typed in
``repo/example/calc``), read from the repository's top when the search answers from an index above
that folder.

``maguyva search`` run in a subfolder answers from the repository's index and writes every path
from its top; a path the shell completed from the working folder had been looked up as written:
"no indexed file is ../calcdebug/calc.py; searching the question's words instead", where
``example/calcdebug/calc.py`` is indexed, and ``./calc.py`` listed every ``calc.py`` of the
repository before the one beside the working folder.
"""

from __future__ import annotations

import os
import posixpath
import re

from maguyva_tui.core.lazy_pattern import lazy

_WRITTEN = lazy(r"(?<![^\s(\[{,;=])(?P<path>\.{1,2}/[^\s:\"'`)\]},;]*)(?P<place>(?::\d+){0,2})")
"""A path written from the working folder (``./x``, ``../lib/x.py``, ``../``), after a blank or an
opening bracket, with its ``:line`` or ``:line:column``. A lone ``.`` or ``..`` is left: it is as
likely the text searched for."""


def from_working_folder(query: str, scope: str | None) -> tuple[str, str | None]:
    """``query`` with each path it writes from the working folder (``scope``: that folder from the
    repository's top, ``example/calc``) written from the repository's top, and the line saying how
    they were read; ``query`` as it is, and ``None``, where no path is so written, where the working
    folder is the top, for a quoted string (a literal: ``"./utils"`` is the text) or a path leading
    out of the repository (``../../other/x.py``: said missing as written)."""
    if not scope or scope == "." or any(mark in query for mark in "\"'`"):
        return query, None
    folder = scope.replace("\\", "/").strip("/")
    read: list[str] = []

    def rooted(found: re.Match[str]) -> str:
        written = found.group("path")
        path = posixpath.normpath(posixpath.join(folder, written))
        if path in (".", "..") or path.startswith("../") or posixpath.isabs(path):
            return found.group()  # the top itself, or out of the repository: as written
        path += "/" if written.endswith("/") else ""
        read.append(f"{written} as {path}")
        return path + found.group("place")

    rewritten = _WRITTEN.sub(rooted, query)
    if not read:
        return query, None
    return rewritten, f"read {', '.join(read)}: the working folder is {folder}/ of the repository"


def across_repositories(query: str, cwd: str, labels: dict[str, str]) -> tuple[str, str | None]:
    """``query`` with each path it writes from the working folder ``cwd`` written as a workspace
    writes its paths, ``label/path`` of the repository holding it (``labels``: each repository's
    real folder to its label), and the line saying how they were read; as it is, and ``None``,
    where no path is so written, for a quoted string, or for a path in no repository or naming one's
    top. ``cd a/src && maguyva search ../README.md:1 --repo .. --repo ../../b`` had searched the
    words of ``../README.md``, where ``a/README.md`` is indexed."""
    if any(mark in query for mark in "\"'`"):
        return query, None
    read: list[str] = []

    def labelled(found: re.Match[str]) -> str:
        written = found.group("path")
        where = os.path.realpath(os.path.join(cwd, written))
        root = max((r for r in labels if where.startswith(r.rstrip(os.sep) + os.sep)), key=len, default=None)
        if root is None:
            return found.group()  # in no repository (or one's top): as written
        path = f"{labels[root]}/{os.path.relpath(where, root).replace(os.sep, '/')}"
        path += "/" if written.endswith("/") else ""
        read.append(f"{written} as {path}")
        return path + found.group("place")

    rewritten = _WRITTEN.sub(labelled, query)
    if not read:
        return query, None
    return rewritten, f"read {', '.join(read)}: the working folder is {_within(os.path.realpath(cwd), labels)}"


def _within(folder: str, labels: dict[str, str]) -> str:
    """The working folder as a workspace names it: ``src/ of a``, ``the top of a``, else as it is."""
    root = max((r for r in labels if (folder + os.sep).startswith(r.rstrip(os.sep) + os.sep)), key=len, default=None)
    if root is None:
        return folder
    inside = os.path.relpath(folder, root).replace(os.sep, "/")
    return f"the top of {labels[root]}" if inside == "." else f"{inside}/ of {labels[root]}"
