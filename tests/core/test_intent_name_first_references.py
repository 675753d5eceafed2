"""A references question written name first, as a user types it into a search box: "is_optional
usages", "DaciteError's subclasses", "FrozenDict used", "from_dict is used where". dacite 1.9.2's
"DaciteError's subclasses" had been read as an error name (every line mentioning it), the others
as the name's definition with a word or two around it."""

from __future__ import annotations

import pytest

from maguyva_tui.core.intent import asks_subtypes, classify


@pytest.mark.parametrize(("question", "target"), [
    ("is_optional usages", "is_optional"),
    ("DaciteError's subclasses", "DaciteError"),
    ("Config's subclasses?", "Config"),
    ("FrozenDict used", "FrozenDict"),
    ("from_dict is used where", "from_dict"),
    ("`get_fields` callers", "get_fields"),
    ("parse_config() call sites", "parse_config"),
    ("Maybe.map references", "Maybe.map"),
])
def test_a_name_then_its_uses_asks_for_references(question: str, target: str) -> None:
    read = classify(question)
    assert (read.name, read.target, read.rule) == ("find_references", target, "references_phrase")


def test_a_name_then_subclasses_asks_for_subtypes() -> None:
    assert asks_subtypes("DaciteError's subclasses")


@pytest.mark.parametrize("question", [
    "memory usages",  # an English noun: no code-shaped name
    "user references",
    "the config used",
    "is_optional",  # a lone name: its definition
])
def test_english_words_or_a_lone_name_are_not_references(question: str) -> None:
    assert classify(question).rule != "references_phrase"
