"""A path written through another spelling of the repository's root, a link to it (macOS's /tmp is
/private/tmp; a repository opened through a linked folder; ``maguyva mcp .`` where the agent's shell
stands in the linked folder and its file tools write that path), is read from the root as one written
through the root itself (found by an outside tester on radon 6.0.1 served as ``maguyva mcp
/tmp/rlink``): find_definition, find_references and impact had answered "no indexed file or folder is
/tmp/rlink/radon/complexity.py", every path an agent wrote being through the link. A path through a
link inside the repository to a folder outside it is still no indexed path."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from maguyva_tui.core.answers import from_root
from maguyva_tui.core.engine import Engine
from maguyva_tui.graph_command import graph_answer
from maguyva_tui.mcp.answers import AnswerError, definition_answer, impact_answer, references_answer
from tests.trees import indexed

FILES = {
    "src/value.py": "class Value:\n    pass\n\n\ndef parse(text):\n    return Value()\n",
    "src/use.py": "from src.value import Value, parse\n\n\ndef run():\n    return parse('x')\n",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "linked", FILES)


@pytest.fixture(scope="module")
def link(engine: Engine, tmp_path_factory: pytest.TempPathFactory) -> str:
    """A link to the repository's root, from a folder of its own: the root as an agent may spell it."""
    path = tmp_path_factory.mktemp("elsewhere") / "checkout"
    os.symlink(engine.root, path)
    return path.as_posix()


def test_a_name_through_a_link_to_the_root_is_read_from_the_root(engine: Engine, link: str) -> None:
    found = definition_answer(engine, f"{link}/src/value.py::Value", None, False, 10)
    assert [(d["path"], d["symbol"]) for d in found["definitions"]] == [("src/value.py", "Value")]
    assert found["symbol"] == "src/value.py::Value"
    calls = references_answer(engine, f"{link}/src/value.py::parse", None, 10)["references"]
    assert [(r["path"], r["kind"]) for r in calls] == [("src/use.py", "call"), ("src/use.py", "import")]
    assert impact_answer(engine, f"{link}/src/value.py", 2, 10)["total"] == impact_answer(engine, "src/value.py", 2, 10)["total"] > 0
    assert [r["path"] for r in graph_answer(engine, "callers", f"{link}/src/value.py::parse", None, 10)["results"]] == [
        "src/use.py"]


def test_a_link_inside_the_root_to_a_folder_outside_it_is_no_indexed_path(engine: Engine, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.py").write_text("def secret():\n    return 1\n")
    inner = engine.root / "out"
    os.symlink(outside, inner)
    try:
        assert from_root(engine.root, f"{inner.as_posix()}/secret.py::secret") == "out/secret.py::secret"
        with pytest.raises(AnswerError, match=r"'out/secret\.py::secret' in the index of"):  # never read through the link
            definition_answer(engine, f"{inner.as_posix()}/secret.py::secret", None, False, 10)
    finally:
        inner.unlink()


def test_a_path_through_no_link_to_the_root_stays_as_written(engine: Engine, link: str) -> None:
    assert from_root(engine.root, "/etc/passwd::root") == "/etc/passwd::root"
    assert from_root(engine.root, f"{link}x/src/value.py") == f"{link}x/src/value.py"  # a sibling named alike
    assert from_root(engine.root, link) == link  # the root itself is no name in it
    assert from_root(engine.root, "src/value.py::Value") == "src/value.py::Value"


def test_a_question_through_a_link_to_the_root_reads_the_path_from_the_root(engine: Engine, link: str) -> None:
    linked = engine.search(f"who calls {link}/src/value.py::parse", limit=20)
    relative = engine.search("who calls src/value.py::parse", limit=20)
    assert linked.target == relative.target == "src/value.py::parse"
    assert [r.path for r in linked.results] == [r.path for r in relative.results] == ["src/use.py"]
    assert linked.query == f"who calls {link}/src/value.py::parse"  # echoed as typed
    defined = engine.search(f"where is Value defined in {link}/src", limit=20)
    assert not any("outside the repository" in n for n in defined.notices)  # it had been said outside
    assert {r.path for r in defined.results if r.symbol == "Value"} == {"src/value.py"}
