"""Rust: a container's element type is kept where it is written (``Vec<Shape>``, ``Option<Shape>``,
``&[Shape]``, ``[Shape; 2]``, ``Vec<Box<dyn Shape>>``): a closure of ``map``/``for_each``/``filter``/
``and_then`` on it or on its ``iter()``, a ``for`` loop over it, ``v[0]`` and ``o.unwrap()`` give a
``Shape``. Those calls had reached nothing (a slice or array parameter had recorded no type at all);
a ``Vec<u8>`` stays a ``Vec`` (bytes' ``impl BufMut for Vec<u8>``), and the container's own methods
(``v.len()``) reach no method of the crate of that name."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers, definitions
from maguyva_tui.core.parsing.analyze import analyze

LIB = """
pub trait Shape { fn area(&self) -> u32; }
pub struct Comp { n: u32 }
impl Comp {
    pub fn name(&self) -> u32 { self.n }
    pub fn len(&self) -> usize { 0 }
    pub fn maybe(&self) -> Option<Comp> { None }
}
pub trait Put { fn put_u8(&mut self, b: u8); }
impl Put for Vec<u8> { fn put_u8(&mut self, b: u8) { self.push(b); } }
pub fn all(v: Vec<Comp>) -> u32 {
    v.iter().map(|p| p.name()).sum()
}
pub fn each(v: &[Comp], a: [Comp; 2]) -> usize {
    v[0].name();
    for q in v { q.name(); }
    for q in a.iter() { q.name(); }
    v.iter().filter(|f| f.name() > 0).count();
    v.iter().for_each(|r| { r.name(); });
    v.len()
}
pub fn opt(o: Option<Comp>, c: Comp) -> u32 {
    let x = c.maybe().unwrap();
    x.name();
    o.and_then(|c| c.maybe()).map_or(0, |d| d.name())
}
pub fn shapes(s: Vec<Box<dyn Shape>>) -> u32 {
    s.iter().map(|x| x.area()).sum()
}
pub fn bytes(buf: &mut Vec<u8>) { buf.put_u8(1); }
"""


def _graph() -> CodeGraph:
    return build_graph({"src/lib.rs": analyze("src/lib.rs", dedent(LIB))})


def _lines(graph: CodeGraph, name: str) -> list[int]:
    (node,) = definitions(graph, name)
    return sorted({s.line for s in callers(graph, node).sites})


def test_graph_rust_elements() -> None:
    graph = _graph()
    assert _lines(graph, "Comp.name") == [12, 15, 16, 17, 18, 19, 24, 25]
    assert _lines(graph, "Comp.maybe") == [23, 25]
    assert _lines(graph, "Shape.area") == [28]
    assert _lines(graph, "Put.put_u8") == [30]  # Vec<u8> stays a Vec: its impl of the crate's trait
    assert _lines(graph, "Comp.len") == []  # v.len() of a slice: the standard library's
