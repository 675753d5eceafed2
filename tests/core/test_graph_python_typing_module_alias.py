"""Python's typing forms reached through another name of the module (hishel's ``import typing as
tp``, ``storage: tp.Optional[BaseStorage]``) are read as ``Optional``, ``Union``: the parameter had
typed nothing, so ``storage.retrieve(key)`` reached nothing where jedi gives BaseStorage's."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

SOURCE = """
import typing as tp

class Foo:
    def run(self) -> None:
        pass

class Bar:
    def run(self) -> None:
        pass

def given(x: tp.Optional[Foo], y: tp.Union[Foo, Bar], z: "tp.Optional[Bar]") -> None:
    x.run()
    y.run()
    z.run()
"""


def test_typing_forms_through_a_module_alias() -> None:
    g = build_graph({"pkg/m.py": analyze("pkg/m.py", dedent(SOURCE))})
    assert sorted(s.line for s in callers(g, "Foo.run").sites) == [13, 14]
    assert sorted(s.line for s in callers(g, "Bar.run").sites) == [14, 15]
