"""Who calls a Python constructor: the lines constructing its class. toolz's "who calls
curry.__init__" said 0 results while 102 lines construct a curry; the graph ties ``curry(f)`` to
the class, and the answer now lists those calls as the constructor's."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

SOURCE = """
class Curry:
    def __init__(self, f):
        self.f = f


class Other:
    def __init__(self):
        pass


class Sub(Curry):
    def __init__(self, f):
        super().__init__(f)


def use():
    c = Curry(len)
    Other()
    return c
"""


def graph() -> CodeGraph:
    return build_graph({"pkg/curry.py": analyze("pkg/curry.py", dedent(SOURCE))})


def lines(g: CodeGraph, name: str) -> list[int]:
    return sorted(s.line for s in callers(g, name).sites)


def test_a_constructor_is_called_where_its_class_is_constructed() -> None:
    g = graph()
    assert lines(g, "Curry.__init__") == [14, 18]  # super().__init__(f), Curry(len); not Other()
    assert lines(g, "Other.__init__") == [19]
    assert lines(g, "Curry") == [18]  # the class's own answer is unchanged
