"""Say when an impact or references question names a file or folder the index does not hold.

"what breaks if I change src/pkg/nothere.py" had shown related code under "the graph engine alone
found nothing": the answer now says, in one line, that no indexed file or folder is that path, and
offers the indexed paths closest to it (a typo in a file's or a folder's name). Decided against the
graph's modules (a Go module path, ``./utils`` resolved with JavaScript's suffixes) and the
index's file list, in about a millisecond; the close paths are looked for only on a miss.
"""

from __future__ import annotations

import difflib
import os
import posixpath
from collections.abc import Iterable, Sequence
from typing import Final

from maguyva_tui.core.generation import Generation
from maguyva_tui.core.intent import Intent
from maguyva_tui.core.locations import LOCATION_RULE, is_file_name
from maguyva_tui.core.lookup import RELATED
from maguyva_tui.core.path_names import outside_path, split
from maguyva_tui.core.types import LookupFailure, echo
from maguyva_tui.core.unread_files import unreadable_said

PATH_INTENTS: Final = ("find_references", "impact_analysis")
"""Intents whose target may be a file or folder: what depends on it, what imports it."""

CLOSE_PATHS: Final = 3
"""Close paths offered at most."""

CLOSE_RATIO: Final = 0.75
"""How alike a file's or folder's name, less its extension, must be to the one asked to be offered
(difflib's ratio): a letter or two off (``decoraters.py`` -> ``decorators.py``), where a shared
extension had made ``router.ts`` close to ``nothere.ts``. A file asked is offered files of its
extension only."""


def names_path(target: str) -> bool:
    """Tell whether a question's target is written as a path (``src/a.py``, ``pkg/sub``,
    ``retry.py``) rather than a symbol (``pkg.mod``, ``a.py::helper`` is a name in its file)."""
    return split(target) is None and ("/" in target or is_file_name(target))


def missing_path(generation: Generation, intent: Intent, rooted: tuple[str, ...] = ()) -> LookupFailure | None:
    """The failure of an impact or references question whose target is a path no indexed file
    or folder is (``None`` when one is, the target is no path, a symbol is named so, or the
    generation has no one file list: a workspace's view). A path in ``rooted``, written through
    the repository's absolute root, is one even where prose's two words would read so
    (``/home/u/repo/link/passwd``, a link out of the root, had been "nothing in the graph calls
    link/passwd", as ``./link/passwd`` was not); so is the slashed subject of a definition question
    (``where is link/passwd defined``: no symbol is so named either)."""
    target = intent.target
    if not target or intent.name not in PATH_INTENTS and not (intent.name == "find_definition" and _path_asked(target, intent)):
        return None  # where is /etc/passwd::f defined: the path, as who calls it says (it had been no symbol passwd::f)
    close = absent_path(generation, target, prose=target not in rooted and intent.name != "find_definition")
    if close is None:
        return None
    snapshot = getattr(generation, "snapshot", None)
    return LookupFailure(target, "place", f"{path_missing(target, snapshot=snapshot)}{RELATED}{_close_said(close)}", close)


def _path_asked(target: str, intent: Intent) -> bool:
    """Whether a definition question's target is a path: one outside the root (``/etc/passwd``,
    the path of ``/etc/passwd::f``) or a slashed one (``where is ./link/passwd defined``). A place
    pasted from elsewhere (a traceback's frame, a link to a branch whose name holds a slash) is read
    by its file's name (``locations``), never said missing for its folders."""
    if outside_path(target) is not None:
        return True
    return intent.rule != LOCATION_RULE and "/" in target and names_path(target)


def absent_path(generation: Generation, written: str, prose: bool = True) -> tuple[str, ...] | None:
    """The indexed paths closest to a written path that no indexed file or folder is; ``None``
    when it is one, is no path, names a symbol, or the generation has no one file list. In ``prose``
    (a question's words), two words joined by a slash are no path (:func:`_words_pair`); a name a
    tool is given (find_references, ``maguyva graph``) is one: ``link/passwd`` through a link out of
    the root had been "unknown symbol" there and "no definition of" in find_definition."""
    if not names_path(written):
        return None
    if "structural" not in generation.missing and generation.knows_symbol(written):
        return None
    paths = _indexed_paths(generation)
    if paths is None or _in_graph(generation, written) or holds(paths, written) or prose and _words_pair(paths, written):
        return None
    return close_paths(paths, written)


def _words_pair(paths: Iterable[str], written: str) -> bool:
    """Whether a missing path is two words joined by a slash in prose (``input/output``,
    ``read/write``): one slash, no extension, no ``./`` or trailing ``/``, and its first name no
    indexed folder's. ``src/utlis`` (an indexed ``src``) is still a path to say is missing."""
    if written != written.strip() or written.startswith(("./", "/", "~")) or written.endswith("/"):
        return False
    if "\\" in written or written.count("/") != 1 or is_file_name(written):
        return False
    first = "/" + written.partition("/")[0] + "/"
    return not any(first in "/" + p for p in paths)


def path_missing(written: str, close: tuple[str, ...] | None = None, snapshot: object = None) -> str:
    """The one line saying so: ``no indexed file or folder is src/x.py`` (and the close paths); with
    the ``snapshot`` whose walk could not read some path, and a path under the root, it says so as an
    unknown name does (``src/x.py (1 unreadable path not indexed)``: the file may be there, unread)."""
    link = link_said(getattr(snapshot, "root", None), written)
    if link is not None:
        return link
    unread = unreadable_said(snapshot) if snapshot is not None and outside_path(written) is None else ""
    return f"no indexed file or folder is {echo(written)}{unread}{_close_said(close or ())}"


def link_said(root: object, written: str) -> str | None:
    """The line for a path the question names that is a symbolic link in the work tree, which the
    walk does not follow (``src/alias.py is a symbolic link, not indexed (links are not followed):
    it points to src/a.py``); ``None`` for any other path. Such a path had been "no indexed file is
    src/alias.py", as if nothing were there."""
    if not isinstance(root, (str, os.PathLike)) or not written or written.startswith(("/", "~")) \
            or outside_path(written) is not None:
        return None
    found = os.path.join(root, written)
    try:
        if not os.path.islink(found):
            return None
        target = os.path.relpath(os.path.realpath(found), os.path.realpath(root))
    except (OSError, ValueError):
        return None
    said = f"{echo(written)} is a symbolic link, not indexed (links are not followed)"
    if target == os.curdir or target.startswith(os.pardir + os.sep) or target == os.pardir:
        return f"{said}: it points outside the repository"
    return f"{said}: it points to {echo(target.replace(os.sep, '/'))}"


def _close_said(close: tuple[str, ...]) -> str:
    return f"; close paths: {', '.join(close)}" if close else ""


def _indexed_paths(generation: Generation) -> list[str] | None:
    manifest = getattr(getattr(generation, "snapshot", None), "manifest", None)
    files = getattr(manifest, "files", None)
    if files is None:
        return None
    from maguyva_tui.core.store.file_table import paths_of  # numpy: only for a question naming a path

    return paths_of(files)


def _in_graph(generation: Generation, target: str) -> bool:
    """Whether the graph reads the target as a module of the repository (a Go module path)."""
    graph = None if "graph" in generation.missing else getattr(generation.snapshot, "graph", None)
    if graph is None:
        return False
    from maguyva_tui.core.graph import queries

    return bool(queries.file_nodes(graph, target))


def _bare(written: str) -> str:
    bare = written.strip().replace("\\", "/")
    while bare.startswith("./"):
        bare = bare[2:]
    return bare.strip("/")


def holds(paths: Iterable[str], written: str) -> bool:
    """Whether an indexed path is the written one, ends with it, or lies in a folder so named;
    an extension-less name is also a file's less its extension (JavaScript's ``./utils``)."""
    bare = _bare(written)
    if not bare:
        return False
    tail, inner, stem = "/" + bare, "/" + bare + "/", "." not in bare.rpartition("/")[2]
    for p in paths:
        if p == bare or p.endswith(tail) or p.startswith(bare + "/") or inner in p:
            return True
        if stem and ((less := posixpath.splitext(p)[0]) == bare or less.endswith(tail)):
            return True
    return False


def close_paths(paths: Sequence[str], written: str) -> tuple[str, ...]:
    """The indexed files (of the written one's extension) or folders whose name is closest to the
    written path's last name, less the extension, those whose whole path is closest first
    (``src/wrapt/decoraters.py`` -> ``src/wrapt/decorators.py``)."""
    bare = _bare(written)
    stem, suffix = posixpath.splitext(bare.rpartition("/")[2])
    by_stem: dict[str, set[str]] = {}
    for p in paths:
        name, extension = posixpath.splitext(p.rpartition("/")[2])
        if extension == suffix:
            by_stem.setdefault(name, set()).add(p)
        folder = posixpath.dirname(p)
        while folder and not suffix:
            by_stem.setdefault(folder.rpartition("/")[2], set()).add(folder)
            folder = posixpath.dirname(folder)
    names = difflib.get_close_matches(stem, list(by_stem), n=CLOSE_PATHS * 2, cutoff=CLOSE_RATIO)
    found = {p for n in names for p in by_stem[n]}
    ratio = {p: difflib.SequenceMatcher(None, bare, p).ratio() for p in found}
    return tuple(sorted(found, key=lambda p: (-ratio[p], p))[:CLOSE_PATHS])
