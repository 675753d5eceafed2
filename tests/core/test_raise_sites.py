"""A question about where an error is raised or thrown lists the statements raising it, not its
every mention (glom's "where is CoalesceError thrown?" had put the class, its import and the
tutorial first), and says so when no statement names it (raised through a variable)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from maguyva_tui.core.engine import Engine
from tests.trees import write_tree

FILES = {
    "errors.py": "class CoalesceError(Exception):\n    \"\"\"Rather than raise a CoalesceError, skip.\"\"\"\n\n\n"
                 "class PathError(Exception):\n    pass\n",
    "core.py": "from errors import CoalesceError, PathError\n\n\ndef coalesce(x):\n    if x is None:\n"
               "        raise CoalesceError(x)\n    return x\n\n\ndef walk(x):\n    err = PathError(x)\n    raise err\n",
    "api.js": "function f(x) {\n  if (!x) { throw new errors.CoalesceError('none'); }\n}\n",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    e = Engine(write_tree(tmp_path_factory.mktemp("raises"), FILES), tmp_path_factory.mktemp("index"), static=False)
    e.refresh()
    yield e
    e.close()


@pytest.mark.parametrize("text", ["where is CoalesceError thrown?", "who raises CoalesceError",
                                  "what throws CoalesceError"])
def test_the_raise_and_throw_statements_are_the_answer(engine: Engine, text: str) -> None:
    answer = engine.search(text).to_json()
    assert (answer["rule"], answer["target"]) == ("raise_sites", "CoalesceError")
    assert sorted((r["path"], r["start_line"]) for r in answer["results"]) == [("api.js", 2), ("core.py", 6)]
    assert "showing the lines that raise or throw CoalesceError" in answer["notices"]


def test_an_error_raised_through_a_variable_is_said(engine: Engine) -> None:
    answer = engine.search("where is PathError raised").to_json()
    assert answer["rule"] != "raise_sites" and answer["results"]
    assert ("no raise or throw statement names PathError (it may be raised through a variable); showing what names it"
            in answer["notices"])
