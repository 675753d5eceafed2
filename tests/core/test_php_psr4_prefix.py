"""PHP across files when the PSR-4 prefix is no folder: ``League\\CommonMark\\`` maps to ``src/``,
so ``League\\CommonMark\\Parser\\Block\\AbstractBlockContinueParser`` is
``src/Parser/Block/AbstractBlockContinueParser.php`` (league/commonmark: who extends it had listed
the 2 subclasses of its own folder of 17, who calls addExtension 3 calls of 11)."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from tests.trees import callers, indexed

FILES = {
    "src/Parser/Block/AbstractBlockParser.php": """<?php
namespace League\\CommonMark\\Parser\\Block;

abstract class AbstractBlockParser
{
    public function addChild(string $name): void
    {
    }
}
""",
    "src/Extension/Table/TableParser.php": """<?php
namespace League\\CommonMark\\Extension\\Table;

use League\\CommonMark\\Parser\\Block\\AbstractBlockParser;
use League\\CommonMark\\Environment;

final class TableParser extends AbstractBlockParser
{
    public function parse(Environment $environment): void
    {
        $environment->addExtension('table');
        \\League\\CommonMark\\Environment::create();
    }
}
""",
    "src/Environment.php": """<?php
namespace League\\CommonMark;

final class Environment
{
    public function addExtension(string $name): void
    {
    }

    public static function create(): self
    {
        return new self();
    }
}
""",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "commonmark", FILES)


def test_a_base_class_used_through_use_under_a_prefix_folder_is_found(engine: Engine) -> None:
    assert [e.symbol for e in engine.subtypes("AbstractBlockParser", 50).entries] == ["TableParser"]


def test_a_typed_parameter_of_a_class_at_the_prefix_root_is_resolved(engine: Engine) -> None:
    assert callers(engine, "Environment.addExtension") == [
        ("src/Extension/Table/TableParser.php", 11, "TableParser.parse")]


def test_a_fully_qualified_static_call_under_a_prefix_folder_is_resolved(engine: Engine) -> None:
    assert callers(engine, "Environment.create") == [("src/Extension/Table/TableParser.php", 12, "TableParser.parse")]
