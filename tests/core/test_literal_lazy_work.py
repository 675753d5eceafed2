"""What a literal question never needs is never made (issue 19.1): an identifier the token index
answers for plans no trigrams, and a lone word the token index holds compiles no case-insensitive
matcher to say so. The answers are those the trigrams and the matcher give."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest

from maguyva_tui.core.indexer import update_index
from maguyva_tui.core.retrievers import text as text_module
from maguyva_tui.core.retrievers.text import TextRetriever
from maguyva_tui.core.store.snapshot import Snapshot
from maguyva_tui.core.types import QueryError
from tests.core.test_text_tokens import WORDS, _write_repo


@pytest.fixture(scope="module")
def engines(tmp_path_factory: pytest.TempPathFactory) -> tuple[TextRetriever, TextRetriever]:
    """The engine over a generated repository, with its token index and without it."""
    root = tmp_path_factory.mktemp("repo")
    _write_repo(root, 7)
    snapshot = Snapshot.load(update_index(root, tmp_path_factory.mktemp("index"))[0].folder)
    bare = copy.copy(snapshot)
    bare.tokens = None
    return TextRetriever(snapshot), TextRetriever(bare)


@pytest.fixture
def refused(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The trigram planner and the regex compiler, made to fail when called (each call noted)."""
    calls: list[str] = []

    def refuse(name: str) -> Any:
        def call(*args: object, **kwargs: object) -> Any:
            calls.append(name)
            raise AssertionError(f"{name} was called")
        return call

    monkeypatch.setattr(text_module, "literal_plan", refuse("literal_plan"))
    monkeypatch.setattr(text_module, "_compile", refuse("_compile"))
    yield calls


def _page(text: TextRetriever, literal: str, limit: int | None) -> list[tuple[str, int, str, bool, int]]:
    return [(m.path, m.line, m.match_type, m.definition, m.start) for m in text.literal_lines(literal, "sensitive", limit)]


@pytest.mark.parametrize("literal", ["widget", "self", "add", "draw", "Widget", "widget_count", "rewidget"])
@pytest.mark.parametrize("limit", [1, 5, 100])
def test_an_identifier_the_tokens_answer_plans_no_trigrams(engines: tuple[TextRetriever, TextRetriever],
                                                           literal: str, limit: int,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    with_tokens, bare = engines
    expected = _page(bare, literal, limit)  # the trigrams' candidates, read
    calls: list[str] = []
    planned = text_module.literal_plan
    monkeypatch.setattr(text_module, "literal_plan", lambda text: calls.append(text) or planned(text))
    assert _page(with_tokens, literal, limit) == expected
    assert calls == []


def test_a_word_the_tokens_hold_compiles_no_matcher(engines: tuple[TextRetriever, TextRetriever],
                                                    refused: list[str]) -> None:
    with_tokens, _ = engines
    for word in ("widget", "self", "Add", "x"):
        assert with_tokens.holds_literal(word, "insensitive")
        assert with_tokens.holds_literal(word, "sensitive")
    assert refused == []


def test_what_the_tokens_cannot_say_is_still_read(engines: tuple[TextRetriever, TextRetriever]) -> None:
    with_tokens, bare = engines
    for word in [*WORDS, "WiDgEt", "idge", "nothing_here", "x(", "dget.dra", "Wid"]:
        for case in ("sensitive", "insensitive", "smart"):
            assert with_tokens.holds_literal(word, case) == bare.holds_literal(word, case), (word, case)
            assert with_tokens.holds_literal(word, case) == bool(bare.literal_lines(word, case)), (word, case)


@pytest.mark.parametrize("bad", ["", "   ", "a" * (text_module.MAX_QUERY_BYTES + 1)])
def test_a_literal_that_cannot_be_searched_is_refused_first(engines: tuple[TextRetriever, TextRetriever],
                                                            bad: str) -> None:
    with_tokens, _ = engines
    with pytest.raises(QueryError):
        with_tokens.holds_literal(bad, "insensitive")


def test_a_lone_surrogate_is_refused_as_before(engines: tuple[TextRetriever, TextRetriever]) -> None:
    with_tokens, _ = engines
    with pytest.raises(QueryError, match="lone surrogate"):
        with_tokens.holds_literal("wid\udc80get", "insensitive")

