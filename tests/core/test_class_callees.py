"""What a class calls is what its methods call: ``maguyva graph callees ArrowFactory`` (arrow's
factory class, whose body is its methods) had answered "0 results" and not a word more, and "what
does ArrowFactory call" had blended the engines. Each callee now says which method calls it."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.graph_command import graph_answer
from tests.core.small_repo import indexed

FACTORY = """from typing import overload
from util import is_timestamp, parse


class Factory:
    kind = "arrow"

    @overload
    def get(self) -> int: ...
    @overload
    def get(self, value: int) -> int: ...
    def get(self, value=None):
        if is_timestamp(value):
            return parse(value)
        return self.now()

    def now(self):
        return parse(0)
"""


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, {"factory.py": FACTORY,
                                      "util.py": "def is_timestamp(v):\n    return True\n\n\ndef parse(v):\n    return v\n"})


def test_the_callees_of_a_class_are_its_methods_calls(engine: Engine) -> None:
    found = graph_answer(engine, "callees", "Factory", None, 10)["results"]
    said = {r["symbol"]: r["modalities"]["graph"]["reason"] for r in found}
    assert said == {"is_timestamp": "called by Factory.get (line 13)",
                    "parse": "called by Factory.get (line 14), Factory.now (line 18)",  # get once, overloads aside
                    "Factory.now": "called by Factory.get (line 15)"}


def test_a_function_s_callees_read_as_before(engine: Engine) -> None:
    found = graph_answer(engine, "callees", "Factory.get", None, 10)["results"]
    assert [(r["symbol"], r["modalities"]["graph"]["reason"]) for r in found][:1] == [
        ("is_timestamp", "called at line 13")]


def test_the_search_lists_them_too(engine: Engine) -> None:
    listed = {d["symbol"] for d in engine.search("what does Factory call").to_json()["results"]}
    assert {"is_timestamp", "parse"} <= listed
