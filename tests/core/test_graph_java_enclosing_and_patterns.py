"""Java: ``Outer.this.size()`` in an inner class calls the enclosing class's method; a nested class
or interface names its bases as the class around it sees them (``interface NumberRule extends
Rule``, all nested: ``mRule.estimateLength()`` on a ``NumberRule`` calls ``Rule``'s); an
``instanceof`` pattern (``o instanceof Counter c``) types its variable. commons-lang 3.12 against
javac: 14 of StrBuilder's inner-class calls, 4 of FastDatePrinter's rule calls had reached nothing."""

from __future__ import annotations

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

FILES = {
    "a/Outer.java": """package a;
public class Outer {
  public int size() { return 0; }
  class Inner {
    int size() { return 1; }
    int outer() { return Outer.this.size(); }
  }
}
""",
    "a/Rules.java": """package a;
public class Rules {
  interface Rule { int estimateLength(); }
  interface NumberRule extends Rule { void appendTo(int v); }
  static class Pad implements NumberRule {
    private final NumberRule mRule;
    Pad(NumberRule r) { mRule = r; }
    public int estimateLength() {
      return mRule.estimateLength();
    }
    public void appendTo(int v) {}
  }
}
""",
    "a/Pat.java": """package a;
public class Pat {
  static class Counter { long count() { return 0; } }
  long pat(Object o) {
    if (o instanceof Counter c) {
      return c.count();
    }
    return 0;
  }
}
""",
}


def _sites(name: str) -> list[tuple[str, int]]:
    graph = build_graph({path: analyze(path, text) for path, text in FILES.items()})
    return [(s.path, s.line) for s in callers(graph, name).sites]


def test_outer_this_calls_the_enclosing_class_method() -> None:
    assert _sites("Outer.size") == [("a/Outer.java", 6)]
    assert _sites("Outer.Inner.size") == []


def test_a_nested_interface_inherits_its_nested_sibling() -> None:
    assert _sites("Rules.Rule.estimateLength") == [("a/Rules.java", 9)]


def test_an_instanceof_pattern_variable_has_its_type() -> None:
    assert _sites("Pat.Counter.count") == [("a/Pat.java", 6)]
