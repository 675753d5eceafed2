"""PHP code typed by docblocks, as intelephense reads it: a property declared with no type but a
``/** @var Dompdf */`` (or ``@var Frame|null``, ``@var Command[]`` iterated by a ``foreach``), a
parameter's ``@param AbstractFrameDecorator $frame`` (over no type, or over a base class), a method's
``/** @return Style */`` where it declares no return type; a local assigned a property
(``$frame = $this->_frame;``) holds what the property holds. dompdf's
``$this->_dompdf->getOptions()``, ``$frame->get_style()->set_used(...)`` and a thousand more had
reached nothing, where intelephense 1.18.5 finds each."""

from __future__ import annotations

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

STYLE = """<?php
namespace Acme;

class Style
{
    public function set_used($key, $value)
    {
    }
}
"""

FRAME = """<?php
namespace Acme;

class Frame
{
    /**
     * @var Style
     */
    protected $_style;

    /**
     * @return Style
     */
    public function get_style()
    {
        return $this->_style;
    }

    public function parent_style()
    {
        return $this->_style;
    }
}
"""

DECORATOR = """<?php
namespace Acme;

class Decorator extends Frame
{
    public function decorate(): void
    {
    }
}
"""

REFLOWER = """<?php
namespace Acme;

class Reflower
{
    /** @var Decorator */
    protected $_frame;

    /** @var Frame|null */
    private $_next;

    /** @var Frame[] */
    private $_children;

    /** @var string */
    private $_name;

    public function reflow(): void
    {
        $this->_frame->decorate();
        $this->_next->get_style();
        foreach ($this->_children as $child) {
            $child->get_style();
        }
        $frame = $this->_frame;
        $frame->decorate();
        $style = $frame->get_style();
        $style->set_used('width', 1);
        $frame->parent_style()->set_used('width', 2);
    }

    /**
     * @param Decorator $frame
     * @param Style     $style
     */
    public function position(Frame $frame, $style): void
    {
        $frame->decorate();
        $style->set_used('top', 0);
    }
}
"""


def _graph() -> CodeGraph:
    files = {"src/Style.php": STYLE, "src/Frame.php": FRAME, "src/Decorator.php": DECORATOR,
             "src/Reflower.php": REFLOWER}
    return build_graph({path: analyze(path, text) for path, text in files.items()})


def _lines(graph: CodeGraph, node: str) -> list[int]:
    return sorted(s.line for s in callers(graph, node).sites if s.path == "src/Reflower.php" and s.kind != "read")


def test_a_docblock_types_a_property_a_parameter_and_a_return() -> None:
    graph = _graph()
    assert _lines(graph, "src/Decorator.php::Decorator.decorate") == [20, 26, 38]  # @var, a local of it, @param
    assert _lines(graph, "src/Frame.php::Frame.get_style") == [21, 23, 27]  # Frame|null, Frame[], inherited
    assert _lines(graph, "src/Style.php::Style.set_used") == [28, 29, 39]  # @return, a returned property, @param
