"""A Python loop over a mapping's ``.keys()``, and the first name of a loop over its ``.items()``,
walk its keys, as ``for k in d`` does (``for k in self.d.keys(): k.render()`` and ``for k, v in
self.d.items(): k.render()`` of ``d: Dict[Key, Node]`` had reached nothing); keys of no known type,
and a list's elements, still reach nothing there."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

SOURCE = """
from typing import Dict, List

class Node:
    def close(self) -> None:
        pass

class Key:
    def render(self) -> str:
        return ""

class Table:
    def __init__(self) -> None:
        self.by_key: Dict[Key, Node] = {}
        self.by_name: Dict[str, Node] = {}
        self.literal = {"a": Node()}

    def keys(self) -> None:
        for k in self.by_key.keys():
            k.render()

    def pairs(self) -> None:
        for k, v in self.by_key.items():
            k.render()
            v.close()

    def sorted_keys(self) -> None:
        for k in sorted(self.by_key.keys()):
            k.render()

    def untyped_keys(self) -> None:
        for k in self.by_name.keys():
            k.close()
        for k, v in self.literal.items():
            k.close()
        for i, v in enumerate(self.literal.values()):
            i.close()
"""


def test_keys_and_the_first_name_of_items_walk_a_mappings_keys() -> None:
    g = build_graph({"pkg/table.py": analyze("pkg/table.py", dedent(SOURCE))})
    assert sorted(s.line for s in callers(g, "Key.render").sites) == [20, 24, 29]
    assert [s.caller for s in callers(g, "Node.close").sites] == ["Table.pairs"]
