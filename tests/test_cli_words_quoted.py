"""A question typed without quotes (``maguyva search who calls make``) is refused in one line that
says to quote it: it had been "unrecognized arguments: calls make", as if those were options."""

from __future__ import annotations

import pytest

from maguyva_tui.cli import main

SAID = ' (a question of several words goes in quotes: maguyva search "who calls get")'


def test_a_question_of_several_words_unquoted_says_to_quote_it(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["search", "who", "calls", "make"])
    assert capsys.readouterr().err == f"maguyva search: error: unrecognized arguments: calls make{SAID}\nsee maguyva search --help\n"


def test_an_unknown_option_or_a_graph_name_says_no_such_thing(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["search", "x", "--frob"])
    assert "quotes" not in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["graph", "callers", "a", "b"])
    assert "quotes" not in capsys.readouterr().err
