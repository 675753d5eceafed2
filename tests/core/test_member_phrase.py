"""A member named in English through its owner ("the Open method of the fenced code block parser")
is the one qualified name the index defines so: goldmark's question had fallen to the fallback
rule, fencedCodeBlockParser.Open not among the first 30."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.member_phrase import member_named
from maguyva_tui.core.types import Symbol

QUALNAMES = ["fencedCodeBlockParser.Open", "atxHeadingParser.Open", "atxHeadingParser.Close", "Faraday.Request.Retry.call",
             "Faraday.Adapter.Test.Stubs.new_stub", "renderer.Open", "Renderer.Open", "parse", "WrongTypeError.__str__"]


class _Symbols:
    def lookup(self, name: str, kinds: Sequence[str] = ()) -> list[Symbol]:
        return [Symbol(q.rsplit(".", 1)[-1], q, "method", "a.go", 1, 2, "go") for q in QUALNAMES if q.rsplit(".", 1)[-1] == name]


@pytest.mark.parametrize(("question", "written"), [
    ("Open method of the fenced code block parser", "fencedCodeBlockParser.Open"),
    ("Open method of fencedCodeBlockParser", "fencedCodeBlockParser.Open"),
    ("what does the Open method of the fenced code block parser do", "what does fencedCodeBlockParser.Open do"),
    ("where is the Close function of the atx heading parser struct defined", "where is atxHeadingParser.Close defined"),
    ("the call method of the Retry class", "Faraday.Request.Retry.call"),  # the owner's last parts
    ("the new_stub method of the test stubs", "Faraday.Adapter.Test.Stubs.new_stub"),
    # noun first (dacite 1.9.2: it had read as the error name WrongTypeError)
    ("method __str__ of WrongTypeError", "WrongTypeError.__str__"),
    ("where is the function Close of the atx heading parser defined", "where is atxHeadingParser.Close defined"),
    ("method Open() of fencedCodeBlockParser", "fencedCodeBlockParser.Open"),
])
def test_a_member_of_an_owner_in_words_is_its_qualified_name(question: str, written: str) -> None:
    found = member_named(question, _Symbols)
    assert found is not None and found[0] == written, found


@pytest.mark.parametrize("question", [
    "Open method of the parser",  # no owner named "parser" defines Open
    "Open method of the renderer",  # renderer.Open and Renderer.Open: which is the person's to say
    "Close method of the fenced code block parser",  # not defined there
    "how does the fenced code block parser open a block",  # no member phrase
    "the main function of the program",
    "method Close of the fenced code block parser",  # noun first, not defined there
    "method Open of the renderer",
])
def test_no_reading_where_the_index_does_not_name_one_member(question: str) -> None:
    assert member_named(question, _Symbols) is None


FCODE = '''package parser

type fencedCodeBlockParser struct{}

// Open opens a fenced code block.
func (b *fencedCodeBlockParser) Open(line string) bool {
	return len(line) > 3
}

type atxHeadingParser struct{}

// Open opens an ATX heading.
func (b *atxHeadingParser) Open(line string) bool {
	return line[0] == '#'
}

// NewFencedCodeBlockParser returns a new fenced code block parser.
func NewFencedCodeBlockParser() *fencedCodeBlockParser {
	return &fencedCodeBlockParser{}
}
'''


@pytest.mark.slow
def test_the_open_method_of_the_fenced_code_block_parser_is_listed_first(tmp_path: Path) -> None:
    root = tmp_path / "goldmark"
    (root / "parser").mkdir(parents=True)
    (root / "parser" / "fcode_block.go").write_text(FCODE)
    engine = Engine(root, tmp_path / "index")
    try:
        result = engine.search("Open method of the fenced code block parser", limit=5)
        assert [r.symbol for r in result.results][:1] == ["fencedCodeBlockParser.Open"], result.results
        assert any("as fencedCodeBlockParser.Open" in notice for notice in result.notices), result.notices
    finally:
        engine.close()
