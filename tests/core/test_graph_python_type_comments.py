"""A Python assignment's type comment (PEP 484, which jedi reads) declares the name's type:
soupsieve's ``self.matched_name = None  # type: SelectorPattern | None`` made
``self.matched_name.get_name()`` a call of nothing, and ``relations = []  # type: list[_Selector]``
left its elements untyped; ``# type: ignore`` declares nothing."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

PARSER = """
class SelectorPattern:
    def get_name(self):
        return ""


class _Selector:
    def freeze(self):
        return None


class SpecialPseudoPattern(SelectorPattern):
    def __init__(self):
        self.matched_name = None  # type: SelectorPattern | None
        self.ignored = None  # type: ignore

    def get_name(self):
        return '' if self.matched_name is None else self.matched_name.get_name()

    def parse(self):
        relations = []  # type: list[_Selector]
        return [r.freeze() for r in relations]
"""


def _lines(target: str) -> list[int]:
    path = "soupsieve/css_parser.py"
    graph = build_graph({path: analyze(path, dedent(PARSER))})
    return sorted(site.line for site in callers(graph, f"{path}::{target}").sites)


def test_a_type_comment_types_an_attribute_and_a_list() -> None:
    assert _lines("SelectorPattern.get_name") == [18]
    assert _lines("_Selector.freeze") == [22]
