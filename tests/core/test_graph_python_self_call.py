"""Calling ``self`` in a Python method runs the instance's ``__call__``; it makes no new instance
(kombu's ``lazy``: ``str(self())`` in ``__str__`` had been listed as a caller of ``lazy.__init__``)."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

LAZY = """
class lazy:
    def __init__(self, fun):
        self._fun = fun

    def __call__(self):
        return self._fun()

    def __str__(self):
        return str(self())

class Plain:
    def again(self):
        return self()

    @classmethod
    def make(cls):
        return cls()

def use(f):
    p = lazy(f)
    return p()
"""


def test_calling_self_runs_call_not_init() -> None:
    g = build_graph({"pkg/lazy.py": analyze("pkg/lazy.py", dedent(LAZY))})
    assert {s.caller for s in callers(g, "lazy.__call__").sites} == {"lazy.__str__", "use"}
    assert {s.caller for s in callers(g, "lazy.__init__").sites} == {"use"}
    assert {s.caller for s in callers(g, "Plain").sites} == {"Plain.make"}
