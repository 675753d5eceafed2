"""A name written through a path outside the repository, or such a path alone, is said alike by
``maguyva graph`` and every MCP tool, as the search says it (found by outside testers on ecdsa and
munch): ``graph callers /etc/passwd::f`` and MCP's find_references had said "no indexed file or
folder is /etc/passwd::f", ``../x.py::f`` "unknown symbol '../x.py::f'", and find_definition of
either, or of ``/etc/passwd``, "no definition of '/etc/passwd'"."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.types import QueryError
from maguyva_tui.graph_command import graph_answer
from maguyva_tui.mcp.answers import AnswerError, definition_answer, impact_answer, references_answer
from tests.trees import indexed

FILES = {"src/value.py": "class Value:\n    pass\n\n\ndef parse(text):\n    return Value()\n"}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "outside", FILES)


@pytest.mark.parametrize(("name", "path"), [
    ("/etc/passwd::f", "/etc/passwd"), ("../x.py::f", "../x.py"), ("~/a.py:parse", "~/a.py"), ("/etc/passwd", "/etc/passwd"),
])
def test_every_tool_says_no_indexed_file_is_the_path(engine: Engine, name: str, path: str) -> None:
    said = f"no indexed file or folder is {path}"
    for action in ("callers", "impact"):
        with pytest.raises(QueryError) as caught:
            graph_answer(engine, action, name, None, 10)
        assert str(caught.value) == said
    for ask in (lambda: definition_answer(engine, name, None, False, 10), lambda: references_answer(engine, name, None, 10),
                lambda: impact_answer(engine, name, 2, 10)):
        with pytest.raises(AnswerError) as refused:
            ask()
        assert str(refused.value) == f"in {engine.root}, {said}."


def test_a_name_in_the_repository_is_still_found(engine: Engine) -> None:
    assert definition_answer(engine, "src/value.py::parse", None, False, 10)["total"] == 1
    with pytest.raises(AnswerError, match="Closest names: parse"):
        definition_answer(engine, "pars", None, False, 10)


@pytest.mark.parametrize(("question", "path"), [
    ("where is /etc/passwd::f defined", "/etc/passwd"), ("where is ../x.py::f defined", "../x.py"),
    ("go to ~/a.py::f", "~/a.py"), ("where is /etc/passwd defined", "/etc/passwd"), ("who calls /etc/passwd::f", "/etc/passwd"),
])
def test_a_definition_question_through_a_path_outside_says_so_as_who_calls_does(
        engine: Engine, question: str, path: str) -> None:
    failed = engine.search(question, limit=3).lookup_failed  # it had been "no symbol named passwd::f" (or etc, a.py::f)
    assert failed is not None and (failed.kind, failed.target) == ("place", path)
    assert failed.message == f"no indexed file or folder is {path}; showing related code"


def test_a_definition_question_in_the_repository_is_read_as_before(engine: Engine) -> None:
    assert engine.search("where is src/value.py::parse defined", limit=3).results[0].symbol == "parse"


@pytest.mark.parametrize("name", ["", "  ", "::", "..", ".", "()", "``"])
def test_a_name_that_is_no_name_is_refused_alike_by_graph_and_mcp(engine: Engine, name: str) -> None:
    with pytest.raises(AnswerError) as refused:  # graph had said "empty name", "'::' names no symbol (parse_config, ...)"
        references_answer(engine, name, None, 10)
    for action in ("callers", "impact"):
        with pytest.raises(QueryError) as caught:
            graph_answer(engine, action, name, None, 10)
        assert str(caught.value) == str(refused.value)
