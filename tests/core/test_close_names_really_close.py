"""Close names that are really close, the same wherever a lookup fails (found by an outside tester
on munch 4.0.0): ``maguyva graph callers Munh`` and MCP's tools offered "Munch, munchify, AutoMunch,
munch_obj, unmunchify" where ``maguyva search "who calls Munh"`` offered "Munch"; and a name no file
defines written through an existing file (``munch/__init__.py::nothere``) offered "Munch", which the
structural engine ranked for the file's path, not for the name."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.types import QueryError
from maguyva_tui.graph_command import graph_answer
from maguyva_tui.mcp.answers import AnswerError, definition_answer, references_answer
from tests.trees import indexed

FILES = {
    "munch/__init__.py": (
        "class Munch(dict):\n    def to_dict(self):\n        return dict(self)\n\n\n"
        "class AutoMunch(Munch):\n    pass\n\n\n"
        "def munchify(x):\n    return Munch(x)\n\n\n"
        "def unmunchify(x):\n    return dict(x)\n\n\n"
        "def munch_obj():\n    return munchify({})\n"
    ),
    "use.py": "from munch import munchify\n\n\ndef run():\n    return munchify({})\n",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "munchlike", FILES)


def _graph_error(engine: Engine, name: str) -> str:
    with pytest.raises(QueryError) as caught:
        graph_answer(engine, "callers", name, None, 10)
    return str(caught.value)


def test_a_misspelt_name_is_offered_the_names_spelled_like_it_only(engine: Engine) -> None:
    said = engine.search("who calls Munh", limit=3).lookup_failed
    assert said is not None and said.suggestions == ("Munch",)
    assert _graph_error(engine, "Munh").endswith("close names: Munch")
    with pytest.raises(AnswerError, match=r"Closest names: Munch\.$"):
        definition_answer(engine, "Munh", None, False, 10)
    with pytest.raises(AnswerError, match=r"Closest names: Munch\.$"):
        references_answer(engine, "Munh", None, 10)


def test_a_name_begun_is_still_offered_the_names_it_begins(engine: Engine) -> None:
    assert "munchify" in _graph_error(engine, "munchi")  # ech: echo_via_pager, as before


def test_a_name_no_file_defines_is_offered_nothing_for_its_file_path(engine: Engine) -> None:
    assert "close names" not in _graph_error(engine, "munch/__init__.py::nothere")
    with pytest.raises(AnswerError) as caught:
        references_answer(engine, "munch/__init__.py::nothere", None, 10)
    assert "Closest names" not in str(caught.value)
