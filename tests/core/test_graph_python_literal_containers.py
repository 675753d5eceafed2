"""A Python list, set or dict literal whose elements (values) are all made by one class holds
instances of it (kombu's ``codecs = {'base64': Base64()}``: ``self.codecs.get(encoding).encode(body)``
reached nothing); empty literals say nothing, and a mixed one holds instances of either
(``test_graph_python_mixed_literals``)."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

CHANNEL = """
class Base64:
    def encode(self, s):
        return s

class Hex:
    def encode(self, s):
        return s

class Channel:
    codecs = {'base64': Base64()}
    mixed = {'base64': Base64(), 'hex': Hex()}

    def __init__(self):
        self.chain = [Base64(), Base64()]
        self.empty = []

    def encode(self, body, encoding):
        return self.codecs.get(encoding).encode(body)

    def first(self, body):
        return self.chain[0].encode(body)

    def either(self, body, encoding):
        return self.mixed[encoding].encode(body)

    def loop(self, body):
        for codec in self.chain:
            codec.encode(body)
"""


def test_a_literal_of_one_class_holds_its_instances() -> None:
    g = build_graph({"pkg/channel.py": analyze("pkg/channel.py", dedent(CHANNEL))})
    assert {s.caller for s in callers(g, "Base64.encode").sites} == {
        "Channel.encode", "Channel.first", "Channel.loop", "Channel.either"}
    assert {s.caller for s in callers(g, "Hex.encode").sites} == {"Channel.either"}
