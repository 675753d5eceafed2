"""Who calls a name several files define: the callers of every definition, each labelled with the
one it calls, and a line naming the definitions and how to ask for one; where nothing calls any of
them, that line says so (the answer had said only that the graph found nothing)."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.types import called_definition


def two_helpers(root: Path, tail: str = "") -> None:
    """``pkg/a.py`` and ``pkg/b.py`` each defining ``helper`` (then ``tail``), each called from its
    own ``use_*.py``."""
    (root / "pkg").mkdir()
    (root / "pkg" / "a.py").write_text("def helper(x):\n    return x + 1\n" + tail.replace("N", "1"))
    (root / "pkg" / "b.py").write_text("def helper(x):\n    return x * 2\n" + tail.replace("N", "2"))
    (root / "pkg" / "use_a.py").write_text("from pkg.a import helper\n\n\ndef run_a():\n    return helper(1)\n")
    (root / "pkg" / "use_b.py").write_text("from pkg.b import helper\n\n\ndef run_b():\n    return helper(2)\n")


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    root = tmp_path_factory.mktemp("several")
    two_helpers(root, "\n\ndef lonely():\n    return N\n")
    (root / "pkg" / "c.py").write_text("def build():\n    return 3\n\n\nclass Box:\n    def build(self):\n        return 4\n")
    (root / "pkg" / "d.py").write_text("def build():\n    return 5\n")
    (root / "pkg" / "use_c.py").write_text("from pkg.c import build\n\n\ndef run_c():\n    return build()\n")
    e = Engine(root, tmp_path_factory.mktemp("index"), static=False)
    e.refresh()
    return e


def test_each_caller_is_labelled_with_the_definition_it_calls(engine: Engine) -> None:
    result = engine.search("who calls helper")
    assert {(r.symbol, called_definition(r)) for r in result.results} == {
        ("run_a", "pkg/a.py:1"), ("run_b", "pkg/b.py:1")}
    reasons = {r["symbol"]: r["modalities"]["graph"]["reason"] for r in result.to_json()["results"]}
    assert reasons == {"run_a": "calls helper of pkg/a.py:1", "run_b": "calls helper of pkg/b.py:1"}
    assert ('helper has 2 definitions (pkg/a.py:1, pkg/b.py:1): each call is labelled with the one it calls; '
            'ask "who calls pkg/a.py::helper" for one') in result.notices


def test_a_name_with_one_definition_keeps_its_plain_reason(engine: Engine) -> None:
    result = engine.search("who calls pkg/a.py::helper")
    assert [(r.symbol, called_definition(r)) for r in result.results] == [("run_a", None)]
    assert not any("definitions" in n for n in result.notices)


def test_nothing_calling_any_definition_is_said_with_where_they_are(engine: Engine) -> None:
    result = engine.search("who calls lonely")
    assert ('no call reaches any of the 2 definitions of lonely (pkg/a.py:5, pkg/b.py:5); '
            'ask "who calls pkg/a.py::lonely" for one') in result.notices


def test_several_top_level_definitions_and_others_sharing_the_name_are_each_said_once(engine: Engine) -> None:
    # the line naming the others had repeated the top-level ones ("read as the top-level build of
    # pkg/c.py and 1 more files"), which the line before had listed with their places
    notices = engine.search("who calls build").notices
    assert [n for n in notices if "build" in n] == [
        'build has 2 top-level definitions (pkg/c.py:1, pkg/d.py:1): each call is labelled with the one it calls; '
        'ask "who calls pkg/c.py::build" for one',
        '1 more definition of build is inside a class or function and is not followed (Box.build): '
        'ask "who calls Box.build" for one of them']
