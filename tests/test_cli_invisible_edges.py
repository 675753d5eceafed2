"""A name or question pasted with an invisible character at an end (a byte order mark, a zero-width
space, a direction mark: Unicode's format characters) is read as the name without it.

``maguyva search $'\\ufeffparse_config'`` had read as a question about meaning (intent
understand_code, the definition not first), and ``maguyva graph callers $'parse_config\\u200b'``,
as the MCP tools, said "unknown symbol 'parse_config\\u200b'"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from maguyva_tui.core.answers import symbol_as_meant
from maguyva_tui.core.names import unhidden
from tests.conftest import Runner

HIDDEN = ["\ufeff", "\u200b", "\u200e", "\u2060"]


def test_unhidden_strips_format_characters_at_the_ends_only() -> None:
    assert unhidden("\ufeff parse_config\u200b\n") == "parse_config"
    assert unhidden("parse\u200bconfig") == "parse\u200bconfig"  # inside: kept
    assert unhidden(" \u200b ") == "\u200b"  # the invisible character itself: searched for as typed
    assert unhidden("  parse_config ") == "parse_config"


@pytest.mark.parametrize("mark", HIDDEN)
def test_a_symbol_name_with_an_invisible_end_is_the_symbol(mark: str) -> None:
    assert symbol_as_meant(f"{mark}ConfigLoader.load{mark}") == "ConfigLoader.load"


@pytest.mark.parametrize("mark", ["\ufeff", "\u200b"])
def test_a_search_with_an_invisible_end_finds_the_definition_and_says_so(indexed_polyglot: Path, here: Runner,
                                                                        mark: str) -> None:
    proc = here("search", f"{mark}parse_config", "--json", "--repo", str(indexed_polyglot))
    result = json.loads(proc.stdout)
    assert result["intent"] == "find_definition" and result["target"] == "parse_config"
    assert result["results"][0]["path"] == "app/config.py" and result["results"][0]["start_line"] == 12
    assert f"read without the invisible U+{ord(mark):04X} at its ends" in result["notices"]
    assert result["query"] == f"{mark}parse_config"


def test_a_graph_question_with_an_invisible_end_answers_for_the_symbol(indexed_polyglot: Path,
                                                                       here: Runner) -> None:
    proc = here("graph", "callers", "parse_config\u200b", "--repo", str(indexed_polyglot))
    assert proc.returncode == 0, proc.stderr
    assert "app/config.py:44" in proc.stdout


@pytest.mark.parametrize("mark", ["\u200b", "\u2060", "\ufeff"])
def test_a_character_that_draws_nothing_is_shown_as_its_escape(mark: str) -> None:
    from maguyva_tui.terminal import printable, visible

    assert printable(f"is{mark}Admin") == f"is\\u{ord(mark):04x}Admin"
    assert visible(f"is{mark}Admin") == "is\ufffdAdmin"  # one character in its place, as a bidi mark
    assert printable("👩\u200d💻 é") == "👩\u200d💻 é"  # an emoji's joiner draws the emoji: kept


def test_a_search_for_a_zero_width_space_names_it_not_an_empty_string(indexed_polyglot: Path, here: Runner) -> None:
    # it had said: no line holds ""; nothing related was found either
    proc = here("search", "\u200b", "--repo", str(indexed_polyglot))
    assert 'no line holds "\\u200b"' in proc.stderr, proc.stderr
