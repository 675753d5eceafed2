"""A quoted phrase's text match is said in words of a phrase, where it had been said in the tier
names of one identifier: "Brazilian postal" in a docstring read "whole identifier", "valid email"
inside "Invalid email" "word boundary". The tier (the JSON's ``reason``) and every score stay."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.explain import described_json, explain_text
from tests.core.small_repo import indexed

FILES = {
    "v.py": 'def postal(code):\n    """Validate a Brazilian postal code."""\n    return code\n\n\n'
            'def email(x):\n    raise ValueError("Invalid email address")\n\n\ndef valid_email(x):\n    return x\n',
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, FILES)


def test_explain_says_whole_words_of_a_phrase(engine: Engine) -> None:
    text = explain_text(engine.search('"Brazilian postal"', limit=5))
    assert "whole words" in text and "whole identifier" not in text


def test_explain_says_one_end_inside_a_word(engine: Engine) -> None:
    text = explain_text(engine.search('"valid email"', limit=5))
    assert "one end inside a word" in text and "word boundary" not in text


def test_json_keeps_the_tier_and_adds_the_words(engine: Engine) -> None:
    result = engine.search('"valid email"', limit=5)
    vote = described_json(result)["results"][0]["modalities"]["text"]
    assert (vote["reason"], vote["described"]) == ("word boundary", "one end inside a word")
    assert vote["score"] == 2.0  # the tier's score, unchanged


def test_an_identifier_keeps_its_words(engine: Engine) -> None:
    result = engine.search('"valid_email"', limit=5)
    assert "described" not in described_json(result)["results"][0]["modalities"]["text"]
    assert "whole identifier" in explain_text(result)

