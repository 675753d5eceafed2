"""Python parameters the graph types from what they are declared or defaulted with: a default
value (``_c=converter``, a closure's bound copy; ``conv=Converter()``) and ``type[X]`` (``cls()``
makes an ``X``), a declared ``cls`` outside a class included (cattrs' hooks and parametrized tests)."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

CONVERTER = """
class Converter:
    def structure(self, obj, cl):
        return cl(obj)
"""

USER = """
from typing import Type
from pkg.conv import Converter

def make(converter: Converter):
    def hook(val, _c=converter):
        return _c.structure(val, int)
    return hook

def make_default(conv=Converter()):
    return conv.structure(1, int)

def made(kind: type[Converter]):
    c = kind()
    return c.structure(2, int)

def made_cls(cls: Type[Converter]):
    return cls().structure(3, int)

def unknown(value=None, other=0):
    return value.structure(4, int)
"""


def graph() -> CodeGraph:
    files = {"pkg/__init__.py": "", "pkg/conv.py": CONVERTER, "pkg/user.py": USER}
    return build_graph({p: analyze(p, dedent(t)) for p, t in files.items()})


def test_a_parameter_is_typed_by_its_default_value() -> None:
    found = {(s.path, s.caller) for s in callers(graph(), "Converter.structure").sites}
    assert ("pkg/user.py", "make.hook") in found  # _c=converter: an alias of the outer parameter
    assert ("pkg/user.py", "make_default") in found  # conv=Converter(): an instance
    assert ("pkg/user.py", "unknown") not in found  # None says nothing


def test_a_type_of_a_class_parameter_calls_the_class() -> None:
    g = graph()
    structured = {s.caller for s in callers(g, "Converter.structure").sites}
    assert {"made", "made_cls"} <= structured
    constructed = {s.caller for s in callers(g, "Converter").sites}
    assert {"made", "made_cls"} <= constructed


HOLDER = """
from pkg.conv import Converter

class Holder:
    def __init__(self, converter=None, other=None):
        self._converter = converter or Converter()
        self._other = other and Converter()

    def run(self):
        return self._converter.structure(5, int)

    def other(self):
        return self._other.structure(6, int)
"""


def test_an_attribute_given_or_made_is_what_is_made() -> None:
    files = {"pkg/__init__.py": "", "pkg/conv.py": CONVERTER, "pkg/holder.py": HOLDER}
    g = build_graph({p: analyze(p, dedent(t)) for p, t in files.items()})
    found = {s.caller for s in callers(g, "Converter.structure").sites}
    assert "Holder.run" in found  # converter or Converter(): a Converter either way it is called
    assert "Holder.other" not in found  # other and Converter(): maybe the falsy other


BOUND = """
from typing import TypeVar
from pkg.conv import Converter

C = TypeVar("C", bound=Converter)
Q = TypeVar("Q", bound="Converter")
T = TypeVar("T")

def strategy(converter: C) -> C:
    converter.structure(7, int)
    return converter

def quoted(converter: Q):
    return converter.structure(8, int)

def free(value: T):
    return value.structure(9, int)
"""


def test_a_bound_type_variable_is_its_bound() -> None:
    files = {"pkg/__init__.py": "", "pkg/conv.py": CONVERTER, "pkg/bound.py": BOUND}
    g = build_graph({p: analyze(p, dedent(t)) for p, t in files.items()})
    found = {s.caller for s in callers(g, "Converter.structure").sites}
    assert {"strategy", "quoted"} <= found
    assert "free" not in found


AUGMENTED = """
from pkg.conv import Converter

def grown():
    c = Converter()
    c += 1
    return c.structure(10, int)

count = 0

def counted():
    global count
    count += 1
    return count
"""


def test_an_augmented_assignment_keeps_the_type() -> None:
    files = {"pkg/__init__.py": "", "pkg/conv.py": CONVERTER, "pkg/grown.py": AUGMENTED}
    g = build_graph({p: analyze(p, dedent(t)) for p, t in files.items()})
    assert "grown" in {s.caller for s in callers(g, "Converter.structure").sites}
