"""A Python method decorated with a descriptor named as a property (python-docx's ``@lazyproperty
def rels(self)``, its own class with ``__get__``) is read as a property: ``self.rels.part_with()`` is
a call of what ``rels`` returns (jedi reads it through the descriptor's ``__get__``), and reading
``self.rels`` runs ``rels``. It had been the method itself, its members nothing. A decorator of
another name (``@cache``) leaves the method a method."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

SHARED = """
class lazyproperty:
    def __init__(self, fget):
        self.fget = fget

    def __get__(self, obj, type=None):
        return self.fget(obj)

def cache(f):
    return f
"""

PACKAGE = """
from pkg.shared import cache, lazyproperty

class Relationships:
    def part_with_reltype(self, reltype):
        return reltype

class Package:
    @lazyproperty
    def rels(self):
        return Relationships()

    @cache
    def cached(self):
        return Relationships()

    def part_related_by(self, reltype):
        return self.rels.part_with_reltype(reltype)

    def other(self, reltype):
        return self.cached.part_with_reltype(reltype)
"""


def test_a_descriptor_named_as_a_property_reads_the_method_result() -> None:
    g = build_graph({"pkg/shared.py": analyze("pkg/shared.py", dedent(SHARED)),
                     "pkg/package.py": analyze("pkg/package.py", dedent(PACKAGE))})
    assert [s.line for s in callers(g, "Relationships.part_with_reltype").sites] == [18]
    assert [s.line for s in callers(g, "Package.rels").sites] == [18]
