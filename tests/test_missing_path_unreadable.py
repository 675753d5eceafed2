"""A path no indexed file or folder is, where the walk could not read some path, says so as an unknown
name does (``(1 unreadable path not indexed)``): found by an outside tester on radon 6.0.1 with
``radon/cli`` made unreadable while the MCP server ran, where find_definition of ``CCHarvester`` said
"(1 unreadable path not indexed)" and impact of ``radon/cli/harvest.py`` "no indexed file or folder is
radon/cli/harvest.py." alone, as if no such file were there. A path outside the root says nothing of it."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.types import QueryError
from maguyva_tui.graph_command import graph_answer
from maguyva_tui.mcp.answers import AnswerError, impact_answer, references_answer
from tests.trees import indexed

FILES = {  # pkg/cli/harvest.py is the file the walk could not read: the index holds pkg/core.py alone
    "pkg/core.py": "def core():\n    return 1\n",
}
UNREAD = "(1 unreadable path not indexed)"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "unread", FILES)


@pytest.fixture
def engine(built: Engine, monkeypatch: pytest.MonkeyPatch) -> Iterator[Engine]:
    monkeypatch.setitem(built.generation.snapshot.manifest.skipped, "unreadable", 1)  # as the walk counts it
    yield built


def test_a_missing_path_says_a_path_was_unreadable(engine: Engine) -> None:
    with pytest.raises(AnswerError, match=rf"no indexed file or folder is pkg/cli/harvest\.py {re.escape(UNREAD)}\.$"):
        impact_answer(engine, "pkg/cli/harvest.py", 2, 10)
    with pytest.raises(AnswerError, match=re.escape(UNREAD)):
        references_answer(engine, "pkg/cli/harvest.py", None, 10)
    with pytest.raises(QueryError, match=re.escape(UNREAD)):
        graph_answer(engine, "impact", "pkg/cli/harvest.py", None, 10)
    found = engine.search("what breaks if I change pkg/cli/harvest.py", limit=5)
    assert found.lookup_failed is not None and found.lookup_failed.kind == "place"
    assert found.lookup_failed.message.startswith(f"no indexed file or folder is pkg/cli/harvest.py {UNREAD}; ")


def test_a_path_outside_the_root_says_nothing_of_it(engine: Engine) -> None:
    with pytest.raises(AnswerError) as refused:
        impact_answer(engine, "/etc/passwd", 2, 10)
    assert "unreadable" not in str(refused.value)
    found = engine.search("what breaks if I change /etc/passwd", limit=5)
    assert found.lookup_failed is not None and "unreadable" not in found.lookup_failed.message
