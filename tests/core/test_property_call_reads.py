"""Who calls a property made by calling ``property`` in a class's body (``diameter =
property(_get_diameter)``): its reads are listed as a decorated property's are, with the notice
that says where the rest are. The graph had found nothing and the answer blended the engines."""

from __future__ import annotations

from pathlib import Path
from textwrap import dedent

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.parsing.analyze import analyze
from maguyva_tui.core.parsing.facts.bindings import PROPERTY

SOURCE = """
class Circle:
    def __init__(self, r):
        self.r = r

    def _get_diameter(self):
        return 2 * self.r

    diameter = property(_get_diameter)
    radius = staticmethod(len)


def report(c: Circle):
    return c.diameter + c.radius


def main():
    c = Circle(2)
    print(c.diameter)
"""


def test_a_class_attribute_made_by_property_is_marked_a_property() -> None:
    rows = analyze("shapes.py", dedent(SOURCE)).references
    marked = {r.scope for r in rows if r.kind == "local" and r.name == PROPERTY}
    assert marked == {"Circle.diameter"}  # staticmethod(len) is none


@pytest.mark.slow  # an index built: about 0.8 s on 2 cores
def test_reads_of_a_property_made_by_a_call_are_its_callers(tmp_path: Path) -> None:
    (tmp_path / "repo").mkdir()
    (tmp_path / "repo" / "shapes.py").write_text(dedent(SOURCE))
    engine = Engine(tmp_path / "repo", tmp_path / "index", static=False)
    try:
        engine.refresh()
        lines = dedent(SOURCE).splitlines()
        answer = engine.callers("Circle.diameter", 20)
        assert [(e.line, e.caller, e.kind, e.reason) for e in answer.entries] == [
            (lines.index("    return c.diameter + c.radius") + 1, "report", "read", "reads the property diameter"),
            (lines.index("    print(c.diameter)") + 1, "main", "read", "reads the property diameter"),
        ]
        assert not engine.callers("Circle.radius", 20).entries  # staticmethod(len) is no property
        notices = engine.search("who calls diameter", limit=10).notices
        assert any(n.startswith("Circle.diameter is a property: reading it (.diameter) runs it") for n in notices)
    finally:
        engine.close()
