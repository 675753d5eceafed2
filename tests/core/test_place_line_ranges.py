"""A place written with a range of lines, ``path:97-101``, as the answers write a result's lines
(``"lines": "97-101"``) and as agents cite code: it is the place of its first line, as ``path:97``
is, in a question and in the MCP tools alike (found by an outside tester on radon 6.0.1): find_definition,
find_references and impact had said "no indexed file or folder is radon/complexity.py:97-101", and a
question had read the words as prose."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.locations import Place, parse
from maguyva_tui.mcp.answers import definition_answer, impact_answer, references_answer
from tests.trees import indexed

FILES = {
    "src/value.py": "class Value:\n    pass\n\n\ndef parse(text):\n    return Value()\n",
    "src/use.py": "from src.value import Value, parse\n\n\ndef run():\n    return parse('x')\n",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "line-ranges", FILES)


@pytest.mark.parametrize(("text", "place"), [
    ("radon/complexity.py:97-101", Place("radon/complexity.py", 97)),
    ("see src/a.py:10-12 for it", Place("src/a.py", 10)),
    ("(src/a.py:7-7)", Place("src/a.py", 7)),
    ("src/a.py:10\u201312", Place("src/a.py", 10)),  # an en dash, as prose sets a range
])
def test_a_range_of_lines_is_the_place_of_its_first(text: str, place: Place) -> None:
    assert parse(text) == (place,)


@pytest.mark.parametrize("text", ["src/a.py:-12", "src/a.py:a-b", "src/a.py:10-12-14", "1-2", "x:10-12", "src/a.py:10--12"])
def test_what_is_no_range_is_no_place_of_one(text: str) -> None:
    assert not any(p.line in (10, 12, 14) for p in parse(text))


def test_the_tools_read_a_range_as_its_first_line(engine: Engine) -> None:
    found = definition_answer(engine, "src/value.py:5-6", None, False, 10)
    assert [(d["path"], d["symbol"]) for d in found["definitions"]] == [("src/value.py", "parse")]
    calls = references_answer(engine, "src/value.py:5-6", None, 10)["references"]
    assert [(r["path"], r["kind"]) for r in calls] == [("src/use.py", "call"), ("src/use.py", "import")]
    assert impact_answer(engine, "src/value.py:5-6", 2, 10)["total"] == impact_answer(engine, "src/value.py:5", 2, 10)["total"] > 0


def test_a_question_reads_a_range_as_its_first_line(engine: Engine) -> None:
    ranged = engine.search("who calls src/value.py:5-6", limit=10)
    single = engine.search("who calls src/value.py:5", limit=10)
    assert [(r.path, r.start_line) for r in ranged.results] == [(r.path, r.start_line) for r in single.results]
    assert [r.path for r in ranged.results][:1] == ["src/use.py"]
