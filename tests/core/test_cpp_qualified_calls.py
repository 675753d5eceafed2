"""C++ calls written ``Type::f(...)`` where ``Type`` is named through a using-declaration at the
file's top level or in a function (``using greenlet::ThreadState;``), a ``typedef`` or an alias
(``using TT = geo::Tool;``) reach ``f`` defined in that type, and no other type's ``f``, as Rust's
``Type::f`` does. greenlet 3.1.1's ``ThreadState::init()`` in greenlet.cpp, after ``using
greenlet::ThreadState;``, had reached nothing ("1 more call names init but the graph could not tie
it"); ``TT::make()`` of a typedef, the same. A class's ``Square::area`` that overrides a base's was
read as inherited from the base ("Square::area is inherited: geo.Base.area")."""

from __future__ import annotations

from pathlib import Path

from maguyva_tui.core.engine import Engine
from tests.core.test_graph_resolve import call_targets, graph_of, loose_at
from tests.trees import write_tree

TOOL = """\
namespace geo {
class Tool {
public:
    static int make() { return 1; }
};
class Other {
public:
    static int make() { return 2; }
};
class Base {
public:
    virtual int area() { return 0; }
};
class Square : public Base {
public:
    int area() override { return 1; }
};
}
"""
MAKE = "tool.hpp::geo.Tool.make"


def test_a_type_named_through_a_top_level_using_declaration() -> None:
    graph = graph_of({"tool.hpp": TOOL, "use.cpp": """\
        #include "tool.hpp"
        using geo::Tool;
        int g() { return Tool::make(); }
        """})
    assert call_targets(graph, "use.cpp", 3) == {MAKE}
    assert loose_at(graph, "use.cpp", 3) == {}


def test_a_type_named_through_a_function_s_using_declaration_is_seen_there_alone() -> None:
    graph = graph_of({"tool.hpp": TOOL, "use.cpp": """\
        #include "tool.hpp"
        int g() { using geo::Tool; return Tool::make(); }
        int h() { return Tool::make(); }
        """})
    assert call_targets(graph, "use.cpp", 2) == {MAKE}
    assert call_targets(graph, "use.cpp", 3) != {MAKE}


def test_a_type_named_through_a_typedef_or_an_alias() -> None:
    graph = graph_of({"tool.hpp": TOOL, "use.cpp": """\
        #include "tool.hpp"
        typedef geo::Tool TT;
        using TA = geo::Tool;
        int g() { return TT::make(); }
        int h() { return TA::make(); }
        """})
    assert call_targets(graph, "use.cpp", 4) == {MAKE}
    assert call_targets(graph, "use.cpp", 5) == {MAKE}


def test_a_class_s_using_declaration_of_a_base_member_imports_nothing() -> None:
    graph = graph_of({"tool.hpp": TOOL, "use.cpp": """\
        #include "tool.hpp"
        class Mine : public geo::Base {
        public:
            using geo::Base::area;
        };
        int area() { return 3; }
        int g() { return area(); }
        """})
    assert call_targets(graph, "use.cpp", 7) == {"use.cpp::area"}


def test_who_calls_a_class_s_own_override_is_not_read_as_inherited(tmp_path: Path) -> None:
    root = write_tree(tmp_path / "repo", {"tool.hpp": TOOL, "use.cpp": (
        '#include "tool.hpp"\nusing geo::Square;\nusing geo::Tool;\n'
        "int f() { Square s; return s.area(); }\nint g() { return Tool::make(); }\n")})
    engine = Engine(root, tmp_path / "ix", static=False)
    try:
        engine.refresh()
        found = engine.search("who calls Square::area", limit=10)
        assert not [n for n in found.notices if "inherited" in n]
        assert [(r.path, r.start_line) for r in found.results] == [("use.cpp", 4)]
        made = engine.search("who calls Tool::make", limit=10)
        assert [(r.path, r.start_line) for r in made.results] == [("use.cpp", 5)]
        other = engine.search("who calls Other::make", limit=10)  # the same name in another class: not its call
        assert any(n.startswith("nothing in the graph calls") for n in other.notices)
    finally:
        engine.close()
