"""Identifier splitting, normalisation and camel humps."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from maguyva_tui.core.names import (
    hump_initials,
    hump_segments,
    identifiers_in,
    is_code_like,
    matches_humps,
    normalize,
    qualifier_parts,
    split_identifier,
    word_stem,
)


@pytest.mark.parametrize(
    ("name", "parts"),
    [
        ("parseConfig", ("parse", "config")),
        ("parse_config", ("parse", "config")),
        ("ParseConfig", ("parse", "config")),
        ("PARSE_CONFIG", ("parse", "config")),
        ("HTTPServer", ("http", "server")),
        ("parseHTTP2Config", ("parse", "http", "2", "config")),
        ("IOError", ("io", "error")),
        ("getX", ("get", "x")),
        ("utf8Decode", ("utf", "8", "decode")),
        ("__init__", ("init",)),
        ("kebab-case.name", ("kebab", "case", "name")),
        ("ÉtatCivil", ("état", "civil")),
        ("", ()),
        ("___", ()),
    ],
)
def test_split_identifier(name: str, parts: tuple[str, ...]) -> None:
    assert split_identifier(name) == parts


def test_spellings_of_one_name_normalize_alike() -> None:
    spellings = ["parseConfig", "parse_config", "ParseConfig", "PARSE_CONFIG", "parse-config"]
    assert {normalize(s) for s in spellings} == {"parseconfig"}


def test_hump_initials_and_segments() -> None:
    assert hump_initials("parseConfig") == "pc"
    assert hump_initials("XMLHttpRequest") == "xhr"
    assert hump_segments("pC") == ("p", "c")
    assert hump_segments("PC") == ("p", "c")
    assert hump_segments("parCon") == ("par", "con")
    assert hump_segments("p_con") == ("p", "con")


@pytest.mark.parametrize(
    ("segments", "name", "expected"),
    [
        (("p", "c"), "parseConfig", True),
        (("par", "con"), "parse_config_file", True),
        (("p", "f"), "parseConfigFile", True),  # a middle hump may be skipped
        (("c",), "parseConfig", False),  # the first segment anchors at the first subtoken
        (("p", "c", "x"), "parseConfig", False),
        (("pa", "cz"), "parseConfig", False),
    ],
)
def test_matches_humps(segments: tuple[str, ...], name: str, expected: bool) -> None:
    assert matches_humps(segments, split_identifier(name)) is expected


def test_identifiers_in_prose_keep_qualified_names() -> None:
    text = 'where is ConfigLoader.load defined? and ns::Foo, p->next, $el, "x2"'
    assert identifiers_in(text) == [
        "where", "is", "ConfigLoader.load", "defined", "and", "ns::Foo", "p->next", "$el", "x2",
    ]
    assert qualifier_parts("ns::Foo.bar->baz") == ["ns", "Foo", "bar", "baz"]


@pytest.mark.parametrize(
    ("word", "expected"),
    [("parse_config", True), ("parseConfig", True), ("a.b", True), ("x2", True),
     ("Config", False), ("config", False), ("HTTP", False), ("_private", False)],
)
def test_is_code_like(word: str, expected: bool) -> None:
    assert is_code_like(word) is expected


@given(st.text(alphabet="abcXYZ019_-.$ ", max_size=30))
def test_split_keeps_every_letter_and_digit_in_order(name: str) -> None:
    parts = split_identifier(name)
    assert all(part and part == part.lower() for part in parts)
    assert "".join(parts) == "".join(ch for ch in name if ch.isalnum()).lower()
    assert split_identifier("_".join(parts)) == parts


@pytest.mark.parametrize(
    "words",
    [
        ("prepare", "prepares", "prepared", "preparing"),
        ("cookie", "cookies"),
        ("entry", "entries"),
        ("header", "headers"),
        ("class", "classes"),
        ("match", "matches"),
        ("encode", "encoded", "encoding", "Encodes"),
        ("verify", "verifies"),
        ("dir", "directory", "directories", "dirs"),  # code's abbreviations meet prose's words
        ("ctx", "context"),
        ("cfg", "conf", "config", "configuration"),
        ("msg", "messages"),
        ("init", "initialize"),
    ],
)
def test_word_stem_meets_a_question_word_and_a_name_subtoken(words: tuple[str, ...]) -> None:
    assert len({word_stem(w) for w in words}) == 1


def test_word_stem_leaves_short_and_unrelated_words_apart() -> None:
    assert word_stem("status") == "status" and word_stem("process") == "process"
    assert word_stem("list") != word_stem("last") and word_stem("key") == word_stem("keys") == "key"
    assert len({word_stem(w) for w in ("res", "result", "response", "resource")}) == 4  # res: ambiguous, kept


def _split_by_regex(name: str) -> tuple[str, ...]:
    """split_identifier's general path, no shortcut: words, then each word's parts."""
    from maguyva_tui.core import names

    return tuple(part.lower() for word in names._WORD.findall(name) for part in names._PART.findall(word))


@given(st.text(alphabet="abcXYZ019_$é", max_size=24) | st.from_regex(r"[a-z0-9_]{0,20}", fullmatch=True))
def test_the_shortcuts_split_and_normalize_as_the_regexes_do(name: str) -> None:
    """snake_case with digit words (``helper_12``) and plain ASCII names take shortcuts (100,000
    names of a repository: seconds); they must give what the regexes give."""
    assert split_identifier(name) == _split_by_regex(name)
    assert normalize(name) == "".join(_split_by_regex(name))
