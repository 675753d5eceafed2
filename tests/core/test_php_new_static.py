"""A PHP local assigned ``new static(...)`` is an instance of the class it is written in, as one
assigned ``new self(...)`` is: league/html-to-markdown's ``$environment = new static($config);``
then ``$environment->addConverter(...)`` (15 calls), which intelephense 1.18.5 finds, had reached
nothing (``static`` was looked up as a class)."""

from __future__ import annotations

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

ENVIRONMENT = """<?php
namespace Acme;

class Environment
{
    public static function createDefault(array $config): Environment
    {
        $environment = new static($config);
        $environment->addConverter();
        $plain = new self($config);
        $plain->addConverter();
        return $environment;
    }

    public function addConverter(): void
    {
    }
}
"""


def test_a_local_assigned_new_static_is_an_instance_of_the_class() -> None:
    graph = build_graph({"src/Environment.php": analyze("src/Environment.php", ENVIRONMENT)})
    called = sorted(s.line for s in callers(graph, "src/Environment.php::Environment.addConverter").sites)
    assert called == [9, 11]
