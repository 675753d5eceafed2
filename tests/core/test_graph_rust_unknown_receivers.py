"""Rust: a method called on a value whose type the graph does not know (what a foreign function
returns: ``max(a, b).bidi_class()``) is one of the crate's traits' only where no type of the crate
has a method of that name of its own. unicode-bidi's ``max(a, b).bidi_class()``, on two
``Level``s, had reached ``BidiDataSource::bidi_class`` though ``Level`` has an inherent
``bidi_class`` that rustc names there; a receiver no type of the crate could answer for still
reaches the trait's method (``SchemaDict::get_as`` on pyo3's ``Bound<PyDict>``)."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

LIB = """
use std::cmp::max;
pub trait BidiDataSource { fn bidi_class(&self, c: char) -> u8; }
pub struct Hardcoded;
impl BidiDataSource for Hardcoded { fn bidi_class(&self, c: char) -> u8 { 0 } }
pub struct Level(u8);
impl Level { pub fn bidi_class(&self) -> u8 { self.0 } }
pub trait Named { fn shout(&self) -> String; }
pub fn use_them(a: Level, b: Level) {
    let k = max(a, b).bidi_class();
    let s = max(String::new(), String::new()).shout();
}
"""


def graph() -> CodeGraph:
    return build_graph({"src/lib.rs": analyze("src/lib.rs", dedent(LIB))})


def test_an_unknown_value_s_method_is_not_the_trait_s_where_a_crate_type_has_its_own() -> None:
    assert callers(graph(), "BidiDataSource.bidi_class").sites == []


def test_a_method_only_a_trait_of_the_crate_declares_is_still_reached() -> None:
    assert [s.line for s in callers(graph(), "Named.shout").sites] == [11]


def test_a_crate_type_s_impl_of_the_trait_itself_leaves_the_trait_s_method() -> None:
    alone = dedent(LIB).replace("impl Level { pub fn bidi_class(&self) -> u8 { self.0 } }", "")
    g = build_graph({"src/lib.rs": analyze("src/lib.rs", alone)})
    assert [s.line for s in callers(g, "BidiDataSource.bidi_class").sites] == [10]
