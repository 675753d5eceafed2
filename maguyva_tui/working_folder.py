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
