"""A Python attribute bound to a value made from itself (pypika's ``self._wheres =
self._wheres.replace_table(...) if self._wheres else None`` in ``replace_table``) is typed by its
other bindings (``where``'s ``self._wheres = criterion`` of ``criterion: Criterion``):
``self._wheres.get_sql()`` had reached nothing, the binding typed by itself coming first (jedi
lists ``Criterion.get_sql``)."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

QUERIES = """
class Criterion:
    def replace_table(self, current_table, new_table):
        return self

    def get_sql(self):
        return ""

class QueryBuilder:
    def __init__(self):
        self._wheres = None

    def replace_table(self, current_table, new_table):
        self._wheres = self._wheres.replace_table(current_table, new_table) if self._wheres else None

    def where(self, criterion: Criterion):
        self._wheres = criterion

    def _where_sql(self):
        return self._wheres.get_sql()
"""


def test_a_binding_made_from_the_attribute_itself_gives_way() -> None:
    g = build_graph({"pkg/queries.py": analyze("pkg/queries.py", dedent(QUERIES))})
    assert [s.line for s in callers(g, "Criterion.get_sql").sites] == [20]
    assert [s.line for s in callers(g, "Criterion.replace_table").sites] == [14]
