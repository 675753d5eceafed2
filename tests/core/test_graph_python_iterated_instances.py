"""A Python loop over an instance of a class of the repository walks what its ``__iter__``
returns: ``def __iter__(self) -> Iterator[Row]``, ``-> Generator[Row, None, None]`` (inherited
too), or ``return iter(self._rows)`` of ``self._rows: List[Row]``; ``for row in table:
row.render()`` had reached nothing (jedi lists ``Row.render``)."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

ROWS = """
from typing import Generator, Iterator, List

class Row:
    def render(self):
        return ""

class Table:
    def __iter__(self) -> "Iterator[Row]":
        return iter([])

class Sheet(Table):
    pass

class Stream:
    def __iter__(self) -> Generator[Row, None, None]:
        yield Row()

class Page:
    def __init__(self):
        self._rows: List[Row] = []

    def __iter__(self):
        return iter(self._rows)

class Other:
    def __iter__(self):
        return iter([])

class Printer:
    def __init__(self):
        self.table = Table()

    def show(self, sheet: Sheet, stream: Stream, page: Page, other: Other):
        for row in self.table:
            row.render()
        for line in sheet:
            line.render()
        for item in stream:
            item.render()
        for entry in page:
            entry.render()
        for thing in other:
            thing.render()
"""


def test_a_loop_walks_what_iter_returns() -> None:
    g = build_graph({"pkg/rows.py": analyze("pkg/rows.py", dedent(ROWS))})
    assert [s.line for s in callers(g, "Row.render").sites] == [36, 38, 40, 42]
