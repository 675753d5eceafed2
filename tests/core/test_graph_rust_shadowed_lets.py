"""Rust: a ``let`` that binds a name again shadows the one before from its line to the end of its
block (bytes' ``let a = Bytes::from(..); a.len(); let a = BytesMut::from(..); a.len();``): a
function's locals had been one table, so ``a`` had no type and 14 of bytes' call sites rustc
resolves reached nothing. An inner block's ``let`` ends with its block."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers, definitions
from maguyva_tui.core.parsing.analyze import analyze

LIB = """
pub struct Bytes {}
pub struct BytesMut {}
impl Bytes {
    pub fn new() -> Bytes { Bytes {} }
    pub fn len(&self) -> usize { 0 }
}
impl BytesMut {
    pub fn new() -> BytesMut { BytesMut {} }
    pub fn len(&self) -> usize { 1 }
    pub fn freeze(self) -> Bytes { Bytes {} }
}
fn lengths() -> usize {
    let a = Bytes::new();
    let n = a.len();
    let a = BytesMut::new();
    {
        let a = Bytes::new();
        a.len();
    }
    a.len() + n
}
"""


def _lines(qualname: str) -> list[int]:
    graph = build_graph({"src/lib.rs": analyze("src/lib.rs", dedent(LIB))})
    (node,) = definitions(graph, qualname)
    return sorted(site.line for site in callers(graph, node).sites)


def test_a_let_binding_a_name_again_shadows_the_one_before() -> None:
    assert _lines("Bytes.len") == [15, 19]  # the inner block's a, then a.len() after it is BytesMut's
    assert 21 in _lines("BytesMut.len")

