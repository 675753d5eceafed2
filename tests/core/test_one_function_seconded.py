"""A question that describes one function: the text engine ranks only the chunks the semantic
engine lists on its first page (``plan.ONE_FUNCTION_SECONDED``), so a function that merely shares
the question's words (another docstring's) is not lifted over the function described."""

from __future__ import annotations

from maguyva_tui.core import fusion, plan
from maguyva_tui.core.intent import classify
from maguyva_tui.core.types import Hit

DESCRIPTION = "Limit a value to a given range."
"""A docstring's sentence (boltons' ``clamp``): one function's description."""


def _hit(name: str, line: int) -> Hit:
    return Hit(f"pkg/{name}.py", line, line + 5, 1.0, symbol=name, kind="function")


def test_a_function_only_sharing_words_no_longer_comes_first() -> None:
    clamp = _hit("clamp", 1)
    near = [_hit(f"near_{i}", 10 * i) for i in range(1, 10)]
    wordy = _hit("parse_int_list", 200)  # "range" in its own docstring: the text engine's first
    lists = {"semantic": [clamp, *near, wordy], "text": [wordy, _hit("elsewhere", 1)]}
    weights = {"semantic": 0.5, "text": 0.2, "structural": 0.2}
    asked = plan.plan(classify(DESCRIPTION))
    assert asked.seconded == plan.ONE_FUNCTION_SECONDED == ("text", "semantic", 10)
    before = fusion.fuse(lists, weights, asked.k, file_decay=0.0, siblings=0.0)
    assert before[0].hit is wordy  # its text vote had lifted it over the semantic engine's first
    seconded = fusion.seconded_lists(lists, fusion.span_of, asked.seconded)
    assert seconded["text"] == [] and seconded["semantic"] == lists["semantic"]
    after = fusion.fuse(seconded, weights, asked.k, file_decay=0.0, siblings=0.0)
    assert after[0].hit is clamp and after[0].contribution("semantic") is not None
    lists["text"] = [wordy, near[4]]
    ranked = fusion.fuse(fusion.seconded_lists(lists, fusion.span_of, asked.seconded), weights, asked.k,
                         file_decay=0.0, siblings=0.0)
    vote = ranked[[i.hit for i in ranked].index(near[4])].contribution("text")
    assert vote is not None and vote.rank == 0  # its place among the chunks the text engine ranks


def test_a_topic_question_and_an_empty_list_are_left_as_they_are() -> None:
    assert plan.plan(classify("retry delay of each failed attempt")).seconded is None
    lists = {"semantic": [], "text": [_hit("a", 1)]}
    assert fusion.seconded_lists(lists, fusion.span_of, ("text", "semantic", 10)) == lists
