"""A PHP method declared ``: parent`` returns an instance of its class's base (symfony/console's
``LazyCommand::getCommand(): parent``: ``$this->getCommand()->run($input, $output)`` and 16 more
forwarding calls had reached nothing, where intelephense finds ``Command::run``)."""

from __future__ import annotations

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

COMMAND = """<?php
namespace Acme;

class Command
{
    public function run(): int
    {
        return 0;
    }
}
"""

LAZY = """<?php
namespace Acme;

final class LazyCommand extends Command
{
    public function run(): int
    {
        return $this->getCommand()->run();
    }

    public function getCommand(): parent
    {
        return new Command();
    }
}
"""


def graph() -> CodeGraph:
    files = {"src/Command.php": COMMAND, "src/LazyCommand.php": LAZY}
    return build_graph({p: analyze(p, t) for p, t in files.items()})


def test_a_method_declared_parent_returns_the_base() -> None:
    g = graph()
    assert [(s.path, s.line) for s in callers(g, "Command.run").sites] == [("src/LazyCommand.php", 8)]
    assert callers(g, "LazyCommand.run").sites == []
