"""A file's path with nothing after its ``::`` (``app/config.py::``) is refused saying so, by
``maguyva graph`` and the MCP tools alike.

``maguyva graph callers 'app/config.py::'`` had said "unknown symbol 'app/config.py': no
definition of it in the graph" (the ``::`` dropped as a qualifier's end), and ``impact`` had
answered for the whole file: the name wanted after the ``::`` was never asked for."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.core.answers import no_name, symbol_as_meant
from tests.conftest import Runner

SAID = ("nothing follows the '::' of 'app/config.py::': give the name of a symbol defined in app/config.py "
        "after it, as app/config.py::Class.method")


@pytest.mark.parametrize("action", ["callers", "impact", "callees"])
def test_graph_says_no_name_follows_the_separator(indexed_polyglot: Path, here: Runner, action: str) -> None:
    proc = here("graph", action, "app/config.py::", "--repo", str(indexed_polyglot))
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == f"maguyva: error: {SAID}\n"


def test_the_name_meant_is_none_and_said_so() -> None:
    assert symbol_as_meant("app/config.py::") == "" and symbol_as_meant("`app/config.py::`") == ""
    assert no_name("app/config.py::") == SAID
    assert symbol_as_meant("Config::") == "Config"  # a qualifier's end after a name still reads as the name
    assert symbol_as_meant("app/config.py::parse_config") == "app/config.py::parse_config"
