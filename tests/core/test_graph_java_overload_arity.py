"""Java: a bare call is tied to the overload its argument count fits, up the class's bases. The
graph has one node per class and method name, and tied ``m(...)`` to the calling class's own ``m``
whenever it declared one: jackson-core's ``GeneratorBase.writeStartObject(Object forValue)`` calls
``writeStartObject()`` (``JsonGenerator``'s; "who calls GeneratorBase.writeStartObject" listed the
call itself), and ``_constructError(msg)`` in ``ParserMinimalBase``, which declares only
``_constructError(String msg, Throwable t)``, is ``JsonParser``'s: javac attributes both to the base."""

from __future__ import annotations

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

FILES = {
    "a/Gen.java": """package a;
public abstract class Gen {
  public abstract void start();
  public void start(Object o) { start(); }
  protected Error error(String msg) { return null; }
}
""",
    "a/Base.java": """package a;
public abstract class Base extends Gen {
  @Override
  public void start(Object o) {
    start();
  }
  protected final Error error(String msg, Throwable t) { return null; }
  void fail(String msg) {
    throw error(msg /* no cause */);
  }
  void fail2(String msg, Throwable t) {
    throw error(msg, t);
  }
  void rec(int n) { if (n > 0) rec(n - 1); }
  void many(String... xs) { many(); many("a", "b"); }
  String text() { return toString(1); }
  String toString(int n) { return ""; }
}
""",
}


def _sites(name: str) -> list[tuple[str, int]]:
    graph = build_graph({path: analyze(path, text) for path, text in FILES.items()})
    return [(s.path, s.line) for s in callers(graph, name).sites]


def test_a_bare_call_no_overload_of_the_class_fits_is_the_base_s() -> None:
    assert _sites("Base.start") == []
    assert _sites("Gen.start") == [("a/Base.java", 5), ("a/Gen.java", 4)]
    assert _sites("Base.error") == [("a/Base.java", 12)]
    assert _sites("Gen.error") == [("a/Base.java", 9)]  # a comment is no argument


def test_a_call_that_fits_the_class_s_own_overload_stays_there() -> None:
    assert _sites("Base.rec") == [("a/Base.java", 14)]
    assert _sites("Base.many") == [("a/Base.java", 15)]  # varargs: none or two arguments fit
    assert _sites("Base.toString") == [("a/Base.java", 16)]
