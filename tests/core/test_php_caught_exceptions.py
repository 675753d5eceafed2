"""A PHP ``catch (UnableToReadFile $exception)`` binds ``$exception`` to the class it catches:
league/flysystem's ``MountManager`` rethrows with ``$exception->reason()`` in 9 methods, and those
calls had reached nothing, where intelephense finds them. A catch of several classes (``A|B``)
binds no one class."""

from __future__ import annotations

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

ERRORS = """<?php
namespace Acme;

class UnableToRead extends \\RuntimeException
{
    public function reason(): string { return ''; }
}

class UnableToWrite extends \\RuntimeException
{
    public function reason(): string { return ''; }
}
"""

MANAGER = """<?php
namespace Acme;

class Manager
{
    public function read(string $location): string
    {
        try {
            return '';
        } catch (UnableToRead $exception) {
            throw new \\RuntimeException($exception->reason());
        }
    }

    public function write(string $location): void
    {
        try {
        } catch (UnableToRead|UnableToWrite $exception) {
            throw new \\RuntimeException($exception->reason());
        }
    }
}
"""


def test_a_caught_exception_is_the_class_caught() -> None:
    files = {"src/Errors.php": ERRORS, "src/Manager.php": MANAGER}
    g = build_graph({p: analyze(p, t) for p, t in files.items()})
    assert sorted(s.line for s in callers(g, "UnableToRead.reason").sites) == [11]
    assert [s.line for s in callers(g, "UnableToWrite.reason").sites] == []
