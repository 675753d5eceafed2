"""A Python local bound in two places, written differently, has a type where both name the same
(httpcore's ``connection``: a pool's element in one loop, ``self.create_connection(origin)`` later;
``node = Node()`` in one branch, ``node = self.make()`` in the other): it had been untyped, its
calls tied to nothing. Bindings that name different classes, or one of no known type, still type
nothing: no guess between them."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

SOURCE = """
from typing import List

class Node:
    def close(self) -> None:
        pass

class Other:
    def close(self) -> None:
        pass

def unknown():
    return 1

class Pool:
    def __init__(self) -> None:
        self.nodes: List[Node] = []

    def make(self) -> Node:
        return Node()

    def drain(self) -> None:
        for conn in self.nodes:
            conn.close()
        conn = self.make()
        conn.close()

    def pick(self, flag: bool) -> None:
        if flag:
            node = Node()
        else:
            node = self.make()
        node.close()

    def mixed(self, flag: bool) -> None:
        if flag:
            either = Node()
        else:
            either = Other()
        either.close()

    def partly(self, flag: bool) -> None:
        if flag:
            some = Node()
        else:
            some = unknown()
        some.close()
"""


def test_a_local_bound_twice_to_one_type_is_that_type() -> None:
    g = build_graph({"pkg/pool.py": analyze("pkg/pool.py", dedent(SOURCE))})
    assert sorted((s.caller, s.line) for s in callers(g, "Node.close").sites) == [
        ("Pool.drain", 24), ("Pool.drain", 26), ("Pool.pick", 33)]
    assert callers(g, "Other.close").sites == ()
