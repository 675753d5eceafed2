"""Java: a class of the file's own package is the name before one a wildcard import brings, as
javac reads it (args4j's ``spi.OptionHandler`` imports ``org.kohsuke.args4j.*``, whose tests
hold another ``Setter``: its 14 ``setter.addValue(...)`` had been looked up on the test's class)."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

FILES = {
    "src/a/spi/Setter.java": """
        package a.spi;
        public interface Setter<T> { void addValue(T value); }
    """,
    "test/a/Setter.java": """
        package a;
        public class Setter { public void addValue(Object v) {} }
    """,
    "src/a/spi/Handler.java": """
        package a.spi;
        import a.*;
        public class Handler {
            public final Setter<String> setter = null;
            void parse() { setter.addValue("x"); }
        }
    """,
}


def test_a_class_of_the_own_package_comes_before_a_wildcard_s() -> None:
    g = build_graph({path: analyze(path, dedent(text)) for path, text in FILES.items()})
    assert [s.path for s in callers(g, "src/a/spi/Setter.java::Setter.addValue").sites] == ["src/a/spi/Handler.java"]
    assert callers(g, "test/a/Setter.java::Setter.addValue").sites == []
