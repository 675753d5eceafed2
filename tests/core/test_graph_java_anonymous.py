"""Java: a bare call in an anonymous class's body (a double-brace initialisation, ``new
OptionParser() {{ accepts("x"); }}``, 14 in jopt-simple's tests) is the method of the class it
extends, before the enclosing class's; it had been read as the test's own, and presumed external
where the test imports a wildcard from outside (``import static org.junit.Assert.*``)."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

PARSER = """
package a;

public class Parser {
    public Builder accepts(String name) { return new Builder(); }
    public void parse(String... args) {}
}
"""

BUILDER = """
package a;

public class Builder {
    public Builder required() { return this; }
}
"""

TEST = """
package a;

import static org.junit.Assert.*;

public class ParserTest {
    public void makes() {
        Parser parser = new Parser() {
            {
                accepts("a").required();
                helper();
            }
        };
        parser.parse("--a");
        new Parser() {{ accepts("one line"); }};
    }

    private void helper() {}
}
"""


def graph() -> CodeGraph:
    files = {"a/Parser.java": PARSER, "a/Builder.java": BUILDER, "a/ParserTest.java": TEST}
    return build_graph({path: analyze(path, dedent(text)) for path, text in files.items()})


def test_a_bare_call_in_an_anonymous_body_is_its_base_s_method() -> None:
    g = graph()
    assert [(s.line, s.caller) for s in callers(g, "Parser.accepts").sites] == [(10, "ParserTest.makes")]
    assert [s.line for s in callers(g, "Builder.required").sites] == [10]


def test_the_enclosing_class_and_the_local_declared_with_the_body_are_still_seen() -> None:
    g = graph()
    assert [s.line for s in callers(g, "ParserTest.helper").sites] == [11]
    assert [s.line for s in callers(g, "Parser.parse").sites] == [14]
