"""Rust implementations of the crate's own trait for a type it does not define
(``impl Serializer for &'a mut fmt::Formatter<'b>``, as serde's ``ser/fmt.rs`` writes, ``for &str``,
a blanket ``impl<F> Sink for F``): "what implements Serializer" and ``maguyva graph
subtypes|overrides`` list them, each saying the type is foreign. Before, the graph tied the impl to
no class node and every answer left them out, unsaid."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.graph.foreign_impls import bare_type
from maguyva_tui.graph_command import graph_answer
from tests.core.small_repo import indexed

LIB = """use std::fmt;
pub trait Serializer {
    fn ser(self) -> u32;
}
pub struct Local;
impl Serializer for Local {
    fn ser(self) -> u32 { 1 }
}
impl<'a, 'b> Serializer for &'a mut fmt::Formatter<'b> {
    fn ser(self) -> u32 { 2 }
}
impl Serializer for &str {
    fn ser(self) -> u32 { 3 }
}
impl<F> Serializer for F
where
    F: Fn() -> u32,
{
    fn ser(self) -> u32 { self() }
}
impl<const N: usize> Serializer for [u8; N] {
    fn ser(self) -> u32 { 6 }
}
"""


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, {"src/lib.rs": LIB, "src/token.rs": "pub struct Token;\n",
                                      "src/index.rs": "use crate::Serializer;\n"
                                                      "impl Serializer for &crate::token::Token {\n"
                                                      "    fn ser(self) -> u32 { 5 }\n}\n"})


def test_subtypes_list_the_impls_for_foreign_types_and_say_so(engine: Engine) -> None:
    found = graph_answer(engine, "subtypes", "Serializer", None, 20)["results"]
    listed = {(r["path"], r["start_line"], r["symbol"], r["modalities"]["graph"]["reason"]) for r in found}
    assert ("src/lib.rs", 9, "Formatter",
            "implements Serializer for &'a mut fmt::Formatter<'b>, a type defined outside the repository") in listed
    assert ("src/lib.rs", 12, "str", "implements Serializer for &str, a type defined outside the repository") in listed
    assert ("src/lib.rs", 15, "F", "implements Serializer for every F its bounds allow (a blanket impl)") in listed
    assert ("src/lib.rs", 21, "[u8; N]",  # its ; had cut the type at [u8
            "implements Serializer for [u8; N], a type defined outside the repository") in listed
    assert {r["symbol"] for r in found} == {"Local", "Token", "Formatter", "str", "F", "[u8; N]"}  # Token once, as its node


def test_overrides_list_the_methods_of_those_impls(engine: Engine) -> None:
    found = graph_answer(engine, "overrides", "Serializer.ser", None, 20)["results"]
    assert {(r["symbol"], r["start_line"]) for r in found} >= {("Formatter.ser", 10), ("str.ser", 13), ("F.ser", 19),
                                                               ("[u8; N].ser", 22)}


def test_the_search_lists_them_too(engine: Engine) -> None:
    listed = [d["symbol"] for d in engine.search("what implements Serializer").to_json()["results"]]
    assert {"Formatter", "str", "F"} <= set(listed)


@pytest.mark.parametrize(("written", "bare"), [("&'a mut fmt::Formatter<'b>", "Formatter"), ("&str", "str"),
                                               ("alloc::vec::Vec<T>", "Vec"), ("*const u8", "u8")])
def test_the_bare_type_is_what_the_methods_are_named_under(written: str, bare: str) -> None:
    assert bare_type(written) == bare
