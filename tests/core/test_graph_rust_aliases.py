"""Rust: a type alias types what is declared with it: ``type Alias = Comp;`` and an impl's
associated type (``impl Iterator for Comps { type Item = Comp; fn next(&mut self) ->
Option<Self::Item> }``), so camino's ``self.inner.next().map(|c| c.as_str())`` reaches
``Utf8Component::as_str``, and ``for c in comps`` of an iterator the crate defines gives its
``next()``'s value. The alias is no implementer: ``Comps`` stays the only type implementing
``Iterator`` here, and ``Comp`` implements nothing."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers, definitions
from maguyva_tui.core.parsing.analyze import analyze

LIB = """
pub struct Comp { n: u32 }
impl Comp {
    pub fn name(&self) -> u32 { self.n }
}
pub type Alias = Comp;
pub fn g(a: Alias) -> u32 { a.name() }
pub struct Comps { i: usize }
impl Iterator for Comps {
    type Item = Comp;
    fn next(&mut self) -> Option<Self::Item> { None }
}
pub struct Wrap { inner: Comps }
impl Wrap {
    pub fn first(&mut self) -> Option<u32> {
        self.inner.next().map(|c| c.name())
    }
}
pub fn walk(cs: Comps) {
    for c in cs { c.name(); }
}
"""


def _graph() -> CodeGraph:
    return build_graph({"src/lib.rs": analyze("src/lib.rs", dedent(LIB))})


def _lines(graph: CodeGraph, name: str) -> list[int]:
    (node,) = definitions(graph, name)
    return sorted({s.line for s in callers(graph, node).sites})


def test_graph_rust_aliases() -> None:
    graph = _graph()
    assert _lines(graph, "Comp.name") == [7, 16, 20]
    assert _lines(graph, "Comps.next") == [16]
    facts = analyze("src/lib.rs", dedent(LIB))
    assert [r.name for r in facts.references if r.kind == "inherit"] == ["Iterator"]
