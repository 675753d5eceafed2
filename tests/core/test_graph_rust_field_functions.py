"""Rust: a function named as a struct field's value (bytes' ``const STATIC_VTABLE: Vtable = Vtable {
clone: static_clone, .. }``) is used there, as rustc counts it: 15 of bytes' call sites rustc
resolves had reached nothing. A name the function around it binds is that local."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers, definitions
from maguyva_tui.core.parsing.analyze import analyze

LIB = """
pub struct Vtable { clone: fn(usize) -> usize, drop: fn(usize) }
const STATIC_VTABLE: Vtable = Vtable {
    clone: static_clone,
    drop: self::static_drop,
};
fn static_clone(n: usize) -> usize { n }
fn static_drop(_: usize) {}
fn shadowed(static_clone: fn(usize) -> usize) -> Vtable {
    Vtable { clone: static_clone, drop: static_drop }
}
"""


def _lines(qualname: str) -> list[int]:
    graph = build_graph({"src/lib.rs": analyze("src/lib.rs", dedent(LIB))})
    (node,) = definitions(graph, qualname)
    return sorted(site.line for site in callers(graph, node).sites)


def test_a_function_named_as_a_fields_value_is_used_there() -> None:
    assert _lines("static_clone") == [4]  # not shadowed's parameter of that name
    assert _lines("static_drop") == [5, 10]
