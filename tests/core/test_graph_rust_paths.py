"""Rust calls through a module path: ``crate::f()`` and ``parser::f()`` after ``mod parser;``
(rayon's ``crate::max_num_threads()`` and rayon-demo's ``parser::parse_tsp_data(&text)`` had reached
no definition, so "who calls" missed them)."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

CORE_LIB = """\
mod registry;
pub mod outer {
    pub mod inner;
    pub fn here() {}
}
pub fn max_num_threads() -> usize { 1 }
"""
CORE_REGISTRY = """\
fn threads() -> usize {
    crate::max_num_threads()
}
fn deeper() {
    crate::outer::inner::deep();
    crate::outer::here();
}
"""
TSP = """\
mod parser;
fn run(text: &str) {
    let graph = parser::parse_tsp_data(text);
}
"""


def rust_graph():  # type: ignore[no-untyped-def]
    return graph_of({
        "core/src/lib.rs": CORE_LIB,
        "core/src/registry.rs": CORE_REGISTRY,
        "core/src/outer/inner.rs": "pub fn deep() {}\n",
        "demo/src/main.rs": "mod tsp;\n",
        "demo/src/tsp/mod.rs": TSP,
        "demo/src/tsp/parser.rs": "pub fn parse_tsp_data(text: &str) -> u8 { 0 }\n",
    })


def test_a_call_through_crate_reaches_the_crate_roots_function() -> None:
    graph = rust_graph()
    assert call_targets(graph, "core/src/registry.rs", 2) == {"core/src/lib.rs::max_num_threads"}


def test_a_call_through_a_declared_module_reaches_its_files_function() -> None:
    graph = rust_graph()
    assert call_targets(graph, "demo/src/tsp/mod.rs", 3) == {"demo/src/tsp/parser.rs::parse_tsp_data"}


def test_a_module_declared_inside_an_inline_module_is_its_own_file() -> None:
    graph = rust_graph()
    assert call_targets(graph, "core/src/registry.rs", 5) == {"core/src/outer/inner.rs::deep"}
    assert call_targets(graph, "core/src/registry.rs", 6) == {"core/src/lib.rs::outer.here"}
