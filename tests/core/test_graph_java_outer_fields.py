"""Java: a field of an enclosing class, read by its bare name in an inner or nested class's method,
is that field (junit's ``LoggerFactory.DelegatingLogger.log``: ``listeners.forEach(listener ->
listener.logRecordSubmitted(r))`` of ``LoggerFactory``'s ``static final Set<LogRecordListener>
listeners``); only the innermost class's fields had been looked at, so the call reached nothing. A
field of the inner class of the same name is still the nearer one."""

from __future__ import annotations

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

FILES = {
    "a/Listener.java": "package a;\npublic interface Listener {\n  void got(String s);\n}\n",
    "a/Sink.java": "package a;\npublic class Sink {\n  void got(String s) {}\n}\n",
    "a/Outer.java": """package a;
import java.util.Set;
class Outer {
  private static final Set<Listener> listeners = null;
  private Listener one;
  private Listener shadowed;
  class Inner {
    private Sink shadowed;
    void log() {
      listeners.forEach(l -> l.got(""));
      one.got("");
      shadowed.got("");
    }
  }
  static class Nested {
    static class Deeper {
      void log() {
        for (Listener l : listeners) {
          l.got("");
        }
      }
    }
  }
}
""",
}


def test_an_outer_class_s_field_read_in_an_inner_class_is_that_field() -> None:
    graph = build_graph({path: analyze(path, text) for path, text in FILES.items()})
    assert [(s.path, s.line) for s in callers(graph, "Listener.got").sites] == [
        ("a/Outer.java", 10), ("a/Outer.java", 11), ("a/Outer.java", 19)]
    assert [(s.path, s.line) for s in callers(graph, "Sink.got").sites] == [("a/Outer.java", 12)]
