"""Whether candidate files hold a phrase is told from the token index's places of its rarest inner
identifier (its first whole occurrence on each line holding it), reading only around them: the
phrase holds that identifier whole wherever it occurs, on one line, so it starts at most the
identifier's last place in the phrase before one of those places. A blend tries each sentence
whole as a literal on every shard of a workspace, and read the files holding its words whole."""

from __future__ import annotations

import pytest

from maguyva_tui.core.retrievers import text as text_module
from maguyva_tui.core.retrievers.text import TextRetriever
from tests.core.test_text_sentence_literal import _engines, _lines


@pytest.fixture(scope="module")
def placed(tmp_path_factory: pytest.TempPathFactory) -> tuple[TextRetriever, TextRetriever]:
    """``alpha`` (the rarer inner word) twice on a line, the phrase at its second occurrence;
    the phrase's words on lines apart; ``beta`` in many files."""
    root = tmp_path_factory.mktemp("placed")
    (root / "second.py").write_text("x = 1\n# alpha first, then solve alpha beta gamma here\ny = 2\n")
    (root / "apart.py").write_text("# solve alpha\n# beta gamma\n# alpha beta\n")
    (root / "twice.py").write_text("# alpha beta alpha beta gamma\n")
    for n in range(6):
        (root / f"beta{n}.py").write_text(f"beta = {n}\n")
    return _engines(root, tmp_path_factory.mktemp("index"))


PHRASES = ["solve alpha beta gamma", "then solve alpha beta", "solve alpha beta gamma here\ny", "alpha beta gamma",
           "beta alpha beta gamma", "solve beta alpha gamma", "first, then solve alpha beta", "solve alpha beta delta"]


@pytest.mark.parametrize("limit, max_files", [(None, None), (20, 60), (5, 2)])
def test_a_phrase_told_from_its_places_is_listed_as_by_reading(placed: tuple[TextRetriever, TextRetriever],
                                                               monkeypatch: pytest.MonkeyPatch,
                                                               limit: int | None, max_files: int | None) -> None:
    monkeypatch.setattr(text_module, "PLACE_BYTES", 0)  # the places are read however small the files
    indexed, bare = placed
    held = 0
    for phrase in PHRASES:
        expected = _lines(bare, phrase, "sensitive", limit, max_files)
        assert _lines(indexed, phrase, "sensitive", limit, max_files) == expected, phrase
        held += bool(expected)
    assert held >= 4


def test_a_phrase_at_a_later_occurrence_on_a_line_is_held(placed: tuple[TextRetriever, TextRetriever],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(text_module, "PLACE_BYTES", 0)
    indexed, _ = placed
    files = indexed._files()
    for phrase, holds in (("solve alpha beta gamma", True), ("beta alpha beta gamma", True),
                          ("solve beta alpha gamma", False), ("solve alpha beta delta", False)):
        matcher = text_module._literal_matcher(phrase, "sensitive")
        inner = indexed._inner_held(matcher)
        assert inner is not None and inner.token == b"alpha"
        chosen = text_module._members(files.docs, inner.docs).nonzero()[0]
        assert indexed._placed_holds(files, chosen, matcher, inner) is holds, phrase


def test_a_phrase_none_holds_reads_no_file_whole(placed: tuple[TextRetriever, TextRetriever],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(text_module, "PLACE_BYTES", 0)
    indexed, _ = placed
    read: list[int] = []
    holds = text_module._Matcher.holds
    monkeypatch.setattr(text_module._Matcher, "holds", lambda self, blob, lo, hi: read.append(lo) or holds(
        self, blob, lo, hi))
    assert _lines(indexed, "solve beta alpha gamma", "sensitive", 20, 60) == []
    assert read == []
