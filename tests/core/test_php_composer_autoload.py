"""PHP classes found where ``composer.json``'s PSR-4 map puts them: ramsey/uuid defines a class
``Uuid`` in ``src/Uuid.php`` (``Ramsey\\Uuid\\Uuid``) and in ``src/Nonstandard/Uuid.php``
(``Ramsey\\Uuid\\Nonstandard\\Uuid``); both paths end in ``Uuid.php``, and ``Uuid::isValid()``
in ``src/Codec/StringCodec.php`` had been tied to nothing (8 of its 8 callers)."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.parsing.facts.composer import composer_imports
from tests.trees import callers, indexed

COMPOSER = """{
    "name": "ramsey/uuid",
    "autoload": {"psr-4": {"Ramsey\\\\Uuid\\\\": "src/"}},
    "autoload-dev": {"psr-4": {"Ramsey\\\\Uuid\\\\Test\\\\": ["tests/"]}}
}
"""

FILES = {
    "composer.json": COMPOSER,
    "src/Uuid.php": """<?php
namespace Ramsey\\Uuid;

class Uuid
{
    public static function isValid(string $uuid): bool
    {
        return true;
    }
}
""",
    "src/Nonstandard/Uuid.php": """<?php
namespace Ramsey\\Uuid\\Nonstandard;

class Uuid extends \\Ramsey\\Uuid\\Uuid
{
    public static function isValid(string $uuid): bool
    {
        return false;
    }
}
""",
    "src/Codec/StringCodec.php": """<?php
namespace Ramsey\\Uuid\\Codec;

use Ramsey\\Uuid\\Uuid;

class StringCodec
{
    public function getBytes(string $encoded): string
    {
        if (!Uuid::isValid($encoded)) {
            return '';
        }
        return \\Ramsey\\Uuid\\Nonstandard\\Uuid::isValid($encoded) ? 'n' : 's';
    }
}
""",
    "tests/Uuid.php": """<?php
namespace Ramsey\\Uuid\\Test;

class Uuid
{
    public static function isValid(string $uuid): bool
    {
        return \\Ramsey\\Uuid\\Uuid::isValid($uuid);
    }
}
""",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "ramsey", FILES)


def test_a_used_class_is_the_file_its_psr4_folder_names(engine: Engine) -> None:
    assert callers(engine, "src/Uuid.php::Uuid.isValid") == [
        ("src/Codec/StringCodec.php", 10, "StringCodec.getBytes"),
        ("tests/Uuid.php", 8, "Uuid.isValid"),
    ]


def test_a_fully_qualified_class_below_the_prefix_is_its_own_file(engine: Engine) -> None:
    assert callers(engine, "src/Nonstandard/Uuid.php::Uuid.isValid") == [
        ("src/Codec/StringCodec.php", 13, "StringCodec.getBytes")]


def test_an_autoload_dev_folder_is_read_too(engine: Engine) -> None:
    assert [e.symbol for e in engine.subtypes("src/Uuid.php::Uuid", 50).entries] == ["Uuid"]


def test_a_manifest_maps_each_folder_inside_the_repository_only() -> None:
    text = '{"autoload": {"psr-4": {"A\\\\": ["src", "../../etc"], "B\\\\": 3}}, "autoload-dev": []}'
    rows = composer_imports("lib/composer.json", text)
    assert [(r.module, r.name) for r in rows] == [("A", "lib/src")]
    assert composer_imports("composer.json", "{not json") == ()
