"""A Python property whose getter's result is not known is what its class's methods set it to,
as jedi reads it: cssutils' ``CSSStyleSheet.__init__`` sets ``self.cssRules = CSSRuleList()``
through the property's setter, whose parameter alone sets the ``self._cssRules`` the getter
returns; ``self.cssRules.rulesOfType(...)`` had called nothing (in a subclass too)."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

SHEET = """
class CSSRuleList(list):
    def rulesOfType(self, type):
        return []


class CSSStyleSheet:
    def __init__(self):
        self.cssRules = CSSRuleList()

    @property
    def cssRules(self):
        return self._cssRules

    @cssRules.setter
    def cssRules(self, cssRules):
        self._cssRules = cssRules

    def _updateVariables(self):
        for r in self.cssRules.rulesOfType(1):
            pass


class Sub(CSSStyleSheet):
    def other(self):
        return self.cssRules.rulesOfType(2)
"""


def test_a_property_set_in_a_method_holds_what_it_is_set_to() -> None:
    path = "cssutils/css/cssstylesheet.py"
    graph = build_graph({path: analyze(path, dedent(SHEET))})
    sites = callers(graph, f"{path}::CSSRuleList.rulesOfType").sites
    assert sorted(site.line for site in sites) == [20, 26]
