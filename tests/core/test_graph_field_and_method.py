"""A Java class with a field and a method of one name (jsoup's ``Node head;`` beside
``Element head()``): a call of the method is tied to the method, and its definition is shown
where the method is written, not at the field above it (``what does User.use call`` had listed
``Doc.head`` at the field's line, which calls nothing); a field read in a chain, ``d.head.size()``,
is the field's type, not the method's."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callees, callers
from maguyva_tui.core.parsing.analyze import analyze

DOC = """
package p;

public class Doc {
    Node head;

    public Node head() {
        return head;
    }
}
"""

NODE = """
package p;

public class Node {
    Node head;
    public Node head() { return head; }
    public int size() { return 0; }
}
"""

USER = """
package p;

public class User {
    int use(Doc d, Node n) {
        Node a = d.head;
        Node b = d.head();
        Node c = n.head;
        Node e = d.head().head();
        int f = d.head.size();
        Node g = d.head.head();
        return d.head().size();
    }
}
"""


def graph() -> CodeGraph:
    files = {"src/p/Doc.java": DOC, "src/p/Node.java": NODE, "src/p/User.java": USER}
    return build_graph({path: analyze(path, dedent(text)) for path, text in files.items()})


def test_the_method_stands_for_the_name_not_the_field_above_it() -> None:
    g = graph()
    symbol = g.symbols["src/p/Doc.java::Doc.head"]
    assert (symbol.kind, symbol.start_line) == ("method", 7)
    assert g.nodes.kinds[g.nodes.index["src/p/Doc.java::Doc.head"]] == "method"


def test_field_reads_are_not_calls_of_the_method() -> None:
    g = graph()
    assert sorted(s.line for s in callers(g, "Doc.head").sites) == [7, 9, 12]  # not d.head at 6
    assert [s.line for s in callers(g, "Node.head").sites] == [9, 11]  # d.head().head(), d.head.head()


def test_a_field_read_in_a_chain_is_the_field_of_its_type() -> None:
    # d.head.size() reads the field Node head, then calls Node.size; it had read the method head()
    # and left the call unresolved (jsoup: el.tag.normalName(), 25 calls)
    assert [s.line for s in callers(graph(), "Node.size").sites] == [10, 12]


def test_a_callee_is_the_method() -> None:
    found = {c.node: c.lines for c in callees(graph(), "User.use").callees}
    assert found["src/p/Doc.java::Doc.head"] == (7, 9, 12)
    assert graph().symbols["src/p/Node.java::Node.head"].start_line == 6
