"""Java: a ``var`` local has the type of its initializer. avaje-jex's ``final var config =
jex.config(); config.health()`` and ``var route = routes.match(...); route.inc()`` were tied to
nothing ("who calls JexConfig.health" left them out; javac attributes both)."""

from __future__ import annotations

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

FILES = {
    "a/Config.java": "package a;\npublic class Config {\n  public boolean health() { return true; }\n"
                     "  public static Config of() { return new Config(); }\n}\n",
    "a/Server.java": "package a;\npublic interface Server {\n  Config config();\n}\n",
    "a/Use.java": """package a;
import java.util.List;
public class Use {
  void made() {
    var config = new Config();
    config.health();
  }
  void returned(Server server) {
    final var config = server.config();
    if (config.health()) {}
  }
  void factory() {
    var config = Config.of();
    var same = config;
    same.health();
  }
  void unknown(List<Config> xs) {
    var it = xs.iterator();
    it.health();
  }
}
""",
}


def _graph():
    return build_graph({path: analyze(path, text) for path, text in FILES.items()})


def test_a_call_on_a_var_local_is_its_initializer_s_type_s_method() -> None:
    assert [(s.path, s.line) for s in callers(_graph(), "Config.health").sites] == [
        ("a/Use.java", 6), ("a/Use.java", 10), ("a/Use.java", 15)]
