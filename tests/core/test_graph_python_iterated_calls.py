"""A Python loop over what a call gives walks its elements: ``for child in tree.children()`` of
``def children(self) -> List[Node]``, ``for row in Table()`` of a class whose ``__iter__`` gives
Rows; ``child.render()`` had reached nothing (jedi lists ``Node.render``)."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

TREE = """
from typing import Iterator, List

class Node:
    def render(self):
        return ""

class Tree:
    def children(self, depth=1) -> List[Node]:
        return []

    def __iter__(self) -> Iterator[Node]:
        return iter(self.children())

def walk(tree: Tree):
    for child in tree.children(depth=2):
        child.render()
    for node in Tree():
        node.render()
"""


def test_a_loop_walks_what_a_call_gives() -> None:
    g = build_graph({"pkg/tree.py": analyze("pkg/tree.py", dedent(TREE))})
    assert [s.line for s in callers(g, "Node.render").sites] == [17, 19]
