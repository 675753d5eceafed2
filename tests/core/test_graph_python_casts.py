"""A value of Python's ``typing.cast(T, v)`` is a ``T``, as mypy and jedi read it (python-docx's
``document_elm = cast(CT_Document, element(...))``, ``cast(CT_Tbl, x).tr_lst[0]``, ``cast("Part",
self._target)``; ``typing.cast`` through another name of the module too): calls on it had reached
nothing. ``cast(List[Doc], v)`` is a list of ``Doc``; a first argument that names no class
(``cast(value, Kind)`` of a function of the repository named ``cast``) types nothing."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

SOURCE = """
import typing as t
from typing import List, cast

class BaseOxmlElement:
    def xpath(self, path):
        return [path]

class CT_Document(BaseOxmlElement):
    tr_lst: List["CT_Document"]

    def body(self):
        return self

def element(text):
    return text

def check(x, y):
    document_elm = cast(CT_Document, element("w:document"))
    document_elm.xpath("//w:sectPr")
    cast("CT_Document", y).body()
    cast(CT_Document, x).tr_lst[0].body()
    t.cast(CT_Document, y).xpath("//w:p")
    rows = cast(List[CT_Document], y)
    rows[0].body()
    made = cast(x, CT_Document)
    made.body()
    return x.body()
"""


def test_a_cast_value_is_of_the_type_it_names() -> None:
    g = build_graph({"pkg/oxml.py": analyze("pkg/oxml.py", dedent(SOURCE))})
    assert [s.line for s in callers(g, "BaseOxmlElement.xpath").sites] == [20, 23]
    assert [s.line for s in callers(g, "CT_Document.body").sites] == [21, 22, 25]
