"""A PHP ``clone`` is a copy of what it clones, of its class, and ``$this`` assigned to a variable is
the enclosing class: league/flysystem's ``$clone = clone $this; $clone->mountFilesystems(...)`` and
symfony/console's ``$style = clone Table::getStyleDefinition(...); $style->setCellHeaderFormat(...)``
had reached nothing, where intelephense finds them."""

from __future__ import annotations

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

SOURCE = """<?php
namespace Acme;

class Style
{
    public function setFormat(string $format): void {}
    public static function get(): Style { return new Style(); }
}

class Manager
{
    public function mount(array $mounts): void {}

    public function with(array $mounts): Manager
    {
        $clone = clone $this;
        $clone->mount($mounts);
        $same = $this;
        $same->mount($mounts);
        $style = clone Style::get();
        $style->setFormat('x');
        return $clone;
    }
}
"""


def test_a_clone_is_of_the_class_cloned() -> None:
    g = build_graph({"src/Manager.php": analyze("src/Manager.php", SOURCE)})
    assert sorted(s.line for s in callers(g, "Manager.mount").sites) == [17, 19]
    assert sorted(s.line for s in callers(g, "Style.setFormat").sites) == [21]
