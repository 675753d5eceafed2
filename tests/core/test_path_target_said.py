"""A path no indexed file or folder is, written through the repository's absolute root or as the
subject of a definition question (found by helper-394 and helper-398 with ``link`` a symlink out of
the root, not indexed): ``who calls /home/u/repo/link/passwd`` had said "nothing in the graph calls
link/passwd" with no lookup failure (reading it from the root dropped its ``/``, and the rule that
reads two slashed words, ``input/output``, as prose took it), and ``where is ./link/passwd
defined`` "no symbol named link; close names: Link" (its first folder as the name)."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from tests.trees import indexed

FILES = {"src/app.py": "class Link:\n    pass\n\n\ndef caller():\n    return Link()\n"}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "path-target-said", FILES)


@pytest.mark.parametrize("asked", ["who calls {top}/link/passwd", "what breaks if I change {top}/link/passwd?",
                                   "where is {top}/link/passwd defined", "where is link/passwd defined"])
def test_a_path_through_the_root_is_said_missing(engine: Engine, asked: str) -> None:
    found = engine.search(asked.format(top=engine.root.as_posix()), limit=5)
    assert found.target == "link/passwd"
    assert found.lookup_failed is not None and found.lookup_failed.kind == "place"
    assert "no indexed file or folder is link/passwd; showing related code" in found.notices


@pytest.mark.parametrize("asked", ["where is ./link/passwd defined", "go to ./link/passwd"])
def test_a_definition_question_names_a_path(engine: Engine, asked: str) -> None:
    found = engine.search(asked, limit=5)
    assert found.target == "./link/passwd"
    assert "no indexed file or folder is ./link/passwd; showing related code" in found.notices
    assert not any("no symbol named link" in n for n in found.notices)


def test_prose_and_names_keep_their_reading(engine: Engine) -> None:
    assert engine.search("who calls link/passwd", limit=5).lookup_failed is None  # two words of prose
    named = engine.search(f"where is {engine.root.as_posix()}/src/app.py::Link defined", limit=5)
    assert named.lookup_failed is None and [(r.path, r.symbol) for r in named.results][:1] == [("src/app.py", "Link")]
