"""Java: a static import of a nested class's method (junit's ``import static
org.junit.platform.engine.support.discovery.SelectorResolver.Resolution.unresolved``) reaches that
method: ``return unresolved();`` had been read as a package outside the repository, and "who calls
Resolution.unresolved" left out its 10 callers in junit-jupiter-engine."""

from __future__ import annotations

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

FILES = {
    "a/Resolver.java": """package a;
public interface Resolver {
  class Resolution {
    public static Resolution unresolved() { return null; }
    public static class Deeper {
      public static void deep() {}
    }
  }
  static void top() {}
}
""",
    "b/Use.java": """package b;
import static a.Resolver.Resolution.unresolved;
import static a.Resolver.Resolution.Deeper.deep;
import static a.Resolver.top;
import a.Resolver.Resolution;
class Use {
  Resolution r() {
    deep();
    top();
    return unresolved();
  }
}
""",
}


def test_a_static_import_of_a_nested_class_s_method_reaches_it() -> None:
    graph = build_graph({path: analyze(path, text) for path, text in FILES.items()})
    assert [(s.path, s.line) for s in callers(graph, "Resolution.unresolved").sites] == [("b/Use.java", 10)]
    assert [(s.path, s.line) for s in callers(graph, "Deeper.deep").sites] == [("b/Use.java", 8)]
    assert [(s.path, s.line) for s in callers(graph, "Resolver.top").sites] == [("b/Use.java", 9)]
