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
