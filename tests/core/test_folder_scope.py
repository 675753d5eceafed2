"""A question closing on a folder (found by an outside tester on radon 6.0.1): ``who calls cc_visit in
radon/cli`` had listed the call sites in ``radon/tests`` too, ``in nowhere_dir`` was dropped without a
word, and ``radon/../radon/complexity.py`` or ``radon//complexity.py::cc_visit`` was "no indexed file",
where each names an indexed one."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.folder_scope import closing_place
from maguyva_tui.core.path_names import normal_path

WHOLE = "answered from the whole repository"


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    root = tmp_path_factory.mktemp("scoped")
    for folder in ("lib", "app/cli", "app/tests", "app/other"):
        (root / folder).mkdir(parents=True)
    (root / "lib" / "core.py").write_text("def visit(code):\n    return code\n\n\ndef parse_args():\n    return 1\n")
    (root / "app" / "cli" / "main.py").write_text("from lib.core import visit\n\n\ndef run():\n    return visit(1)\n")
    (root / "app" / "cli" / "tools.py").write_text("def helper():\n    return 1\n")
    (root / "app" / "other" / "tools.py").write_text("def helper():\n    return 2\n")
    (root / "app" / "tests" / "test_core.py").write_text(
        "from lib.core import visit\n\n\ndef test_visit():\n    assert visit(2) == 2\n")
    e = Engine(root, tmp_path_factory.mktemp("index"), static=False)
    e.refresh()
    return e


def _paths(engine: Engine, question: str) -> tuple[set[str], tuple[str, ...]]:
    answer = engine.search(question)
    return {r.path for r in answer.results}, answer.notices


@pytest.mark.parametrize("question", ["who calls visit in app/cli", "who calls visit in cli",
                                      "who calls visit in ./app/cli/", "where is visit used in app/cli?"])
def test_callers_in_a_folder_are_its_files_alone(engine: Engine, question: str) -> None:
    paths, notices = _paths(engine, question)
    assert paths == {"app/cli/main.py"}  # app/tests/test_core.py had been listed too
    assert any("1 of the graph's 2 places for visit in" in n for n in notices)


def test_impact_in_a_folder_is_its_files_alone(engine: Engine) -> None:
    answer = engine.search("what breaks if I change visit in app/tests")
    assert answer.target == "visit"  # it had been the folder app/tests, a plain word before it dropped
    assert {r.path for r in answer.results} == {"app/tests/test_core.py"}


def test_a_folder_no_caller_is_in_says_where_they_are(engine: Engine) -> None:
    paths, notices = _paths(engine, "who calls visit in app/other")
    assert paths == set()
    assert any(n.startswith("none of the graph's 2 places for visit is in app/other/ (they are in app/cli/main.py, "
                            "app/tests/test_core.py)") for n in notices)


def test_a_definition_in_a_folder_named_alone_is_that_folder_s(engine: Engine) -> None:
    assert _paths(engine, "where is helper defined in cli")[0] == {"app/cli/tools.py"}
    assert _paths(engine, "where is helper defined in other")[0] == {"app/other/tools.py"}


@pytest.mark.parametrize(("question", "said"), [
    ("who calls visit in nowhere_dir", "no indexed folder is nowhere_dir: " + WHOLE),
    ("who calls visit in app/cl", "no indexed folder is app/cl; close paths: app/cli: " + WHOLE),
    ("where is helper defined in app/nothere", "no indexed folder is app/nothere; close paths: app/other: " + WHOLE),
    ("who calls visit in the folder elsewhere", "no indexed folder is elsewhere: " + WHOLE),
])
def test_a_folder_the_index_lacks_is_said_and_the_whole_repository_answers(engine: Engine, question: str,
                                                                          said: str) -> None:
    paths, notices = _paths(engine, question)
    assert said in notices  # it had been dropped without a word
    assert paths >= ({"app/cli/tools.py", "app/other/tools.py"} if "helper" in question
                     else {"app/cli/main.py", "app/tests/test_core.py"})


@pytest.mark.parametrize("question", ["who calls visit in the parser", "who calls visit in production?"])
def test_prose_is_no_folder(engine: Engine, question: str) -> None:
    paths, notices = _paths(engine, question)
    assert paths == {"app/cli/main.py", "app/tests/test_core.py"}
    assert not any("indexed folder" in n or "places for visit" in n for n in notices)


def test_a_symbol_s_name_is_no_folder(engine: Engine) -> None:
    assert not any("indexed folder" in n for n in _paths(engine, "who calls visit in parse_args")[1])


@pytest.mark.parametrize(("written", "normal"), [
    ("radon/../radon/complexity.py", "radon/complexity.py"),
    ("radon//complexity.py", "radon/complexity.py"),
    ("./radon/./cli/", "./radon/cli/"),
    ("radon/complexity.py", None),  # nothing to read
    ("radon/../../x.py", None),  # above the root: stays outside, as written
    ("radon/..", None),
])
def test_a_path_s_dots_and_doubled_slashes_are_read(written: str, normal: str | None) -> None:
    assert normal_path(written) == normal


def test_closing_place_reads_no_file_and_no_outside_place() -> None:
    assert closing_place("who calls f in radon/cli?") == ("who calls f?", "radon/cli", False)
    assert closing_place("who calls f in harvest.py") is None  # the file defining it (path::name)
    assert closing_place("who calls f in /etc") is None
    assert closing_place("who calls f in I/O") is None


def test_a_dotted_path_names_the_indexed_file(engine: Engine) -> None:
    paths, notices = _paths(engine, "app/../lib/core.py")
    assert paths == {"lib/core.py"} and not any("no indexed file" in n for n in notices)
    answer = engine.search("who calls lib//core.py::visit")
    assert answer.target == "lib/core.py::visit" and {r.path for r in answer.results} == {
        "app/cli/main.py", "app/tests/test_core.py"}
    assert engine.search("what breaks if I change ./app/./cli/../cli/main.py").target == "app/cli/main.py"


def test_a_dotted_path_above_the_root_stays_outside(engine: Engine) -> None:
    answer = engine.search("who calls lib/../../x.py::visit")
    assert any("lib/../../x.py" in n for n in answer.notices)
    assert answer.lookup_failed is not None


@pytest.mark.parametrize("name", ["lib//core.py::visit", "lib/../lib/core.py::visit", "./app/../lib/./core.py:visit"])
def test_a_tool_s_dotted_name_names_the_indexed_file(engine: Engine, name: str) -> None:
    from maguyva_tui.graph_command import graph_answer
    from maguyva_tui.mcp.answers import references_answer

    assert {r["path"] for r in references_answer(engine, name, None, 10)["references"]} == {
        "app/cli/main.py", "app/tests/test_core.py"}  # it had been "no indexed file or folder is lib//core.py::visit"
    assert {r["path"] for r in graph_answer(engine, "callers", name, None, 10)["results"]} == {
        "app/cli/main.py", "app/tests/test_core.py"}
