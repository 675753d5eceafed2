"""A Python attribute whose first binding tells no type (pypika's ``self._insert_table = new_table
if self._insert_table == current_table else self._insert_table`` in ``replace_table``) takes the
type of a later binding that tells one (``into``'s ``table if isinstance(table, Table) else
Table(table)``): ``self._insert_table.get_sql()`` had reached nothing, the untyped binding above
``into`` having fixed the attribute as untyped (jedi lists ``Table.get_sql``)."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

QUERIES = """
class Table:
    def get_sql(self):
        return ""

class QueryBuilder:
    def __init__(self):
        self._insert_table = None

    def replace_table(self, current_table, new_table):
        self._insert_table = new_table if self._insert_table == current_table else self._insert_table

    def into(self, table):
        self._insert_table = table if isinstance(table, Table) else Table(table)

    def _insert_sql(self):
        return self._insert_table.get_sql()
"""


def test_an_untyped_binding_gives_way_to_a_typed_one() -> None:
    g = build_graph({"pkg/queries.py": analyze("pkg/queries.py", dedent(QUERIES))})
    assert [s.line for s in callers(g, "Table.get_sql").sites] == [17]
