"""Java: ``cls``, ``self`` and ``Self`` are ordinary names (only ``this`` and ``super`` are the
receiver): commons-lang's ``getShortClassName(final Class<?> cls) { ... cls.getName() }`` had been a
caller of its own class's ``ClassUtils.getName`` (7 sites, none a call of it as javac attributes them)."""

from __future__ import annotations

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

FILES = {
    "a/CU.java": """package a;
public class CU {
  public static String getName(final Class<?> cls) {
    return cls == null ? "" : cls.getName();
  }
  static class Node { String getName() { return ""; } }
  public static String named(final Node self) {
    return self.getName();
  }
  public String mine() {
    return this.getName(CU.class);
  }
}
""",
}


def _sites(name: str) -> list[tuple[str, int]]:
    graph = build_graph({path: analyze(path, text) for path, text in FILES.items()})
    return [(s.path, s.line) for s in callers(graph, name).sites]


def test_a_java_parameter_named_cls_is_no_receiver() -> None:
    assert _sites("CU.getName") == [("a/CU.java", 11)]


def test_a_java_parameter_named_self_has_its_declared_type() -> None:
    assert _sites("CU.Node.getName") == [("a/CU.java", 8)]
