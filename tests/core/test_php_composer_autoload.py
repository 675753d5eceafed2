"""PHP classes found where ``composer.json``'s PSR-4 map puts them: ramsey/uuid defines a class
``Uuid`` in ``src/Uuid.php`` (``Ramsey\\Uuid\\Uuid``) and in ``src/Nonstandard/Uuid.php``
(``Ramsey\\Uuid\\Nonstandard\\Uuid``); both paths end in ``Uuid.php``, and ``Uuid::isValid()``
in ``src/Codec/StringCodec.php`` had been tied to nothing (8 of its 8 callers)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.graph.modules import COMPOSER_MANIFESTS
from maguyva_tui.core.graph.resolve.php import _autoloaded
from maguyva_tui.core.parsing.facts.composer import PSR4_FOLDER, composer_imports
from maguyva_tui.core.types import Import
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


class _Manifests:
    """The lookups a class name's PSR-4 file reads: crafted manifests and one class's file."""

    def __init__(self, manifests: dict[str, Any], files: tuple[str, ...]) -> None:
        self.manifests = manifests
        self.files = files
        self.memo: dict[tuple[object, ...], object] = {}
        self.touched = 0

    def memoized(self, key: tuple[object, ...], compute: Any, *args: object) -> Any:
        if key not in self.memo:
            self.memo[key] = compute(*args)
        return self.memo[key]

    def touch(self, key: str) -> tuple[str, ...]:
        self.touched += 1
        if key == COMPOSER_MANIFESTS:
            return tuple(self.manifests)
        return tuple(f for f in self.files if f == key[4:] + ".php" or f.endswith("/" + key[4:] + ".php"))

    def file(self, path: str) -> object:
        return self.manifests.get(path)


def test_a_prefix_of_thousands_of_folders_finds_a_class_by_its_file() -> None:
    """Crafted manifests mapping the empty prefix to 4,000 folders, 200 classes named under it:
    each class had been looked for in each folder in turn (22 s of an index build; twenty
    manifests, over ten minutes). The folder written first that holds the file wins."""
    manifests = {f"m{m}/composer.json": SimpleNamespace(imports={PSR4_FOLDER: [
        Import(f"m{m}/composer.json", PSR4_FOLDER, "", f"m{m}/f{i}", 1) for i in range(1_000)]}) for m in range(4)}
    lookup = _Manifests(manifests, ("m3/f7/Q/C5.php", "m1/f999/Q/C5.php", "other/Q/C5.php"))
    found = [_autoloaded(lookup, ["Q", f"C{i}"]) for i in range(200)]  # type: ignore[arg-type]
    assert found[5] == ("m1/f999/Q/C5.php",)
    assert found[4] == ()
    assert lookup.touched < 1_000
