"""A PHP class named under a namespace no ``composer.json`` prefix maps is another package's, not a
file below a mapped folder whose path ends alike: symfony/console maps its root to
``Symfony\\Component\\Console\\``, and ``new InvalidArgumentException`` of ``use
Symfony\\Component\\DependencyInjection\\Exception\\InvalidArgumentException`` had been counted among
the callers of its own ``Exception/InvalidArgumentException.php`` (5 sites intelephense places
outside the project). A file below no mapped folder is still found by its path's suffix."""

from __future__ import annotations

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

COMPOSER = '{"autoload": {"psr-4": {"Acme\\\\Console\\\\": "src/"}}}'

FILES = {
    "composer.json": COMPOSER,
    "src/Exception/InvalidArgumentException.php": """<?php
namespace Acme\\Console\\Exception;

class InvalidArgumentException extends \\InvalidArgumentException
{
}
""",
    "src/Pass.php": """<?php
namespace Acme\\Console;

use Other\\DependencyInjection\\Exception\\InvalidArgumentException;
use Acme\\Console\\Exception\\InvalidArgumentException as OwnException;
use Vendored\\Util\\Helper;

class Pass
{
    public function process(): void
    {
        Helper::check();
        throw new InvalidArgumentException('theirs');
    }

    public function own(): void
    {
        throw new OwnException('ours');
    }
}
""",
    "lib/Util/Helper.php": """<?php
namespace Vendored\\Util;

class Helper
{
    public static function check(): void
    {
    }
}
""",
}


def graph() -> CodeGraph:
    return build_graph({p: analyze(p, t) for p, t in FILES.items()})


def test_another_packages_class_is_not_a_mapped_file() -> None:
    sites = [(s.path, s.line) for s in callers(graph(), "InvalidArgumentException").sites]
    assert sites == [("src/Pass.php", 18)]


def test_a_file_below_no_mapped_folder_is_found_by_its_suffix() -> None:
    assert [(s.path, s.line) for s in callers(graph(), "Helper.check").sites] == [("src/Pass.php", 12)]
