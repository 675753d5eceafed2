"""A notice repeats a long question cut to a line's worth, not whole.

`maguyva search` with a pasted 3,000-character line printed ``no line holds "((((...";
showing related code`` 3,000 characters long, and ``no symbol named zqzq...`` and ``graph
callers`` the same for a long name: the one line a bad input gets was a screenful.
"""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.types import ECHO_CHARS, QueryError, echo
from maguyva_tui.graph_command import graph_answer
from tests.core.test_failed_lookup import FirstWordProvider

LONGEST_NOTICE = ECHO_CHARS + 160
"""A notice's own words beside the question it repeats."""


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    root = tmp_path_factory.mktemp("repo")
    (root / "app.py").write_text("def parse_config(text):\n    return text\n\n\ndef run():\n    return parse_config('')\n")
    e = Engine(root, tmp_path_factory.mktemp("index"), provider=FirstWordProvider(), static=False)
    e.refresh()
    e.embed_pending()
    return e


@pytest.mark.parametrize("question", [
    "(" * 3000,                      # a string no line holds
    '"' + "zq" * 400 + '"',          # a quoted one
    "def " + "zq" * 1000,            # a definition nothing has
    "who calls " + "zq" * 1000,
    "a/" * 1000 + "x.py",            # a path no indexed file is
    "code similar to " + "zq" * 1000,
], ids=["literal", "quoted", "definition", "callers", "path", "similar"])
def test_every_notice_of_a_long_question_is_a_line(engine: Engine, question: str) -> None:
    answer = engine.search(question, limit=3)
    assert answer.notices
    assert all(len(n) <= LONGEST_NOTICE for n in answer.notices), [len(n) for n in answer.notices]
    if answer.lookup_failed is not None:
        assert len(answer.lookup_failed.message) <= LONGEST_NOTICE
        assert len(answer.lookup_failed.target) > ECHO_CHARS  # the JSON keeps what was looked up whole


def test_the_graph_commands_unknown_symbol_is_a_line(engine: Engine) -> None:
    with pytest.raises(QueryError) as caught:
        graph_answer(engine, "callers", "zq" * 1000, None, 10)
    assert len(str(caught.value)) <= LONGEST_NOTICE and "2,000 characters" in str(caught.value)


def test_a_short_text_is_echoed_whole() -> None:
    assert echo("parse_config") == "parse_config"
    assert echo("x" * ECHO_CHARS) == "x" * ECHO_CHARS
    assert echo("x" * 500) == "x" * (ECHO_CHARS - 1) + "… (500 characters)"
