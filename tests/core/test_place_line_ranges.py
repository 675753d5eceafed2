"""A place written with a range of lines, ``path:97-101``, as the answers write a result's lines
(``"lines": "97-101"``) and as agents cite code: it is the place of those lines, in a question and
in the MCP tools alike (found by an outside tester on radon 6.0.1): find_definition,
find_references and impact had said "no indexed file or folder is radon/complexity.py:97-101", and a
question had read the words as prose. Then it was read as its first line alone: ``esc.go:40-60``,
across the end of one function and the start of the next, listed the first function only, and the
answer's reason and target said "line 40"."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.locations import Place, parse
from maguyva_tui.mcp.answers import AnswerError, definition_answer, impact_answer, references_answer
from tests.trees import indexed

FILES = {
    "src/value.py": "class Value:\n    pass\n\n\ndef parse(text):\n    return Value()\n",
    "src/app.py": ("class App:\n    \"\"\"The application.\"\"\"\n\n    def start(self):\n        return 1\n\n"
                   "    def stop(self):\n        return 2\n\n    def wait(self):\n        x = 3\n        return x\n\n"
                   "    def close(self):\n        return 4\n"),
    "src/run.py": "from src.app import App\n\n\ndef main():\n    a = App()\n    a.wait()\n    a.wait()\n    a.close()\n",
    "src/use.py": "from src.value import Value, parse\n\n\ndef run():\n    return parse('x')\n",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "line-ranges", FILES)


@pytest.mark.parametrize(("text", "place"), [
    ("radon/complexity.py:97-101", Place("radon/complexity.py", 97, 101)),
    ("see src/a.py:10-12 for it", Place("src/a.py", 10, 12)),
    ("(src/a.py:7-7)", Place("src/a.py", 7)),
    ("src/a.py:10\u201312", Place("src/a.py", 10, 12)),  # an en dash, as prose sets a range
    ("src/a.py:12-10", Place("src/a.py", 10, 12)),
    ("src/a.py#L10-L12", Place("src/a.py", 10, 12)),
    ("https://github.com/o/r/blob/main/src/a.py#L10-L12", Place("src/a.py", 10, 12)),
    ("https://bitbucket.org/o/r/src/main/src/a.py#lines-10:12", Place("src/a.py", 10, 12)),
    ("lines 10-12 of src/a.py", Place("src/a.py", 10, 12)),
    ("src/a.py lines 10 to 12", Place("src/a.py", 10, 12)),
])
def test_a_range_of_lines_is_the_place_of_those_lines(text: str, place: Place) -> None:
    assert parse(text) == (place,)
    assert str(parse(text)[0]) == ("src/a.py:10-12" if place.path == "src/a.py" and place.end else str(place))


@pytest.mark.parametrize("text", ["src/a.py:-12", "src/a.py:a-b", "src/a.py:10-12-14", "1-2", "x:10-12", "src/a.py:10--12"])
def test_what_is_no_range_is_no_place_of_one(text: str) -> None:
    assert not any(p.line in (10, 12, 14) or p.end for p in parse(text))


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


def test_a_range_across_two_definitions_lists_both_and_says_the_lines(engine: Engine) -> None:
    found = engine.search("src/value.py:1-6", limit=10)
    assert found.target == "src/value.py:1-6"
    assert [(r.path, r.symbol) for r in found.results] == [("src/value.py", "Value"), ("src/value.py", "parse")]
    assert {v.reason for r in found.results for name, v in r.votes if name == "structural" and v} == {
        "lines 1-6 of src/value.py"}
    inside = engine.search("src/value.py:5-6", limit=10)
    assert [(r.path, r.symbol) for r in inside.results] == [("src/value.py", "parse")]


def test_a_graph_question_of_lines_across_two_definitions_asks_of_neither_alone(engine: Engine) -> None:
    found = engine.search("who calls src/value.py:1-6", limit=10)
    assert not any("is in Value" in notice for notice in found.notices)  # it had asked of the first alone
    with pytest.raises(AnswerError, match=r"^src/value\.py:1-6 holds 2 definitions \(Value, parse\): name one of them$"):
        references_answer(engine, "src/value.py:1-6", None, 10)


def test_a_range_over_several_methods_of_a_class_lists_each_method(engine: Engine) -> None:
    """Lines 4-11 of a class: start, stop and wait, in their lines' order (the blank line after start
    had listed the class and ended the scan, leaving stop and wait out; and centrality, wait's callers,
    ordered all but the first); the class, begun before the range, is not listed."""
    found = engine.search("src/app.py:4-11", limit=10)
    assert [r.symbol for r in found.results] == ["App.start", "App.stop", "App.wait"]
    whole = engine.search("src/app.py:1-3", limit=10)
    assert [r.symbol for r in whole.results] == ["App"]  # the range holds the class's head: the class


def test_places_keep_the_order_they_are_written_in(engine: Engine) -> None:
    """Three places in a question: listed as written, whatever their centrality (wait is called
    twice: it had come before stop)."""
    found = engine.search("src/app.py:4 src/app.py:7 src/app.py:10", limit=10)
    assert [r.symbol for r in found.results] == ["App.start", "App.stop", "App.wait"]


def test_a_range_ending_on_its_class_s_last_line_lists_each_method(engine: Engine) -> None:
    """Lines 7-15, stop to the class's last line: stop, wait and close (the blank line after stop
    found the class, whose end, inside the range, ended the scan: stop alone was listed, and "who
    calls" asked of stop alone)."""
    assert [r.symbol for r in engine.search("src/app.py:7-15", limit=10).results] == ["App.stop", "App.wait", "App.close"]
    asked = engine.search("who calls src/app.py:7-15", limit=10)
    assert [r.symbol for r in asked.results] == ["App.stop", "App.wait", "App.close"]
    assert not [n for n in asked.notices if "asking about" in n]
