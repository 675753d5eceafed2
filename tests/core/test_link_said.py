"""A path the question names that is a symbolic link in the work tree, which the walk does not
follow, is said to be one, with where it points: ``src/alias.py:1``, ``who calls src/alias.py`` and
``maguyva graph callers src/alias.py`` had said "no indexed file is src/alias.py", as if nothing
were there."""

from __future__ import annotations

import os

import pytest

from maguyva_tui.core.engine import Engine
from tests.core.test_engine import CountingProvider

pytestmark = pytest.mark.skipif(not hasattr(os, "symlink"), reason="symbolic links")


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    root = tmp_path_factory.mktemp("repo")
    (root / "src").mkdir()
    (root / "src" / "a.py").write_text("def f():\n    return 1\n\n\ndef g():\n    return f()\n")
    (root / "src" / "alias.py").symlink_to("a.py")
    outside = tmp_path_factory.mktemp("elsewhere") / "notes.txt"
    outside.write_text("f\n")
    (root / "notes.txt").symlink_to(outside)
    found = Engine(root, provider=CountingProvider())
    found.refresh()
    return found


@pytest.mark.parametrize("question", ["src/alias.py:1", "src/alias.py", "who calls src/alias.py"])
def test_a_linked_path_is_said_a_link_to_its_file(engine: Engine, question: str) -> None:
    said = [n for n in engine.search(question).notices if "symbolic link" in n]
    assert len(said) == 1
    assert said[0].startswith("src/alias.py is a symbolic link, not indexed (links are not followed): it points to src/a.py; ")


def test_a_link_out_of_the_repository_says_so_without_its_target(engine: Engine) -> None:
    said = [n for n in engine.search("notes.txt:1").notices if "symbolic link" in n]
    assert said == ["notes.txt is a symbolic link, not indexed (links are not followed): it points outside the "
                    "repository; searching the question's words instead"]


def test_a_missing_path_is_still_no_indexed_file(engine: Engine) -> None:
    notices = engine.search("src/nothere.py:1").notices
    assert "no indexed file is src/nothere.py; searching the question's words instead" in notices
    assert not any("symbolic link" in n for n in notices)


def test_the_graph_tools_say_it_too(engine: Engine) -> None:
    answer = engine.callers("src/alias.py", 10)
    assert (answer.missing or "").startswith("src/alias.py is a symbolic link, not indexed (links are not followed): "
                                             "it points to src/a.py")
