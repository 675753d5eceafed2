"""A question that names a folder of the repository (``src/pkg``, ``src/pkg/``, ``where is src/pkg
defined``): its indexed files, and a line saying it is a folder.

Such a question had been read as a missing file ("no indexed file is src/pkg; searching the
question's words instead") or as the words ``src`` and ``pkg``, and listed whatever line held them.
A folder is not defined anywhere; what a person typing it wants is what it holds.
"""

from __future__ import annotations

from collections.abc import Collection

FOLDER_FILES_SHOWN = 200
"""The most files :func:`folder_files` lists when its caller names no limit (a search passes its
``--limit``: a page of 10 lists 10, ``--limit 1000`` up to 1,000)."""


def folder_written(text: str, target: str | None, is_definition: bool, files: Collection[str],
                   knows_symbol: object) -> str | None:
    """The folder a question names, as the repository writes it (``src/pkg``), when the question is
    that folder alone (``src/pkg/``, ``./src/pkg``) or a definition question about it (``where is
    src/pkg defined``) and the index holds files under it; ``None`` otherwise: a file's path, a
    name the index defines (``where is utils defined`` with a function ``utils``), prose."""
    folder = folder_candidate(text, target, is_definition, knows_symbol)
    if not folder or folder in files:
        return None
    prefix = folder + "/"
    return folder if any(path.startswith(prefix) for path in files) else None


def folder_candidate(text: str, target: str | None, is_definition: bool, knows_symbol: object) -> str | None:
    """The folder a question would name (:func:`folder_written`) as the repository writes it, before
    asking whether the index holds files under it: a workspace's view, holding no one table of
    paths, asks each repository (its ``folder_files``)."""
    written = text.strip()
    if is_definition and target:
        candidate = target.strip()
        if "/" not in candidate and callable(knows_symbol) and knows_symbol(candidate):
            return None  # a name the index defines: the definition, not the folder
    elif written and not any(c.isspace() for c in written) and ("/" in written or written.startswith(".")):
        candidate = written
    else:
        return None
    return _normal(candidate) or None


def folder_files(folder: str, files: Collection[str], limit: int = FOLDER_FILES_SHOWN) -> tuple[list[str], int]:
    """The indexed files under ``folder``, those directly in it first, then deeper ones (by
    depth, then by path), at most ``limit`` of them, and how many there are in all (none for a
    path that is an indexed file's)."""
    folder = _normal(folder)
    if not folder or folder in files:
        return [], 0
    prefix = folder + "/"
    under = [path for path in files if path.startswith(prefix)]
    under.sort(key=lambda path: (path.count("/"), path))
    return under[:limit], len(under)


def folder_said(folder: str, count: int) -> str:
    """The line saying the question named a folder, and in what order its files are listed. It
    counts no page: a front end asks one result past its page (``plan.PROBE``) and says itself
    where the page was cut; "the first 4 are listed" had stood above a page of 3."""
    files = f"{count:,} indexed file{'s' if count != 1 else ''}"
    return f"{folder}/ is a folder of {files}, those directly in it listed first (a name in it: `where is NAME defined`)"


def _normal(path: str) -> str:
    """``./src/pkg/`` as the index writes it: ``src/pkg``."""
    while path.startswith("./"):
        path = path[2:]
    return path.rstrip("/")
