"""A Python ``weakref.proxy(x)`` stands for ``x``: python-statemachine's engines hold ``self.sm =
proxy(sm)`` of ``sm: "StateMachine"``, and their 14 ``self.sm._get_callbacks(...)`` had reached
nothing, where jedi reads the proxy as the machine. A ``proxy`` of the module's own is a call like
any other."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

ENGINE = """
from weakref import proxy
import weakref
from pkg.sm import StateMachine

class Engine:
    def __init__(self, sm: "StateMachine", other: StateMachine) -> None:
        self.sm = proxy(sm)
        self.other = weakref.proxy(other)

    def run(self) -> None:
        self.sm.step()
        self.other.step()
        local = proxy(self.sm)
        local.step()
"""

OWN = """
from pkg.sm import StateMachine

def proxy(x):
    return x.wrapped

class Other:
    def __init__(self, sm: StateMachine) -> None:
        self.sm = proxy(sm)

    def run(self) -> None:
        self.sm.step()
"""

SM = """
class StateMachine:
    def step(self) -> None:
        pass
"""


def test_a_weakref_proxy_is_what_it_stands_for() -> None:
    files = {"pkg/eng.py": ENGINE, "pkg/own.py": OWN, "pkg/sm.py": SM}
    g = build_graph({path: analyze(path, dedent(text)) for path, text in files.items()})
    got = sorted((s.path, s.caller, s.line) for s in callers(g, "StateMachine.step").sites)
    assert got == [("pkg/eng.py", "Engine.run", n) for n in (12, 13, 15)]
