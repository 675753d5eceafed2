"""A place at line 0 (``src/value.py:0``, some tools' "no line") asked of by the graph tools is
the file, as a question reads it: ``maguyva graph callers``, find_references and impact had said
"no indexed file or folder is src/value.py:0" of a file that is indexed."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.mcp.answers import AnswerError, references_answer
from tests.core.test_test_modules import NameProvider
from tests.trees import write_tree

FILES = {"src/value.py": "def parse(text):\n    return text\n",
         "src/use.py": "from src.value import parse\n\n\ndef run():\n    return parse('x')\n"}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    built = Engine(write_tree(tmp_path_factory.mktemp("line-zero"), FILES), tmp_path_factory.mktemp("ix"),
                   provider=NameProvider(), static=False)
    built.refresh()
    return built


@pytest.mark.parametrize("written", ["src/value.py:0", "value.py:0", "src/value.py:0:0"])
def test_line_zero_is_the_file(engine: Engine, written: str) -> None:
    named = engine.place_name(written)
    assert (named.name, named.said) == ("src/value.py", f"{written} names no line; asking about the file src/value.py")
    found = references_answer(engine, written, None, 10)
    assert [(r["path"], r["kind"]) for r in found["references"]] == [("src/use.py", "import")]


def test_line_zero_of_no_file_is_still_missing(engine: Engine) -> None:
    assert engine.place_name("src/nothere.py:0").said is None
    with pytest.raises(AnswerError, match="no indexed file or folder is src/nothere.py:0"):
        references_answer(engine, "src/nothere.py:0", None, 10)
