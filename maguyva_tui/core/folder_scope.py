"""A question closing on a folder of the repository: ``who calls cc_visit in radon/cli``.

A definition question already kept its definitions to a slashed path it closes on (``where is Hono
defined in src/preset``: :func:`~maguyva_tui.core.path_names.files_defining`); a callers,
references or impact question read the same closing place as nothing, and listed every call site
(``radon/tests/...`` beside ``radon/cli/harvest.py``), and a lone folder's name (``in cli``) was
nothing to either. :func:`scope` reads the folder such a question closes on when the index holds
files under it; :func:`unheld` the one it does not hold, for a line saying so (the question is then
answered from the whole repository, as a place outside the root is). A word of prose is no folder
(``in the parser``): only an indexed folder's name, a path's shape (``radon/nothere``), a word no
prose writes (``nowhere_dir``, which the index defines no symbol as) or one called a folder
(``in the folder nowhere``) is read as one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from typing import Final

from maguyva_tui.core.lazy_pattern import lazy
from maguyva_tui.core.locations import is_file_name
from maguyva_tui.core.path_names import in_path, outside_path, path_in
from maguyva_tui.core.types import Hit, echo

_CLOSING: Final = lazy(
    r"\s(?:in|under|inside|within)\s+(?:the\s+)?(?P<called>(?:folder|directory|dir)\s+)?"
    r"(?P<p>[^\s?]{1,400}?)\s*\??\s*$",
    re.I,
)
"""A question's closing place: ``in radon/cli``, ``under the folder tests``, ``within cli?``."""

_NO_PROSE: Final = lazy(r"(?=[\w.@+-]*[A-Za-z])[\w.@+-]*[_\d-][\w.@+-]*")
"""A word prose does not write: a letter, and an underscore, a digit or a hyphen (``nowhere_dir``)."""

_WRAPPING: Final = "\"'`\u201c\u201d\u2018\u2019()[]{}<>"


def closing_place(text: str) -> tuple[str, str, bool] | None:
    """The question without its closing place, the place as the index would write it (no ``./``,
    no trailing ``/``), and whether the question calls it a folder (``in the folder x``); ``None``
    for a question closing on no place, the root (``in .``), a place outside the root (``in /etc``,
    ``in ../x``: :func:`~maguyva_tui.core.path_names.outside_place` reads those) or a file's name
    (``in harvest.py``: read as the file defining the name)."""
    if " " not in text and "\t" not in text:
        return None  # a lone word closes on nothing (most questions: no pattern tried)
    match = _CLOSING.search(text)
    if match is None:
        return None
    written = match.group("p").strip(_WRAPPING).rstrip(".,;:!").strip(_WRAPPING)
    if not written or outside_path(written) is not None or written.startswith(("/", "~")):
        return None
    place = written
    while place.startswith("./"):
        place = place[2:]
    place = place.rstrip("/")
    if not place or place in (".", "..") or "//" in place or is_file_name(place) or "::" in place:
        return None
    if "/" in written and path_in(written) is None:
        return None  # I/O, and/or: words, not folders
    return text[: match.start()].rstrip() + text[match.end("p"):].rstrip(), place, bool(match.group("called"))


_CLOSING_FILE: Final = lazy(
    r"\s(?:in|inside|within)\s+(?:the\s+)?(?:(?:file|module)\s+)?(?P<p>[^\s?/\\]{1,200}?)\s*\??\s*$", re.I)
"""A question closing on a lone file's name: ``in core.py``, ``in the file maybe.ts?``."""


def closing_file(text: str, files: Collection[str] | None) -> tuple[str, str, tuple[str, ...]] | None:
    """The question without the lone file name it closes on (``who calls is_optional in core.py``),
    that name, and the indexed files so named (``dacite/core.py``; several where several are:
    ``__init__.py``), read as the path a name is written through (``core.py::is_optional``), as a
    path with its folders is (``in dacite/core.py``): the name alone had been followed, the file
    dropped without a word. ``None`` for any other question, a name no indexed file bears, or a workspace."""
    if files is None or "." not in text:
        return None
    match = _CLOSING_FILE.search(text)
    if match is None:
        return None
    name = match.group("p").strip(_WRAPPING).rstrip(".,;:!").strip(_WRAPPING)
    if not is_file_name(name) or "::" in name:
        return None
    named = tuple(sorted(f for f in files if f == name or f.endswith("/" + name)))
    if not named:
        return None
    return text[: match.start()].rstrip() + text[match.end("p"):].rstrip(), name, named


def held(files: Collection[str], place: str) -> bool:
    """Whether an indexed file lies in a folder ``place`` is, or ends (``cli`` for ``radon/cli``)."""
    prefix, inner = place + "/", "/" + place + "/"
    return any(f.startswith(prefix) or inner in f for f in files)


def scope(text: str, files: Collection[str] | None) -> str | None:
    """The indexed folder a question closes on (``radon/cli``, ``cli``), whose files alone its answer
    is kept to; ``None`` for any other question, or a workspace (no one file list)."""
    if files is None:
        return None
    read = closing_place(text)
    if read is None or not held(files, read[1]):
        return None
    return read[1]


SHOWN: Final = 3
"""Files a notice names at most."""


def kept_in(folder: str, lists: dict[str, list[Hit]], target: str | None) -> str | None:
    """Keep each engine's list to the files in ``folder`` (a callers, references or impact
    question's closing folder), and the line saying what the graph listed elsewhere: every place
    when none is in it (``nothing the graph lists for cc_visit is in radon/contrib/: its 2 places
    are in ...``), else how many of its places are listed; ``None`` when it lists none outside."""
    graph = lists.get("graph") or []
    for engine, hits in lists.items():
        lists[engine] = [hit for hit in hits if in_path(hit.path, folder)]
    inside = len(lists.get("graph") or [])
    if inside == len(graph):
        return None
    place = folder if is_file_name(folder) else folder + "/"  # in dacite/core.py, in radon/cli/
    if inside:
        return f"listing the {inside} of the graph's {len(graph)} places for {echo(target or '')} in {place}"
    files = sorted({hit.path for hit in graph})
    shown = ", ".join(files[:SHOWN]) + (f", ... ({len(files)} files)" if len(files) > SHOWN else "")
    return (f"none of the graph's {len(graph)} place{'s' if len(graph) > 1 else ''} for {echo(target or '')} is in "
            f"{place} (they are in {shown}); ask without 'in {folder}' for them")


def unheld(text: str, files: Collection[str] | None, knows_symbol: Callable[[str], bool],
           close: Callable[[str], tuple[str, ...]]) -> tuple[str, str] | None:
    """A question closing on a folder the index holds no file in (``in nowhere_dir``, ``in
    radon/nothere``) as the question without it and the line saying so, with the closest indexed
    folders (``close``); ``None`` for any other question: an indexed folder, a symbol's name (``in
    parse_args``: a function), a word of prose (``in the parser``)."""
    if files is None:
        return None
    read = closing_place(text)
    if read is None:
        return None
    without, place, called = read
    if held(files, place):
        return None
    if "/" not in place and not called and (_NO_PROSE.fullmatch(place) is None or knows_symbol(place)):
        return None
    near = close(place)
    said = f"; close paths: {', '.join(near)}" if near else ""
    return without, f"no indexed folder is {echo(place)}{said}: answered from the whole repository"
