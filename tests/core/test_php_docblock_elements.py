"""A PHP ``foreach`` binds its value to an element of what it iterates, whose type a docblock may
give where the declared one is ``array``: ``@return InputOption[]`` on a method, ``@param
InputOption[] $options`` (or ``array<string, InputOption>``) on a parameter, ``/** @var Command
$command */`` above the loop. symfony/console's ``foreach ($definition->getOptions() as $option)
{ $option->getName(); }`` and 46 more calls had reached nothing, where intelephense finds them."""

from __future__ import annotations

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

OPTION = """<?php
namespace Acme;

class Option
{
    public function getName(): string
    {
        return '';
    }
}
"""

DEFINITION = """<?php
namespace Acme;

class Definition
{
    /**
     * @return Option[]
     */
    public function getOptions(): array
    {
        return [];
    }

    /**
     * @param Option[]              $options
     * @param array<string, Option> $named
     * @param string[]              $words
     */
    public function describe(array $options, array $named, array $words, array $rows): void
    {
        foreach ($this->getOptions() as $option) {
            $option->getName();
        }
        foreach ($options as $one) {
            $one->getName();
        }
        foreach ($named as $key => $each) {
            $each->getName();
        }
        /** @var Option $row */
        foreach ($rows as $row) {
            $row->getName();
        }
        foreach ($words as $word) {
            $word->getName();
        }
    }
}
"""


def graph() -> CodeGraph:
    files = {"src/Option.php": OPTION, "src/Definition.php": DEFINITION}
    return build_graph({p: analyze(p, t) for p, t in files.items()})


def test_a_documented_array_types_its_elements() -> None:
    lines = [s.line for s in callers(graph(), "Option.getName").sites]
    assert lines == [22, 25, 28, 32]
