"""A Python list, set or dict comprehension whose element is a call holds what the call gives
(pypika's ``self.values = [self.wrap_constant(value) for value in values]``): a loop over it, an
element of it, reaches the element's methods (``for term in self.values: term.get_sql()``, jedi
lists them); the comprehension had typed nothing. A comprehension of other elements (``[v for v in
values]``, ``[v.x for ...]``) still types nothing."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

TERMS = """
class Term:
    def get_sql(self):
        return ""

    def wrap_constant(self, value) -> "Term":
        return self

class Tuple(Term):
    def __init__(self, *values):
        self.values = [self.wrap_constant(value) for value in values]
        self.named = {str(v): Term() for v in values}
        self.raw = [v for v in values]

    def get_sql(self):
        return ",".join(term.get_sql() for term in self.values)

    def first(self):
        return self.values[0].get_sql()

    def keyed(self):
        for term in self.named.values():
            term.get_sql()

    def plain(self):
        for v in self.raw:
            v.get_sql()
"""


def test_a_comprehension_of_calls_holds_what_they_give() -> None:
    g = build_graph({"pkg/terms.py": analyze("pkg/terms.py", dedent(TERMS))})
    assert [s.line for s in callers(g, "pkg/terms.py::Term.get_sql").sites] == [16, 19, 23]
