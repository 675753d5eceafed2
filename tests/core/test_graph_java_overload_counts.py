"""Java: what an overloaded method gives is the result of the overload the call's argument count
fits (a fixed count before a varargs one). avaje-jex's ``Jex`` declares ``Routing routing()`` beside ``Jex routing(HttpService s)`` and has
a ``get`` of its own, as ``Routing`` has: ``routing().get(path, handler)`` (13 calls) reached nothing,
the member telling the two results apart no more than the name did; ``final var config =
jex.config(); config.health()`` (``JexConfig config()`` beside ``Jex config(Consumer<JexConfig>)``)
neither, no member being called where the local is bound. javac picks ``routing()`` and
``config()``, the overloads of no parameter. Where two overloads of that count differ, or a method
calls the same callee with two counts, the member called decides as before (``overload_results``)."""

from __future__ import annotations

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

FILES = {
    "a/Routing.java": "package a;\npublic interface Routing {\n  Routing get(String path, Runnable r);\n"
                      "  Routing add(String... paths);\n}\n",
    "a/JexConfig.java": "package a;\npublic interface JexConfig {\n  boolean health();\n  int port();\n}\n",
    "a/Jex.java": """package a;
import java.util.function.Consumer;
public interface Jex {
  Routing routing();
  Jex routing(Runnable service);
  JexConfig config();
  Jex config(Consumer<JexConfig> c);
  Jex port(int port);
  Jex add(String path);
  Routing add(String path, String... more);
  default Jex get(String path, Runnable r) {
    routing().get(path, r);
    return this;
  }
}
""",
    "a/Boot.java": """package a;
public final class Boot {
  static int start(Jex jex) {
    final var config = jex.config();
    if (config.health()) {
      jex.add("/health").port(8080);
    }
    return config.port();
  }
  static void more(Jex jex) {
    jex.add("/a", "b").get("/c", null);
  }
}
""",
}


def _graph():
    return build_graph({path: analyze(path, text) for path, text in FILES.items()})


def _sites(graph, name: str) -> list[tuple[str, int]]:
    return [(s.path, s.line) for s in callers(graph, name).sites]


def test_a_call_on_an_overload_s_result_is_the_result_of_the_overload_its_count_fits() -> None:
    graph = _graph()
    assert _sites(graph, "Routing.get") == [("a/Boot.java", 11), ("a/Jex.java", 12)]
    assert _sites(graph, "Jex.get") == []  # Jex's own get is not what routing().get(...) calls
    assert _sites(graph, "Jex.port") == [("a/Boot.java", 6)]  # add(path): the overload of one parameter


def test_a_var_bound_to_an_overload_s_result_is_the_result_of_the_overload_its_count_fits() -> None:
    graph = _graph()
    assert _sites(graph, "JexConfig.health") == [("a/Boot.java", 5)]
    assert _sites(graph, "JexConfig.port") == [("a/Boot.java", 8)]
