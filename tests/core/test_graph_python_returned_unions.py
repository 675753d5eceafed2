"""A Python function without a declared return type that returns instances of several classes
(``return Tuple(*val)`` here, ``return Values(*val)`` there) returns either: a call on its result is
a site of each class's method (jedi lists both), where the disagreeing returns had left the result
untyped and the call tied to nothing. A return of no known type still types nothing, and so does
a return of another kind of value (``return self.make()``): only bare names called make a union."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

TERMS = """
class Tuple:
    def get_sql(self):
        return "()"

class Values:
    def get_sql(self):
        return "[]"

def wrap(val):
    if isinstance(val, tuple):
        return Tuple(*val)
    return Values(*val)

def unknown(val):
    if val:
        return Tuple()
    return val * 2

class Maker:
    def make(self):
        return Tuple()

    def either(self, val):
        if val:
            return self.make()
        return Values()

def render(val):
    wrap(val).get_sql()
    term = wrap(val)
    term.get_sql()
    unknown(val).get_sql()
    Maker().either(val).get_sql()
"""


def test_several_returned_classes_are_either() -> None:
    g = build_graph({"pkg/terms.py": analyze("pkg/terms.py", dedent(TERMS))})
    assert [s.line for s in callers(g, "Tuple.get_sql").sites] == [30, 32]
    assert [s.line for s in callers(g, "Values.get_sql").sites] == [30, 32]
