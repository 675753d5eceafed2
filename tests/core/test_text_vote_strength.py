"""A question in plain words: the text engine's word votes count in full where its first chunk
lies in one of the semantic engine's first files, and half (``fusion.TEXT_DISSENT``) where it
lies in none of them, so that common words in a file of another topic do not lift it over the
semantic engine's answer."""

from __future__ import annotations

import pytest

from maguyva_tui.core import fusion
from maguyva_tui.core.intent import weights_for
from maguyva_tui.core.types import Hit

QUESTION_WEIGHTS = weights_for("understand_code")
"""A plain question's weights: semantic 0.5, text 0.2, structural 0.2."""


def _chunk(path: str, symbol: str, reason: str, score: float = 1.0) -> Hit:
    return Hit(path, 1, 9, score, symbol=symbol, kind="function", reason=reason)


def _meaning(n: int = 14) -> list[Hit]:
    """The semantic engine's list: one function in each of ``n`` files, ``pkg/m0.py`` first."""
    return [_chunk(f"pkg/m{i}.py", f"f{i}", "cosine", 3.0 - i / 10) for i in range(n)]


def _words(path: str) -> list[Hit]:
    """The text engine's word votes for a sentence, first the chunk of ``path``, then one more."""
    return [_chunk(path, "g", "body words log+handler+regist", 9.0), _chunk("pkg/other.py", "h", "body words log", 4.0)]


def _first(lists: dict[str, list[Hit]]) -> str:
    return fusion.fuse(lists, QUESTION_WEIGHTS, 40)[0].key[0]


def test_word_votes_for_a_file_the_meaning_does_not_reach_no_longer_outrank_the_semantic_answer() -> None:
    meaning = _meaning()
    far = meaning[12].path  # the semantic engine's 13th file: common words, another topic
    lists = {"semantic": meaning, "text": _words(far)}
    assert fusion.text_dissent(lists) == fusion.TEXT_DISSENT == 0.5
    assert _first(lists) == "pkg/m0.py"  # it had been pkg/m12.py: 0.5/53 + 0.2/41 over 0.5/41
    shown = fusion.fuse(lists, QUESTION_WEIGHTS, 40)
    vote = next(i for i in shown if i.key[0] == far).contribution("text")
    assert vote is not None and vote.weight == pytest.approx(0.1)  # the weight shown is the one used
    assert vote.contribution == pytest.approx(0.1 / 41)


def test_word_votes_that_agree_with_the_meaning_count_in_full() -> None:
    meaning = _meaning()
    near = meaning[3].path  # among the semantic engine's first five files
    lists = {"semantic": meaning, "text": _words(near)}
    assert fusion.text_dissent(lists) == 1.0
    assert _first(lists) == near  # its votes lift it over the semantic engine's first, as before


def test_a_literal_s_lines_and_a_blend_without_meaning_count_in_full() -> None:
    meaning = _meaning()
    far = meaning[12].path
    literal = [Hit(far, 4, 4, 3.0, symbol="g", kind="function", reason="whole identifier, definition")]
    assert fusion.text_dissent({"semantic": meaning, "text": literal}) == 1.0
    assert fusion.text_dissent({"text": _words(far), "structural": []}) == 1.0
    assert fusion.text_dissent({"semantic": [], "text": _words(far)}) == 1.0

