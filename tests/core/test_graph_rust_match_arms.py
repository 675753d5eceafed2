"""Rust: a match arm whose pattern binds a name another pattern of the function binds too is a
block scope of its own (``Occupied(entry) => entry.into_mut(), Vacant(entry) => entry.insert(v)``:
``entry`` had been bound to two types in one function, so typed by neither), and a variant written
bare (``use self::Entry::*;`` then ``Occupied(view)``) is the one enum's of the file that has a
variant of that name. vec_map's 8 such calls (``or_insert``, ``test_entry``) had reached nothing."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers, definitions
from maguyva_tui.core.parsing.analyze import analyze

LIB = """
use self::Entry::*;
pub struct VacantEntry;
pub struct OccupiedEntry;
impl VacantEntry { pub fn insert(self) -> u8 { 0 } }
impl OccupiedEntry { pub fn into_mut(self) -> u8 { 0 } pub fn insert(&mut self) -> u8 { 0 } }
pub enum Entry { Vacant(VacantEntry), Occupied(OccupiedEntry) }
pub fn or_insert(e: Entry) -> u8 {
    match e {
        Occupied(entry) => entry.into_mut(),
        Vacant(entry) => entry.insert(),
    }
}
pub fn both(e: Entry, f: Entry) {
    match e {
        Entry::Vacant(_) => {}
        Entry::Occupied(mut view) => {
            view.insert();
        }
    }
    match f {
        Entry::Occupied(_) => {}
        Entry::Vacant(view) => {
            view.insert();
        }
    }
}
"""


def graph() -> CodeGraph:
    return build_graph({"src/lib.rs": analyze("src/lib.rs", dedent(LIB))})


def lines(g: CodeGraph, qualname: str) -> list[int]:
    (node,) = definitions(g, qualname)
    return sorted(site.line for site in callers(g, node).sites)


def test_a_bare_variant_types_its_binding_in_its_own_arm() -> None:
    g = graph()
    assert lines(g, "OccupiedEntry.into_mut") == [10]
    assert lines(g, "VacantEntry.insert") == [11, 24]


def test_each_arm_binding_a_name_again_keeps_its_type() -> None:
    g = graph()
    assert lines(g, "OccupiedEntry.insert") == [18]
