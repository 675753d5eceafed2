"""A Python slice is a sequence of what it slices (marko's ``for cur in tokens[1:]`` of ``tokens:
list[Token]``; ``rest = tokens[::2]``, ``tokens[1:][0]``), and a local bound to an element here
and to another local there is what both are (``prev = tokens[0]`` before the loop, ``prev = cur``
in it): ``prev.relation(cur)`` and ``cur.relation(...)`` reach ``Token.relation`` (jedi lists
both), where the slice had been walked as nothing and the two bindings had disagreed in form."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

PARSER = """
class Token:
    def relation(self, other):
        return 0

    def append_child(self, child):
        pass

def resolve_overlap(tokens: list[Token]):
    prev = tokens[0]
    for cur in tokens[1:]:
        if prev.relation(cur):
            prev.append_child(cur)
        prev = cur
    rest = tokens[::2]
    rest[0].relation(tokens[1:][0])
    for i, each in enumerate(tokens[2:]):
        each.append_child(i)
"""


def test_a_slice_holds_the_same_elements() -> None:
    g = build_graph({"pkg/parser.py": analyze("pkg/parser.py", dedent(PARSER))})
    assert [s.line for s in callers(g, "Token.relation").sites] == [12, 16]
    assert [s.line for s in callers(g, "Token.append_child").sites] == [13, 18]
