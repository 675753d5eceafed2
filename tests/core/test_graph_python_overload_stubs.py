"""Python ``@overload`` stubs keep their own parameters, as C++ and TypeScript overloads do: a
parameter ``x: Reader`` in one stub and ``x: Writer`` in another had merged into one untyped name,
so the implementation's ``x.close()`` (annotated ``Stream``) was tied to nothing."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

STREAMS = """
from typing import overload

class Stream:
    def close(self) -> None:
        pass

class Reader(Stream):
    pass

class Writer(Stream):
    pass

@overload
def shut(x: Reader) -> None: ...
@overload
def shut(x: Writer) -> None: ...
def shut(x: Stream) -> None:
    x.close()

class Pool:
    @overload
    def drop(self, x: Reader) -> None: ...
    @overload
    def drop(self, x: Writer) -> None: ...
    def drop(self, x):
        x.close()
"""


def test_each_overload_stub_types_its_own_parameters() -> None:
    g = build_graph({"pkg/streams.py": analyze("pkg/streams.py", dedent(STREAMS))})
    assert [(s.line, s.caller) for s in callers(g, "Stream.close").sites] == [(19, "shut")]


ACCEPT = """
from typing import overload

class Accept:
    def __init__(self, value: str) -> None:
        self.value = value

@overload
def parse(value: str) -> Accept: ...
@overload
def parse(value: str, cls: type[Accept]) -> Accept: ...
def parse(value: str, cls: type[Accept] | None = None) -> Accept:
    if cls is None:
        cls = Accept
    return cls(value)
"""


def test_the_implementation_reads_its_own_optional_class_parameter() -> None:
    # werkzeug's parse_accept_header: its stubs had typed cls; now the implementation's
    # ``type[Accept] | None`` does (a Python ``X | None`` annotation of a generic had named nothing)
    g = build_graph({"pkg/http.py": analyze("pkg/http.py", dedent(ACCEPT))})
    assert [(s.line, s.caller) for s in callers(g, "Accept").sites if s.kind == "call"] == [(15, "parse")]
