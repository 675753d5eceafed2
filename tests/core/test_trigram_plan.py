"""The regex planner: a plan never rules out a document that matches."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from maguyva_tui.core.trigram.index import TrigramIndex, text_trigrams
from maguyva_tui.core.trigram.plan import evaluate, literal_plan, regex_plan


def _index(docs: list[str]) -> TrigramIndex:
    return TrigramIndex.build((i, text_trigrams(d)) for i, d in enumerate(docs))


def test_alternation_becomes_or_of_exact_strings() -> None:
    plan = str(regex_plan("parse_(config|options)"))
    assert plan.startswith("(or (and 'par'") and "'fig'" in plan and "'ons'" in plan


def test_plan_filters_documents() -> None:
    docs = ["def parse_config(x):", "def parse_options(y):", "nothing here", "PARSE_CONFIG = 1"]
    index = _index(docs)
    assert sorted(evaluate(regex_plan("parse_(config|options)"), index)) == [0, 1, 3]
    assert sorted(evaluate(literal_plan("nothing"), index)) == [2]


def test_unsupported_syntax_falls_back_to_all() -> None:
    assert str(regex_plan(r"foo\p{Greek}")) == "ALL"  # re2 syntax that Python's parser refuses
    assert str(regex_plan("[a-z]+")) == "ALL"


WORDS = st.sampled_from(["foo", "bar", "baz", "parse", "Config", "x", "_", " ", "(", "ab", "é", "\n"])
ATOMS = st.sampled_from(["foo", "bar", "par", "se", "o", ".", "[a-c]", "[fF]", "\\w", "\\s", "x?", "(foo|bar)", "a*", "b+", "[^a]"])


@settings(max_examples=150, deadline=None)
@given(docs=st.lists(st.lists(WORDS, max_size=12).map("".join), min_size=1, max_size=6),
       parts=st.lists(ATOMS, min_size=1, max_size=5), insensitive=st.booleans())
def test_plan_is_a_superset_of_the_truth(docs: list[str], parts: list[str], insensitive: bool) -> None:
    pattern = "".join(parts)
    flags = re.IGNORECASE if insensitive else 0
    truth = {i for i, d in enumerate(docs) if re.search(pattern, d, flags)}
    assert truth <= set(evaluate(regex_plan(pattern), _index(docs)))


@settings(max_examples=100, deadline=None)
@given(docs=st.lists(st.lists(WORDS, max_size=12).map("".join), min_size=1, max_size=6),
       needle=st.lists(WORDS, min_size=1, max_size=3).map("".join))
def test_literal_plan_is_a_superset_ignoring_case(docs: list[str], needle: str) -> None:
    truth = {i for i, d in enumerate(docs) if needle.lower() in d.lower()}
    assert truth <= set(evaluate(literal_plan(needle), _index(docs)))
