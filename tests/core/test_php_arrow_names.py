"""A PHP method named as PHP calls it, ``Logger->addRecord``, is ``Logger::addRecord``'s question:
"who calls Logger->addRecord" over monolog 2.9.1 had said "nothing in the graph calls
Logger->addRecord" and blended the engines, where ``maguyva graph callers Logger->addRecord`` and
"who calls Logger::addRecord" list its 9 calls."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from tests.core.test_test_modules import NameProvider
from tests.trees import write_tree

FILES = {
    "src/Logger.php": ("<?php\nnamespace App;\n\nclass Logger\n{\n    public function addRecord($m)\n    {\n"
                       "        return $m;\n    }\n\n    public function warning($m)\n    {\n"
                       "        return $this->addRecord($m);\n    }\n}\n"),
    "src/Other.php": ("<?php\nnamespace App;\n\nclass Other\n{\n    public function addRecord($m)\n    {\n"
                      "        return $m;\n    }\n}\n"),
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    built = Engine(write_tree(tmp_path_factory.mktemp("arrow"), FILES), tmp_path_factory.mktemp("ix"),
                   provider=NameProvider(), static=False)
    built.refresh()
    return built


@pytest.mark.parametrize(("question", "line"), [("who calls Logger->addRecord", 13),  # the call
                                               ("what breaks if I change Logger->addRecord", 11)])  # its method
def test_an_arrow_names_the_class_s_method(engine: Engine, question: str, line: int) -> None:
    found = engine.search(question, limit=10)
    assert not [n for n in found.notices if "nothing in the graph" in n]
    assert [(r.path, r.start_line) for r in found.results][:1] == [("src/Logger.php", line)]


def test_the_other_class_s_method_is_not_it(engine: Engine) -> None:
    found = engine.search("who calls Other->addRecord", limit=10)
    assert ("src/Logger.php", 13) not in [(r.path, r.start_line) for r in found.results if r.kind == "call"]
