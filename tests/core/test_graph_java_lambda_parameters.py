"""Java: a lambda's untyped parameter is what the method it is passed to gives it: a JDK container's
element (``routes.forEach(r -> r.inc())``, ``s.filter(c -> c.encoding())``), a mapping's value
(``map.forEach((k, v) -> v.inc())``), or the type argument of the JDK functional interface the
repository's method declares (avaje-config's ``entries.forEach((key, entry) -> entry.value())`` of
``forEach(BiConsumer<String, CoreEntry> action)``). Each was tied to nothing; javac attributes them."""

from __future__ import annotations

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

FILES = {
    "a/Route.java": "package a;\npublic class Route {\n  public void inc() {}\n}\n",
    "a/Other.java": "package a;\npublic class Other {\n  public void inc() {}\n}\n",
    "a/Entries.java": """package a;
import java.util.function.BiConsumer;
public class Entries {
  public void each(BiConsumer<String, Route> action) {}
}
""",
    "a/Use.java": """package a;
import java.util.*;
public class Use {
  void f(List<Route> xs, Map<String, Route> m, Optional<Route> o, Entries entries) {
    xs.forEach(r -> r.inc());
    xs.stream().filter(y -> true).sorted((p, q) -> 0).forEach(z -> z.inc());
    m.forEach((k, v) -> v.inc());
    o.ifPresent(h -> h.inc());
    entries.each((key, entry) -> entry.inc());
    m.computeIfAbsent("k", name -> new Route()).inc();
  }
  void g(List<Route> xs, List<Other> os) {
    xs.forEach(w -> w.inc());
    os.forEach(w -> w.inc());
  }
}
""",
}


def _graph():
    return build_graph({path: analyze(path, text) for path, text in FILES.items()})


def test_a_lambda_s_parameter_is_what_its_method_passes() -> None:
    graph = _graph()
    assert [(s.path, s.line) for s in callers(graph, "Route.inc").sites] == [
        ("a/Use.java", 5), ("a/Use.java", 6), ("a/Use.java", 7), ("a/Use.java", 8), ("a/Use.java", 9),
        ("a/Use.java", 10)]


def test_two_lambdas_naming_their_parameters_alike_tie_neither_to_the_other_s_type() -> None:
    assert callers(_graph(), "Other.inc").sites == []
