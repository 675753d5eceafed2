"""PHP receivers whose class the graph reads from what they are: an enum's case (``Type::Bool->m()``),
what a method declared ``: static`` returns, a parenthesized ``new``, a method whose closures
return other things (league/csv, phpdotenv)."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
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
    "src/User.php": """<?php
namespace Acme;

final class User
{
    public function one(string $v): mixed
    {
        return filter_var($v, Type::Bool->filterFlag());
    }
}
""",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "acme", FILES)


def test_a_method_called_on_an_enum_case_is_its_enums(engine: Engine) -> None:
    assert callers(engine, "Type.filterFlag") == [("src/User.php", 8, "User.one")]
