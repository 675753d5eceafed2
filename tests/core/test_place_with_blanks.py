"""A question that is one indexed file's path holding a blank and its line (``src/日本 語/モジュール.py:5``)
is that place: it had been read from its last blank on, "no indexed file is 語/モジュール.py;
searching the question's words instead"."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from tests.core.test_test_modules import NameProvider
from tests.trees import write_tree

FILES = {"src/日本 語/モジュール.py": "def 処理(x):\n    return x\n\n\ndef caller():\n    return 処理(1)\n",
         "with space/a b.py": "def spaced():\n    return 1\n"}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    built = Engine(write_tree(tmp_path_factory.mktemp("blanks"), FILES), tmp_path_factory.mktemp("ix"),
                   provider=NameProvider(), static=False)
    built.refresh()
    return built


@pytest.mark.parametrize(("question", "symbol"), [("src/日本 語/モジュール.py:5", "caller"),
                                                  ("src/日本 語/モジュール.py:1-2", "処理"),
                                                  ("with space/a b.py:1", "spaced")])
def test_a_path_with_blanks_and_its_line_is_that_place(engine: Engine, question: str, symbol: str) -> None:
    found = engine.search(question, limit=10)
    assert [r.symbol for r in found.results][:1] == [symbol]
    assert not [n for n in found.notices if "no indexed file" in n]


def test_a_missing_path_with_blanks_is_still_said_missing(engine: Engine) -> None:
    found = engine.search("with space/nothere.py:1", limit=10)
    assert any("no indexed file is" in n for n in found.notices)
