"""A Python attribute set from what a method's parameter makes, and a class's fields declared in
its body, have types (hypercorn's ``self.has_data = self.context.event_class()`` and ``self.can_read
= context.event_class()``, ``event_class: Type[Event]`` and ``terminated: Event`` declared in the
``WorkerContext`` protocol of another file): the attributes had been untyped, ``has_data.set()``,
``can_read.wait()`` and ``context.terminated.is_set()`` tied to nothing. An attribute made by a
parameter of no declared type stays untyped: no guess."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

TYPES = """
from typing import Protocol, Type

class Event(Protocol):
    def set(self) -> None:
        pass

    def is_set(self) -> bool:
        pass

class Context(Protocol):
    event_class: Type[Event]
    terminated: Event
"""

USER = """
from typing import Type

from pkg.types import Context, Event

class Protocol:
    def __init__(self, context: Context, event_class: Type[Event], factory) -> None:
        self.context = context
        self.can_read = context.event_class()
        self.has_data = self.context.event_class()
        self.other = event_class()
        self.unknown = factory()

    def run(self) -> None:
        self.can_read.set()
        self.has_data.set()
        self.other.set()
        self.unknown.set()
        if self.context.terminated.is_set():
            pass
"""


def test_attributes_made_by_parameters_and_declared_fields_are_typed() -> None:
    files = {"pkg/types.py": TYPES, "pkg/user.py": USER}
    g = build_graph({path: analyze(path, dedent(text)) for path, text in files.items()})
    assert sorted((s.caller, s.line) for s in callers(g, "Event.set").sites) == [
        ("Protocol.run", 15), ("Protocol.run", 16), ("Protocol.run", 17)]
    assert [(s.caller, s.line) for s in callers(g, "Event.is_set").sites] == [("Protocol.run", 19)]
