"""What ``get``, ``pop`` and ``setdefault`` of an annotated Python container give is one of its
elements (kombu's azureservicebus ``queue_obj = self._queue_cache.pop(queue, None)`` of a
``Dict[str, SendReceive]``: ``queue_obj.close()`` reached nothing)."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

CACHE = """
from typing import Dict, List

class SendReceive:
    def close(self) -> None:
        pass

class Other:
    def get(self, key):
        return SendReceive()

class Channel:
    def __init__(self) -> None:
        self._queue_cache: Dict[str, SendReceive] = {}
        self._stack: List[SendReceive] = []
        self._other = Other()

    def forget(self, queue: str) -> None:
        queue_obj = self._queue_cache.pop(queue, None)
        if queue_obj:
            queue_obj.close()

    def find(self, queue: str) -> None:
        self._queue_cache.get(queue).close()

    def ensure(self, queue: str) -> None:
        self._queue_cache.setdefault(queue, SendReceive()).close()

    def last(self) -> None:
        self._stack.pop().close()

    def other(self) -> None:
        self._other.get("x").close()
"""


def test_get_pop_and_setdefault_of_a_container_give_an_element() -> None:
    g = build_graph({"pkg/cache.py": analyze("pkg/cache.py", dedent(CACHE))})
    assert {s.caller for s in callers(g, "SendReceive.close").sites} == {
        "Channel.forget", "Channel.find", "Channel.ensure", "Channel.last", "Channel.other"}
