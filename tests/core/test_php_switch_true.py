"""A PHP ``switch (true)`` narrows each case's statements as an ``if`` would: ``case $node instanceof
Style: $node->set_used(...)`` calls ``Style``'s method, as intelephense 1.18.5 reads it; a case the
one before falls into (``case A: case B:``) and a switch on another value narrow nothing."""

from __future__ import annotations

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze
from tests.core.test_php_docblock_types import FRAME, STYLE

SWITCHED = """<?php
namespace Acme;

class Switcher
{
    public function render($node, $other): void
    {
        switch (true) {
            case $node instanceof Style:
                $node->set_used('a', 1);
                break;
            case $node instanceof Frame:
            case $other instanceof Frame:
                $node->get_style();
                break;
        }
        switch ($other) {
            case $node instanceof Style:
                $node->set_used('b', 2);
        }
    }
}
"""


def test_a_switch_true_case_narrows_its_statements() -> None:
    files = {"src/Style.php": STYLE, "src/Frame.php": FRAME, "src/Switcher.php": SWITCHED}
    graph = build_graph({path: analyze(path, text) for path, text in files.items()})
    called = sorted(s.line for s in callers(graph, "src/Style.php::Style.set_used").sites if s.path == "src/Switcher.php")
    assert called == [10]  # not the switch on $other's case
    assert not [s for s in callers(graph, "src/Frame.php::Frame.get_style").sites if s.path == "src/Switcher.php"]
