"""A Python class attribute made by ``property`` (``media = property(lambda self: self._media,
_setMedia)``, ``text = property(_getText)``) reads as what its getter gives, as jedi reads it: the
attribute had been a site of the property, but what it held was nothing, and ``r.media.
appendMedium('tv')`` reached nothing. cssutils 2.11.1 against jedi: 1,993 -> 1,994 of the graph's
sites (``s.variables.keys()``), precision unchanged."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

SOURCE = """
class MediaList:
    def append_medium(self, medium):
        return medium


class Rule:
    def __init__(self):
        self._media = MediaList()

    def _get_text(self) -> MediaList:
        return self._media

    media = property(
        lambda self: self._media,
        doc="the media",
    )
    text = property(_get_text)


def use(rule: Rule):
    rule.media.append_medium("tv")
    rule.text.append_medium("print")
"""


def test_a_property_call_reads_as_its_getter() -> None:
    g = build_graph({"pkg/rule.py": analyze("pkg/rule.py", dedent(SOURCE))})
    assert [(s.caller, s.line) for s in callers(g, "MediaList.append_medium").sites] == [("use", 22), ("use", 23)]
