"""Reading a JavaScript or TypeScript getter runs it, as reading a Python ``@property`` does: who
calls ``Gen._root`` lists ``this._root.render()`` and ``g._root ? ...`` as reads of the property
(ajv's ``private get _root(): Root`` had listed none); a plain field's read and a write are no sites."""

from __future__ import annotations

from maguyva_tui.core.graph import CodeGraph
from maguyva_tui.core.graph import queries as q
from tests.core.test_graph_resolve import graph_of

TS = """\
export class Root { render(): string { return "" } }
export class Gen {
  private readonly root = new Root()
  get _root(): Root { return this.root }
  plain = 1
  code(): string {
    const r = this._root
    this.plain = this.plain + 1
    return this._root.render()
  }
}
export function use(g: Gen): number { return g._root ? g.plain : 0 }
"""

JS = """\
class Box {
  get size() { return 1 }
  grow() { return this.size + 1 }
}
function area(box) { return new Box().size }
"""


def _sites(graph: CodeGraph, node: str) -> set[tuple[int, str]]:
    """Return (line, kind) of the sites that call or read a node."""
    return {(s.line, s.kind) for s in q.callers(graph, node).sites}


def test_a_typescript_getters_reads_are_its_callers() -> None:
    graph = graph_of({"gen.ts": TS})
    assert _sites(graph, "gen.ts::Gen._root") == {(7, "read"), (9, "read"), (12, "read")}
    assert _sites(graph, "gen.ts::Root.render") == {(9, "call")}


def test_a_javascript_getters_reads_are_its_callers() -> None:
    graph = graph_of({"box.js": JS})
    assert _sites(graph, "box.js::Box.size") == {(3, "read"), (5, "read")}
