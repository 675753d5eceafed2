"""Rust: a path through a type or trait the crate does not define (``Default::default()``,
``Vec::new()``, ``String::from(s)``) is that type's or trait's, not a method of one of the crate's
traits that happens to share its name. tinyvec's every ``let v: ArrayVec<[i32; 4]> =
Default::default();`` had been tied to its ``Array::default`` (34 calls rustc's save-analysis
gives to ``core::default::Default``); a trait the crate implements for that foreign type
(``impl Radix for BigInt``: ``BigInt::from_radix(s)``) still reaches its method."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

LIB = """
use num::BigInt;
pub trait Array { fn default() -> Self; fn from(x: u8) -> Self; }
pub trait Radix { fn from_radix(s: &str) -> Self; }
impl Radix for BigInt { fn from_radix(s: &str) -> Self { todo!() } }
pub fn make() {
    let a: Vec<u8> = Default::default();
    let b = String::from("x");
    let c = Vec::default();
    let n = BigInt::from_radix("1");
    let m = i32::from(7u8);
}
"""


def graph() -> CodeGraph:
    return build_graph({"src/lib.rs": analyze("src/lib.rs", dedent(LIB))})


def test_a_path_through_a_foreign_type_or_trait_is_not_the_crate_s_trait_method() -> None:
    g = graph()
    assert callers(g, "Array.default").sites == []
    assert callers(g, "Array.from").sites == []


def test_a_trait_the_crate_implements_for_the_foreign_type_still_reaches_its_method() -> None:
    assert [s.line for s in callers(graph(), "Radix.from_radix").sites] == [10]
