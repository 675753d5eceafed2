"""Who uses a TypeScript interface or type alias, which no code calls: its type uses, implementations, imports."""

from __future__ import annotations

from pathlib import Path
from textwrap import dedent

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.other_calls import _notes
from maguyva_tui.core.parsing.analyze import analyze
from maguyva_tui.core.retrievers.graph import GraphRetriever

FILES = {
    "src/types.ts": "export interface Shape { area(): number }\nexport type Point = { x: number }\n",
    "src/more.ts": """\
        import { Shape } from './types'
        export class Square implements Shape { area() { return 4 } }
        export function build(): Shape { return new Square() }
        """,
    "tests/shape.test.ts": "import { Shape } from '../src/types'\nimport { build } from '../src/more'\nexport const s: Shape = build()\n",
    "src/lonely.ts": "export interface Lonely { x: number }\n",
}


def test_who_uses_an_interface_lists_its_implementations_type_uses_and_imports() -> None:
    """"who uses Shape" had found nothing in the graph (an interface is never called), and the
    blend had answered with its own member, Shape.area, first."""
    graph = CodeGraph.build({path: analyze(path, dedent(text)) for path, text in FILES.items()})
    hits = GraphRetriever(graph).callers_hits("Shape", 10, secondary_last=True)
    assert [(h.path, h.start_line, h.symbol, h.reason) for h in hits] == [
        ("src/more.ts", 2, "Square", "implements Shape"),
        ("src/more.ts", 3, "build", "refers to Shape"),
        ("src/more.ts", 1, None, "imports Shape"),
        ("tests/shape.test.ts", 3, None, "refers to Shape"),  # the tests after the code
        ("tests/shape.test.ts", 1, None, "imports Shape"),
    ]
    assert GraphRetriever(graph).callers_hits("Lonely", 10) == []  # used nowhere: nothing, as before
    assert GraphRetriever(graph).callers_hits("build", 10)[0].reason == "calls build"  # a function: its calls


def test_the_uses_of_an_interface_defined_twice_name_the_one_each_uses() -> None:
    """Two files define Shape: each use says which, as each call of a name defined twice does."""
    files = {**FILES, "src/other.ts": "export interface Shape { sides: number }\n",
             "src/poly.ts": "import { Shape } from './other'\nexport function poly(s: Shape) { return s }\n"}
    graph = CodeGraph.build({path: analyze(path, dedent(text)) for path, text in files.items()})
    reasons = {(h.path, h.start_line): h.reason for h in GraphRetriever(graph).callers_hits("Shape", 20)}
    assert reasons[("src/poly.ts", 2)] == "refers to Shape of src/other.ts:1"
    assert reasons[("src/more.ts", 2)] == "implements Shape of src/types.ts:1"
    assert _notes(graph, "Shape") == (
        'Shape has 2 definitions (src/types.ts:1, src/other.ts:1), none called: the uses of all are listed; '
        'ask "who calls src/types.ts::Shape" for one',)  # it had said no call reaches any, listing their uses


def test_the_callers_of_a_type_alias_no_code_calls_are_its_uses(indexed_polyglot: Path) -> None:
    """``maguyva graph callers Method`` (the MCP's callers too) had answered 0 results."""
    engine = Engine(indexed_polyglot)
    engine.refresh()
    answer = engine.callers("Method", 10)
    assert [(s.path, s.line, s.kind, s.caller, s.reason) for s in answer.entries] == [
        ("web/api.ts", 26, "ref", "ApiClient.request", "refers to Method")]


RUST = {
    "src/lib.rs": "pub mod de;\npub mod document;\n",
    "src/document.rs": "pub struct Document {\n    pub root: u32,\n}\n\npub enum Item {\n    None,\n    Value(u32),\n}\n",
    "src/de.rs": "use crate::document::{Document, Item};\n\npub fn from_document(d: Document) -> u32 {\n    d.root\n}\n\n"
                 "pub fn first(items: &[Item]) -> Option<&Item> {\n    items.first()\n}\n",
    "src/go.go": "package doc\n\ntype Node struct {\n\tName string\n}\n\nfunc Walk(n *Node) string {\n\treturn n.Name\n}\n",
}


def test_where_a_struct_or_enum_nothing_constructs_is_used_lists_its_uses() -> None:
    """toml_edit 0.14.4: "where is Document used" said "nothing in the graph calls Document;
    blending the engines instead" and put the struct's own definition first, though the graph held
    its 24 uses; blackfriday's Go ``Node`` the same."""
    graph = CodeGraph.build({path: analyze(path, text) for path, text in RUST.items()})
    uses = {name: [(h.path, h.start_line, h.reason) for h in GraphRetriever(graph).callers_hits(name, 10)]
            for name in ("Document", "Item", "Node")}
    assert ("src/de.rs", 3, "refers to Document") in uses["Document"]
    assert ("src/de.rs", 1, "imports Item") in uses["Item"]
    assert ("src/go.go", 7, "refers to Node") in uses["Node"]
    assert all(path != "src/document.rs" for found in uses.values() for path, _, _ in found)
