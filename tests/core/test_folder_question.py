"""A question naming a folder of the repository (``src/pkg``, ``src/pkg/``, ``./src``, ``where is
src/pkg defined``, the folder through the absolute root): its indexed files, those directly in it
first, and a line saying it is a folder. It had said "no indexed file is src/pkg; searching the
question's words instead" and listed lines holding ``src`` or ``pkg``, or, for the definition
question, blended the words with no word at all that a folder was named."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from tests.trees import indexed

FILES = {
    "src/pkg/core.py": "def helper(x):\n    return x + 1\n\n\nclass Widget:\n    def render(self):\n        return helper(2)\n",
    "src/pkg/main.py": "from pkg.core import Widget\n\nWidget().render()\n",
    "src/pkg/deep/inner.py": "def inner_thing():\n    return 'pkg'\n",
    "src/other.py": "def src_pkg_words():\n    return 'src pkg'\n",
    "lib/utils.py": "def utils():\n    return 1\n",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "folder-question", FILES)


@pytest.mark.parametrize("asked", ["src/pkg", "src/pkg/", "./src/pkg", "where is src/pkg defined", "ROOT/src/pkg",
                                   "where is ROOT/src/pkg defined"])
def test_a_folder_lists_its_files(engine: Engine, asked: str) -> None:
    asked = asked.replace("ROOT", str(engine.root))
    found = engine.search(asked, limit=10)
    assert [r.path for r in found.results] == ["src/pkg/core.py", "src/pkg/main.py", "src/pkg/deep/inner.py"]
    assert "src/pkg/ is a folder of 3 indexed files, those directly in it listed first" in " ".join(found.notices)
    assert found.lookup_failed is None
    assert found.query == asked


def test_the_page_is_cut_and_says_how_many(engine: Engine) -> None:
    found = engine.search("src/", limit=2)
    assert [r.path for r in found.results] == ["src/other.py", "src/pkg/core.py"]  # directly in it first
    assert "src/ is a folder of 4 indexed files, those directly in it listed first" in " ".join(found.notices)


def test_a_name_the_index_defines_is_still_its_definition(engine: Engine) -> None:
    found = engine.search("where is utils defined", limit=5)
    assert (found.results[0].path, found.results[0].symbol) == ("lib/utils.py", "utils")
    assert not any("is a folder" in notice for notice in found.notices)


def test_a_missing_folder_is_still_said_missing(engine: Engine) -> None:
    found = engine.search("src/nothere", limit=5)
    assert "no indexed file is src/nothere" in " ".join(found.notices)


def test_a_file_is_still_its_file(engine: Engine) -> None:
    found = engine.search("src/pkg/core.py", limit=5)
    assert [r.path for r in found.results] == ["src/pkg/core.py"]
    assert not any("is a folder" in notice for notice in found.notices)
