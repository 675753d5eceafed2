"""Java: a try-with-resources variable has its declared type, and an enum constant is an instance
of its enum. commons-io's ``try (ByteArrayOutputStream output = ...) { return output.toByteArray(); }``
and ``StandardLineSeparator.LF.getString()`` were tied to nothing ("who calls
ByteArrayOutputStream.toByteArray" left out ``IOUtils.toByteArray``; javac attributes both)."""

from __future__ import annotations

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

FILES = {
    "a/Buf.java": "package a;\npublic class Buf implements AutoCloseable {\n"
                  "  public byte[] bytes() { return null; }\n  public void close() {}\n}\n",
    "a/Sep.java": "package a;\npublic enum Sep {\n  LF, CR;\n  public String text() { return \"\"; }\n}\n",
    "a/Use.java": """package a;
public class Use {
  static final String S = Sep.LF.text();
  byte[] one() throws Exception {
    try (Buf out = new Buf()) {
      return out.bytes();
    }
  }
  byte[] two() throws Exception {
    try (final Buf out = new Buf(); a.Buf other = new Buf()) {
      other.bytes();
      return out.bytes();
    }
  }
  String sep() {
    return Sep.CR.text();
  }
}
""",
}


def _graph():
    return build_graph({path: analyze(path, text) for path, text in FILES.items()})


def test_a_call_on_a_try_with_resources_variable_is_its_type_s_method() -> None:
    assert [(s.path, s.line) for s in callers(_graph(), "Buf.bytes").sites] == [
        ("a/Use.java", 6), ("a/Use.java", 11), ("a/Use.java", 12)]


def test_a_call_on_an_enum_constant_is_the_enum_s_method() -> None:
    assert [(s.path, s.line) for s in callers(_graph(), "Sep.text").sites] == [
        ("a/Use.java", 3), ("a/Use.java", 16)]
