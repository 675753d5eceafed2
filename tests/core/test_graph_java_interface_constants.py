"""Java: an interface's constant (``constant_declaration``, not ``field_declaration``) has its declared
type. jackson-core's ``MinimalPrettyPrinter implements PrettyPrinter`` calls
``DEFAULT_ROOT_VALUE_SEPARATOR.toString()``, a ``SerializedString`` constant of ``PrettyPrinter``:
"who calls SerializedString.toString" left that site out (javac attributes it), and so it did for
``PrettyPrinter.DEFAULT_ROOT_VALUE_SEPARATOR.toString()`` written in full."""

from __future__ import annotations

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

FILES = {
    "a/Ser.java": "package a;\npublic class Ser {\n  public Ser(String s) {}\n"
                  "  public String value() { return \"\"; }\n}\n",
    "a/PP.java": "package a;\npublic interface PP {\n  public final static Ser SEP = new Ser(\" \");\n"
                 "  Ser OTHER = new Ser(\"\"), THIRD = null;\n}\n",
    "a/Min.java": """package a;
public class Min implements PP {
  public Min() {
    this(SEP.value());
  }
  public Min(String s) {}
  String f() { return OTHER.value() + THIRD.value(); }
}
""",
    "a/Out.java": "package a;\nclass Out {\n  String g() { return PP.SEP.value(); }\n}\n",
}


def test_a_call_on_an_interface_constant_is_its_declared_type_s_method() -> None:
    graph = build_graph({path: analyze(path, text) for path, text in FILES.items()})
    assert [(s.path, s.line) for s in callers(graph, "Ser.value").sites] == [
        ("a/Min.java", 4), ("a/Min.java", 7), ("a/Out.java", 3)]
