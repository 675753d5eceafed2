"""A Python loop straight over a mapping (``for k in d``, ``enumerate(d)``) walks its keys: with
``d: Dict[Name, Node]`` the loop variable is a ``Name``, not a ``Node`` (it had been typed by the
values, so ``k.render()`` was tied to ``Node.render``); ``.values()`` and ``.items()`` still give
the values, and a list's loop its elements."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

TREE = """
from typing import Dict, List, Mapping

class Name:
    def render(self) -> str:
        return ""

class Node:
    def render(self) -> str:
        return ""

class Tree:
    def __init__(self, nodes: Dict[Name, Node], names: List[Name]) -> None:
        self.nodes = nodes
        self.names = names

    def keys(self) -> None:
        for k in self.nodes:
            k.render()

    def counted(self, table: Mapping[Name, Node]) -> None:
        for i, k in enumerate(table):
            k.render()

    def values(self) -> None:
        for v in self.nodes.values():
            v.render()
        for k, v in self.nodes.items():
            v.render()

    def listed(self) -> None:
        for n in self.names:
            n.render()

    def read(self, k: Name) -> None:
        self.nodes[k].render()

    def by_string(self, d: dict[str, Node]) -> None:
        for s in d:
            s.render()
"""


def test_a_loop_over_a_mapping_walks_its_keys() -> None:
    g = build_graph({"pkg/tree.py": analyze("pkg/tree.py", dedent(TREE))})
    assert [(s.line, s.caller) for s in callers(g, "Name.render").sites] == [
        (19, "Tree.keys"), (23, "Tree.counted"), (33, "Tree.listed")]
    assert [(s.line, s.caller) for s in callers(g, "Node.render").sites] == [
        (27, "Tree.values"), (29, "Tree.values"), (36, "Tree.read")]


CODECS = """
class Base64:
    def encode(self) -> str:
        return ""

class Codecs:
    def __init__(self) -> None:
        self.codecs = {"base64": Base64()}

    def names(self) -> None:
        for name in self.codecs:
            name.encode()

    def each(self) -> None:
        for codec in self.codecs.values():
            codec.encode()
"""


def test_a_loop_over_a_dict_literal_walks_its_keys() -> None:
    g = build_graph({"pkg/codecs.py": analyze("pkg/codecs.py", dedent(CODECS))})
    assert [(s.line, s.caller) for s in callers(g, "Base64.encode").sites] == [(16, "Codecs.each")]
