"""A Java or C++ class's name, in the class or a subclass, is the class, never its constructor (a
method named as the class). On jsoup, ``extends Element`` in ``Document`` resolved to the
constructor ``Element.Element`` (looked up as a member Document inherits), and ``Base`` inside
``class Base`` to ``Base.Base``: 64 inheritance and 124 type-use sites pointed at constructors,
and ``HttpConnection.connect()`` called inside ``HttpConnection`` (a member of the constructor)
reached nothing, 11% of Java's names unresolved where 6.6% now are."""

from __future__ import annotations

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

JAVA = {
    "a/Base.java": """package a;
public class Base {
  public Base(int x) { }
  public static Base make() { return new Base(1); }
  void run() { Base.make(); }
}
""",
    "a/Sub.java": """package a;
class Sub extends Base {
  Sub() { super(2); }
  void go() { Base.make(); }
}
""",
    "a/Outer.java": """package a;
public class Outer {
  public Outer() { this(1); }
  Outer(int x) { }
  static abstract class Part<T> { Part() { } }
  static class Req extends Outer.Part<String> { }
  static void helper() { }
  void use() { Outer.helper(); }
}
""",
}

CPP = {
    "shape.h": """namespace geo {
class Shape {
 public:
  Shape();
  Shape(int n) : n_(n) {}
  static Shape make();
  int n_;
};
}
""",
    "shape.cpp": """#include "shape.h"
namespace geo {
Shape::Shape() : n_(0) {}
Shape Shape::make() { return Shape(1); }
class Circle : public Shape {
 public:
  Circle() {}
  Shape base() { return Shape::make(); }
};
}
""",
}


def graph(files: dict[str, str]) -> CodeGraph:
    return build_graph({p: analyze(p, s) for p, s in files.items()})


def targets(g: CodeGraph) -> set[tuple[str, int, str, str]]:
    return {(s.path, s.line, s.kind, s.target) for sites in g.sites_out.values() for s in sites}


def test_a_java_class_named_in_itself_or_a_subclass_is_the_class() -> None:
    g = graph(JAVA)
    found = targets(g)
    assert ("a/Sub.java", 2, "inherit", "a/Base.java::Base") in found  # not Base.Base, a member Sub inherits
    assert ("a/Base.java", 4, "ref", "a/Base.java::Base") in found  # new Base(1) inside Base
    assert ("a/Outer.java", 6, "inherit", "a/Outer.java::Outer.Part") in found  # extends Outer.Part<String>
    assert not [t for t in found if t[2] != "call" and t[3].endswith(("Base.Base", "Outer.Outer", "Part.Part"))]


def test_a_java_static_call_through_the_class_name_reaches_the_method() -> None:
    g = graph(JAVA)
    assert sorted((s.path, s.line) for s in callers(g, "Base.make").sites) == [("a/Base.java", 5), ("a/Sub.java", 4)]
    assert [(s.path, s.line) for s in callers(g, "Outer.helper").sites] == [("a/Outer.java", 8)]


def test_java_super_and_this_call_a_constructor() -> None:
    g = graph(JAVA)  # "who calls Node.Node" on jsoup had said 0 while its subclasses call super(...)
    assert sorted((s.path, s.line) for s in callers(g, "Base.Base").sites) == [("a/Base.java", 4), ("a/Sub.java", 3)]
    assert [(s.path, s.line) for s in callers(g, "Outer.Outer").sites] == [("a/Outer.java", 3)]  # this(1)


def test_a_cpp_class_named_in_its_methods_or_a_subclass_is_the_class() -> None:
    g = graph(CPP)
    found = targets(g)
    assert ("shape.cpp", 5, "inherit", "shape.h::geo.Shape") in found  # class Circle : public Shape
    assert ("shape.cpp", 4, "call", "shape.h::geo.Shape") in found  # Shape(1) in Shape::make
    assert ("shape.cpp", 8, "call", "shape.cpp::geo.Shape.make") in found  # Shape::make() in a subclass
    assert not [t for t in found if t[3].endswith("Shape.Shape")]


def test_a_cpp_constructor_is_called_where_a_call_of_its_class_constructs_one() -> None:
    g = graph(CPP)  # Shape(1) had reached the constructor as a call, which now reaches the class
    assert [(s.path, s.line) for s in callers(g, "Shape::Shape").sites] == [("shape.cpp", 4)]
    assert [(s.path, s.line) for s in callers(g, "geo::Shape").sites] == [("shape.cpp", 4)]
