"""Java: a method a class inherits, declared to give a type parameter of the class declaring it (``T
getTestDescriptor()`` of junit's ``AbstractExtensionContext<T extends TestDescriptor>``), gives the
type argument the caller's class passes that base (``ClassExtensionContext extends
AbstractExtensionContext<ClassBasedTestDescriptor>``), also through a generic class between and on a
receiver of that class; it had given the bound, which lacks the subclass's methods, and
``getTestDescriptor().getTestClass()`` reached nothing. A raw base, or a method's own ``<T>``, keeps
the bound."""

from __future__ import annotations

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

FILES = {
    "a/Desc.java": "package a;\npublic class Desc {\n  void mode() {}\n}\n",
    "a/ClassDesc.java": "package a;\npublic class ClassDesc extends Desc {\n  void testClass() {}\n}\n",
    "a/Base.java": """package a;
public abstract class Base<T extends Desc> {
  T get() { return null; }
  <T extends Desc> T own() { return null; }
}
""",
    "a/Mid.java": "package a;\npublic abstract class Mid<X extends Desc> extends Base<X> {}\n",
    "a/Direct.java": """package a;
class Direct extends Base<ClassDesc> {
  void g() {
    get().testClass();
    this.get().testClass();
    own().testClass();
  }
}
""",
    "a/Through.java": "package a;\nclass Through extends Mid<ClassDesc> {\n  void g() {\n    get().testClass();\n  }\n}\n",
    "a/Raw.java": "package a;\nclass Raw extends Base {\n  void g() {\n    get().mode();\n  }\n}\n",
    "a/User.java": """package a;
class User {
  void use(Direct d, Through t) {
    d.get().testClass();
    t.get().testClass();
  }
}
""",
}


def test_a_type_parameter_result_is_the_argument_the_subclass_gives() -> None:
    graph = build_graph({path: analyze(path, text) for path, text in FILES.items()})
    assert [(s.path, s.line) for s in callers(graph, "ClassDesc.testClass").sites] == [
        ("a/Direct.java", 4), ("a/Direct.java", 5), ("a/Through.java", 4), ("a/User.java", 4), ("a/User.java", 5)]
    assert [(s.path, s.line) for s in callers(graph, "Desc.mode").sites] == [("a/Raw.java", 4)]
