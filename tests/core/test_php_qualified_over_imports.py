"""A PHP type written fully qualified (``@var \\Dompdf\\Canvas``, ``\\Dompdf\\Dompdf $pdf``) names the
class of that path even where ``use Dompdf\\Dompdf;`` binds its first part to a class: dompdf's
``$this->_canvas->arc(...)`` and 140 more calls, which intelephense 1.18.5 finds, had looked for a
member ``Canvas`` of the class ``Dompdf`` and reached nothing. A static call on the imported class
(``Dompdf::version()``) is still its method."""

from __future__ import annotations

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

DOMPDF = """<?php
namespace Dompdf;

class Dompdf
{
    public static function version(): string
    {
        return '';
    }
}
"""

CANVAS = """<?php
namespace Dompdf;

class Canvas
{
    public function arc(): void
    {
    }
}
"""

RENDERER = """<?php
namespace Dompdf\\Renderer;

use Dompdf\\Dompdf;

class Renderer
{
    /**
     * @var \\Dompdf\\Canvas
     */
    protected $_canvas;

    public function render(\\Dompdf\\Canvas $canvas): void
    {
        $this->_canvas->arc();
        $canvas->arc();
        Dompdf::version();
    }
}
"""


def test_a_fully_qualified_type_is_the_class_of_its_path_under_an_import_of_its_head() -> None:
    files = {"src/Dompdf.php": DOMPDF, "src/Canvas.php": CANVAS, "src/Renderer/Renderer.php": RENDERER}
    graph = build_graph({path: analyze(path, text) for path, text in files.items()})
    assert sorted(s.line for s in callers(graph, "src/Canvas.php::Canvas.arc").sites) == [15, 16]
    assert [s.line for s in callers(graph, "src/Dompdf.php::Dompdf.version").sites] == [17]
