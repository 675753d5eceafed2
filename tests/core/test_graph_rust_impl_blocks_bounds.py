"""Rust: a type's impl blocks that bind its type parameter by different traits (bytes' ``impl<T, U>
Buf for Chain<T, U> where T: Buf`` and ``impl<T, U> BufMut for Chain<T, U> where T: BufMut``) type
its field ``a: T`` as either trait: ``self.a.remaining()`` is ``Buf::remaining``, the one of them
that declares it (it had been neither's: 23 of bytes' call sites rustc resolves reached nothing).
A method both traits declare stays untied."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers, definitions
from maguyva_tui.core.parsing.analyze import analyze

LIB = """
pub trait Buf { fn remaining(&self) -> usize; fn size(&self) -> usize; }
pub trait BufMut { fn remaining_mut(&self) -> usize; fn size(&self) -> usize; }
pub struct Chain<T, U> { a: T, b: U }
impl<T, U> Buf for Chain<T, U>
where
    T: Buf,
    U: Buf,
{
    fn remaining(&self) -> usize { self.a.remaining() + self.b.size() }
    fn size(&self) -> usize { 0 }
}
impl<T, U> BufMut for Chain<T, U>
where
    T: BufMut,
    U: BufMut,
{
    fn remaining_mut(&self) -> usize { self.a.remaining_mut() + self.b.size() }
    fn size(&self) -> usize { 0 }
}
"""


def _graph():
    return build_graph({"src/chain.rs": analyze("src/chain.rs", dedent(LIB))})


def _lines(graph, qualname: str) -> list[int]:
    (node,) = definitions(graph, qualname)
    return sorted(site.line for site in callers(graph, node).sites)


def test_each_blocks_bound_types_the_field() -> None:
    graph = _graph()
    assert _lines(graph, "Buf.remaining") == [10]
    assert _lines(graph, "BufMut.remaining_mut") == [18]


def test_a_method_both_traits_declare_is_neithers() -> None:
    graph = _graph()
    assert _lines(graph, "Buf.size") == []
    assert _lines(graph, "BufMut.size") == []
