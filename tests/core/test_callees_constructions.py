"""What a function calls lists what it constructs, as its callers list it the other way: ``maguyva
graph callees AbstractExtensionContext.createStore`` (junit 5) had said "the graph ties no call in
... to a definition of the repository" while ``graph callers NamespacedHierarchicalStore`` listed
createStore's ``new NamespacedHierarchicalStore<>(...)`` ("constructs NamespacedHierarchicalStore"):
callees read calls alone, and 287 of the 339 callee edges javac finds in junit that the graph missed
were constructions. Every edge ``callers B`` lists, ``callees A`` lists now, a construction marked
as one ("constructed at line 83"), a property read as one."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.graph_command import graph_answer
from tests.core.small_repo import indexed

FILES = {
    "java/Store.java": "package p;\n\npublic class Store {\n    public Store(int n) {}\n"
                       "    public int size() { return 1; }\n}\n",
    "java/Context.java": "package p;\n\npublic class Context {\n    Store createStore() {\n"
                         "        Store s = new Store(3);\n        s.size();\n        return s;\n    }\n\n"
                         "    Helper help() { return new Helper(); }\n}\n\nclass Helper {}\n",
    "ts/shape.ts": "export class Shape {\n  constructor(public n: number) {}\n  area(): number { return this.n; }\n}\n",
    "ts/use.ts": "import { Shape } from './shape';\n\nexport function make(): number {\n"
                 "  const s = new Shape(2);\n  return s.area();\n}\n",
    "js/old.js": "function Point(x) {\n  this.x = x;\n}\n\nfunction origin() {\n  return new Point(0);\n}\n",
    "cpp/box.h": "class Box {\npublic:\n    Box(int w);\n    int width();\n};\n",
    "cpp/box.cpp": "#include \"box.h\"\n\nBox::Box(int w) {}\n\nint Box::width() { return 1; }\n\n"
                   "int build() {\n    Box* b = new Box(2);\n    return b->width();\n}\n",
    "php/Token.php": "<?php\nclass Token {\n    public function __construct($v) {}\n}\n\n"
                     "function lex() {\n    return new Token(1);\n}\n",
    "py/conn.py": "class Conn:\n    def __init__(self, n):\n        self.n = n\n\n    @property\n"
                  "    def size(self):\n        return self.n\n\n\ndef open_conn():\n    c = Conn(1)\n    return c.size\n",
    "go/point.go": "package point\n\ntype Point struct{ X int }\n\nfunc NewPoint(x int) *Point { return &Point{X: x} }\n\n"
                   "func double(x int) int { return 2 * x }\n\nfunc apply(f func(int) int) int { return f(1) }\n\n"
                   "func run() int {\n\tp := NewPoint(1)\n\t_ = p\n\treturn apply(double)\n}\n",
    "rs/meter.rs": "pub struct Meter {\n    v: u32,\n}\n\nimpl Meter {\n    pub fn new(v: u32) -> Meter {\n"
                   "        Meter { v }\n    }\n}\n\npub fn meter() -> Meter {\n    Meter::new(1)\n}\n",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, FILES)


def _said(engine: Engine, name: str) -> dict[str, str]:
    found = graph_answer(engine, "callees", name, None, 50)["results"]
    return {r["symbol"]: r["modalities"]["graph"]["reason"] for r in found}


def test_every_edge_callers_list_callees_list(engine: Engine) -> None:
    graph = engine.generation.snapshot.graph
    assert graph is not None
    missing, edges = [], 0
    for node in sorted(graph.symbols):
        for site in engine.callers(node, 1000).entries:
            if site.caller_node not in graph.symbols:
                continue  # module-level code: no definition to ask callees of
            if site.kind in ("ref", "inherit", "import"):
                continue  # a type nothing calls lists its uses (34c2ff8): no call to find among callees
            edges += 1
            listed = {(c.node, n) for c in engine.callees(site.caller_node, 1000).entries for n in c.lines}
            if (site.target, site.line) not in listed:
                missing.append(f"{site.caller_node} -> {site.target}:{site.line} ({site.reason})")
    assert edges >= 10
    assert missing == []


def test_a_java_construction_is_listed_and_said_so(engine: Engine) -> None:
    assert _said(engine, "Context.createStore") == {"Store": "constructed at line 5", "Store.size": "called at line 6"}
    assert _said(engine, "Context.help") == {"Helper": "constructed at line 10"}


def test_typescript_javascript_cpp_and_php_constructions(engine: Engine) -> None:
    assert _said(engine, "make") == {"Shape": "constructed at line 4", "Shape.area": "called at line 5"}
    assert _said(engine, "origin") == {"Point": "constructed at line 6"}
    assert _said(engine, "build")["Box"] == "constructed at line 8"
    assert _said(engine, "lex") == {"Token": "constructed at line 7"}


def test_python_builds_by_a_call_and_reads_a_property(engine: Engine) -> None:
    assert _said(engine, "open_conn") == {"Conn": "called at line 11", "Conn.size": "read at line 12"}


def test_a_class_s_methods_constructions_name_the_method(engine: Engine) -> None:
    said = _said(engine, "Context")
    assert said["Store"] == "constructed by Context.createStore (line 5)"
    assert said["Helper"] == "constructed by Context.help (line 10)"


def test_what_does_it_call_lists_constructions(engine: Engine) -> None:
    found = engine.search("what does createStore call").to_json()["results"]
    said = {r["symbol"]: r["modalities"]["graph"]["reason"] for r in found if "graph" in r["modalities"]}
    assert said.get("Store") == "constructed by Context.createStore (line 5)"


def test_go_and_rust_build_by_calls_and_pass_functions(engine: Engine) -> None:
    assert _said(engine, "run") == {"NewPoint": "called at line 12", "apply": "called at line 14",
                                    "double": "passed at line 14"}
    assert _said(engine, "meter") == {"Meter.new": "called at line 12"}
