"""A symbol name too long to be one is refused at once, by MCP's tools and ``maguyva graph`` alike.

Found by an outside tester: find_definition of a 2 MB name (``a.a.a...``) took 13 s to say there was no
such definition, impact of a million dots 3 s to say the name was empty: the near names' search and
the unwrapping of separators are linear in the name. Search refuses a question over 64 KiB; a name
is now refused over 8 KiB (a path of 4 KiB and its qualified name fit).
"""

from __future__ import annotations

import time

import pytest

from maguyva_tui.core.answers import MAX_NAME_CHARS, symbol_as_meant
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.types import QueryError
from maguyva_tui.graph_command import graph_answer
from maguyva_tui.mcp.answers import definition_answer, impact_answer, references_answer
from tests.core.test_failed_lookup import FirstWordProvider

TOO_LONG = "a." * MAX_NAME_CHARS


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    base = tmp_path_factory.mktemp("names")
    (base / "repo").mkdir()
    (base / "repo" / "a.py").write_text("def helper():\n    return 1\n\n\ndef run():\n    return helper()\n")
    engine = Engine(base / "repo", base / "ix", provider=FirstWordProvider(), static=False)
    engine.refresh()
    return engine


def test_every_symbol_tool_refuses_a_name_over_the_limit_at_once(engine: Engine) -> None:
    said = f"name too long ({len(TOO_LONG)} characters; the limit is {MAX_NAME_CHARS})"
    started = time.process_time()
    for ask in (lambda: definition_answer(engine, TOO_LONG, None, False, 5),
                lambda: references_answer(engine, TOO_LONG, None, 5),
                lambda: impact_answer(engine, "." * 10**6, 2, 5),
                lambda: graph_answer(engine, "callers", TOO_LONG, None, 5)):
        with pytest.raises(QueryError, match=r"name too long \("):
            ask()
    with pytest.raises(QueryError, match=said.replace("(", r"\(").replace(")", r"\)")):
        symbol_as_meant(TOO_LONG)
    assert time.process_time() - started < 1.0


def test_a_long_name_within_the_limit_is_still_read(engine: Engine) -> None:
    name = "pkg/" + "d" * 4000 + "/a.py::helper"
    assert symbol_as_meant(name) == name
    assert definition_answer(engine, "`helper()`", None, False, 5)["symbol"] == "helper"
