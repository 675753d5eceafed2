"""The explain panel says the text engine's tier as ``maguyva search --explain`` does: of a phrase
("expected a mapping node", PyYAML), "whole words", where the panel had said the tier's own name,
"whole identifier", of words that are no identifier; a lone identifier's tier as it is."""

from __future__ import annotations

from maguyva_tui.app.session import Answer, Request
from maguyva_tui.app.widgets.explain import explain
from maguyva_tui.core.explain import explain_text
from maguyva_tui.core.types import Ranked, SearchResult, Vote


def _answer(text: str, target: str, reason: str) -> tuple[Answer, SearchResult]:
    vote = Vote(0, 3.0, 0.9, 0.9 / 41, reason)
    one = Ranked("lib/yaml/constructor.py", 135, 135, "BaseConstructor.construct_mapping", "method", "python",
                 0.9 / 41, "", (("text", vote),))
    result = SearchResult(text, "(text)", "exact_match", 0.9, target, "quoted_literal", (("text", 0.9),), "direct",
                          "default", 40, ("text",), (), 1.0, (), (one,), 0.0)
    return Answer.build(Request(text), result, 0.0), result


def _text_line(answer: Answer) -> str:
    return next(line for line in explain(answer, answer.rows[0], 0).plain.splitlines() if line.startswith("  text"))


def test_a_phrase_s_tier_is_said_as_the_cli_says_it() -> None:
    answer, result = _answer('"expected a mapping node"', "expected a mapping node", "whole identifier, definition")
    line = _text_line(answer)
    assert line.endswith("whole words, definition"), line  # had read 'whole identifier, definition'
    assert "whole words, definition" in explain_text(result)


def test_an_identifier_s_tier_stays_as_it_is() -> None:
    answer, _ = _answer('"construct_mapping"', "construct_mapping", "whole identifier")
    assert _text_line(answer).endswith("whole identifier")
