"""Rust: a raw pointer's type is its pointee's (``map: *mut LinkedHashMap<K, V, S>`` had read
``mut``, ``p: *const Map`` nothing), and a call through a parenthesized dereference
(``(*self.map).detach(node)``) is the pointee's method: linked-hash-map's ``OccupiedEntry::insert``
calls ``detach``, ``attach`` and ``ensure_guard_node`` so, and had reached none of them."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers, definitions
from maguyva_tui.core.parsing.analyze import analyze

LIB = """
pub struct Map { n: u32 }
impl Map {
    pub fn detach(&mut self) -> u32 { self.n }
}
pub struct Occ { map: *mut Map }
impl Occ {
    pub fn insert(&mut self) {
        unsafe { (*self.map).detach(); }
    }
}
pub fn f(p: *const Map, q: &mut Map) { unsafe { (*p).detach(); } (*q).detach(); }
"""


def test_graph_rust_raw_pointers() -> None:
    graph = build_graph({"src/lib.rs": analyze("src/lib.rs", dedent(LIB))})
    (node,) = definitions(graph, "Map.detach")
    assert sorted({s.line for s in callers(graph, node).sites}) == [9, 12]
