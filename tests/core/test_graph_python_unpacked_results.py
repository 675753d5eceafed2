"""A name unpacked from a call's tuple (``s, L = self._gets()``) is what the function returns in
that place (``return s, s.cssRules.length``), as jedi reads it: cssutils' tests'
``s.insertRule(...)`` had called nothing. A place returning different things stays untyped."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

TESTS = """
class CSSStyleSheet:
    def insertRule(self, rule):
        pass


class CSSComment:
    def insertRule(self, rule):
        pass


class TestCSSStyleSheet:
    def _gets(self):
        s = CSSStyleSheet()
        return s, 3

    def _either(self, flag):
        if flag:
            return CSSComment(), 1
        return CSSStyleSheet(), 2

    def test_insertRule(self):
        s, L = self._gets()
        s.insertRule('a {}')
        c, n = self._either(True)
        c.insertRule('b {}')


def make():
    return 0, CSSStyleSheet()


zero, sheet = make()
sheet.insertRule('c {}')
"""


def test_a_name_unpacked_from_a_call_is_its_returned_place() -> None:
    path = "cssutils/tests/test_cssstylesheet.py"
    graph = build_graph({path: analyze(path, dedent(TESTS))})
    sites = callers(graph, f"{path}::CSSStyleSheet.insertRule").sites
    assert sorted(site.line for site in sites) == [24, 34]
