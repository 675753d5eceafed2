"""Java: what the JDK's generic containers give is their element type. avaje-jex's
``filters.next().filter(ctx, this)`` of an ``Iterator<HttpFilter>``, ``compressor.get().encoding()`` of
an ``Optional<Compressor>``, avaje-config's ``keyStack.peek().indent()`` of a ``Deque<Key>`` and
``buildMap.computeIfAbsent(...).add(...)`` of a ``Map<K, RouteIndexBuild>`` were tied to nothing
(javac attributes each). A ``List`` the file does not import from ``java.util`` is its own."""

from __future__ import annotations

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

FILES = {
    "a/Route.java": "package a;\npublic class Route {\n  public void inc() {}\n  public String key() { return \"\"; }\n}\n",
    "a/Use.java": """package a;
import java.util.*;
import java.util.concurrent.ConcurrentHashMap;
public class Use {
  List<Route> routes;
  void list(Iterator<Route> it, Optional<Route> held, Deque<? extends Route> stack) {
    routes.get(0).inc();
    it.next().inc();
    held.get().inc();
    held.orElseThrow().inc();
    stack.peek().inc();
    routes.stream().filter(r -> true).findFirst().get().inc();
    var first = routes.get(0);
    first.inc();
    routes.size();
  }
  void map(Map<String, Route> byName, ConcurrentHashMap<Route, String> byRoute) {
    byName.get("a").inc();
    byName.computeIfAbsent("b", k -> new Route()).inc();
    byName.values().iterator().next().inc();
    byRoute.keySet().iterator().next().inc();
    byRoute.get(null).length();
  }
}
""",
    "b/Other.java": "package b;\npublic class Other {\n  public void inc() {}\n}\n",
    "b/List.java": "package b;\npublic class List<T> {\n  public Other get(int i) { return null; }\n}\n",
    "b/Own.java": """package b;
import a.Route;
public class Own {
  void f(List<Route> xs) {
    xs.get(0).inc();
  }
}
""",
}


def _graph():
    return build_graph({path: analyze(path, text) for path, text in FILES.items()})


def test_an_element_a_jdk_container_gives_is_of_its_element_type() -> None:
    graph = _graph()
    assert [s.line for s in callers(graph, "Route.inc").sites if s.path == "a/Use.java"] == [
        7, 8, 9, 10, 11, 12, 14, 18, 19, 20, 21]
    assert [(s.path, s.line) for s in callers(graph, "Other.inc").sites] == [("b/Own.java", 5)]


def test_a_jdk_container_s_own_methods_stay_the_jdk_s() -> None:
    source = """package a;
import java.util.*;
public class Own {
  private List<Route> routes;
  List<Route> routes() { return routes; }
  int f(Iterator<Object> any) { any.next(); return routes().size() + routes.size(); }
}
"""
    graph = build_graph({"a/Route.java": analyze("a/Route.java", FILES["a/Route.java"]),
                         "a/Own.java": analyze("a/Own.java", source)})
    outcomes = {(item.name, item.outcome) for items in graph.loose.values() for item in items if item.kind == "call"}
    assert outcomes == {("any.next", "external"), ("routes().size", "external"), ("routes.size", "external")}
