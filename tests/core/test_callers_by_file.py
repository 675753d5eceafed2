"""A name several files define, picked out by its file: ``who calls pkg/a.py::helper`` (or ``a.py:helper``)."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.intent import classify
from tests.core.test_callers_of_several import two_helpers


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    root = tmp_path_factory.mktemp("by_file")
    two_helpers(root)
    e = Engine(root, tmp_path_factory.mktemp("index"), static=False)
    e.refresh()
    return e


@pytest.mark.parametrize(("question", "target"), [
    ("who calls pkg/a.py::helper", "pkg/a.py::helper"),
    ("who calls a.py:helper", "a.py::helper"),
    ("callers of src/flask/app.py::Flask.route", "src/flask/app.py::Flask.route"),
    ("what does ./pkg/use_a.py::run_a call", "pkg/use_a.py::run_a"),
    ("functions that call cli.py:locate_app", "cli.py::locate_app"),
    ("who calls std::vector", "std::vector"),  # a namespace, not a file
])
def test_the_question_keeps_the_file_a_name_is_written_through(question: str, target: str) -> None:
    assert classify(question).target == target


def callers(engine: Engine, question: str) -> tuple[set[str], list[str]]:
    answer = engine.search(question).to_json()
    return {r["symbol"] for r in answer["results"]}, answer["notices"]


@pytest.mark.parametrize(("question", "caller"), [
    ("who calls pkg/a.py::helper", "run_a"),
    ("who calls a.py:helper", "run_a"),
    ("who calls pkg/b.py:helper", "run_b"),
    ("who calls b.py::helper", "run_b"),
])
def test_a_name_written_through_its_file_is_that_file_s_definition(engine: Engine, question: str, caller: str) -> None:
    found, notices = callers(engine, question)
    assert found == {caller}
    assert not any("read as helper" in n for n in notices)  # the path had been dropped, saying so


def test_what_a_file_s_function_calls_is_its_callee(engine: Engine) -> None:
    answer = engine.search("what does use_b.py::run_b call").to_json()
    assert [(r["path"], r["symbol"]) for r in answer["results"]] == [("pkg/b.py", "helper")]


def test_a_file_that_defines_no_such_name_is_said_and_every_definition_followed(engine: Engine) -> None:
    found, notices = callers(engine, "who calls c.py::helper")
    assert found == {"run_a", "run_b"}
    assert any(n.startswith("no file ending c.py defines helper; it is defined in pkg/a.py:1, pkg/b.py:1")
               for n in notices)


@pytest.mark.parametrize("question", [
    "where is b.py::helper defined", "where is pkg/b.py:helper defined", "b.py:helper", "pkg/b.py::helper",
    "b.py::helper()",
])
def test_a_definition_question_keeps_to_the_file_the_name_is_written_through(engine: Engine, question: str) -> None:
    # every helper had been listed: the path was dropped ("b.py::helper read as helper"), or the
    # whole read as a file's path ("no indexed file is pkg/b.py::helper") or as words
    answer = engine.search(question).to_json()
    assert [(r["path"], r["symbol"]) for r in answer["results"]] == [("pkg/b.py", "helper")]
    assert answer["notices"] == [] and answer["lookup_failed"] is None


def test_a_definition_in_no_file_so_named_is_said_and_every_one_listed(engine: Engine) -> None:
    answer = engine.search("where is c.py::helper defined").to_json()
    assert {r["path"] for r in answer["results"]} == {"pkg/a.py", "pkg/b.py"}
    assert answer["notices"] == ["no file ending c.py defines helper; it is defined in pkg/a.py:1, pkg/b.py:1; "
                                 "listing every helper"]


@pytest.mark.parametrize("name", ["a.py:helper", "a.py::helper", "./pkg/a.py::helper", "pkg/a.py:helper"])
def test_the_graph_command_and_mcp_read_a_name_written_through_its_file_as_the_search_does(
        engine: Engine, name: str) -> None:
    """``maguyva graph callers a.py:helper`` and MCP's tools said "unknown symbol" (``./pkg/a.py::helper``
    as '/pkg/a.py::helper', its "." read as a separator) where ``who calls a.py:helper`` answered."""
    from maguyva_tui.graph_command import graph_answer
    from maguyva_tui.mcp.answers import definition_answer

    answer = graph_answer(engine, "callers", name, None, 10)
    assert [(r["symbol"], r["modalities"]["graph"]["reason"]) for r in answer["results"]] == [("run_a", "calls helper")]
    assert [d["path"] for d in definition_answer(engine, name, None, False, 10)["definitions"]] == ["pkg/a.py"]
