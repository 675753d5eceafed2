"""A Python local bound to calls of two callables in turn (cssutils's ``cssparse.main``: ``p =
optparse.OptionParser(...)``, later ``p = cssutils.CSSParser()``) is, at each line, what the
nearest binding above makes, as jedi reads it: the function's locals had been one table, the two
bindings disagreed, and ``p.parseString(...)`` reached nothing. Bindings in two arms of one ``if``
still type nothing after it (either may hold: no guess between them)."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

OPTIONS = """
class OptionParser:
    def parse_args(self, args):
        return args
"""

PARSER = """
from pkg import options


class CSSParser:
    def __init__(self, loglevel=0):
        self.loglevel = loglevel

    def parseString(self, text):
        return text


class Other:
    def parseString(self, text):
        return text


def main(args, debug):
    p = options.OptionParser()
    params = p.parse_args(args)
    if debug:
        p = CSSParser(loglevel=10)
    else:
        p = CSSParser()
    rest = options.OptionParser()

    def later():
        return rest.parse_args(args)

    return p.parseString(params), later()


def either(flag):
    if flag:
        q = CSSParser()
    else:
        q = Other()
    return q.parseString("")
"""


def test_a_local_bound_to_another_callable_is_the_nearest_binding_above() -> None:
    g = build_graph({"pkg/__init__.py": analyze("pkg/__init__.py", ""),
                     "pkg/options.py": analyze("pkg/options.py", dedent(OPTIONS)),
                     "pkg/parse.py": analyze("pkg/parse.py", dedent(PARSER))})
    assert [(s.caller, s.line) for s in callers(g, "pkg/options.py::OptionParser.parse_args").sites] == [
        ("main", 20), ("main.later", 28)]
    assert [(s.caller, s.line) for s in callers(g, "pkg/parse.py::CSSParser.parseString").sites] == [
        ("main", 30)]
    assert callers(g, "pkg/parse.py::Other.parseString").sites == ()
