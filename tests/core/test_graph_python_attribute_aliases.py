"""An attribute set to another attribute of ``self`` holds what that one holds, read the same in
every method, as jedi reads it: cssutils' tests set ``self.r = cssutils.css.CSSStyleSheet()`` then
``self.s = self.r`` in ``setup_method``, and ``self.s.deleteRule(5)`` in a test had called nothing."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

FILES = {
    "cssutils/__init__.py": "from . import css\n",
    "cssutils/css/__init__.py": "from .cssstylesheet import CSSStyleSheet\n",
    "cssutils/css/cssstylesheet.py": """
        class CSSStyleSheet:
            def deleteRule(self, index):
                pass
    """,
    "cssutils/tests/test_cssstylesheet.py": """
        import cssutils


        class TestCSSStyleSheet:
            def setup_method(self):
                self.r = cssutils.css.CSSStyleSheet()
                self.s = self.r

            def test_deleteRule(self):
                self.s.deleteRule(-1)
    """,
}


def test_an_attribute_set_to_another_holds_what_it_holds() -> None:
    graph = build_graph({path: analyze(path, dedent(text)) for path, text in FILES.items()})
    sites = callers(graph, "cssutils/css/cssstylesheet.py::CSSStyleSheet.deleteRule").sites
    assert sorted(site.line for site in sites) == [11]
