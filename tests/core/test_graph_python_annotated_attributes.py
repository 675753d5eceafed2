"""An annotated Python attribute (``self._connection: Optional[ConnectionInterface] = None``) has
the type it is declared with, whatever it is set to (httpcore's ``AsyncHTTPConnection``: its calls
``self._connection.is_available()`` reached nothing, the ``None`` here and the two classes set later
disagreeing; ``AsyncTunnelHTTPConnection``'s ``self._connection: AsyncConnectionInterface =
AsyncHTTPConnection(...)`` had been taken for an ``AsyncHTTPConnection``)."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

CONNECTION = """
from typing import Optional

class ConnectionInterface:
    def is_available(self) -> bool:
        raise NotImplementedError()

class HTTP11Connection(ConnectionInterface):
    def is_available(self) -> bool:
        return True

class HTTP2Connection(ConnectionInterface):
    def is_available(self) -> bool:
        return False

class HTTPConnection(ConnectionInterface):
    def __init__(self, http2: bool) -> None:
        self._connection: Optional[ConnectionInterface] = None
        self._http2 = http2

    def connect(self) -> None:
        if self._http2:
            self._connection = HTTP2Connection()
        else:
            self._connection = HTTP11Connection()

    def is_available(self) -> bool:
        return self._connection.is_available()

class Tunnel:
    def __init__(self) -> None:
        self._inner: ConnectionInterface = HTTPConnection(False)

    def is_available(self) -> bool:
        return self._inner.is_available()
"""


def test_an_annotated_attribute_has_its_declared_type() -> None:
    g = build_graph({"pkg/connection.py": analyze("pkg/connection.py", dedent(CONNECTION))})
    assert {s.caller for s in callers(g, "ConnectionInterface.is_available").sites} == {
        "HTTPConnection.is_available", "Tunnel.is_available"}
    assert {s.caller for s in callers(g, "HTTPConnection.is_available").sites} == set()
