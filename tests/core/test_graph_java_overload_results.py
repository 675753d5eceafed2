"""Java: a call on what an overloaded method gives is the one declared result that has the member
called. avaje-jex's ``Jex`` declares ``JexConfig config()`` and ``Jex config(Consumer<JexConfig> c)``;
``jex.config().compression()`` and ``routing().get(...)`` (``Routing routing()`` beside ``Jex
routing(HttpService s)``) were tied to nothing, their overloads' results differing (javac: JexConfig's
``compression``, Routing's ``get``). Where both results have the member and the argument count does
not tell the overloads apart (``overload_counts``), no guess."""

from __future__ import annotations

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

FILES = {
    "a/Config.java": "package a;\npublic class Config {\n  public int port() { return 0; }\n"
                     "  public String name() { return \"\"; }\n}\n",
    "a/Ctx.java": "package a;\npublic interface Ctx {\n  Ctx status(int code);\n  int status();\n  void text(String s);\n}\n",
    "a/Server.java": """package a;
import java.util.function.Consumer;
public interface Server {
  Config config();
  Server config(Consumer<Config> c);
  String name();
  Config pick(int n);
  Server pick(String s);
  default int serverPort() {
    return config().port();
  }
}
""",
    "a/Use.java": """package a;
public class Use {
  void f(Server server, Ctx ctx) {
    server.config().port();
    ctx.status(500).text("no");
    server.config().name();
    server.pick(1).name();
  }
}
""",
}


def _graph():
    return build_graph({path: analyze(path, text) for path, text in FILES.items()})


def test_a_call_on_an_overload_s_result_is_the_result_that_has_the_member() -> None:
    graph = _graph()
    assert [(s.path, s.line) for s in callers(graph, "Config.port").sites] == [("a/Server.java", 10), ("a/Use.java", 4)]
    assert [(s.path, s.line) for s in callers(graph, "Ctx.text").sites] == [("a/Use.java", 5)]


def test_no_guess_where_each_overload_s_result_has_the_member() -> None:
    graph = _graph()  # config() of no argument is Config's; pick(1) is either overload's, by its count
    assert [(s.path, s.line) for s in callers(graph, "Config.name").sites] == [("a/Use.java", 6)]
    assert callers(graph, "Server.name").sites == []
