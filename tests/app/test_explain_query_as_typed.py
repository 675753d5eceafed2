"""The explain panel writes the question as it was typed (helper-350, camino 1.0.5): a regex
``fn (as|to)_\\w+\\(&self\\)`` had read ``'fn (as|to)_\\\\w+\\\\(&self\\\\)'``, each backslash doubled as
Python's repr writes it, so the pattern shown was not the one asked; the panel with nothing to
explain and a place gone to that is not listed wrote it the same way."""

from __future__ import annotations

from maguyva_tui.app.fuzzy import Target
from maguyva_tui.app.session import Answer, Request, Row
from maguyva_tui.app.widgets.explain import explain, nothing, unlisted
from maguyva_tui.core.types import Ranked, SearchResult, Vote

REGEX = r"fn (as|to)_\w+\(&self\)"


def _answer(text: str, *ranked: Ranked) -> Answer:
    result = SearchResult(text, "(text)", "exact_match", 1.0, None, "regex", (), "direct", "default", 40,
                          (), (), 1.0, (), ranked, 0.0)
    return Answer.build(Request(text), result, 0.0)


def _ranked() -> Ranked:
    vote = Vote(0, 3.5, 0.9, 0.9 / 41)
    return Ranked("src/lib.rs", 585, 585, "Utf8Path.as_str", "method", "rust", 0.9 / 41, "", (("text", vote),))


def test_the_query_line_shows_a_regex_as_typed() -> None:
    one = _ranked()
    lines = explain(_answer(REGEX, one), Row(one), 0).plain.splitlines()
    query = next(line for line in lines if line.startswith("query"))
    assert f"'{REGEX}'" in query, query  # had read 'fn (as|to)_\\w+\\(&self\\)'


def test_no_result_and_a_place_not_listed_show_it_as_typed() -> None:
    assert f"No results for '{REGEX}'" in nothing((), _answer(REGEX)).plain
    text = unlisted(_answer(REGEX, _ranked()), Target("f", "a.rs", 2, 2, "function  a.rs:2")).plain
    assert f"of '{REGEX}'" in text, text


def test_a_question_with_an_apostrophe_is_quoted_by_the_other_mark() -> None:
    one = _ranked()
    lines = explain(_answer("what's as_str", one), Row(one), 0).plain.splitlines()
    assert any(line.startswith("query") and "\"what's as_str\"" in line for line in lines), lines
