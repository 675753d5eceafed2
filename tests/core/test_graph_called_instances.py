"""Calling an instance is no call of its class: ``c = Curry(f); c(1)`` runs ``Curry.__call__``.

toolz's tests bind ``cmul = curry(mul)`` and call ``cmul(2)``: "who calls curry" listed every such
line as a construction of the class, and ``curry.__call__`` had no callers at all.
"""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

CURRY = """
class Curry:
    def __call__(self, x):
        return x

    def bind(self):
        return self


class Plain:
    def run(self):
        pass


class Sub(Curry):
    pass


def use():
    c = Curry()
    c(1)
    alias = Curry
    alias()
    made = c(2)
    made()
    p = Plain()
    p()
    s = Sub()
    s(3)
    def inner():
        c(4)
    return [c(n) for n in range(3)]


class Holder:
    def __init__(self):
        self.handler = Curry()
        self.factory = Curry

    def run(self):
        self.handler(5)
        self.factory()
"""


def graph() -> CodeGraph:
    files = {"pkg/__init__.py": "", "pkg/curry.py": CURRY}
    return build_graph({p: analyze(p, dedent(t)) for p, t in files.items()})


def lines(g: CodeGraph, name: str) -> list[int]:
    return sorted(s.line for s in callers(g, name).sites)


def test_calling_an_instance_is_no_call_of_its_class() -> None:
    g = graph()
    assert lines(g, "pkg/curry.py::Curry") == [20, 23, 37]  # Curry(), alias(), self.handler = Curry()
    assert lines(g, "pkg/curry.py::Plain") == [26]  # p() calls no __call__ the graph holds: not Plain again


def test_an_instance_called_anywhere_calls_dunder_call() -> None:
    # c(1), c(2), a subclass's instance, a nested function's and a comprehension's, self.handler(5)
    assert lines(graph(), "pkg/curry.py::Curry.__call__") == [21, 24, 29, 31, 32, 41]
