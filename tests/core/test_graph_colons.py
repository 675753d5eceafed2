"""A file whose name holds ``::`` (``a::b.go``): graph node ids join a path and a qualname with
``::``, so such a path is escaped in its symbols' ids, and callers, callees and impact still name
the right file and symbol, built or stored."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callees, callers, definitions, impact
from maguyva_tui.core.graph.tables import split_id, symbol_id
from maguyva_tui.core.parsing.analyze import analyze
from maguyva_tui.core.types import FileFacts

FILES = {
    "go.mod": "module example.com/m\n\ngo 1.21\n",
    "pkg/a::b.go": "package pkg\n\nfunc Parse(x int) int {\n\treturn x\n}\n",
    "pkg/user.go": "package pkg\n\nfunc Use() int {\n\treturn Parse(1)\n}\n",
    "web/a::b.js": "import { helper } from './util.js';\nexport function run() {\n  return helper();\n}\nhelper();\n",
    "web/util.js": "export function helper() {\n  return 1;\n}\n",
    "tools/a::b.py": "def f(x):\n    return x\n\n\ndef g():\n    return f(1)\n",
}


def facts() -> dict[str, FileFacts]:
    return {path: analyze(path, text) for path, text in FILES.items()}


def built() -> CodeGraph:
    return CodeGraph.build(facts())


@pytest.fixture(scope="module", params=["built", "stored"])
def graph(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> CodeGraph:
    graph = built()
    if request.param == "stored":
        path = tmp_path_factory.mktemp("graph") / "graph.npz"
        graph.save(path)
        graph = CodeGraph.open(path, facts())
    return graph


def test_a_call_into_the_file_names_it(graph: CodeGraph) -> None:
    for name in ("Parse", "pkg/a::b.go::Parse", symbol_id("pkg/a::b.go", "Parse")):
        assert definitions(graph, name) == (symbol_id("pkg/a::b.go", "Parse"),)
        assert [(s.path, s.line, s.caller) for s in callers(graph, name).sites] == [("pkg/user.go", 4, "Use")]
    assert [(c.path, c.qualname, c.lines) for c in callees(graph, "Use").callees] == [("pkg/a::b.go", "Parse", (4,))]
    symbol = graph.symbols[symbol_id("pkg/a::b.go", "Parse")]
    assert (symbol.path, symbol.qualname, symbol.start_line) == ("pkg/a::b.go", "Parse", 3)


def test_calls_from_the_file_name_it_and_their_caller(graph: CodeGraph) -> None:
    sites = [(s.path, s.line, s.caller) for s in callers(graph, "helper").sites]
    assert sites == [("web/a::b.js", 3, "run"), ("web/a::b.js", 5, None)]  # a function's; the file's own
    assert [(c.path, c.qualname) for c in callees(graph, "run").callees] == [("web/util.js", "helper")]
    found = {(d.path, d.qualname, d.kind) for d in impact(graph, "helper").dependents}
    assert found == {("web/a::b.js", "run", "function"), ("web/a::b.js", None, "file")}


def test_a_caller_in_the_same_file(graph: CodeGraph) -> None:
    assert [(s.path, s.line, s.caller) for s in callers(graph, "tools/a::b.py::f").sites] == [("tools/a::b.py", 6, "g")]


def test_the_file_node_is_no_symbol(graph: CodeGraph) -> None:
    assert "pkg/a::b.go" in graph.nodes.index
    assert "pkg/a::b.go" not in graph.symbols and graph.symbols.get("pkg/a::b.go") is None
    assert symbol_id("pkg/a::b.go", "Parse") in graph.symbols


def test_ids_of_ordinary_paths_are_unchanged() -> None:
    assert symbol_id("src/app.py", "Config.load") == "src/app.py::Config.load"
    assert symbol_id("lib/100%.py", "f") == "lib/100%.py::f"  # stored ids of such paths keep
    assert split_id("src/app.py") == ("src/app.py", "")
    assert split_id("fmt/format.h::basic_data<T>::pow10") == ("fmt/format.h", "basic_data<T>::pow10")


@given(st.text(st.sampled_from("ab/:%3A25."), min_size=1, max_size=12), st.text(st.sampled_from("x:.<>"), max_size=8))
def test_a_symbol_id_splits_back_into_its_path_and_qualname(path: str, qualname: str) -> None:
    assert split_id(symbol_id(path, qualname)) == (path, qualname)


def test_an_import_of_the_file_resolves() -> None:
    files = {"src/a::b.js": "export function parse(x) {\n  return x;\n}\n",
             "src/user.js": "import { parse } from './a::b.js';\nexport function use() {\n  return parse(1);\n}\n"}
    graph = CodeGraph.build({path: analyze(path, text) for path, text in files.items()})
    assert [(s.path, s.line, s.caller) for s in callers(graph, "parse").sites] == [("src/user.js", 3, "use")]
