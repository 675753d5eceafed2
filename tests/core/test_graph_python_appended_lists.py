"""A Python list bound empty (``xs = []``) holds what the file's calls append to it, where one class
makes them all, as jedi reads it: yapf's ``LogicalLine.Split`` appends ``LogicalLine``s to
``llines`` and walks it again with the name it appended (``for lline in llines``), so
``lline.AppendToken(tok)`` had reached nothing; soupsieve's ``selectors = []`` filled with
``_Selector()`` made ``[s.freeze() for s in selectors]`` a call of nothing."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

YAPF = """
class LogicalLine(object):
  def __init__(self, depth, tokens=None):
    self.depth = depth
    self._tokens = tokens or []

  def AppendToken(self, token):
    self._tokens.append(token)

  def Split(self):
    llines = []
    lline = LogicalLine(self.depth)
    for tok in self._tokens:
      if tok.value == ';':
        llines.append(lline)
        lline = LogicalLine(self.depth)
      else:
        lline.AppendToken(tok)
    for lline in llines:
      lline.AppendToken(None)
    return llines
"""

SOUPSIEVE = """
class _Selector:
    def __init__(self, **kwargs):
        self.selectors = kwargs.get('selectors', [])

    def freeze(self):
        return tuple(self.selectors)


class Other:
    def freeze(self):
        return None


class CSSParser:
    def __init__(self):
        self.pending = []

    def parse_selectors(self, parts):
        selectors = []
        sel = _Selector()
        for part in parts:
            if part == ",":
                selectors.append(sel)
                sel = _Selector()
        selectors.append(_Selector())
        return [s.freeze() for s in selectors]

    def queue(self):
        self.pending.append(_Selector())

    def flush(self):
        return [s.freeze() for s in self.pending]

    def mixed(self):
        both = []
        both.append(_Selector())
        both.append(Other())
        return [s.freeze() for s in both]
"""


def _lines(source: str, path: str, target: str) -> list[int]:
    graph = build_graph({path: analyze(path, dedent(source))})
    return sorted(site.line for site in callers(graph, f"{path}::{target}").sites)


def test_a_list_appended_an_alias_of_its_own_elements_types_the_loop_and_the_alias() -> None:
    assert _lines(YAPF, "yapf/logical_line.py", "LogicalLine.AppendToken") == [18, 20]


def test_a_local_and_an_attribute_appended_one_class_type_their_elements_and_a_mixed_one_stays_untyped() -> None:
    lines = _lines(SOUPSIEVE, "soupsieve/css_parser.py", "_Selector.freeze")
    assert 27 in lines and 33 in lines
    assert 39 not in lines  # ``both`` holds an Other too: jedi would list both; we say nothing rather than half
    assert _lines(SOUPSIEVE, "soupsieve/css_parser.py", "Other.freeze") == []
