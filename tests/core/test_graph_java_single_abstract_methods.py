"""Java: a lambda standing for an interface of the repository with one abstract method takes what
that method's parameters are declared as: passed to a method declaring the interface (junit's
``addResourceLocksProvider(provider -> provider.provide(...))``, avaje-jex's handlers) or held by a
variable declared with it (``Handler h = (ctx, n) -> ctx.send()``), also a JDK ``Function<Ctx, R>``
variable. Such calls had been tied to nothing: "who calls Ctx.send" left them out."""

from __future__ import annotations

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

FILES = {
    "a/Ctx.java": "package a;\npublic class Ctx {\n  void send() {}\n  void close() {}\n}\n",
    "a/Handler.java": """package a;
public interface Handler {
  void handle(Ctx ctx, int n);
  default Handler and(Handler other) { return this; }
  boolean equals(Object o);
}
""",
    "a/Two.java": "package a;\npublic interface Two {\n  void one(Ctx c);\n  void two(Ctx c);\n}\n",
    "a/Visitor.java": "package a;\npublic interface Visitor<T> {\n  T visit(Ctx c);\n}\n",
    "a/Router.java": """package a;
import java.util.function.Function;
public class Router {
  void on(String path, Handler h) {}
  void visit(Visitor<String> v) {}
  void both(Two t) {}
  void go() {
    on("/", (ctx, n) -> ctx.send());
    visit(c -> { c.send(); return ""; });
    Handler h = (ctx, n) -> ctx.close();
    Function<Ctx, String> f = x -> { x.close(); return ""; };
    both(t -> t.send());
  }
}
""",
}


def test_a_lambda_for_an_interface_with_one_abstract_method_takes_its_parameters() -> None:
    graph = build_graph({path: analyze(path, text) for path, text in FILES.items()})
    assert [(s.path, s.line) for s in callers(graph, "Ctx.send").sites] == [("a/Router.java", 8), ("a/Router.java", 9)]
    assert [(s.path, s.line) for s in callers(graph, "Ctx.close").sites] == [("a/Router.java", 10), ("a/Router.java", 11)]
