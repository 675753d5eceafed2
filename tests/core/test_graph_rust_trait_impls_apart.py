"""Rust: methods of one type that share a name across its trait impls each get their own node,
named with the impl (``ArrayVec.fmt (impl Debug)``, ``ArrayVec.fmt (impl LowerHex)``): they had
been one node (37 of tinyvec's 259 methods, 41 of bytes' 349 had none of their own), so "who
calls" one listed the other's calls and "where is it defined" showed one of them. A name written
plain means them all; a call that cannot tell which runs is tied to none, but still types its
value where they all return one type."""

from __future__ import annotations

from functools import cache
from textwrap import dedent

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callees, callers, definitions
from maguyva_tui.core.parsing.analyze import analyze
from maguyva_tui.graph_command import graph_answer
from tests.core.small_repo import indexed

LIB = """
use core::fmt;
pub struct ArrayVec { len: u16 }
impl ArrayVec {
    pub fn len(&self) -> usize { 0 }
    pub fn first(&self) -> u8 { 0 }
}
impl fmt::Debug for ArrayVec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { self.first(); Ok(()) }
}
impl fmt::LowerHex for ArrayVec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { self.len(); Ok(()) }
}
impl PartialEq<[u8]> for ArrayVec {
    fn eq(&self, other: &[u8]) -> bool { true }
}
impl PartialEq<str> for ArrayVec {
    fn eq(&self, other: &str) -> bool { false }
}
impl From<&'static [u8]> for ArrayVec {
    fn from(s: &'static [u8]) -> ArrayVec { ArrayVec { len: 0 } }
}
impl From<String> for ArrayVec {
    fn from(s: String) -> ArrayVec { ArrayVec { len: 0 } }
}
impl IntoIterator for ArrayVec {
    type Item = u8;
    fn into_iter(self) -> Iter { todo!() }
}
impl<'a> IntoIterator for &'a ArrayVec {
    type Item = &'a u8;
    fn into_iter(self) -> Iter { todo!() }
}
pub trait Show { fn first(&self) -> u8; }
impl Show for ArrayVec {
    fn first(&self) -> u8 { 1 }
}
fn main() {
    let v = ArrayVec::from(String::new());
    v.len();
    v.eq("x");
    v.first();
    ArrayVec::from(String::new()).len();
}
"""


@cache
def graph() -> CodeGraph:
    return build_graph({"src/lib.rs": analyze("src/lib.rs", dedent(LIB))})


def test_each_trait_impl_s_method_is_a_definition_of_its_own() -> None:
    g = graph()
    assert definitions(g, "ArrayVec::fmt") == ("src/lib.rs::ArrayVec.fmt (impl Debug)",
                                               "src/lib.rs::ArrayVec.fmt (impl LowerHex)")
    assert definitions(g, "ArrayVec.fmt (impl LowerHex)") == ("src/lib.rs::ArrayVec.fmt (impl LowerHex)",)
    assert set(definitions(g, "ArrayVec.eq")) == {"src/lib.rs::ArrayVec.eq (impl PartialEq<[u8]>)",
                                                  "src/lib.rs::ArrayVec.eq (impl PartialEq<str>)"}


def test_two_impls_of_one_trait_are_told_apart_by_their_type() -> None:
    assert set(definitions(graph(), "ArrayVec.into_iter")) == {
        "src/lib.rs::ArrayVec.into_iter (impl IntoIterator for ArrayVec)",
        "src/lib.rs::ArrayVec.into_iter (impl IntoIterator for &ArrayVec)"}


def test_an_inherent_method_keeps_its_plain_name_and_its_calls() -> None:
    g = graph()
    assert "src/lib.rs::ArrayVec.first" in g.symbols
    assert "src/lib.rs::ArrayVec.first (impl Show)" in g.symbols
    assert [(s.line, s.caller_id) for s in callers(g, "ArrayVec.first").sites if "impl" not in s.callee_id] == [
        (9, "src/lib.rs::ArrayVec.fmt (impl Debug)"), (42, "src/lib.rs::main")]


def test_what_one_impl_calls_is_its_own() -> None:
    g = graph()
    assert [c.qualname for c in callees(g, "ArrayVec.fmt (impl LowerHex)").callees] == ["ArrayVec.len"]
    assert [c.qualname for c in callees(g, "ArrayVec.fmt (impl Debug)").callees] == ["ArrayVec.first"]


def test_a_call_that_cannot_tell_which_impl_runs_is_tied_to_none_but_types_its_value() -> None:
    g = graph()
    assert callers(g, "ArrayVec.eq").sites == []
    assert callers(g, "ArrayVec.from").sites == []
    assert [s.line for s in callers(g, "ArrayVec.len").sites] == [12, 40, 43]


CODEC = """pub trait Codec<T> {
    fn encode(&self, value: T) -> u8;
}
pub struct Wire;
impl Codec<u8> for Wire {
    fn encode(&self, value: u8) -> u8 { value }
}
impl Codec<u16> for Wire {
    fn encode(&self, value: u16) -> u8 { 0 }
}
impl Codec<u8> for &str {
    fn encode(&self, value: u8) -> u8 { 1 }
}
impl Codec<u16> for &str {
    fn encode(&self, value: u16) -> u8 { 2 }
}
impl std::fmt::Debug for Wire {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { Ok(()) }
}
impl std::fmt::Display for Wire {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { Ok(()) }
}
"""


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, {"src/lib.rs": CODEC})


def test_overrides_list_each_impl_s_method_by_its_name(engine: Engine) -> None:
    found = graph_answer(engine, "overrides", "Codec.encode", None, 20)["results"]
    assert sorted((r["symbol"], r["start_line"]) for r in found) == [
        ("Wire.encode (impl Codec<u16>)", 9), ("Wire.encode (impl Codec<u8>)", 6),
        ("str.encode (impl Codec<u16>)", 15), ("str.encode (impl Codec<u8>)", 12)]


def test_where_is_it_defined_lists_each_impl_s_method(engine: Engine) -> None:
    listed = [r["symbol"] for r in engine.search("where is Wire::fmt defined").to_json()["results"]]
    assert listed[:2] == ["Wire.fmt (impl Debug)", "Wire.fmt (impl Display)"]


def test_who_calls_names_both_definitions(engine: Engine) -> None:
    answer = graph_answer(engine, "callers", "Wire::fmt", None, 20)
    assert answer["definitions"] == ["src/lib.rs::Wire.fmt (impl Debug)", "src/lib.rs::Wire.fmt (impl Display)"]
