"""A Python chained assignment binds each of its names to the value (html5lib's ``infosetFilter =
self.infosetFilter = InfosetFilter(...)``): ``infosetFilter.coerceAttribute(key)`` in a class or
function nested in the method had reached nothing, the name bound to an assignment of no type
(jedi lists ``InfosetFilter.coerceAttribute``)."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

BUILDER = """
class InfosetFilter:
    def coerce(self, name):
        return name

class TreeBuilder:
    def __init__(self):
        infoset = self.infoset = InfosetFilter()

        class Attributes:
            def key(self, name):
                return infoset.coerce(name)

        def element(name):
            return infoset.coerce(name)

    def name(self, name):
        return self.infoset.coerce(name)
"""


def test_each_name_of_a_chained_assignment_holds_the_value() -> None:
    g = build_graph({"pkg/builder.py": analyze("pkg/builder.py", dedent(BUILDER))})
    assert [s.line for s in callers(g, "InfosetFilter.coerce").sites] == [12, 15, 18]


PARAGRAPH = """
class CT_P:
    def clear_content(self):
        pass

class Paragraph:
    def __init__(self, p: CT_P, parent):
        self._p = self._element = p

    def clear(self):
        self._p.clear_content()

    def erase(self):
        self._element.clear_content()
"""


def test_each_attribute_of_a_chained_assignment_takes_the_parameter_type() -> None:
    """python-docx's ``self._p = self._element = p`` of ``p: CT_P``: ``self._p.clear_content()`` had
    reached nothing, only the last attribute taking the parameter's type."""
    g = build_graph({"pkg/paragraph.py": analyze("pkg/paragraph.py", dedent(PARAGRAPH))})
    assert [s.line for s in callers(g, "CT_P.clear_content").sites] == [11, 14]
