"""``$x instanceof parent`` (``self``, ``static``) narrows ``$x`` to the class's base (the class
itself): symfony/console's ``LazyCommand`` holds ``private \\Closure|Command $command`` and calls
``$this->command->setApplication(...)`` under ``if ($this->command instanceof parent)``; the 2 such
calls had reached nothing (``parent`` looked up as a class), where intelephense finds them."""

from __future__ import annotations

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

BASE = """<?php
namespace Acme;

class Command
{
    public function setApplication($application): void {}
}
"""

LAZY = """<?php
namespace Acme;

final class LazyCommand extends Command
{
    private \\Closure|Command $command;

    public function setApplication($application): void
    {
        if ($this->command instanceof parent) {
            $this->command->setApplication($application);
        }
        parent::setApplication($application);
    }

    public function copy($other): void
    {
        if ($other instanceof self) {
            $other->copy(null);
        }
    }
}
"""


def test_instanceof_parent_is_the_base_class() -> None:
    files = {"src/Command.php": BASE, "src/LazyCommand.php": LAZY}
    g = build_graph({p: analyze(p, t) for p, t in files.items()})
    assert sorted(s.line for s in callers(g, "Command.setApplication").sites) == [11, 13]
    assert sorted(s.line for s in callers(g, "LazyCommand.copy").sites) == [19]
