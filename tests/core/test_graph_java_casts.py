"""Java: a call on a cast (``((VirtualView) node).saveDefinition()``) is a call of the cast type's
method, as a call on a variable declared with that type is; react-native-svg's ``SvgView`` calls of
``VirtualView.saveDefinition`` had been tied to nothing ("who calls saveDefinition" left them out)."""

from __future__ import annotations

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

FILES = {
    "a/View.java": "package a;\npublic class View {}\n",
    "a/VirtualView.java": "package a;\npublic class VirtualView extends View {\n  void saveDefinition() {}\n}\n",
    "a/Svg.java": """package a;
public class Svg extends View {
  View getChildAt(int i) { return null; }
  void draw() {
    View node = getChildAt(0);
    ((VirtualView) node).saveDefinition();
    ((a.VirtualView) node).saveDefinition();
  }
}
""",
}


def test_a_call_on_a_java_cast_is_the_cast_type_s_method() -> None:
    graph = build_graph({path: analyze(path, text) for path, text in FILES.items()})
    assert [(s.path, s.line) for s in callers(graph, "VirtualView.saveDefinition").sites] == [
        ("a/Svg.java", 6), ("a/Svg.java", 7)]
