"""An attribute set from a parameter the method makes a value for when none is given holds that
value, as jedi reads it: cssutils' ``CSSSerializer.__init__(self, prefs=None)`` makes
``prefs = Preferences()`` when none is passed and sets ``self.prefs = prefs``, so the package's
``ser = CSSSerializer()`` read from another file (``cssutils.ser.prefs.useMinified()``) calls
``Preferences.useMinified``; the attribute had been of no type."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

FILES = {
    "cssutils/__init__.py": """
        from .serialize import CSSSerializer

        ser = CSSSerializer()
    """,
    "cssutils/serialize.py": """
        class Preferences:
            def useMinified(self):
                pass


        class Other:
            def useMinified(self):
                pass


        class CSSSerializer:
            def __init__(self, prefs=None):
                if not prefs:
                    prefs = Preferences()
                self.prefs = prefs


        class Either:
            def __init__(self, prefs=None):
                if not prefs:
                    prefs = Preferences()
                else:
                    prefs = Other()
                self.prefs = prefs
    """,
    "tests/test_serialize.py": """
        import cssutils
        from cssutils.serialize import Either


        def test_minified():
            cssutils.ser.prefs.useMinified()
            Either().prefs.useMinified()
    """,
}


def test_an_attribute_set_from_a_parameter_made_when_missing() -> None:
    graph = build_graph({path: analyze(path, dedent(text)) for path, text in FILES.items()})
    sites = callers(graph, "cssutils/serialize.py::Preferences.useMinified").sites
    assert [(site.path, site.line) for site in sites] == [("tests/test_serialize.py", 7)]  # not Either's: Preferences or Other


IMPORTS = """
from . import css


def resolveImports(sheet, target=None):
    if not target:
        target = css.CSSStyleSheet()
    for rule in sheet:
        _resolve_import(rule, target)
    return target


def _resolve_import(rule, target):
    target.add(rule)
"""


def test_a_parameter_made_when_missing_types_what_it_is_passed_to() -> None:
    """cssutils' ``resolveImports(sheet, target=None)`` makes its target when none is given and
    passes it to ``_resolve_import(rule, target)``, whose ``target.add(rule)`` calls the sheet's
    ``add`` (jedi's dynamic parameters): the parameter and its assignment had disagreed."""
    files = {"cssutils/css.py": "class CSSStyleSheet:\n    def add(self, rule):\n        pass\n",
             "cssutils/__init__.py": dedent(IMPORTS)}
    graph = build_graph({path: analyze(path, text) for path, text in files.items()})
    sites = callers(graph, "cssutils/css.py::CSSStyleSheet.add").sites
    assert [(site.path, site.line) for site in sites] == [("cssutils/__init__.py", 14)]
