"""Python containers annotated with their element type: ``list[Node]``, ``Sequence[Node]``,
``Dict[str, Node]`` hold Nodes, so ``xs[0].close()``, ``cache["k"].close()``, ``x = cache[k]``,
``for x in xs`` and ``for x in cache.values()`` call Node's method (kombu's azureservicebus:
``_queue_cache: Dict[str, SendReceive]`` and ``for queue_obj in self._queue_cache.values():
queue_obj.close()`` had reached nothing)."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

SOURCE = """
from typing import Dict, List, Sequence

class SendReceive:
    def close(self):
        pass

class Other:
    def close(self):
        pass

class Channel:
    _queue_cache: Dict[str, SendReceive] = {}

    def by_key(self, k):
        self._queue_cache[k].close()

    def each_value(self):
        for obj in self._queue_cache.values():
            obj.close()

def first(xs: List[SendReceive]):
    return xs[0].close()

def each(xs: Sequence[SendReceive]):
    for x in xs:
        x.close()

def taken(cache: dict[str, SendReceive], k):
    x = cache[k]
    x.close()

def others(items: list[Other]):
    for item in items:
        item.close()
"""


def test_elements_of_annotated_containers_are_their_type() -> None:
    g = build_graph({"pkg/sr.py": analyze("pkg/sr.py", dedent(SOURCE))})
    found = {s.caller for s in callers(g, "SendReceive.close").sites}
    assert found == {"Channel.by_key", "Channel.each_value", "first", "each", "taken"}
    assert {s.caller for s in callers(g, "Other.close").sites} == {"others"}
