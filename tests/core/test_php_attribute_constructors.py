"""A PHP attribute written with arguments (``#[AsCommand(name: 'completion')]``) constructs its
class, as ``new AsCommand(name: 'completion')`` would: symfony/console's commands so call
``AsCommand::__construct``, which had no caller, where intelephense finds them. An attribute
without arguments (``#[Marker]``) is no call."""

from __future__ import annotations

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

ATTRIBUTE = """<?php
namespace Acme;

#[\\Attribute(\\Attribute::TARGET_CLASS)]
class AsCommand
{
    public function __construct(public string $name, public ?string $description = null) {}
}
"""

COMMAND = """<?php
namespace Acme;

#[AsCommand(name: 'completion', description: 'Dump the shell completion script')]
final class CompleteCommand
{
}

#[AsCommand]
final class Other
{
}
"""


def test_an_attribute_with_arguments_constructs_its_class() -> None:
    files = {"src/AsCommand.php": ATTRIBUTE, "src/CompleteCommand.php": COMMAND}
    g = build_graph({p: analyze(p, t) for p, t in files.items()})
    assert [(s.path, s.line) for s in callers(g, "AsCommand.__construct").sites] == [("src/CompleteCommand.php", 4)]
