"""A callers question closing on a file that does not define the name (found by an outside tester
on dacite 1.9.2): ``who calls is_optional in dacite/core.py`` had said "no file ending dacite/core.py
defines is_optional" and listed every caller, and ``in core.py`` (a file's name alone) was dropped
without a word, where ``in app/cli`` (a folder) keeps the callers inside it."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    root = tmp_path_factory.mktemp("in_file")
    (root / "pkg").mkdir()
    (root / "tests").mkdir()
    (root / "pkg" / "types.py").write_text("def is_optional(t):\n    return t is None\n\n\n"
                                           "def validate(t):\n    return t\n")
    (root / "pkg" / "core.py").write_text(
        "from pkg.types import is_optional, validate\n\n\ndef build(t):\n    return is_optional(t)\n\n\n"
        "def check(t):\n    return not is_optional(t)\n\n\ndef is_local(t):\n    return t\n\n\n"
        "def run(t):\n    return validate(t)\n")
    (root / "pkg" / "main.py").write_text("from pkg.types import validate\n\n\ndef main():\n    validate(1)\n")
    (root / "tests" / "test_types.py").write_text(
        "from pkg.types import is_optional\n\n\ndef test_is_optional():\n    assert is_optional(None)\n")
    e = Engine(root, tmp_path_factory.mktemp("index"), static=False)
    e.refresh()
    return e


@pytest.mark.parametrize("question", ["who calls is_optional in pkg/core.py", "who calls is_optional in core.py",
                                      "callers of is_optional in the file core.py?"])
def test_callers_in_a_file_that_does_not_define_the_name_are_that_file_s(engine: Engine, question: str) -> None:
    answer = engine.search(question)
    assert {(r.path, r.symbol) for r in answer.results} == {("pkg/core.py", "build"), ("pkg/core.py", "check")}
    assert "callers of is_optional in pkg/core.py (is_optional is defined in pkg/types.py:1)" in answer.notices
    assert not any("following every" in n for n in answer.notices)


@pytest.mark.parametrize("question", ["who calls validate in pkg/core.py", "callers of validate in pkg/core.py",
                                      "who calls validate from pkg/core.py"])
def test_a_plain_word_s_callers_in_a_file_are_that_file_s(engine: Engine, question: str) -> None:
    """tty-prompt 0.23.1's "who calls paginate in lib/tty/prompt/list.rb": a name that is a plain
    word (no underscore, no capital) had been dropped, and the question read as who imports the
    file ("no line of the repository imports lib/tty/prompt/list.rb; showing related code")."""
    answer = engine.search(question)
    assert [(r.path, r.symbol) for r in answer.results] == [("pkg/core.py", "run")]
    assert "callers of validate in pkg/core.py (validate is defined in pkg/types.py:5)" in answer.notices


def test_a_test_file_keeps_its_own_callers(engine: Engine) -> None:
    answer = engine.search("who calls is_optional in test_types.py")
    assert {r.path for r in answer.results} == {"tests/test_types.py"}


def test_a_file_s_name_that_defines_it_is_its_definition(engine: Engine) -> None:
    answer = engine.search("who calls is_optional in types.py")
    assert {r.path for r in answer.results} == {"pkg/core.py", "tests/test_types.py"}
    assert answer.notices == () or not any("is defined in" in n for n in answer.notices)


def test_a_file_name_no_indexed_file_bears_is_left_as_it_was(engine: Engine) -> None:
    answer = engine.search("who calls is_optional in nothere.py")
    assert {r.path for r in answer.results} == {"pkg/core.py", "tests/test_types.py"}


@pytest.mark.parametrize("name", ["pkg/core.py::is_optional", "core.py:is_optional"])
def test_the_graph_command_and_mcp_keep_the_callers_in_the_file_too(engine: Engine, name: str) -> None:
    """``maguyva graph callers pkg/core.py::is_optional`` had said "unknown symbol"."""
    from maguyva_tui.graph_command import graph_answer
    from maguyva_tui.mcp.answers import references_answer

    answer = graph_answer(engine, "callers", name, None, 10)
    assert [(r["path"], r["symbol"]) for r in answer["results"]] == [("pkg/core.py", "build"), ("pkg/core.py", "check")]
    assert answer["notes"][0] == "callers of is_optional in pkg/core.py (is_optional is defined in pkg/types.py:1)"
    found = references_answer(engine, name, None, 10)
    assert {r["path"] for r in found["references"]} == {"pkg/core.py"}
    assert found["notes"][0].startswith("references to is_optional in pkg/core.py (")
