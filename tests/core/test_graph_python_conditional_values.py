"""Python values chosen by a conditional expression that makes one side (kombu's Hub:
``self.timer = timer if timer is not None else Timer()``): what is called on the name is the made
class's, as with ``timer or Timer()``. Two made sides (``A() if c else B()``) type nothing."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

TIMER = """
class Timer:
    def call_after(self, delay):
        return delay

class Clock:
    def call_after(self, delay):
        return delay
"""

HUB = """
from .timer import Timer, Clock

class Hub:
    def __init__(self, timer=None, clock=None):
        self.timer = timer if timer is not None else Timer()
        self.clock = Clock() if clock is None else clock

    def later(self):
        return self.timer.call_after(1)

    def tick(self):
        return self.clock.call_after(2)

def local(timer=None):
    t = Timer() if timer is None else None
    return t.call_after(3)

def either(fast):
    t = Timer() if fast else Clock()
    return t.call_after(4)
"""


def graph() -> CodeGraph:
    files = {"pkg/__init__.py": "", "pkg/timer.py": TIMER, "pkg/hub.py": HUB}
    return build_graph({p: analyze(p, dedent(t)) for p, t in files.items()})


def test_an_attribute_set_from_a_conditional_is_the_made_class() -> None:
    g = graph()
    assert {s.caller for s in callers(g, "Timer.call_after").sites} == {"Hub.later", "local"}
    assert {s.caller for s in callers(g, "Clock.call_after").sites} == {"Hub.tick"}
