"""A question that joins two symbols ("who calls WithField and WithFields", "A vs B") holds one
target: the answer says which other name it leaves out (logrus: WithFields' callers had been left
out without a word; tenacity's "stop_after_attempt vs stop_after_delay" showed the first alone)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from maguyva_tui.core.engine import Engine
from tests.trees import write_tree

FILES = {
    "fields.py": "def with_field(k):\n    return k\n\n\ndef with_fields(ks):\n    return [with_field(k) for k in ks]\n",
    "use.py": "from fields import with_field, with_fields\n\n\ndef run():\n    return with_field(1), with_fields([2])\n",
}
LEFT_OUT = "the question names with_fields too; this answer follows with_field alone (ask about with_fields on its own)"


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    e = Engine(write_tree(tmp_path_factory.mktemp("two"), FILES), tmp_path_factory.mktemp("index"), static=False)
    e.refresh()
    yield e
    e.close()


@pytest.mark.parametrize("text", ["who calls with_field and with_fields", "with_field vs with_fields",
                                  "what breaks if I change with_field or with_fields?",
                                  "what is the difference between with_field and with_fields"])
def test_the_name_left_out_is_said(engine: Engine, text: str) -> None:
    answer = engine.search(text)
    assert answer.target == "with_field"
    assert LEFT_OUT in answer.notices


@pytest.mark.parametrize("text", ["who calls with_field", "with_field and friends"])
def test_one_name_or_a_plain_word_says_nothing_of_another(engine: Engine, text: str) -> None:
    assert not any("this answer follows" in n for n in engine.search(text).notices)


def test_any_symbol_joined_is_said(engine: Engine) -> None:
    notices = engine.search("who calls with_field and run").notices
    assert "the question names run too; this answer follows with_field alone (ask about run on its own)" in notices
