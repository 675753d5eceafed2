"""A path climbing out of the root whose tail is a file of the repository (``../setup.py``) is refused
by every MCP tool in the same one line. Found by an outside tester (webencodings 0.5.1):
find_references and impact of ``../setup.py`` answered with the repository's own setup.py (the
name read as a JavaScript relative import), and find_definition said it was that module, where
``../outside.py`` is "no indexed file or folder is ../outside.py" everywhere."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.types import QueryError
from maguyva_tui.graph_command import graph_answer
from maguyva_tui.mcp.answers import AnswerError, definition_answer, impact_answer, references_answer
from tests.trees import indexed

FILES = {
    "setup.py": "from pkg import mod\n",
    "pkg/__init__.py": "",
    "pkg/mod.py": "def run():\n    return 1\n",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "climbing", FILES)


@pytest.mark.parametrize("name", ["../setup.py", "../pkg/mod.py", "pkg/../../setup.py"])
def test_a_path_out_of_the_root_is_refused_alike_by_every_tool(engine: Engine, name: str) -> None:
    said = set()
    for ask in (lambda: definition_answer(engine, name, None, False, 10), lambda: references_answer(engine, name, None, 10),
                lambda: impact_answer(engine, name, 2, 10)):
        with pytest.raises(AnswerError) as refused:
            ask()
        said.add(str(refused.value))
    assert len(said) == 1
    assert said.pop().startswith(f"in {engine.root}, no indexed file or folder is {name}")


def test_a_path_that_stays_in_the_root_is_the_file(engine: Engine) -> None:
    for name in ("pkg/mod.py", "./pkg/mod.py", "setup/../pkg/mod.py"):
        found = references_answer(engine, name, None, 10)
        assert found["module"] is True and [r["path"] for r in found["references"]] == ["setup.py"]


@pytest.mark.parametrize("name", ["../setup.py", "/etc/passwd", "nothere/x.py"])
def test_maguyva_graph_says_a_path_no_file_is_alike_for_every_action(engine: Engine, name: str) -> None:
    """``maguyva graph importers ../setup.py`` had said "no module, file or symbol named '../setup.py'
    in the repository (...)" where callers and impact said no indexed file or folder is it."""
    said = set()
    for action in ("callers", "impact", "importers"):
        with pytest.raises(QueryError) as caught:
            graph_answer(engine, action, name, None, 10)
        said.add(str(caught.value))
    assert len(said) == 1 and said.pop().startswith(f"no indexed file or folder is {name}")
