"""The explorer's panel says what ``--explain`` says of a file's name lift: where other files' names
say the same word, the word counted as its share among them (``fusion.NAME_RARITY``); the panel had
said only which words the name says, so a lift of 1.04 read as a whole share of 1.17."""

from __future__ import annotations

from dataclasses import replace

from maguyva_tui.app.session import Answer, Request, Row
from maguyva_tui.app.widgets.explain import explain
from maguyva_tui.core.explain import SHARED_NAME_WORDS
from maguyva_tui.core.fusion import NAME_LIFT
from maguyva_tui.core.types import Ranked, SearchResult, Vote

QUESTION = "how are the format arguments stored"  # three words a name is read against


def _panel(lift: float) -> str:
    vote = Vote(0, 3.5, 0.9, 0.9 / 41)
    one = replace(Ranked("include/fmt/format.h", 10, 20, None, None, "cpp", 0.9 / 41 * lift, "", (("semantic", vote),)),
                  name_lift=lift, name_words=("format",))
    result = SearchResult(QUESTION, "(text)", "semantic_search", 1.0, None, "plain", (), "weighted_rrf", "default", 40,
                          (), (), 1.0, (), (one,), 0.0)
    return explain(Answer.build(Request(QUESTION), result, 0.0), Row(one), 0).plain


def test_a_name_word_other_names_say_is_said_to_count_as_its_share() -> None:
    shared = next(line for line in _panel(1 + NAME_LIFT * (1 / 4) / 3).splitlines() if "file name" in line)
    assert f"the file's name says format{SHARED_NAME_WORDS}" in shared, shared
    whole = next(line for line in _panel(1 + NAME_LIFT / 3).splitlines() if "file name" in line)
    assert "the file's name says format)" in whole, whole  # a word its name alone says: nothing more
