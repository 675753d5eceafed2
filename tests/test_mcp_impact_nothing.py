"""MCP's ``impact`` says why its answer is empty, in the words of ``maguyva graph impact``.

Found by an outside tester on simplejson 3.19.3: ``impact`` of ``decoder.py::py_scanstring`` (nothing
depends on it) answered ``"total": 0, "dependents": []`` and no ``notes`` at all, where ``maguyva
graph impact`` says "nothing in the graph depends on decoder.py::py_scanstring" (and of a name of two
definitions "2 definitions match; nothing in the graph depends on any of them: ..."); the README's
table gives impact notes as find_references has them.
"""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.graph_command import graph_answer
from maguyva_tui.mcp.answers import NO_RESOLVED_USES, impact_answer, references_answer
from tests.trees import indexed

CODE = "def leaf():\n    return 1\n\n\ndef used():\n    return 2\n"
FILES = {"a.py": CODE, "b.py": CODE, "pkg/one.py": "X = 1\n", "pkg/two.py": "Y = 2\n",
         "main.py": "from a import used\n\n\ndef run():\n    return used()\n"}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "nothing", FILES)


@pytest.mark.parametrize(("name", "said"), [
    ("a.py::leaf", "nothing in the graph depends on a.py::leaf"),
    ("leaf", "2 definitions match; nothing in the graph depends on any of them: a.py::leaf, b.py::leaf"),
    ("pkg", "pkg is 2 files (pkg/one.py, pkg/two.py); nothing outside them depends on them"),
])
def test_an_empty_impact_says_what_the_command_says(engine: Engine, name: str, said: str) -> None:
    answer = impact_answer(engine, name, 3, 50)
    assert answer["total"] == 0 and answer["dependents"] == []
    assert answer["notes"] == [said] == graph_answer(engine, "impact", name, 3, 50)["notes"]


def test_a_used_name_has_no_such_note(engine: Engine) -> None:
    answer = impact_answer(engine, "a.py::used", 3, 50)
    assert answer["total"] >= 1 and "notes" not in answer


def test_find_references_of_nothing_says_no_use_was_resolved(engine: Engine) -> None:
    """The other tools' empty answers already said so: find_references (its own words), search
    (the notices), find_definition (an unknown name is an error; a known one has a definition)."""
    assert references_answer(engine, "a.py::leaf", None, 50)["notes"][0] == NO_RESOLVED_USES
