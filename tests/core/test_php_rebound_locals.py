"""A PHP variable assigned new instances of two classes in one function is, where it is read, the
instance the nearest assignment above made: symfony/console's ``doRunCommand`` assigns ``$event =
new ConsoleCommandEvent(...)``, then ``new ConsoleErrorEvent(...)``, then ``new
ConsoleTerminateEvent(...)``, and its 8 calls on ``$event`` had reached nothing (the function's
locals are one table, and three types left ``$event`` untyped), where intelephense finds them."""

from __future__ import annotations

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

EVENTS = """<?php
namespace Acme;

class CommandEvent
{
    public function shouldRun(): bool { return true; }
}

class ErrorEvent
{
    public function getExitCode(): int { return 1; }
}

class TerminateEvent
{
    public function getExitCode(): int { return 0; }
}

class Output
{
    public function write(string $text): void {}
}
"""

APPLICATION = """<?php
namespace Acme;

class Application
{
    public function run(): int
    {
        $output = new Output();
        $event = new CommandEvent();
        if ($event->shouldRun()) {
            $output->write('run');
        }
        try {
            $code = 0;
        } catch (\\Throwable $e) {
            $event = new ErrorEvent();
            $code = $event->getExitCode();
            $output->write('failed');
        }
        $event = new TerminateEvent();
        $done = function () use ($event) {
            return $event->getExitCode();
        };
        $output->write('done');
        return $event->getExitCode();
    }
}
"""


def graph() -> CodeGraph:
    files = {"src/Events.php": EVENTS, "src/Application.php": APPLICATION}
    return build_graph({p: analyze(p, t) for p, t in files.items()})


def lines(g: CodeGraph, node: str) -> list[int]:
    return sorted(s.line for s in callers(g, node).sites if s.kind != "read")


def test_a_rebound_variable_is_the_nearest_instance_above() -> None:
    g = graph()
    assert lines(g, "CommandEvent.shouldRun") == [10]
    assert lines(g, "ErrorEvent.getExitCode") == [17]
    assert lines(g, "TerminateEvent.getExitCode") == [22, 25]


def test_a_variable_bound_before_the_rebinding_is_still_read_after() -> None:
    assert lines(graph(), "Output.write") == [11, 18, 24]
