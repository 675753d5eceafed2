"""A one-line ``/** @var T $name */`` above a PHP assignment types the name it binds, and so above a
list destructuring (``[$filesystem, $path] = $this->determineFilesystemAndPath($location)``, whose
declared result is an ``array``): league/flysystem's ``MountManager`` so types ``$filesystem`` in
17 methods, whose calls had reached nothing, where intelephense finds them. Stacked docblocks each
type their own name; a scalar (``@var string``) types none."""

from __future__ import annotations

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

OPERATOR = """<?php
namespace Acme;

interface Operator
{
    public function read(string $path): string;
}
"""

MANAGER = """<?php
namespace Acme;

class Manager
{
    public function read(string $location): string
    {
        /** @var Operator $filesystem */
        [$filesystem, $path] = $this->locate($location);
        return $filesystem->read($path);
    }

    public function copy(string $from): string
    {
        /** @var string $path */
        /** @var Operator $source */
        [$source, $path] = $this->locate($from);
        /** @var Operator $other */
        $other = $this->mounts[$from];
        $path->read('');
        $text = $source->read($path);
        return $text . $other->read($path);
    }

    private function locate(string $path): array
    {
        return [];
    }
}
"""


def test_a_documented_variable_is_the_class_its_docblock_says() -> None:
    files = {"src/Operator.php": OPERATOR, "src/Manager.php": MANAGER}
    g = build_graph({p: analyze(p, t) for p, t in files.items()})
    assert sorted(s.line for s in callers(g, "Operator.read").sites) == [10, 21, 22]
