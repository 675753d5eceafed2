"""A Python module-level container typed by its elements (``HANDLERS = [Base64(), Base64()]``), in
its own file or imported, gives them where it is indexed or walked (``HANDLERS[0].encode()``, ``for
h in HANDLERS: h.encode()``, ``first = HANDLERS[1]``): the name had been read as the variable, no
array, and the calls reached nothing (jedi lists ``Base64.encode``)."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

CODECS = """
class Base64:
    def encode(self, data):
        return data

HANDLERS = [Base64(), Base64()]

def first(data):
    return HANDLERS[0].encode(data)
"""

USER = """
from pkg.codecs import HANDLERS

def run(data):
    for handler in HANDLERS:
        handler.encode(data)
    last = HANDLERS[1]
    return last.encode(data)
"""


def test_a_module_container_gives_its_elements() -> None:
    g = build_graph({"pkg/codecs.py": analyze("pkg/codecs.py", dedent(CODECS)),
                     "pkg/user.py": analyze("pkg/user.py", dedent(USER))})
    assert [(s.path, s.line) for s in callers(g, "Base64.encode").sites] == [
        ("pkg/codecs.py", 9), ("pkg/user.py", 6), ("pkg/user.py", 8)]
