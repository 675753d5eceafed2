"""A Python tuple or list literal whose elements are made by a few classes holds instances of
either, as jedi reads it: soupsieve's ``CSSParser.css_tokens = (SelectorPattern(...),
SpecialPseudoPattern(...), ...)`` walked by ``for v in self.css_tokens: v.match(...)`` calls both
classes' ``match``; it had reached neither (a tuple was read as nothing, a mixed list as nothing)."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

TOKENS = """
class SelectorPattern:
    def __init__(self, name, pattern):
        self.name = name

    def match(self, selector, index, flags):
        return None


class SpecialPseudoPattern(SelectorPattern):
    def __init__(self, patterns):
        self.patterns = patterns

    def match(self, selector, index, flags):
        return None


class Unrelated:
    def match(self, selector, index, flags):
        return None


class CSSParser:
    css_tokens = (
        SelectorPattern("pseudo_close", "x"),
        SpecialPseudoPattern((("pseudo_contains", "y"),)),
        SelectorPattern("amp", "&"),
    )
    listed = [SelectorPattern("a", "b"), SpecialPseudoPattern(())]

    def selector_iter(self, pattern):
        for v in self.css_tokens:
            m = v.match(pattern, 0, 0)
        for w in self.listed:
            w.match(pattern, 0, 0)
        return m
"""


def _lines(target: str) -> list[int]:
    path = "soupsieve/css_parser.py"
    graph = build_graph({path: analyze(path, dedent(TOKENS))})
    return sorted(site.line for site in callers(graph, f"{path}::{target}").sites)


def test_a_tuple_and_a_list_of_two_classes_instances_call_both_classes_methods() -> None:
    assert _lines("SelectorPattern.match") == [33, 35]
    assert _lines("SpecialPseudoPattern.match") == [33, 35]
    assert _lines("Unrelated.match") == []
