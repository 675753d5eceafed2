"""Rust: a function passed by its name (``iter.map(take)``, ``.map(Self::wrap)``,
``v.retain(keep)``) is used there, as rustc's save-analysis counts it: "who calls take" had left
tinyvec's ten ``.map(take)`` out. A local of the same name passed (a parameter, a ``let``, ``if let
Some(take)``, a match arm's or a ``for``'s pattern) is no site of the function."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers, site_reason
from maguyva_tui.core.parsing.analyze import analyze

LIB = """
fn take(x: &mut u8) -> u8 { *x }
pub struct Wrap(u8);
impl Wrap {
    fn wrap(x: u8) -> Self { Wrap(x) }
    pub fn all(xs: &mut [u8]) -> Vec<Wrap> {
        let firsts: Vec<u8> = xs.iter_mut().map(take).collect();
        firsts.into_iter().map(Self::wrap).collect()
    }
}
pub fn shadowed(take: u8, v: Vec<u8>) -> Vec<u8> {
    let wrap = 2;
    consume(take, wrap);
    v
}
pub fn patterns(o: Option<u8>, v: Vec<(u8, u8)>) {
    if let Some(take) = o { consume(take, 1); }
    match o { Some(take) => consume(take, 1), None => {} }
    for (take, _) in v { consume(take, 1); }
    v.iter().for_each(|take| consume(take.0, 1));
}
fn consume(a: u8, b: u8) {}
"""


def graph() -> CodeGraph:
    return build_graph({"src/lib.rs": analyze("src/lib.rs", dedent(LIB))})


def test_a_function_passed_by_its_name_is_a_site_of_it() -> None:
    g = graph()
    assert [s.line for s in callers(g, "take").sites] == [7]
    assert [s.line for s in callers(g, "Wrap.wrap").sites] == [8]


def test_the_site_says_it_passes_the_function() -> None:
    g = graph()
    [site] = callers(g, "take").sites
    assert site_reason(g, site, {}, "calls take") == "passes take"  # not "reads the property take"
