"""Test code by what the code says (``core/code_tests.py``): a Rust ``#[cfg(test)] mod tests`` inside
``src/`` is demoted as a test file is, and said so (``demoted_as``, ``--explain``). regex-syntax
0.6.27's ``parse`` had listed ``tests.parse``, a helper of ``src/hir/translate.rs``'s test module,
first, above ``Parser.parse`` (helper-243)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from maguyva_tui.core import fusion
from maguyva_tui.core.code_tests import marks_test, spans_of_tests
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.explain import demotion_why, explain_text
from maguyva_tui.core.types import Chunk


@pytest.mark.parametrize(("attribute", "marks"), [
    ("test", True), ("bench", True), ("tokio::test", True), ('tokio::test(flavor = "multi_thread")', True),
    ("cfg(test)", True), ("cfg( test )", True), ("cfg(all(test, unix))", True),
    ('cfg(all(feature = "std", any(unix, windows), test))', True),
    ("cfg(not(test))", False), ('cfg(any(test, feature = "x"))', False), ("cfg(unix)", False),
    ("derive(Debug)", False), ("test_case(1)", False), ('cfg(feature = "test")', False),
])
def test_an_attribute_marks_test_code_where_cargo_runs_it_as_a_test_or_builds_it_only_for_tests(
        attribute: str, marks: bool) -> None:
    assert marks_test(attribute) is marks


SOURCE = b"""\
pub fn parse(p: &str) -> usize {
    p.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(p: &str) -> usize {
        super::parse(p)
    }

    #[test]
    fn parses() {
        assert_eq!(parse("a"), 1);
    }
}

#[derive(Debug)]
#[cfg(all(test, unix))]
struct OnlyTested;

#[cfg(not(test))]
fn built() {}
"""
CHUNKS = [Chunk("a.rs", 1, 3, "function", "parse", "rust"), Chunk("a.rs", 5, 17, "module", "tests", "rust"),
          Chunk("a.rs", 9, 11, "function", "tests.parse", "rust"), Chunk("a.rs", 13, 16, "function", "tests.parses", "rust"),
          Chunk("a.rs", 19, 21, "struct", "OnlyTested", "rust"), Chunk("a.rs", 23, 24, "function", "built", "rust")]


def _smallest(line: int) -> Chunk | None:
    holding = [c for c in CHUNKS if c.start_line <= line <= c.end_line]
    return min(holding, key=lambda c: c.end_line - c.start_line) if holding else None


def test_the_items_an_attribute_marks_are_test_code_from_their_first_attribute_to_their_end() -> None:
    assert spans_of_tests(SOURCE, 24, _smallest) == ((5, 17), (13, 16), (19, 21))


def test_a_file_opening_with_an_inner_cfg_test_is_test_code_whole() -> None:
    source = b"//! Tests of the parser.\n#![cfg(test)]\n\nuse super::*;\n\n#[test]\nfn a() {}\n"
    assert spans_of_tests(source, 7, lambda line: None) == ((1, 7),)
    nested = b"fn f() {}\n\nmod m {\n    #![cfg(test)]\n}\n"  # a nested module's: not the file's
    assert spans_of_tests(nested, 5, lambda line: None) == ()


def test_test_code_in_a_source_file_is_named_a_test_as_a_test_file_is() -> None:
    factor = fusion.SECONDARY_DEMOTION  # the path src/a.rs says nothing: the code said so
    assert fusion.demotion_kinds("src/a.rs", factor) == ("secondary",)
    assert demotion_why("src/a.rs", factor) == "a test, example or doc"
    assert fusion.demotion_kinds("vendor/x/a.rs", fusion.DEMOTION * factor) == ("vendored", "secondary")


CRATE = {
    "Cargo.toml": '[package]\nname = "rx"\nversion = "0.1.0"\n',
    "src/lib.rs": "pub mod parser;\npub mod translate;\n",
    "src/parser.rs": (
        "pub struct Parser;\n\nimpl Parser {\n    pub fn parse(&self, pattern: &str) -> usize {\n"
        "        pattern.len()\n    }\n}\n"),
    "src/translate.rs": (
        "use crate::parser::Parser;\n\npub fn translate(pattern: &str) -> usize {\n    Parser.parse(pattern) * 2\n}\n\n"
        "#[cfg(test)]\nmod tests {\n    use super::*;\n\n"
        "    fn parse(pattern: &str) -> usize {\n        Parser.parse(pattern)\n    }\n\n"
        "    fn only_tested(pattern: &str) -> usize {\n        parse(pattern) + 1\n    }\n\n"
        + "".join(f"    #[test]\n    fn case_{i}() {{\n        assert_eq!(parse(\"{'a' * i}\"), only_tested(\"{'a' * i}\") - 1);\n    }}\n\n"
                  for i in range(1, 6))
        + "}\n"),
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    root = tmp_path_factory.mktemp("tests_inside") / "rx"
    for name, text in CRATE.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    opened = Engine(root, root.parent / "ix", static=False)
    yield opened
    opened.close()


@pytest.mark.slow
def test_a_name_lists_the_crates_own_definition_before_its_test_modules_helper(engine: Engine) -> None:
    answer = engine.search("parse", limit=10)
    symbols = [r.symbol for r in answer.results]
    assert symbols.index("Parser.parse") < symbols.index("tests.parse"), symbols
    helper = next(r for r in answer.results if r.symbol == "tests.parse")
    assert helper.demoted_as == ("secondary",) and helper.demotion == fusion.SECONDARY_DEMOTION
    own = next(r for r in answer.results if r.symbol == "Parser.parse")
    assert own.demotion == 1.0 and not own.demoted_as
    assert "× demotion 0.5 (a test, example or doc)" in explain_text(answer)


@pytest.mark.slow
def test_a_name_only_the_test_module_defines_is_listed_undemoted(engine: Engine) -> None:
    first = engine.search("only_tested", limit=5).results[0]
    assert first.symbol == "tests.only_tested" and first.demotion == 1.0


@pytest.mark.slow
def test_a_sentence_demotes_the_test_modules_chunks_and_not_the_code_beside_them(engine: Engine) -> None:
    answer = engine.search("checks that only tested is one more than parse", preset="thorough", limit=20)
    assert answer.fusion_strategy == "fused"
    assert next(r for r in answer.results if r.symbol == "Parser.parse").demotion == 1.0
    tested = [r for r in answer.results if r.symbol and r.symbol.startswith("tests")]
    assert tested and all(r.demoted_as == ("secondary",) for r in tested)


@pytest.mark.slow
def test_the_test_modules_calls_are_still_callers(engine: Engine) -> None:
    answer = engine.search("who calls Parser.parse", limit=10)
    assert {"translate", "tests.parse"} <= {r.symbol for r in answer.results}

