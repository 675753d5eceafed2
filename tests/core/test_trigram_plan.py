"""The regex planner: a plan never rules out a document that matches."""

from __future__ import annotations

import re
import time
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pyroaring import BitMap

from maguyva_tui.core.trigram import plan
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
ATOMS = st.sampled_from(
    ["foo", "bar", "par", "se", "o", ".", "[a-c]", "[fF]", "\\w", "\\s", "x?", "(foo|bar)", "a*", "b+", "[^a]"]
)


@settings(max_examples=150, deadline=None)
@given(
    docs=st.lists(st.lists(WORDS, max_size=12).map("".join), min_size=1, max_size=6),
    parts=st.lists(ATOMS, min_size=1, max_size=5),
    insensitive=st.booleans(),
)
def test_plan_is_a_superset_of_the_truth(docs: list[str], parts: list[str], insensitive: bool) -> None:
    pattern = "".join(parts)
    flags = re.IGNORECASE if insensitive else 0
    truth = {i for i, d in enumerate(docs) if re.search(pattern, d, flags)}
    assert truth <= set(evaluate(regex_plan(pattern), _index(docs)))


@settings(max_examples=100, deadline=None)
@given(
    docs=st.lists(st.lists(WORDS, max_size=12).map("".join), min_size=1, max_size=6),
    needle=st.lists(WORDS, min_size=1, max_size=3).map("".join),
)
def test_literal_plan_is_a_superset_ignoring_case(docs: list[str], needle: str) -> None:
    truth = {i for i, d in enumerate(docs) if needle.lower() in d.lower()}
    assert truth <= set(evaluate(literal_plan(needle), _index(docs)))


@settings(max_examples=60, deadline=None)
@given(
    docs=st.lists(st.lists(WORDS, max_size=12).map("".join), min_size=1, max_size=12),
    needle=st.lists(WORDS, min_size=1, max_size=4).map("".join),
    pattern=st.lists(ATOMS, min_size=1, max_size=4).map("".join),
    enough=st.integers(min_value=1, max_value=5),
)
def test_a_plan_stopped_at_enough_documents_keeps_the_truth_and_stops_only_when_that_few(
    docs: list[str], needle: str, pattern: str, enough: int
) -> None:
    index = _index(docs)
    for tq in (literal_plan(needle), regex_plan(pattern)):
        exact, stopped = set(evaluate(tq, index)), set(evaluate(tq, index, enough))
        assert exact <= stopped  # a looser filter, never a tighter one
        if tq.op == "and" and all(a.op == "tri" for a in tq.args):
            assert stopped == exact or len(stopped) <= enough


def test_a_long_literal_decodes_few_postings_once_its_candidates_are_few(monkeypatch: pytest.MonkeyPatch) -> None:
    docs = [f"def test_sympy__codegen__scipy_nodes__powm{i}(): pass" if i < 3 else f"x{i} = {i}" for i in range(40)]
    index = _index(docs)
    decoded: list[int] = []
    postings = index.postings

    def counted(key: int) -> BitMap:
        decoded.append(key)
        return postings(key)

    monkeypatch.setattr(index, "postings", counted)
    tq = literal_plan("test_sympy__codegen__scipy_nodes__powm1")
    assert set(evaluate(tq, index, 8)) == {1}  # the smallest postings first: 'wm1' alone settles it
    assert len(decoded) == 1 < len(tq.args)
    decoded.clear()
    assert set(evaluate(tq, index)) == {1} and len(decoded) == len(tq.args)


def _planner_work(pattern: str, monkeypatch: pytest.MonkeyPatch) -> int:
    """Count the planner's steps: characters turned into trigrams plus terms joined by and/or."""
    steps = [0]
    real_string, real_and, real_or = plan.string_query, plan.and_, plan.or_

    def string_query(text: str) -> plan.TQ:
        steps[0] += len(text)
        return real_string(text)

    def joined(real: Callable[..., plan.TQ]) -> Callable[..., plan.TQ]:
        def join(*args: plan.TQ) -> plan.TQ:
            steps[0] += sum(max(1, len(a.args)) for a in args)
            return real(*args)

        return join

    with monkeypatch.context() as patch:
        patch.setattr(plan, "string_query", string_query)
        patch.setattr(plan, "and_", joined(real_and))
        patch.setattr(plan, "or_", joined(real_or))
        regex_plan(pattern)
    return steps[0]


@pytest.mark.parametrize(
    "make",
    [
        lambda n: "a?" * n + "a" * n,  # issue 18.1: quadratic on optional prefixes
        lambda n: ".*" + "".join(chr(0x61 + (i * 7) % 26) for i in range(2 * n)),  # a long suffix
        lambda n: "|".join(f"w{i}[xy]z" for i in range(n)),  # a long alternation
        lambda n: "".join(f"(?:q{i % 10}|r)" for i in range(n)),  # a long chain of small groups
    ],
)
def test_planner_work_grows_linearly(make: Callable[[int], str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Four times the pattern costs about four times the steps, never sixteen (issue 18.1)."""
    small, large = _planner_work(make(200), monkeypatch), _planner_work(make(800), monkeypatch)
    assert large <= 5 * small, (small, large)


def test_optional_prefix_pattern_plans_fast() -> None:
    """The issue's 12 KB pattern (91 s before) plans in well under a second, and still filters."""
    pattern = "a?" * 4000 + "a" * 4000
    start = time.process_time()
    tq = regex_plan(pattern)
    assert time.process_time() - start < 5.0
    index = _index(["a" * 5000, "b" * 5000, "aaa"])
    assert {0} <= set(evaluate(tq, index)) and 1 not in set(evaluate(tq, index))


@settings(max_examples=150, deadline=None)
@given(
    docs=st.lists(st.lists(WORDS, max_size=12).map("".join), min_size=1, max_size=6),
    parts=st.lists(ATOMS, min_size=1, max_size=8),
)
def test_plan_with_tight_bounds_is_still_a_superset(docs: list[str], parts: list[str]) -> None:
    """The bounds that keep planning linear only loosen the filter: tiny bounds fold everything."""
    pattern = "".join(parts)
    truth = {i for i, d in enumerate(docs) if re.search(pattern, d)}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(plan, "MAX_STRING", 4)
        patch.setattr(plan, "MAX_TERMS", 3)
        patch.setattr(plan, "MAX_SET", 2)
        assert truth <= set(evaluate(regex_plan(pattern), _index(docs)))


def test_a_long_literal_is_planned_as_one_string(monkeypatch: pytest.MonkeyPatch) -> None:
    """A 36 KB question read as a regex is read once, not re-read at each character's junction
    (2 s of CPU, over the hardening suite's time limit), and still requires its trigrams."""
    pattern = "how does it " * 3000
    assert _planner_work(pattern, monkeypatch) < 2 * len(pattern)
    index = _index(["so how does it work", "how it does"])
    assert set(evaluate(regex_plan(pattern[:24]), index)) == set() and set(evaluate(regex_plan("how does it"), index)) == {0}
