"""Java: a record's components are its accessors (``record Point(int x, int y)``: ``Point.x``), so
``p.x()`` and a bare ``x()`` in the record's body reach them; they had been no symbols, and "who
calls Point.x" answered that nothing defines it. An accessor the body declares itself is the one."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

POINT = """
package p;

public record Point(int x, int y, String... tags) {
    public Point {
        if (x < 0) throw new IllegalArgumentException("x");
    }

    public int y() { return y * 2; }

    public int sum() {
        return x() + y();
    }
}
"""

USE = """
package p;

public class Use {
    public int run(Point p) {
        Point q = new Point(1, 2);
        return p.x() + q.y() + p.tags().length;
    }
}
"""


def graph() -> CodeGraph:
    files = {"src/p/Point.java": POINT, "src/p/Use.java": USE}
    return build_graph({path: analyze(path, dedent(text)) for path, text in files.items()})


def test_a_component_is_an_accessor_its_calls_reach() -> None:
    g = graph()
    assert [(s.line, s.caller) for s in callers(g, "Point.x").sites] == [(12, "Point.sum"), (7, "Use.run")]
    assert [s.line for s in callers(g, "Point.tags").sites] == [7]  # a varargs component too


def test_an_accessor_the_body_declares_is_the_one_defined() -> None:
    point = analyze("src/p/Point.java", dedent(POINT))
    assert [(s.kind, s.qualname, s.start_line) for s in point.symbols if s.name == "y"] == [("method", "Point.y", 9)]
    assert sorted(s.line for s in callers(graph(), "Point.y").sites) == [7, 12]
