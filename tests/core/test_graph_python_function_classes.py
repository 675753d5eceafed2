"""A Python class defined in a function names its bases as the function's body sees them
(html5lib's ``getPhases`` defines ``class Phase`` and ``class InBodyPhase(Phase)`` in its body):
the base had been looked up at module level only and left unresolved, so ``self.processEndTag(...)``
and ``super(InBodyPhase, self).__init__(...)`` in the subclass reached nothing (jedi lists
``Phase``'s). A module-level class of the same name is what a class outside the function extends."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

PARSER = """
class Phase:
    def processEndTag(self, token):
        pass

def getPhases(debug):
    class Phase(object):
        def __init__(self, parser):
            self.parser = parser

        def processEndTag(self, token):
            pass

    class InBodyPhase(Phase):
        def __init__(self, *args):
            super(InBodyPhase, self).__init__(*args)

        def startTagNobr(self, token):
            self.processEndTag(token)

    return {"inBody": InBodyPhase}

class TopPhase(Phase):
    def end(self, token):
        self.processEndTag(token)
"""


def test_a_class_in_a_function_extends_its_sibling() -> None:
    g = build_graph({"pkg/parser.py": analyze("pkg/parser.py", dedent(PARSER))})
    assert [s.line for s in callers(g, "pkg/parser.py::getPhases.Phase.processEndTag").sites] == [19]
    assert [s.line for s in callers(g, "pkg/parser.py::getPhases.Phase.__init__").sites] == [16]
    assert [s.line for s in callers(g, "pkg/parser.py::Phase.processEndTag").sites] == [25]
