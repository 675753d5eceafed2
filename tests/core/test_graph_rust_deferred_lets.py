"""Rust: a ``let`` without a value or a type (``let mut act;``) takes its type from what the
function assigns to the name (``act = BitVec::from_elem(10, false);``): Rust gives a name one type,
so every assignment agrees. bit-vec's tests declare ``let mut act;`` and assign it again and again:
143 of the call sites rustc's save-analysis gives to ``BitVec::set``, ``none``, ``all`` and
``eq_vec`` had reached nothing. A deferred let assigned nothing typed still shadows a function of
its name."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

LIB = """
pub struct Bits;
impl Bits {
    pub fn from_elem(n: usize) -> Bits { Bits }
    pub fn set(&mut self, i: usize) {}
}
pub fn act(n: usize) -> usize { n }
pub fn check(flag: bool) {
    let mut act;
    act = Bits::from_elem(10);
    act.set(0);
    act = Bits::from_elem(20);
    act.set(1);
}
pub fn plain() {
    let act;
    act = |n: usize| n;
    act(3);
}
"""


def graph() -> CodeGraph:
    return build_graph({"src/lib.rs": analyze("src/lib.rs", dedent(LIB))})


def test_a_deferred_let_is_of_the_type_assigned_to_it() -> None:
    assert [s.line for s in callers(graph(), "Bits.set").sites] == [11, 13]


def test_a_deferred_let_still_shadows_a_function_of_its_name() -> None:
    assert callers(graph(), "act").sites == []
