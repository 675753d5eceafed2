"""A Python container of classes named bare (html5lib's ``getPhases`` returns ``{"initial":
InitialPhase, "inBody": InBodyPhase, ...}``), and what is made from it (``self.phases = {name:
cls(self) for name, cls in getPhases(debug).items()}``, ``self.phase = self.phases["initial"]``, a
local bound to ``self.phase`` here and ``self.phases["inBody"]`` there), holds any of them: a call
on a value of it is a site of each class's method (``phase.processEOF()``), as jedi lists them. The
literal, the comprehension over a call's ``items()`` and the element of another attribute had
typed nothing, and the 24 phases' methods had missed 55 of their calls in html5parser.py."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

PARSER = """
def getPhases(debug):
    class InitialPhase:
        def processEOF(self):
            return True

    class InBodyPhase:
        def processEOF(self):
            return False

    return {"initial": InitialPhase, "inBody": InBodyPhase}

KINDS = {"initial": "InitialPhase", "count": 2}

class HTMLParser:
    def __init__(self, debug):
        self.phases = {name: cls(self) for name, cls in getPhases(debug).items()}
        self.phase = self.phases["initial"]

    def mainLoop(self, foreign):
        if foreign:
            phase = self.phases["inBody"]
        else:
            phase = self.phase
        phase.processEOF()
        return self.phase.processEOF()
"""


def test_a_registry_of_classes_holds_any_of_them() -> None:
    g = build_graph({"pkg/parser.py": analyze("pkg/parser.py", dedent(PARSER))})
    for phase in ("InitialPhase", "InBodyPhase"):
        assert [s.line for s in callers(g, f"pkg/parser.py::getPhases.{phase}.processEOF").sites] == [25, 26]
