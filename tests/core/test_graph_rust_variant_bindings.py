"""Rust: a name a tuple variant's pattern binds is of the variant's field type (``match self {
TinyVec::Inline(a) => a.push(x), .. }``, ``if let Self::Inline(a) = self``), and ``let arr = match
self { TinyVec::Heap(_) => return, TinyVec::Inline(a) => a };`` binds ``arr`` to what the one arm
that does not leave gives. tinyvec's 26 such calls had been tied to nothing; a name bound to two
types in one function is typed by neither."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

LIB = """
pub struct ArrayVec { len: u8 }
impl ArrayVec { pub fn push(&mut self) {} pub fn drain(&mut self) {} }
pub struct Other;
impl Other { pub fn push(&mut self) {} }
pub enum TinyVec { Inline(ArrayVec), Heap(Vec<u8>) }
pub enum Either { Left(Other), Right(ArrayVec) }
impl TinyVec {
    fn grow(&mut self) {
        let arr = match self { TinyVec::Heap(_) => return, TinyVec::Inline(a) => a };
        arr.push();
        match self { Self::Inline(ref mut i) => i.drain(), TinyVec::Heap(h) => h.clear() }
        if let TinyVec::Inline(b) = self { b.push() }
    }
    fn mixed(&mut self, e: Either) {
        if let TinyVec::Inline(x) = self { x.drain() }
        if let Either::Left(x) = e { x.push() }
    }
}
"""


def graph() -> CodeGraph:
    return build_graph({"src/lib.rs": analyze("src/lib.rs", dedent(LIB))})


def test_a_name_a_variant_pattern_binds_is_of_its_field_type() -> None:
    g = graph()
    assert [s.line for s in callers(g, "ArrayVec.push").sites] == [11, 13]
    assert [s.line for s in callers(g, "ArrayVec.drain").sites] == [12]


def test_a_name_bound_to_two_types_in_one_function_is_typed_by_neither() -> None:
    g = graph()
    assert callers(g, "Other.push").sites == []
    assert [s.line for s in callers(g, "ArrayVec.drain").sites] == [12]  # not x.drain() of line 16
