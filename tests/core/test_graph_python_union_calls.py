"""A call on a Python value of a union whose members' methods differ is a site of each (hypercorn's
``self.stream.handle(event)`` of ``self.stream: Optional[Union[HTTPStream, WSStream]]``, and
``self.protocol.handle(event)`` of ``self.protocol: Union[H11Protocol, H2Protocol]`` declared alone
in ``__init__``, set in its branches; ``self.streams[id].handle(...)`` of ``self.streams: Dict[int,
Union[HTTPStream, WSStream]]``): ``Union[A, B]``, ``A | B`` had been read as no type, and a union's
differing methods as no answer, the calls tied to nothing, where jedi lists both. A call on a union
one of whose members lacks the method stays with the members that have it."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

SOURCE = """
from typing import Dict, Optional, Union

class HTTPStream:
    def handle(self, event) -> None:
        pass

class WSStream:
    def handle(self, event) -> None:
        pass

class Plain:
    def other(self) -> None:
        pass

class Connection:
    def __init__(self, secure: bool) -> None:
        self.stream: Optional[Union[HTTPStream, WSStream]] = None
        self.protocol: Union[HTTPStream, WSStream]
        if secure:
            self.protocol = HTTPStream()
        else:
            self.protocol = WSStream()
        self.streams: Dict[int, Union[HTTPStream, WSStream]] = {}

    def feed(self, event, mixed: Union[HTTPStream, Plain], piped: HTTPStream | WSStream | None) -> None:
        self.stream.handle(event)
        self.protocol.handle(event)
        piped.handle(event)
        mixed.handle(event)
        self.streams[1].handle(event)
"""


def test_a_call_on_a_union_is_a_site_of_each_members_method() -> None:
    g = build_graph({"pkg/conn.py": analyze("pkg/conn.py", dedent(SOURCE))})
    both = [("Connection.feed", 27), ("Connection.feed", 28), ("Connection.feed", 29), ("Connection.feed", 31)]
    assert sorted((s.caller, s.line) for s in callers(g, "WSStream.handle").sites) == both
    assert sorted((s.caller, s.line) for s in callers(g, "HTTPStream.handle").sites) == sorted([*both, ("Connection.feed", 30)])


TERMS = """
from typing import TypeVar, Union

NodeT = TypeVar("NodeT", bound="Node")

class Node:
    def nodes_(self):
        return [self]

class Tuple(Node):
    def get_sql(self):
        return "()"

class ValueWrapper(Node):
    def get_sql(self):
        return "1"

def wrap_constant(val) -> Union[ValueError, NodeT, "Tuple", "ValueWrapper"]:
    return val

def render(val):
    return wrap_constant(val).get_sql()
"""


def test_a_member_lacking_the_method_leaves_the_others() -> None:
    """pypika's ``wrap_constant(val).get_sql()`` of ``-> Union[ValueError, NodeT, "Tuple",
    "ValueWrapper"]`` (``NodeT`` bound to ``Node``, which has no ``get_sql``) is a site of Tuple's
    and ValueWrapper's, as jedi lists them: the member lacking the method had left it ambiguous."""
    g = build_graph({"pkg/terms.py": analyze("pkg/terms.py", dedent(TERMS))})
    assert [s.line for s in callers(g, "Tuple.get_sql").sites] == [22]
    assert [s.line for s in callers(g, "ValueWrapper.get_sql").sites] == [22]


XMLCHEMY = """
from typing import List, Type

class BaseXmlEnum:
    @classmethod
    def from_xml(cls, value):
        return cls

class BaseSimpleType:
    @classmethod
    def from_xml(cls, value):
        return value

class Element:
    def xpath(self):
        return []

class BaseAttribute:
    def __init__(self, simple_type: Type[BaseXmlEnum] | Type[BaseSimpleType], kids: List[Element] | None):
        self._simple_type = simple_type
        self._kids = kids

    def get(self, value):
        self._kids[0].xpath()
        return self._simple_type.from_xml(value)
"""


def test_a_union_of_generic_members_written_with_a_bar() -> None:
    """python-docx's ``simple_type: Type[BaseXmlEnum] | Type[BaseSimpleType]`` (the grammar's
    ``union_type`` of generic members) is either class, ``List[Element] | None`` a list of
    ``Element``: both had typed nothing, ``self._simple_type.from_xml(...)`` tied to nothing."""
    g = build_graph({"pkg/xmlchemy.py": analyze("pkg/xmlchemy.py", dedent(XMLCHEMY))})
    assert [s.line for s in callers(g, "BaseSimpleType.from_xml").sites] == [25]
    assert [s.line for s in callers(g, "BaseXmlEnum.from_xml").sites] == [25]
    assert [s.line for s in callers(g, "Element.xpath").sites] == [24]
