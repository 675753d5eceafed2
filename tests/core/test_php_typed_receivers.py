"""PHP receivers whose class the graph reads from what they are: an enum's case (``Type::Bool->m()``),
what a method declared ``: static`` returns, a parenthesized ``new``, a method whose closures
return other things (league/csv, phpdotenv)."""

from __future__ import annotations

import time

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.parsing.analyze import analyze_row
from tests.trees import callers, indexed

FILES = {
    "src/Type.php": """<?php
namespace Acme;

enum Type: string
{
    case Bool = 'bool';

    public function filterFlag(): int
    {
        return 1;
    }
}
""",
    "src/Builder.php": """<?php
namespace Acme;

final class Builder
{
    public static function create(): Builder
    {
        return new self();
    }

    public function add($adapter)
    {
        $made = array_map(static function ($a) {
            return is_string($a) ? $a::create() : null;
        }, [$adapter]);

        return new self();
    }

    public function immutable(): int
    {
        return 1;
    }
}
""",
    "src/User.php": """<?php
namespace Acme;

final class User
{
    public function one(string $v): mixed
    {
        return filter_var($v, Type::Bool->filterFlag());
    }

    public function two(): int
    {
        (new Builder())->immutable();
        return Builder::create()->add('x')->immutable();
    }
}
""",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "acme", FILES)


def test_a_method_called_on_an_enum_case_is_its_enums(engine: Engine) -> None:
    assert callers(engine, "Type.filterFlag") == [("src/User.php", 8, "User.one")]


def test_a_method_called_on_a_parenthesized_new_is_its_classes(engine: Engine) -> None:
    assert ("src/User.php", 13, "User.two") in callers(engine, "Builder.immutable")


def test_a_closures_return_is_not_its_methods(engine: Engine) -> None:
    assert ("src/User.php", 14, "User.two") in callers(engine, "Builder.immutable")


def test_returns_nested_deep_are_read_in_time() -> None:
    """Each return's closure was looked for through every parent to the root, each found from
    the root: 400 nested object literals returned from their methods (7 KB) had taken 8 s."""
    depth = 400
    text = "function f() { return " + "{a() { return " * depth + "1" + ";}}" * depth + "; }\n"
    started = time.process_time()
    analyze_row("deep.js", text)
    assert time.process_time() - started < 1.0
