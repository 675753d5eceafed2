"""Rust: a type that implements ``Deref`` (``impl Deref for Utf8PathBuf { type Target = Utf8Path;
.. }``) reaches its target's methods where neither it nor its traits have one of the name:
camino's ``self.as_str()`` in ``impl Display for Utf8PathBuf`` is ``Utf8Path::as_str`` (8 of
camino's 86 call sites rustc resolves had reached nothing)."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers, definitions
from maguyva_tui.core.parsing.analyze import analyze

LIB = """
use std::ops::Deref;
pub struct Utf8Path { inner: str }
pub struct Utf8PathBuf { inner: String }
impl Utf8Path {
    pub fn as_str(&self) -> &str { &self.inner }
    pub fn len(&self) -> usize { 0 }
}
impl Utf8PathBuf {
    pub fn as_path(&self) -> &Utf8Path { todo!() }
    pub fn len(&self) -> usize { 1 }
}
impl Deref for Utf8PathBuf {
    type Target = Utf8Path;
    fn deref(&self) -> &Utf8Path { self.as_path() }
}
impl Utf8PathBuf {
    fn show(&self) -> usize { self.as_str().len() }
}
fn measure(p: Utf8PathBuf) -> usize {
    p.len() + p.as_str().len()
}
pub struct Plain { inner: String }
impl Plain {
    pub fn deref(&self) -> &Utf8Path { todo!() }
}
fn plain(p: Plain) -> usize {
    p.as_str().len()
}
"""


def _graph():
    return build_graph({"src/lib.rs": analyze("src/lib.rs", dedent(LIB))})


def _lines(graph, qualname: str) -> list[int]:
    (node,) = definitions(graph, qualname)
    return sorted(site.line for site in callers(graph, node).sites)


def test_a_method_the_type_lacks_is_its_deref_targets() -> None:
    graph = _graph()
    assert _lines(graph, "Utf8Path.as_str") == [18, 21]  # self.as_str() and p.as_str(), not plain's


def test_the_types_own_method_comes_first() -> None:
    graph = _graph()
    assert _lines(graph, "Utf8PathBuf.len") == [21]
    assert _lines(graph, "Utf8Path.len") == []
