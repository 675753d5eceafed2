"""A PHP script's file-level variables type the calls made on them, as a function's locals do:
``$event = new Event(); $event->setDtStart(...)`` at the top of an example or an ``index.php``
calls ``Event::setDtStart`` (eluceo/ical's ten examples: "no resolved uses", every call said to
be on "a receiver of unknown type", while the same two lines inside a function were tied)."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from tests.trees import callers, indexed

FILES = {
    "src/Event.php": """<?php
namespace Acme;

class Event
{
    public function setDtStart($start)
    {
        return $this;
    }
}
""",
    "examples/example.php": """<?php
use Acme\\Event;

function makeOne()
{
    $e = new Event();
    $e->setDtStart(1);
}

$event = new Event();
$event->setDtStart(2);
if (true) {
    $event->setDtStart(3);
}
$unknown->setDtStart(4);
""",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "script", FILES)


def test_a_call_on_a_file_level_variable_is_its_classes(engine: Engine) -> None:
    assert callers(engine, "Event.setDtStart") == [
        ("examples/example.php", 7, "makeOne"),
        ("examples/example.php", 11, None),
        ("examples/example.php", 13, None),
    ]
