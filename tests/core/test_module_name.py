"""A lone word that names no symbol but names a file (``rich_utils``, koa's ``application``) shows
that file, and says so; before, it listed code that merely shared a word with it, after saying that
no symbol has the name."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from tests.core.small_repo import indexed

FILES = {
    "pkg/rich_utils.py": "import rich\n\n\ndef render_help(text):\n    return rich.markup(text)\n",
    "pkg/core.py": "from pkg.rich_utils import render_help\n\n\ndef main():\n    return render_help('rich utils')\n",
    "pkg/utils.py": "def helper():\n    return 1\n",
    "tests/utils.py": "def fixture():\n    return 2\n",
    "web/config.js": "export function load() { return 1; }\n",
    "pkg/config.py": "def load():\n    return 1\n",
    "pkg/render.py": "def render():\n    return 1\n",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, FILES)


def page(engine: Engine, text: str) -> tuple[str, list[tuple[str, int]], tuple[str, ...]]:
    answer = engine.search(text)
    return answer.rule, [(r.path, r.start_line) for r in answer.results], answer.notices


def test_a_lone_word_naming_one_file_and_no_symbol_shows_that_file(engine: Engine) -> None:
    rule, results, notices = page(engine, "rich_utils")
    assert rule == "module_name" and results == [("pkg/rich_utils.py", 1)]
    assert "rich_utils names no symbol; showing the file rich_utils.py" in notices
    assert not engine.search("rich_utils").lookup_failed


def test_every_file_so_named_is_listed_shallowest_first(engine: Engine) -> None:
    rule, results, notices = page(engine, "utils")
    assert rule == "module_name" and results == [("pkg/utils.py", 1), ("tests/utils.py", 1)]
    assert any("showing the files named utils.py" in n for n in notices)


@pytest.mark.parametrize("text", ["render", "config", "rich_utils.py", "how does rich_utils render help",
                                  "Rich_utils"])
def test_a_symbol_two_kinds_of_file_a_path_a_sentence_or_another_case_are_read_as_before(engine: Engine,
                                                                                        text: str) -> None:
    rule, results, _ = page(engine, text)
    assert rule != "module_name"
    if text == "render":  # the function, not the file render.py
        assert results[0] == ("pkg/render.py", 1)
    if text == "rich_utils.py":
        assert results == [("pkg/rich_utils.py", 1)] and rule == "location"


def test_a_module_named_by_its_dotted_name_shows_its_file(engine: Engine) -> None:
    """``asteval.astutils`` had said "no symbol named asteval.astutils is defined here (an import)",
    exit status 2, where ``astutils`` listed the file (helper-344, asteval 1.0.6)."""
    rule, results, notices = page(engine, "pkg.rich_utils")
    assert rule == "module_name" and results == [("pkg/rich_utils.py", 1)]
    assert "pkg.rich_utils names no symbol; showing the file pkg/rich_utils.py" in notices
    assert not engine.search("pkg.rich_utils").lookup_failed


@pytest.mark.parametrize("text", ["rich.markup", "pkg.core.main"])
def test_a_dotted_name_of_no_file_or_of_a_symbol_is_read_as_before(engine: Engine, text: str) -> None:
    rule, results, _ = page(engine, text)
    assert rule != "module_name"
    if text == "pkg.core.main":  # the function, through its module's dotted name
        assert results[0] == ("pkg/core.py", 4)
