"""A Java field a class inherits types the calls made through it: jopt-simple's tests call
``parser.printHelpOn(sink)`` on the ``protected OptionParser parser`` of the fixture they extend,
which imports ``OptionParser`` where the test does not (69 calls of ``printHelpOn`` had been tied
to nothing, while the same call on a local ``OptionParser parser`` was found)."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

PARSER = """
package joptsimple;

public class OptionParser {
    public void printHelpOn(Object sink) {}
}
"""

FIXTURE = """
package tests.joptsimple;

import joptsimple.OptionParser;

public abstract class AbstractFixture {
    protected OptionParser parser;
}
"""

MIDDLE = """
package tests.joptsimple;

public abstract class MiddleFixture extends AbstractFixture {
}
"""

TEST = """
package tests.joptsimple;

public class HelpTest extends MiddleFixture {
    public void prints() {
        parser.printHelpOn(null);
    }

    public void shadowed(Object parser) {
        parser.printHelpOn(null);
    }
}
"""


def graph() -> CodeGraph:
    files = {"src/main/java/joptsimple/OptionParser.java": PARSER,
             "src/test/java/tests/joptsimple/AbstractFixture.java": FIXTURE,
             "src/test/java/tests/joptsimple/MiddleFixture.java": MIDDLE,
             "src/test/java/tests/joptsimple/HelpTest.java": TEST}
    return build_graph({path: analyze(path, dedent(text)) for path, text in files.items()})


def test_a_call_through_an_inherited_field_is_the_field_types_method() -> None:
    g = graph()
    sites = callers(g, "OptionParser.printHelpOn").sites
    assert [(s.caller, s.line) for s in sites] == [("HelpTest.prints", 6)]
