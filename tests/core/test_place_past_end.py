"""A place whose line is past its file's end (``src/requests/api.py:500``, 157 lines) says so and
what it shows instead, the file's last lines: the search had listed the file's last function
without a word, and "who calls" it that function, as if the line were in it."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from tests.core.test_test_modules import NameProvider
from tests.trees import write_tree

FILES = {"src/value.py": "def parse(text):\n    return text\n\n\ndef last(text):\n    return text\n",
         "src/use.py": "from src.value import parse\n\n\ndef run():\n    return parse('x')\n"}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    built = Engine(write_tree(tmp_path_factory.mktemp("past-end"), FILES), tmp_path_factory.mktemp("ix"),
                   provider=NameProvider(), static=False)
    built.refresh()
    return built


@pytest.mark.parametrize(("question", "lines"), [("src/value.py:500", "line 500"), ("who calls src/value.py:500", "line 500"),
                                                 ("src/value.py:90-99", "lines 90-99")])
def test_a_line_past_the_end_is_said(engine: Engine, question: str, lines: str) -> None:
    found = engine.search(question, limit=10)
    assert f"{lines} of src/value.py is past its end: it has 6 lines; showing its last lines" in found.notices
    assert [(r.path, r.symbol) for r in found.results][:1] == [("src/value.py", "last")]


def test_a_line_inside_says_nothing_of_it(engine: Engine) -> None:
    assert not [n for n in engine.search("src/value.py:6", limit=10).notices if "past its end" in n]
