"""A file whose lines end in a carriage return alone (an old Mac file, found by helper-387): the
index counts lines by ``\\n`` as rg does, so the whole file is line 1, and its snippet had shown
``a = 1\\x0ddef cr_second():`` on the command line and ``a = 1\\rdef cr_second():`` in the JSON.
Each carriage return is now ``␍``, as the explorer draws it; the line numbers stay rg's."""

from __future__ import annotations

import pytest

from maguyva_tui.cli import _print_human
from maguyva_tui.core.engine import Engine
from tests.trees import indexed

FILES = {
    "old_mac.py": "a = 1\rdef cr_second():\r    return helper_cr()\r\rdef helper_cr():\r    return 2\r",
    "crlf.py": "def crlf_first():\r\n    return 1\r\n",
}
SHOWN = "a = 1␍def cr_second():␍    return helper_cr()␍␍def helper_cr():␍    return 2"


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "cr-snippets", FILES)


@pytest.mark.parametrize("asked", ["cr_second", '"helper_cr"'])
def test_a_carriage_return_is_shown_as_a_mark(engine: Engine, asked: str, capsys: pytest.CaptureFixture[str]) -> None:
    found = engine.search(asked, limit=3)
    first = found.results[0]
    assert (first.path, first.start_line, first.end_line, first.snippet) == ("old_mac.py", 1, 1, SHOWN)
    _print_human(found)
    assert SHOWN in capsys.readouterr().out  # had been a = 1\x0ddef cr_second():...


def test_a_crlf_line_shows_no_mark(engine: Engine) -> None:
    first = engine.search("crlf_first", limit=1).results[0]
    assert first.snippet == "def crlf_first():\n    return 1"
