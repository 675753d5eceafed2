"""C++: the constructions written without ``new`` or a call: ``Widget w(1, 2);``, ``Widget v{4};``,
``std::lock_guard<std::mutex> lock(m);`` (which the grammar reads as a function's declaration),
a field's ``Widget side_{3};``, and a constructor's ``: Widget(a, 0)``, ``: Base(x)`` and
``: main_(1, 2)`` (the member's type); who calls ``Widget::Widget`` had listed only ``Widget(5)``
and ``new Widget(6)``. And a field declared in a header types the calls of the source file that
defines the class's methods (``main_.draw()`` in panel.cpp had called nothing), as it does where
the class is in a namespace."""

from __future__ import annotations

from functools import cache

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

FILES = {
    "src/panel.h": """#pragma once
namespace ns {
class Widget {
public:
    Widget(int a, int b) : a_(a), b_(b) {}
    explicit Widget(int a) : Widget(a, 0) {}
    void draw() {}
private:
    int a_, b_;
};

class Panel {
public:
    Panel();
    void show();
    Widget* make();
private:
    Widget main_;
    Widget side_{3};
    Widget* last_;
};
}
""",
    "src/panel.cpp": """#include "panel.h"
namespace ns {
Panel::Panel() : main_(1, 2) {}
void Panel::show() { main_.draw(); }
Widget* Panel::make() { last_->draw(); return last_; }

void run(int a) {
    Widget w(1, 2);
    Widget v{4};
    Widget u = Widget(5);
    auto p = new Widget(6);
    Widget d(a);
    Widget *none(nullptr);
    int n(3);
}
}
""",
}


@cache
def graph() -> CodeGraph:
    return build_graph({path: analyze(path, text) for path, text in FILES.items()})


def sites(name: str) -> list[tuple[str, int]]:
    return sorted((s.path, s.line) for s in callers(graph(), name).sites)


def test_every_construction_calls_the_constructor() -> None:
    assert sites("src/panel.h::ns.Widget") == [
        ("src/panel.cpp", 3), ("src/panel.cpp", 8), ("src/panel.cpp", 9), ("src/panel.cpp", 10),
        ("src/panel.cpp", 11), ("src/panel.cpp", 12), ("src/panel.h", 6), ("src/panel.h", 19),
    ]


def test_a_field_declared_in_a_header_types_the_sources_calls() -> None:
    assert sites("src/panel.h::ns.Widget.draw") == [("src/panel.cpp", 4), ("src/panel.cpp", 5)]


def test_a_base_initialiser_constructs_the_base() -> None:
    files = {"a.cpp": "class Base { public: Base(int x) {} };\n"
                      "class Derived : public Base { public: Derived(int x) : Base(x) {} };\n"}
    built = build_graph({path: analyze(path, text) for path, text in files.items()})
    assert [(s.path, s.line) for s in callers(built, "a.cpp::Base").sites] == [("a.cpp", 2)]


def test_a_fields_type_is_read_from_its_class_in_a_namespace() -> None:
    # the field's type had been looked up from the top level, where no Widget is: main_.draw() called nothing
    files = {"b.cpp": "namespace ns {\nclass Widget { public: void draw() {} };\n"
                      "class Panel { void show(); Widget main_; };\nvoid Panel::show() { main_.draw(); }\n}\n"}
    built = build_graph({path: analyze(path, text) for path, text in files.items()})
    assert [(s.path, s.line) for s in callers(built, "b.cpp::ns.Widget.draw").sites] == [("b.cpp", 4)]
