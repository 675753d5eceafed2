"""A Python annotation quoted as a string (a forward reference) is read as the annotation it quotes:
``x: "Union[Foo, Bar]"``, ``x: "Foo | Bar"``, ``xs: "List[Foo]"``, ``self.c: "dict[str, Foo]"`` had
typed nothing (only ``"Foo"``, ``"Optional[Foo]"`` and ``"Foo | None"`` were read), so their calls
were tied to nothing where jedi lists each member's method."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

SOURCE = """
from typing import List, Optional, Union

class Foo:
    def run(self) -> None:
        pass

class Bar:
    def run(self) -> None:
        pass

def union(x: "Union[Foo, Bar]") -> None:
    x.run()

def piped(x: "Foo | Bar") -> None:
    x.run()

def looped(xs: "List[Foo]") -> None:
    for x in xs:
        x.run()

def nested(x: "Optional[Union[Foo, Bar]]", xs: "list[Foo | Bar]") -> None:
    x.run()
    xs[0].run()

def optional(x: "Foo | None", y: Optional["Foo"], ys: List["Foo"], z: "Foo") -> None:
    x.run()
    y.run()
    ys[0].run()
    z.run()

def not_types(x: "no such thing!", y: "Foo()", z: "Foo = 1") -> None:
    x.run()
    y.run()
    z.run()

class Holder:
    def __init__(self) -> None:
        self.b: "Union[Foo, Bar]"
        self.c: "dict[str, Foo]" = {}

    def go(self) -> None:
        self.b.run()
        self.c["k"].run()
"""


def test_a_quoted_annotation_types_as_written_unquoted() -> None:
    g = build_graph({"pkg/m.py": analyze("pkg/m.py", dedent(SOURCE))})
    both = [("Holder.go", 43), ("nested", 23), ("nested", 24), ("piped", 16), ("union", 13)]
    assert sorted((s.caller, s.line) for s in callers(g, "Bar.run").sites) == both
    foo_only = [("Holder.go", 44), ("looped", 20), *(("optional", n) for n in range(27, 31))]
    assert sorted((s.caller, s.line) for s in callers(g, "Foo.run").sites) == sorted([*both, *foo_only])
