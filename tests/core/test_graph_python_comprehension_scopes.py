"""A Python comprehension's variable is its own (Python 3, as jedi reads it): yapf's
``FormatDecisionState.Clone`` copies three stacks, ``[state.Clone() for state in self.stack]`` and
the same over ``self.comp_stack`` and ``self.param_list_stack``; the three ``state`` had been one
local of three types, none, and ``_ParenState.Clone`` listed no caller there. A name the function
binds on the comprehension's line (``kept = [...]``) is still the function's."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

STATES = """
class Paren:
    def clone(self):
        return Paren()


class Comprehension:
    def clone(self):
        return Comprehension()


class Kept:
    def count(self):
        return 0


class State:
    def __init__(self):
        self.stack = [Paren()]
        self.comp_stack = [Comprehension()]

    def clone(self):
        new = State()
        new.stack = [state.clone() for state in self.stack]
        kept = Kept(); new.comp_stack = [state.clone()
                                         for state in self.comp_stack]
        return new, kept.count()
"""


def test_a_comprehension_variable_is_the_comprehension_own() -> None:
    g = build_graph({"pkg/states.py": analyze("pkg/states.py", dedent(STATES))})
    assert [(s.caller, s.line) for s in callers(g, "Paren.clone").sites] == [("State.clone", 24)]
    assert [(s.caller, s.line) for s in callers(g, "Comprehension.clone").sites] == [("State.clone", 25)]
    assert [(s.caller, s.line) for s in callers(g, "Kept.count").sites] == [("State.clone", 27)]
