"""A function decorated with a class is an instance of it: ``@curry def add`` binds ``add`` to
``curry(add)``.

toolz decorates its functions with its class ``curry``: ``add.bind(1)`` was a member of the
function ``add``, tied to nothing ("who calls curry.bind" said 0 and counted it untied), and
``inc = add.bind(1); inc(3)`` called nothing. "who calls add" still lists ``add(1, 2)``: the
user's function is what that line means to call.
"""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers, untied_calls
from maguyva_tui.core.parsing.analyze import analyze

CURRY = """
class curry:
    def __init__(self, func):
        self.func = func

    def __call__(self, *args):
        return self.func(*args)

    def bind(self, *args):
        return curry(self.func)
"""

USE = """
import functools

from pkg.curry import curry


def register(f):
    return f


@curry
def add(x, y):
    return x + y


@curry  # a comment after the decorator
def sub(x, y):
    return x - y


@register
def plain(x):
    return x


@functools.lru_cache
def cached(x):
    return x


@curry
@register
def both(x):
    return x


def use():
    inc = add.bind(1)
    inc(3)
    sub.bind(2)
    both.bind(4)
    cached.cache_clear()
    plain.bind(5)
    return add(1, 2) + plain(1)
"""


def graph() -> CodeGraph:
    files = {"pkg/__init__.py": "", "pkg/curry.py": CURRY, "pkg/use.py": USE}
    return build_graph({p: analyze(p, dedent(t)) for p, t in files.items()})


def lines(g: CodeGraph, name: str) -> list[int]:
    return sorted(s.line for s in callers(g, name).sites)


def test_a_member_of_a_function_decorated_with_a_class_is_the_class_member() -> None:
    g = graph()
    assert lines(g, "pkg/curry.py::curry.bind") == [38, 40, 41]  # add.bind, sub.bind, both.bind
    assert lines(g, "pkg/curry.py::curry.__call__") == [39]  # inc(3): inc is what bind made


def test_the_decorated_function_keeps_its_callers() -> None:
    g = graph()
    assert lines(g, "pkg/use.py::add") == [44]
    assert lines(g, "pkg/use.py::plain") == [44]


def test_only_a_function_decorated_by_a_function_stays_untied() -> None:
    """``@register`` gives the function back: ``plain.bind`` names no member the graph knows;
    ``@functools.lru_cache`` makes something of the standard library's (not untied)."""
    assert [line for _, line in untied_calls(graph(), "bind")] == [43]
