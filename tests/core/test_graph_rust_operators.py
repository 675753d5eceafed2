"""Rust: a ``let`` of an operator's result is of the type the operator's impl returns. ``a & b``
is ``BitAnd::bitand(a, b)``: fixedbitset's ``let ab = &a & &b; ab.contains(i)``, with ``impl
BitAnd for &FixedBitSet { type Output = FixedBitSet; .. }``, had reached nothing (42 of the call
sites rustc's save-analysis gives to ``contains``). An operator on values of no known type (numbers)
still types nothing. ``iter.collect::<FixedBitSet>()`` gives its type argument: fixedbitset's
``let ab = a.union(&b).collect::<FixedBitSet>();`` had reached nothing too (16 sites)."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

LIB = """
use std::ops::{BitAnd, Not};
pub struct Set;
impl Set {
    pub fn new() -> Set { Set }
    pub fn contains(&self, i: usize) -> bool { true }
}
impl<'a> BitAnd for &'a Set {
    type Output = Set;
    fn bitand(self, other: &Set) -> Set { Set }
}
impl Not for Set {
    type Output = Set;
    fn not(self) -> Set { self }
}
pub fn check() {
    let a = Set::new();
    let b = Set::new();
    let ab = &a & &b;
    ab.contains(1);
    let both = &(&a & &b) & &ab;
    both.contains(2);
    let none = !a;
    none.contains(3);
    let n = 3 + 4;
    n.contains(4);
}
"""


def graph() -> CodeGraph:
    return build_graph({"src/lib.rs": analyze("src/lib.rs", dedent(LIB))})


def test_a_let_of_an_operator_s_result_has_the_type_its_impl_returns() -> None:
    assert [s.line for s in callers(graph(), "Set.contains").sites] == [20, 22, 24]


COLLECTED = """
pub struct Set;
impl Set {
    pub fn contains(&self, i: usize) -> bool { true }
}
impl std::iter::FromIterator<usize> for Set {
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> Self { Set }
}
pub fn check(xs: Vec<usize>) {
    let s = xs.iter().cloned().collect::<Set>();
    s.contains(1);
    let v = xs.iter().collect::<Vec<_>>();
    v.contains(&&2);
}
"""


def test_a_let_of_a_turbofish_collect_is_of_its_type_argument() -> None:
    g = build_graph({"src/lib.rs": analyze("src/lib.rs", dedent(COLLECTED))})
    assert [s.line for s in callers(g, "Set.contains").sites] == [11]
