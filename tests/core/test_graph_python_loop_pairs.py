"""The targets of Python loops over ``enumerate(xs)``, ``d.items()`` and ``reversed(list(...))``,
and of comprehensions, are elements of the annotated container (httpcore's connection pool:
``for idx, connection in enumerate(self._pool): connection.is_available()`` reached nothing, and
neither did ``for idx, connection in reversed(list(enumerate(self._pool)))``)."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

POOL = """
from typing import Dict, List

class Connection:
    def is_available(self) -> bool:
        return True

    def close(self) -> None:
        pass

class Pool:
    def __init__(self) -> None:
        self._pool: List[Connection] = []
        self._by_name: Dict[str, Connection] = {}

    def acquire(self) -> None:
        for idx, connection in enumerate(self._pool):
            connection.is_available()

    def shrink(self) -> None:
        for idx, connection in reversed(list(enumerate(self._pool))):
            connection.close()

    def close_named(self) -> None:
        for name, connection in self._by_name.items():
            connection.close()

    def available(self) -> list:
        return [c for c in self._pool if c.is_available()]

    def keys(self) -> None:
        for name, idx in enumerate(self._by_name):
            name.close()
"""


def test_a_loop_over_enumerate_or_items_binds_the_element() -> None:
    g = build_graph({"pkg/pool.py": analyze("pkg/pool.py", dedent(POOL))})
    assert {s.caller for s in callers(g, "Connection.is_available").sites} == {"Pool.acquire", "Pool.available"}
    assert {s.caller for s in callers(g, "Connection.close").sites} == {"Pool.shrink", "Pool.close_named"}
