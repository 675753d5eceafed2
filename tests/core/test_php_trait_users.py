"""A PHP trait asked about by its kind's noun: "what uses trait Greets" had taken ``trait`` for the
name ('no symbol named trait; showing related code'); the classes using it read "uses Greets", where
they had read "implements Greets"."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.intent import classify
from tests.core.small_repo import indexed


@pytest.mark.parametrize("question", ["what uses trait Greets", "where is trait Greets defined",
                                      "who uses the enum Greets"])
def test_a_kind_noun_before_the_name_is_not_the_target(question: str) -> None:
    assert classify(question).target == "Greets"


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    e = indexed(tmp_path_factory, {
        "src/Util/Greets.php": "<?php\nnamespace Acme\\Util;\n\ntrait Greets\n{\n"
                               "    public function greet(): string\n    {\n        return 'hi';\n    }\n}\n",
        "src/Model/User.php": "<?php\nnamespace Acme\\Model;\n\nuse Acme\\Util\\Greets;\n\nclass User\n{\n"
                              "    use Greets;\n}\n",
    })
    yield e
    e.close()


def test_the_classes_using_a_trait_say_so(engine: Engine) -> None:
    assert [(e.symbol, e.reason) for e in engine.subtypes("Greets", 10).entries] == [("User", "uses Greets")]
    result = engine.search("what uses trait Greets")
    assert result.lookup_failed is None and "User" in [r.symbol for r in result.results]
