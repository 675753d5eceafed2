"""A Python loop or comprehension target named ``cls`` or ``self`` is that loop's value, not the
enclosing class (kombu's ``{typ: cls(self) for typ, cls in self.exchange_types.items()}`` in
``Channel.__init__`` had been listed as a caller of ``Channel.__init__``)."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

CHANNEL = """
class Direct:
    def __init__(self, channel):
        self.channel = channel

class Channel:
    exchange_types = {"direct": Direct}

    def __init__(self, connection):
        self.exchanges = {typ: cls(self) for typ, cls in self.exchange_types.items()}
        self.first = [cls(self) for cls in self.exchange_types.values()]

    def again(self):
        for cls in self.exchange_types.values():
            cls(self)

    @classmethod
    def make(cls, connection):
        return cls(connection)
"""


def test_a_loop_target_named_cls_is_no_call_of_the_class() -> None:
    g = build_graph({"pkg/channel.py": analyze("pkg/channel.py", dedent(CHANNEL))})
    assert {s.caller for s in callers(g, "Channel.__init__").sites} == {"Channel.make"}
    assert {s.caller for s in callers(g, "Channel").sites} == {"Channel.make"}
