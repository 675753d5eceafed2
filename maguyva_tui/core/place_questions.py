"""A graph question asked of a place: "what breaks if I change src/a.py:120", "who calls a.py:42".

A path and line name the definition that holds the line: the question is asked again of that
definition written through its file (``src/a.py::Retry.increment``), and the answer says which
one it read. Before, the place alone was shown, as if the question had only named it.
"""

from __future__ import annotations

from typing import Final

from maguyva_tui.core.generation import Generation
from maguyva_tui.core.intent import Intent, classify
from maguyva_tui.core.locations import LOCATION_RULE, resolve
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
    else:
        found = resolve(places, snapshot)
        if len(found) != 1 or found[0].line is None:
            return None
        chunk = generation.chunk_at(found[0].path, found[0].line)
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
