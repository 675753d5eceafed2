"""A PHP class defined in a file not named after it (``class Formatter`` in ``src/helpers.php``, a
helpers file loaded by Composer's ``files``) is the class a ``use`` names: no PSR-4 path names it,
and ``use App\\Formatter; Formatter::fmt()`` in another file had been tied to nothing ("2 more
calls name fmt but the graph could not tie them"), its ``new Formatter()`` too. A class named
after its file is still read by the PSR-4 rules alone, and a file that comes to define the class
ties the calls written before it."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from tests.trees import callers, indexed

HELPERS = """<?php
namespace App;

class Formatter
{
    public static function fmt(string $s): string
    {
        return trim($s);
    }

    public function render(string $s): string
    {
        return self::fmt($s);
    }
}

class Widget
{
    public function show(): string
    {
        return "w";
    }
}
"""

FILES = {
    "composer.json": '{"autoload": {"psr-4": {"App\\\\": "src/"}, "files": ["src/helpers.php"]}}',
    "src/helpers.php": HELPERS,
    "src/Main.php": """<?php
namespace App;

use App\\Formatter;

class Main
{
    public function run(): string
    {
        $f = new Formatter();
        return Formatter::fmt("a") . $f->render("b");
    }
}
""",
    "lib/Other.php": """<?php
namespace Other;

use App\\Formatter as F;
use Vendor\\Pkg\\Widget;

function go(): string
{
    return F::fmt("z") . (new Widget())->show();
}
""",
    "lib/Later.php": """<?php
namespace Other;

use App\\Clock;

function when(): int
{
    return Clock::now();
}
""",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "php-elsewhere", FILES)


def test_a_class_used_through_use_is_found_in_a_file_named_otherwise(engine: Engine) -> None:
    assert callers(engine, "Formatter.fmt") == [
        ("lib/Other.php", 9, "go"), ("src/Main.php", 11, "Main.run"), ("src/helpers.php", 13, "Formatter.render")]
    assert callers(engine, "Formatter.render") == [("src/Main.php", 11, "Main.run")]  # $f = new Formatter()


def test_a_class_the_use_names_in_another_namespace_is_not_the_repository_s(engine: Engine) -> None:
    """``use Vendor\\Pkg\\Widget``: the repository's ``App\\Widget`` is defined in no file named
    after it either, but ``composer.json`` maps ``App\\`` alone; the call stays another package's."""
    assert callers(engine, "Widget.show") == []


def test_without_composer_json_the_one_definition_of_the_name_is_the_class(
        tmp_path_factory: pytest.TempPathFactory) -> None:
    bare = indexed(tmp_path_factory, "php-elsewhere-bare", {p: t for p, t in FILES.items() if p != "composer.json"})
    assert callers(bare, "Formatter.render") == [("src/Main.php", 11, "Main.run")]


def test_a_file_that_comes_to_define_the_class_ties_the_calls_written_before(engine: Engine) -> None:
    assert callers(engine, "Clock.now") == []
    (engine.root / "src/time.php").write_text(
        "<?php\nnamespace App;\n\nclass Clock\n{\n    public static function now(): int\n    {\n        return 1;\n    }\n}\n")
    engine.refresh()
    assert callers(engine, "Clock.now") == [("lib/Later.php", 8, "when")]
