"""Rust: an ``impl`` block's bound type parameter types what its methods call through it. A field a
struct declares of its bare parameter (``struct ArrayVec<A> { data: A }``) read in ``impl<A:
Array> ArrayVec<A>`` (or ``where A: Array``), and a path through the parameter (``A::default()``),
call ``Array``'s methods; both had been tied to nothing (tinyvec's ``self.data.as_slice_mut()``:
22 of rustc's call sites). Two blocks bounding the parameter by different traits name neither."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

LIB = """
pub trait Array { fn fresh() -> Self; fn as_slice(&self) -> u8; }
pub trait Other { fn as_slice(&self) -> u8; }
pub struct ArrayVec<A> { len: u16, data: A }
impl<A: Array> ArrayVec<A> {
    pub fn first(&self) -> u8 { self.data.as_slice() }
    pub fn new() -> Self { Self { len: 0, data: A::fresh() } }
}
impl<A> Clone for ArrayVec<A>
where
    A: Array + Clone,
{
    fn clone(&self) -> Self { self.data.as_slice(); todo!() }
}
pub struct Mixed<T> { inner: T }
impl<T: Array> Mixed<T> { fn a(&self) -> u8 { self.inner.as_slice() } }
impl<T: Other> Mixed<T> { fn b(&self) -> u8 { self.inner.as_slice() } }
"""


def graph() -> CodeGraph:
    return build_graph({"src/lib.rs": analyze("src/lib.rs", dedent(LIB))})


def test_a_field_of_the_bound_parameter_calls_the_trait_s_method() -> None:
    g = graph()
    assert [s.line for s in callers(g, "Array.as_slice").sites] == [6, 13]
    assert [s.line for s in callers(g, "Array.fresh").sites] == [7]


def test_two_blocks_bounding_it_by_different_traits_name_neither() -> None:
    assert callers(graph(), "Other.as_slice").sites == []
