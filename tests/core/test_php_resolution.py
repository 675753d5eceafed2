"""PHP across files: a class is found where PSR-4 autoloading puts it (its namespace's folder, its
name's file), through ``use``, through its namespace without ``use``, and fully qualified."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from tests.trees import callers, indexed

FILES = {
    "src/Shop/Cookie/SetCookie.php": """<?php
namespace Shop\\Cookie;

class SetCookie
{
    public static function parse(string $header): self
    {
        return new self();
    }
}
""",
    "src/Shop/Cookie/CookieJar.php": """<?php
namespace Shop\\Cookie;

class CookieJar
{
    public function add(SetCookie $cookie): void
    {
        $this->cookies[] = $cookie;
    }
}
""",
    "src/Shop/Http/Client.php": """<?php
namespace Shop\\Http;

use Shop\\Cookie\\CookieJar;

class Client
{
    public function send(string $header): int
    {
        $jar = new CookieJar();
        $jar->add(\\Shop\\Cookie\\SetCookie::parse($header));
        return strlen($header);
    }
}
""",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "shop", FILES)


def test_a_class_used_through_use_is_its_psr4_file(engine: Engine) -> None:
    assert callers(engine, "CookieJar.add") == [("src/Shop/Http/Client.php", 11, "Client.send")]


def test_a_fully_qualified_static_call_is_resolved(engine: Engine) -> None:
    assert callers(engine, "SetCookie.parse") == [("src/Shop/Http/Client.php", 11, "Client.send")]


def test_a_class_of_the_same_namespace_needs_no_use(engine: Engine) -> None:
    dependents = {e.symbol for e in engine.impact("SetCookie", 1, 50).entries}
    assert "CookieJar.add" in dependents  # its parameter's type, written without `use`


def test_who_calls_a_method_across_files(engine: Engine) -> None:
    first = engine.search("who calls add").results[0]
    assert (first.path, first.symbol) == ("src/Shop/Http/Client.php", "Client.send")
