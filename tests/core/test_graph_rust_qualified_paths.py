"""Rust: a call through a qualified path names its impl by the trait (``<Foo as fmt::Debug>::fmt(x,
f)``: ``Foo.fmt (impl Debug)``, not its ``LowerHex`` one), the type's method where the type has one
of the name alone (``<Foo as FromHex>::from_hex(s)``, ``<Foo>::new()``), the trait's where the type
is no name (hex's ``<[u8; 6] as FromHex>::from_hex("666f6f626172")``): such calls had reached
nothing, their receiver read as unknown. A type position (``<T as Iterator>::Item``) is no call."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers, definitions
from maguyva_tui.core.parsing.analyze import analyze

LIB = """
use core::fmt;
pub trait FromHex: Sized { fn from_hex(s: &str) -> Self; fn check(s: &str) -> bool { true } }
pub struct Foo;
impl Foo { pub fn new() -> Foo { Foo } }
impl FromHex for Foo { fn from_hex(s: &str) -> Self { Foo } }
impl FromHex for Vec<u8> { fn from_hex(s: &str) -> Self { Vec::new() } }
impl fmt::Debug for Foo { fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { Ok(()) } }
impl fmt::LowerHex for Foo { fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { Ok(()) } }
fn main(f: &mut fmt::Formatter<'_>) {
    let a = <Foo as FromHex>::from_hex("00");
    let b = <[u8; 6] as FromHex>::from_hex("00");
    let c = <Foo>::new();
    <Foo as fmt::Debug>::fmt(&a, f);
    <Foo as fmt::LowerHex>::fmt(&a, f);
    <Foo as FromHex>::check("00");
}
"""


def graph() -> CodeGraph:
    return build_graph({"src/lib.rs": analyze("src/lib.rs", dedent(LIB))})


def lines(g: CodeGraph, qualname: str) -> list[int]:
    (node,) = definitions(g, qualname)
    return sorted(site.line for site in callers(g, node).sites)


def test_a_qualified_path_names_the_types_method() -> None:
    g = graph()
    assert lines(g, "Foo.from_hex") == [11]
    assert lines(g, "Foo.new") == [13]


def test_a_qualified_path_on_no_named_type_is_the_traits_method() -> None:
    g = graph()
    assert lines(g, "FromHex.from_hex") == [12]
    assert lines(g, "FromHex.check") == [16]  # the trait's default: Foo has none of its own


def test_the_trait_chooses_among_the_impls_named_apart() -> None:
    g = graph()
    assert lines(g, "Foo.fmt (impl Debug)") == [14]
    assert lines(g, "Foo.fmt (impl LowerHex)") == [15]
