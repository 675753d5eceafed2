"""A Python assignment of as many values as names (python-docx's ``tc, tc_2 = self._tc,
other_cell._tc``) binds each name to its value: ``tc.merge(tc_2)`` reaches ``CT_Tc.merge`` (jedi
lists it), where the names had been bound to nothing known. ``a, b = pair()`` of ``return CT_Tc(),
CT_Tc()`` binds each to its place of the returned tuple (``test_graph_python_unpacked_results``)."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

TABLE = """
class CT_Tc:
    def merge(self, other):
        return self

class Cell:
    def __init__(self, tc: CT_Tc):
        self._tc = tc

    def merge(self, other_cell: "Cell"):
        tc, tc_2 = self._tc, other_cell._tc
        made, count = CT_Tc(), 2
        made.merge(count)
        return tc.merge(tc_2)

def pair():
    return CT_Tc(), CT_Tc()

def split():
    a, b = pair()
    return a.merge(b)
"""


def test_each_name_takes_its_own_value() -> None:
    g = build_graph({"pkg/table.py": analyze("pkg/table.py", dedent(TABLE))})
    assert [s.line for s in callers(g, "CT_Tc.merge").sites] == [13, 14, 21]
