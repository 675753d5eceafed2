"""Java: a method reference calls the method it names (``IOUtils::charArray``, ``this::take``,
``b::bytes``), a constructor reference instantiates its type (``Buf::new``). commons-io's
``ThreadLocal.withInitial(IOUtils::charArray)`` was no caller of ``IOUtils.charArray``; javac
attributes each reference to its method."""

from __future__ import annotations

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

FILES = {
    "a/Buf.java": "package a;\npublic class Buf {\n  public byte[] bytes() { return null; }\n}\n",
    "a/M.java": """package a;
import java.util.List;
import java.util.function.*;
public class M {
  static final Supplier<char[]> S = M::chars;
  static char[] chars() { return null; }
  void take(String s) {}
  void run(List<String> xs, Buf b) {
    xs.forEach(this::take);
    Supplier<Buf> made = Buf::new;
    Supplier<byte[]> read = b::bytes;
    Function<Integer, int[]> array = int[]::new;
  }
}
""",
}


def _sites(name: str) -> list[tuple[str, int]]:
    graph = build_graph({path: analyze(path, text) for path, text in FILES.items()})
    return [(s.path, s.line) for s in callers(graph, name).sites]


def test_a_java_method_reference_calls_its_method() -> None:
    assert _sites("M.chars") == [("a/M.java", 5)]
    assert _sites("M.take") == [("a/M.java", 9)]
    assert _sites("Buf.bytes") == [("a/M.java", 11)]


def test_a_java_constructor_reference_instantiates_its_type() -> None:
    assert _sites("Buf") == [("a/M.java", 10)]
