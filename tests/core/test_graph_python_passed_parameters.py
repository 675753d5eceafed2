"""A Python parameter declared with no type (or ``Any``) takes the types its function's calls in the
same file pass (jedi's dynamic parameters): pypika's ``Not(self)`` in a method of ``Term`` makes
``Not.__init__``'s ``term: Any`` a ``Term``, and ``self.term.get_sql()`` (``self.term = term``) a
call of ``Term.get_sql``; python-docx's ``Unmarshaller.unmarshal(pkg_reader, package, ...)`` passes
``open``'s ``package = cls()`` on, and ``package.after_unmarshal()`` there had reached nothing."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

TERMS = """
from typing import Any


class Term:
    def negate(self):
        return Not(self)

    def plus(self, other):
        return Arithmetic(self, Value(other))

    def get_sql(self):
        return "t"


class Value(Term):
    def get_sql(self):
        return "v"


class Not(Term):
    def __init__(self, term: Any, alias=None) -> None:
        self.term = term

    def get_sql(self):
        return "NOT " + self.term.get_sql()


class Arithmetic(Term):
    def __init__(self, left, right: Any) -> None:
        self.left = left
        self.right = right

    def get_sql(self):
        return self.left.get_sql() + self.right.get_sql()


def render(node, *, upper=False):
    return node.get_sql()


def main(raw):
    render(Value())
    render(node=Not(Term()))
    render(raw)
"""

PACKAGE = """
class Reader:
    @classmethod
    def from_file(cls, path):
        return cls()

    def iter_parts(self):
        return []


class Package:
    @classmethod
    def open(cls, path):
        reader = Reader.from_file(path)
        package = cls()
        Unmarshaller.unmarshal(reader, package)
        return package

    def after_unmarshal(self):
        pass


class Unmarshaller:
    @staticmethod
    def unmarshal(reader, package):
        Unmarshaller._parts(reader)
        package.after_unmarshal()

    @staticmethod
    def _parts(reader):
        return reader.iter_parts()


class Marker:
    def __init__(self, stream):
        self._stream = stream

    @classmethod
    def from_stream(cls, stream):
        return cls(stream)


class Stream:
    def seek(self, n):
        pass


def find(stream: Stream):
    marker = Marker.from_stream(stream)
    marker._stream.seek(0)
"""


def _lines(g, name: str) -> list[int]:
    return sorted(s.line for s in callers(g, name).sites)


def test_parameters_typed_by_their_files_calls() -> None:
    g = build_graph({"pkg/terms.py": analyze("pkg/terms.py", dedent(TERMS))})
    # Not(self) in Term: term is a Term; Arithmetic(self, Value(other)): left a Term, right a Value
    assert _lines(g, "Term.get_sql") == [26, 35]
    # render(Value()), render(node=Not(...)): either one's, the call passing an unknown value aside
    assert _lines(g, "Value.get_sql") == [35, 39]
    assert _lines(g, "Not.get_sql") == [39]


def test_parameters_passed_on_and_bound_calls() -> None:
    g = build_graph({"pkg/package.py": analyze("pkg/package.py", dedent(PACKAGE))})
    # open's package = cls() and reader = Reader.from_file(...) passed to a staticmethod, and on
    assert _lines(g, "Package.after_unmarshal") == [27]
    assert _lines(g, "Reader.iter_parts") == [31]
    # a classmethod's cls(stream) is its class's __init__, whose stream sets self._stream
    assert _lines(g, "Stream.seek") == [50]
