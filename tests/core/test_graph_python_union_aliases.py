"""A Python type alias of a union with a generic member (marko's ``_Match = Union[Match[str],
"MatchObj"]`` under ``if TYPE_CHECKING:``, imported where it annotates ``match``) types a value of
it as the union: ``match.start()`` is ``MatchObj.start`` (jedi lists it; re's ``Match`` is outside
the repository). The alias had been read as an element of ``Union`` (``Match[str]`` taken for an
index into a value), and 36 of marko's calls on ``match`` reached nothing."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

PARSER = """
from typing import TYPE_CHECKING, List, Match, Union

if TYPE_CHECKING:
    _Match = Union[Match[str], "MatchObj"]
    _Listed = Union[List[int], "MatchObj"]

class MatchObj:
    def start(self, n=0):
        return 0
"""

INLINE = """
from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from .parser import _Listed, _Match

class Element:
    def __init__(self, match: _Match) -> None:
        self.begin = match.start()

def spans(match: "_Match", other: _Listed):
    return match.start(1), other.start()
"""


def test_a_union_alias_with_a_generic_member_types_its_values() -> None:
    g = build_graph({"pkg/parser.py": analyze("pkg/parser.py", dedent(PARSER)),
                     "pkg/inline.py": analyze("pkg/inline.py", dedent(INLINE))})
    assert [(s.path, s.line) for s in callers(g, "pkg/parser.py::MatchObj.start").sites] == [
        ("pkg/inline.py", 8), ("pkg/inline.py", 11)]
