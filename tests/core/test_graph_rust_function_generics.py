"""Rust: a generic function's type parameter bound by a trait stands for that trait in the
function's paths. bit-vec's ``fn blocks_for_bits<B: BitBlock>(bits: usize)`` calls ``B::bits()``
(six such calls, rustc gives them to ``BitBlock::bits``), which had reached nothing; a bound written
in a ``where`` clause reads alike, and a parameter bound by no trait of the crate names nothing."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

LIB = """
pub trait BitBlock {
    fn bits() -> usize;
    fn zero() -> Self;
}
fn blocks_for_bits<B: BitBlock>(bits: usize) -> usize {
    bits / B::bits()
}
fn mask<B>(bits: usize) -> B where B: BitBlock {
    B::zero()
}
fn unbound<T>(x: T) -> usize {
    T::bits()
}
"""


def graph() -> CodeGraph:
    return build_graph({"src/lib.rs": analyze("src/lib.rs", dedent(LIB))})


def test_a_path_through_a_function_s_bound_type_parameter_is_the_trait_s() -> None:
    g = graph()
    assert [s.line for s in callers(g, "BitBlock.bits").sites] == [7]
    assert [s.line for s in callers(g, "BitBlock.zero").sites] == [10]
