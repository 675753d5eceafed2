"""What a Python name is bound to by ``x = await f()`` is what the coroutine function ``f``
returns, as ``x = f()`` is (httpcore's ``response = await self.handle_async_request(request)``:
``await response.aclose()`` reached nothing)."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

CLIENT = """
class Response:
    async def aclose(self) -> None:
        pass

class Stream:
    async def start_tls(self) -> "Stream":
        return self

    async def read(self) -> bytes:
        return b""

class Client:
    async def handle(self, request) -> Response:
        return Response()

    async def connect(self) -> Stream:
        return Stream()

    async def request(self, r):
        response = await self.handle(r)
        await response.aclose()

    async def upgrade(self):
        stream = await self.connect()
        stream = await stream.start_tls()
        await stream.read()
"""


def test_an_awaited_call_gives_what_its_coroutine_returns() -> None:
    g = build_graph({"pkg/client.py": analyze("pkg/client.py", dedent(CLIENT))})
    assert {s.caller for s in callers(g, "Response.aclose").sites} == {"Client.request"}
    assert {s.caller for s in callers(g, "Stream.start_tls").sites} == {"Client.upgrade"}
    assert {s.caller for s in callers(g, "Stream.read").sites} == {"Client.upgrade"}
