"""A message printed at run time is cut at the values it shows into the texts its code spells out."""

from __future__ import annotations

import pytest

from maguyva_tui.core.message_text import (
    anchored_texts,
    bare_value_texts,
    fixed_texts,
    has_runtime_value,
    with_unquoted,
)


@pytest.mark.parametrize(("message", "first"), [
    ("'x' is not defined for expression 'x + 1'", "' is not defined for expression '"),
    ("member 'b' not found in {'a': 1}", "' not found in"),
    ("number 99 is out of range (min=0, max=7)", "is out of range (min="),
    ("YAML(1) not a mapping, cannot use .keys()", "not a mapping, cannot use .keys()"),
    ("This function <built-in function eval> is a really bad idea.", "is a really bad idea."),
])
def test_the_longest_text_between_values_comes_first(message: str, first: str) -> None:
    assert fixed_texts(message)[0] == first


def test_a_text_split_over_lines_is_looked_for_by_its_clauses() -> None:
    """jsonpointer's ``"Document '%s' does not support indexing, " "must be ..."``: two literals."""
    texts = fixed_texts("Document '<class 'int'>' does not support indexing, must be mapping/sequence")
    assert texts == ["' does not support indexing, must be mapping/sequence", "' does not support indexing,",
                     "must be mapping/sequence"]


def test_a_few_words_or_a_sentence_without_values_give_nothing() -> None:
    assert fixed_texts("key 'x' missing") == []
    assert not has_runtime_value("Sorry, cannot evaluate empty string")
    assert has_runtime_value("expected 3, found 4") and not has_runtime_value("utf8 and x2 are names")


def test_an_apostrophe_opens_no_quote() -> None:
    """jsonpatch's ``can't remove a non-existent object 'b'``: ``'t remove a non-existent object '``
    had been its value, and no text was left to look for."""
    assert fixed_texts("can't remove a non-existent object 'b'") == ["can't remove a non-existent object '"]


def test_code_a_sentence_quotes_in_back_ticks_is_no_value_it_shows() -> None:
    sentence = "Return the value for a *key* of the ``Settings`` loaded by the `config` loader"
    assert has_runtime_value(sentence)  # as a message prints it, a back-ticked word may be a value
    assert not has_runtime_value(sentence, backticks=False)  # as a sentence says it, code it names
    assert has_runtime_value("expected ``x`` to be 3", backticks=False)  # a number still is


def test_a_long_run_of_spaces_is_read_in_linear_time() -> None:
    """A crafted message of 6,000 spaces between its words had been tried from each space (1.2 s)."""
    import time

    message = "the value 'x' was" + " " * 6000 + "not found (at all)"
    started = time.perf_counter()
    texts = fixed_texts(message)
    assert time.perf_counter() - started < 0.1
    assert "' was" + " " * 6000 + "not found (at all)" in texts


def test_a_text_beside_a_value_is_written_beside_each_placeholder_that_could_print_it() -> None:
    texts = anchored_texts('"email" is required')
    assert texts[:2] == ["} is required", "%s is required"] and "%(" not in "".join(texts)
    assert "bytes, found {" in anchored_texts("invalid length: expected 16 bytes, found 3")
    assert anchored_texts("'x' is not a 'email'")[0] == "} is not a"
    assert anchored_texts("no values at all here") == [] and anchored_texts("key 'x'") == []


def test_a_text_quoted_at_its_end_is_also_looked_for_without_the_quote() -> None:
    assert with_unquoted(["' is a required property", "is not"]) == [
        "' is a required property", "is a required property", "is not"]


def test_a_bare_name_before_a_verb_or_a_token_after_a_colon_may_be_a_value() -> None:
    assert bare_value_texts("Email is a required field")[0] == "} is a required field"
    assert bare_value_texts("Missing required argument: r")[:2] == [
        "Missing required argument: {", "Missing required argument: %s"]
    assert "Unexpected Quote value: " in bare_value_texts("Unexpected Quote value: MINIMAL")
    assert bare_value_texts("Missing required argument") == []  # no verb after its first word, no colon
    assert bare_value_texts("how does the parser read a file") == []


def test_a_short_text_is_anchored_by_its_value_s_quote_and_a_parser_s_where_is_cut_off() -> None:
    assert anchored_texts("Invalid locale 'xx-YY'")[-1] == "Invalid locale '"
    assert bare_value_texts("Invalid value (at line 1, column 5)")[:2] == ['"Invalid value"', "'Invalid value'"]
