"""The explain panel writes a one-line result's place as the preview's title does: helper-296, ramda
0.30.1, "merge two objects deeply": the panel's head read ``#3  es/mergeWithKey.js:46-46`` above a
preview titled ``es/mergeWithKey.js:46``."""

from __future__ import annotations

from maguyva_tui.app.fuzzy import Target
from maguyva_tui.app.session import Answer, Request, Row
from maguyva_tui.app.widgets.explain import explain, unlisted
from maguyva_tui.core.types import Ranked, SearchResult, Vote


def _answer(*ranked: Ranked) -> Answer:
    result = SearchResult("q", "(text 'q')", "understand_code", 0.4, None, "fallback", (), "fused", "default", 40,
                          (), (), 1.0, (), ranked, 0.0)
    return Answer.build(Request("merge two objects deeply"), result, 0.0)


def _ranked(path: str, start: int, end: int, copies: tuple[tuple[str, int, int], ...] = ()) -> Ranked:
    vote = Vote(7, 1.246, 0.5, 0.5 / 48)
    return Ranked(path, start, end, None, None, "javascript", 0.5 / 48, "", (("semantic", vote),), copies=copies)


def test_a_one_line_result_is_headed_by_its_line_alone() -> None:
    one = _ranked("es/mergeWithKey.js", 46, 46, copies=(("src/mergeWithKey.js", 45, 45), ("lib/m.js", 3, 9)))
    lines = explain(_answer(one), Row(one), 2).plain.splitlines()
    assert lines[0] == "#3  es/mergeWithKey.js:46"
    assert "also in    src/mergeWithKey.js:45  (a near copy)" in lines
    assert "also in    lib/m.js:3-9  (a near copy)" in lines  # a span keeps its range
    span = _ranked("es/mergeDeepWithKey.js", 33, 41)
    assert explain(_answer(span), Row(span), 0).plain.splitlines()[0] == "#1  es/mergeDeepWithKey.js:33-41"


def test_a_place_gone_to_lists_its_files_one_line_results_by_line() -> None:
    answer = _answer(_ranked("a.js", 5, 5), _ranked("a.js", 7, 12))
    text = unlisted(answer, Target("f", "a.js", 20, 22, "function  a.js:20")).plain
    assert "its file is listed: #1  a.js:5" in text.splitlines() and "its file is listed: #2  a.js:7-12" in text.splitlines()
