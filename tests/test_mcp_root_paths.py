"""A path written through the repository's absolute root, as an agent's file tools write every path
(found by an outside tester on the rsass crate): find_definition had answered "no definition of
'/home/u/rsass/src/css/value.rs::Value'", find_references and impact "no indexed file or folder is
/home/u/rsass/src/css/value.rs; close paths: src/css/value.rs", and ``maguyva graph`` the same. A
path climbing out of the root had been echoed without its dots (``../outside`` as ``/outside``)."""

from __future__ import annotations

import pytest

from maguyva_tui.core.answers import symbol_as_meant
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.types import QueryError
from maguyva_tui.graph_command import graph_answer
from maguyva_tui.mcp.answers import AnswerError, definition_answer, impact_answer, references_answer
from tests.trees import indexed

FILES = {
    "src/value.py": "class Value:\n    pass\n\n\ndef parse(text):\n    return Value()\n",
    "src/use.py": "from src.value import Value, parse\n\n\ndef run():\n    return parse('x')\n",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "rooted", FILES)


def test_a_name_through_the_absolute_root_is_read_from_the_root(engine: Engine) -> None:
    top = engine.root.as_posix()
    found = definition_answer(engine, f"{top}/src/value.py::Value", None, False, 10)
    assert [(d["path"], d["symbol"]) for d in found["definitions"]] == [("src/value.py", "Value")]
    assert found["symbol"] == "src/value.py::Value"
    calls = references_answer(engine, f"`{top}/src/value.py::parse`", None, 10)["references"]
    assert [(r["path"], r["kind"]) for r in calls] == [("src/use.py", "call"), ("src/use.py", "import")]
    importing = references_answer(engine, f"{top}/src/value.py", None, 10)
    assert importing["module"] is True and [r["path"] for r in importing["references"]] == ["src/use.py"]
    assert impact_answer(engine, f"{top}/src/value.py", 2, 10)["total"] == impact_answer(engine, "src/value.py", 2, 10)["total"] > 0
    assert [r["path"] for r in graph_answer(engine, "callers", f"{top}/src/value.py::parse", None, 10)["results"]] == [
        "src/use.py"]
    assert graph_answer(engine, "importers", f"{top}/src/value.py", None, 10)["total"] == 1


def test_a_path_outside_the_root_is_said_as_written(engine: Engine) -> None:
    with pytest.raises(AnswerError, match=r"no indexed file or folder is \.\./outside\.$"):  # a path, as every tool says
        impact_answer(engine, "../outside", 2, 10)
    with pytest.raises(QueryError, match=r"no indexed file or folder is \.\./outside$"):
        graph_answer(engine, "impact", "../outside", None, 10)
    assert symbol_as_meant("/elsewhere/src/value.py::Value", engine.root) == "/elsewhere/src/value.py::Value"
    assert symbol_as_meant(".Flask.") == "Flask"  # a qualifier's separator at either end still goes
