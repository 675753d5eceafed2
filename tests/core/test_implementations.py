"""Implementations the source never names: a Go type implements an interface by having its
methods, a C++ interface's method is a pure virtual declaration, and "who implements X.m" asks for
methods, not types. ``maguyva graph subtypes|overrides`` answer the same questions for scripts.

Before, "what implements Handler" in Go found only the interface (no ``implements`` is written),
``Shape::area`` declared ``= 0`` was no symbol (a definition question found the class, an
overrides question nothing), and ``maguyva graph`` had no such actions and did not read
``(*Mux).ServeHTTP``.
"""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.types import QueryError
from maguyva_tui.graph_command import graph_answer
from tests.core.small_repo import indexed


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, {
        "mux/iface.go": "package mux\n\ntype Handler interface {\n\tServeHTTP(w string, r string)\n\tName() string\n}\n\n"
                        "type Empty interface{}\n",
        "mux/types.go": "package mux\n\ntype Mux struct{ routes []string }\n\ntype Half struct{}\n\n"
                        "func (h *Half) ServeHTTP(w string, r string) {}\n\ntype Logged struct {\n\tMux\n}\n",
        "mux/methods.go": "package mux\n\nfunc (mx *Mux) ServeHTTP(w string, r string) {\n\tmx.handle(r)\n}\n\n"
                          "func (mx *Mux) Name() string { return \"mux\" }\n\nfunc (mx *Mux) handle(r string) {}\n\n"
                          "func Serve(m *Mux) {\n\tm.ServeHTTP(\"w\", \"r\")\n}\n",
        "web/router.go": "package web\n\ntype Router struct{}\n\nfunc (r Router) ServeHTTP(w string, q string) {}\n\n"
                         "func (r Router) Name() string { return \"router\" }\n",
        "cpp/shapes.cpp": "namespace geometry {\nclass Shape {\n public:\n  virtual double area() const = 0;\n"
                          "  void draw();\n  int sides = 0;\n};\nclass Circle : public Shape {\n public:\n"
                          "  double area() const override { return 3.14; }\n};\n"
                          "double total(const Shape& s) { return s.area(); }\n}\n",
        "java/Visitor.java": "interface Visitor {\n    void visit(String s);\n}\nclass Printer implements Visitor {\n"
                             "    public void visit(String s) { System.out.println(s); }\n}\n",
    })


def _listed(engine: Engine, question: str) -> list[tuple[str | None, str]]:
    """The page's results the graph engine found, with its reasons."""
    return [(d["symbol"], d["modalities"]["graph"]["reason"]) for d in engine.search(question).to_json()["results"]
            if "graph" in d["modalities"]]


def test_a_go_type_with_every_method_of_an_interface_implements_it(engine: Engine) -> None:
    listed = _listed(engine, "what implements Handler")
    assert sorted(listed[:2]) == [("Mux", "implements Handler (has its 2 methods)"),
                                  ("Router", "implements Handler (has its 2 methods)")]
    assert listed[2:] == [("Logged", "implements Handler (depth 2)")]  # it embeds Mux, whose methods it gets


def test_a_go_type_missing_one_method_does_not_implement_it(engine: Engine) -> None:
    assert "Half" not in {symbol for symbol, _ in _listed(engine, "implementations of Handler")}


def test_the_empty_interface_lists_no_type(engine: Engine) -> None:
    assert not any(reason.startswith("implements") for _, reason in _listed(engine, "what implements Empty"))


def test_a_go_interface_method_lists_its_implementations_in_other_files(engine: Engine) -> None:
    found = engine.search("who implements Handler.ServeHTTP").to_json()["results"]
    assert sorted((d["path"], d["symbol"]) for d in found) == [("mux/methods.go", "Mux.ServeHTTP"),
                                                               ("web/router.go", "Router.ServeHTTP")]


def test_a_pure_virtual_method_is_a_definition(engine: Engine) -> None:
    result = engine.search("def Shape::area")
    assert [(r.path, r.start_line, r.symbol) for r in result.results][:1] == [("cpp/shapes.cpp", 4, "geometry.Shape.area")]
    assert not engine.definitions("Shape.draw").known  # declared here, defined elsewhere: not a definition
    sides = engine.definitions("Shape.sides").definitions  # a data member: a variable, not a method
    assert [(d.symbol.kind, d.symbol.start_line) for d in sides if d.symbol is not None] == [("variable", 6)]


def test_a_pure_virtual_method_lists_its_overrides_and_callers(engine: Engine) -> None:
    assert _listed(engine, "who overrides Shape::area") == [("geometry.Circle.area", "overrides geometry.Shape.area")]
    assert [r.symbol for r in engine.search("who calls Shape::area").results] == ["geometry.total"]


def test_who_implements_a_method_lists_methods_not_types(engine: Engine) -> None:
    assert _listed(engine, "who implements Visitor.visit") == [("Printer.visit", "overrides Visitor.visit")]


def test_the_graph_command_lists_subtypes_and_overrides(engine: Engine) -> None:
    subtypes = graph_answer(engine, "subtypes", "Shape", None, 10)
    assert [(r["symbol"], r["depth"]) for r in subtypes["results"]] == [("geometry.Circle", 1)]
    overrides = graph_answer(engine, "overrides", "Handler.ServeHTTP", None, 1)
    assert len(overrides["results"]) == 1 and overrides["results"][0]["symbol"].endswith(".ServeHTTP")


def test_the_graph_command_reads_a_go_method_as_go_prints_it(engine: Engine) -> None:
    callers = graph_answer(engine, "callers", "(*Mux).ServeHTTP", None, 10)
    assert [(r["path"], r["start_line"]) for r in callers["results"]] == [("mux/methods.go", 12)]
    callees = graph_answer(engine, "callees", "example.com/app/mux.(*Mux).ServeHTTP", None, 10)
    assert [r["symbol"] for r in callees["results"]] == ["Mux.handle"]
    assert [d.node for d in engine.definitions("(*Mux).ServeHTTP").definitions] == ["mux/methods.go::Mux.ServeHTTP"]


def test_the_graph_command_points_to_the_other_action_for_the_wrong_kind(engine: Engine) -> None:
    method = graph_answer(engine, "subtypes", "Shape::area", None, 10)
    assert method["results"] == [] and "graph overrides Shape::area" in method["notes"][0]
    kind = graph_answer(engine, "overrides", "Shape", None, 10)
    assert kind["results"] == [] and "graph subtypes Shape" in kind["notes"][0]
    base = graph_answer(engine, "callers", "Shape", None, 10)  # bidict's BidictBase: "0 results", no word more;
    assert base["results"] and {r["kind"] for r in base["results"]} <= {"inherit", "ref", "import"}  # then a note: its uses
    with pytest.raises(QueryError, match="unknown symbol"):
        graph_answer(engine, "subtypes", "NoSuchType", None, 10)


@pytest.mark.parametrize("action", ["subtypes", "overrides"])
def test_a_top_level_function_is_said_to_have_neither_subtypes_nor_overrides(engine: Engine, action: str) -> None:
    """``graph subtypes check_type_internal`` had offered ``graph overrides``, which lists nothing for a function."""
    answer = graph_answer(engine, action, "Serve", None, 10)
    assert answer["results"] == [] and answer["notes"] == [
        "Serve is a function, not a type or a method: nothing is built on it or overrides it "
        "(`maguyva graph callers Serve` lists its call sites)"]


@pytest.mark.parametrize(("action", "name", "said"), [
    ("importers", ".", "no module, file or symbol named '.' in the repository"),  # had been a ValueError
    ("callers", "::", "the name '::' holds only a qualifier's separators, no name; give "),  # had been "empty name"
    ("callers", "()", "the symbol name is empty: give "),  # as MCP's tools say them
    ("callers", "  ", "the symbol name is empty: give "),
])
def test_a_name_of_punctuation_alone_is_refused_in_one_line(engine: Engine, action: str, name: str, said: str) -> None:
    with pytest.raises(QueryError) as refused:
        graph_answer(engine, action, name, None, 10)
    assert str(refused.value).startswith(said)
