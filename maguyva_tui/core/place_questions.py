"""A graph question asked of a place: "what breaks if I change src/a.py:120", "who calls a.py:42".

A path and line name the definition that holds the line: the question is asked again of that
definition written through its file (``src/a.py::Retry.increment``), and the answer says which
one it read. Before, the place alone was shown, as if the question had only named it.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from maguyva_tui.core.generation import Generation
from maguyva_tui.core.intent import Intent, classify
from maguyva_tui.core.locations import LOCATION_RULE, Place, chunks_over, resolve
from maguyva_tui.core.locations import parse as parse_places
from maguyva_tui.core.path_names import joined
from maguyva_tui.core.types import Chunk

GRAPH_PHRASES: Final = {"impact_analysis": "what breaks if I change {}", "find_references": "who calls {}"}
"""The question asked again of the definition, by the intent the words ask for."""


def asked_at_place(generation: Generation, intent: Intent, text: str) -> tuple[str, str] | None:
    """The question to ask instead of an impact or references question that names one place with
    a line, and the line saying so; ``None`` for any other question, a place no indexed file is,
    or a line no definition holds (the place is then shown, as before)."""
    if intent.rule != LOCATION_RULE:
        return None
    words = classify(text, places=False)
    phrase = GRAPH_PHRASES.get(words.name)
    places = parse_places(text)
    snapshot = getattr(generation, "snapshot", None)
    if phrase is None or words.rule == LOCATION_RULE or len(places) != 1 or places[0].line is None or snapshot is None:
        return None
    if getattr(snapshot, "files", None) is None:  # a workspace's view: the place as its results write it (repo/path)
        chunk = _workspace_chunk(generation, places[0].path, places[0].line)
        if chunk is not None and places[0].end is not None and len(_workspace_held(generation, places[0])) > 1:
            return None  # as in one repository: the definitions are listed (it had asked of the first)
    else:
        found = resolve(places, snapshot)
        if len(found) != 1 or found[0].line is None:
            return None
        chunk = generation.chunk_at(found[0].path, found[0].line)
        if chunk is not None and places[0].end is not None and len(_held(generation, found[0].path, places[0])) > 1:
            return None  # lines over several definitions: those are listed, where it had asked of the first
    if chunk is None or not chunk.symbol:
        return None
    target = joined(chunk.path, chunk.symbol)
    said = f"{places[0]} is in {chunk.symbol} (lines {chunk.start_line}-{chunk.end_line}); asking about {target}"
    return phrase.format(target), said


def _workspace_chunk(generation: Generation, path: str, line: int) -> Chunk | None:
    """The definition holding a line of a workspace's file written as its results write it
    (``repo/path``); ``None`` for a path of no repository of it (that question had been "internal
    error: AttributeError", the view holding no one table of paths)."""
    try:
        return generation.place_chunk(path, line)  # type: ignore[attr-defined, no-any-return]
    except (KeyError, ValueError, OSError):  # a file of no index there
        return None


def _workspace_held(generation: Generation, place: Place) -> list[Chunk]:
    """The definitions a workspace's place's lines hold (:func:`_held` over ``repo/path``)."""
    if place.line is None or place.end is None:
        return []
    try:
        held: list[Chunk] = generation.place_chunks(place.path, place.line, place.end)  # type: ignore[attr-defined]
    except (KeyError, ValueError, OSError):  # a file of no index there
        return []
    return [c for c in held if c.symbol]


def _held(generation: Generation, path: str, place: Place) -> list[Chunk]:
    """The definitions a place's lines hold (:func:`chunks_over`; none for one line or no definition)."""
    if place.line is None or place.end is None:
        return []
    last = min(place.end, generation.snapshot.line_count(path))
    return [c for c in chunks_over(generation, path, place.line, last) if c.symbol]


def _line_zero(written: str, path: str) -> bool:
    """Whether a written place is a path and line 0 (``src/a.py:0``, ``src/a.py:0:0``)."""
    rest = written[len(path):] if written.startswith(path) else ""
    return bool(rest) and set(rest) <= {":", "0"} and rest.startswith(":0")


PLACE_FILES_SAID: Final = 3
"""The files a place of several names in its refusal, at most."""


class PlaceName(NamedTuple):
    """The name a tool asks about for a name that is a place with a line, the sentence saying so,
    and the refusal when the place names no one line of one file (``None`` without one)."""

    name: str
    said: str | None = None
    refused: str | None = None


def named_place(generation: Generation, text: str) -> PlaceName:
    """The name to ask about for a place with a line (``src/pkg/validators.py:372``, as an agent's
    grep or editor writes one): the definition holding the line written through its file, or the
    file where no definition holds it, and the sentence saying which it read; ``text`` itself, with
    no sentence, for any other name and a place of no indexed file. A place several files could be,
    or a line past its file's end, is refused. The MCP ``impact`` and ``find_references`` read a
    place so, as the search reads "what breaks if I change src/a.py:120"; they had answered "no
    indexed file or folder is src/pkg/validators.py:372"."""
    written = text.strip()
    if "::" in written or any(c.isspace() for c in written):
        return PlaceName(text)
    places = parse_places(written)
    if len(places) == 1 and places[0].line is None and written != places[0].path \
            and len(found := resolve(places, generation.snapshot)) == 1 and _line_zero(written, places[0].path):
        path = found[0].path  # ``src/a.py:0``, some tools' "no line": the file, as a question reads it
        return PlaceName(path, f"{written} names no line; asking about the file {path}")
    if len(places) != 1 or places[0].line is None:
        return PlaceName(text)
    found = resolve(places, generation.snapshot)
    if len(found) > 1:
        shown = ", ".join(f.path for f in found[:PLACE_FILES_SAID]) + (" ..." if len(found) > PLACE_FILES_SAID else "")
        return PlaceName(text, refused=f"{places[0]} could be {len(found)} indexed files ({shown}): write more of its path")
    if len(found) != 1 or found[0].line is None:
        return PlaceName(text)
    path, line = found[0].path, found[0].line
    count = generation.snapshot.line_count(path)
    if line > count:
        return PlaceName(text, refused=f"{places[0]} is past the end of {path}, which has {count:,} lines")
    chunk = generation.chunk_at(path, line)
    held = _held(generation, path, places[0])
    if len(held) > 1:
        shown = ", ".join(c.symbol or "" for c in held[:PLACE_FILES_SAID]) + (" ..." if len(held) > PLACE_FILES_SAID else "")
        return PlaceName(text, refused=f"{places[0]} holds {len(held)} definitions ({shown}): name one of them")
    if chunk is None or not chunk.symbol:
        return PlaceName(path, f"{places[0]} is in no definition; asking about the file {path}")
    target = joined(chunk.path, chunk.symbol)
    return PlaceName(target, f"{places[0]} is in {chunk.symbol} (lines {chunk.start_line}-{chunk.end_line}); asking about {target}")
