"""A repository's calls of another repository's function, made through an import of its package,
are listed over the workspace; the answer no longer says besides that they are untied and not
listed. "who calls echo" over flask 3.0.3 and click 8.1.7 had said both "flask-3.0.3: 18 calls name
echo through an import of another repository's package ...; listed with the graph's (first
src/flask/cli.py:274)" and "flask-3.0.3: 18 more calls name echo but the graph could not tie them
... first src/flask/cli.py:274"; the MCP server's find_references over a page of 2 had counted 2
such calls, and its total with them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from maguyva_tui.core.workspace import Coordinator, SearchRequest
from tests.trees import workspace_of

LIB = {"src/lib/__init__.py": "from .utils import echo\n",
       "src/lib/utils.py": "def echo(message):\n    return message\n"}
USER = {"user/cli.py": ("import lib\n\n\ndef hello():\n    lib.echo('hello')\n\n\ndef bye():\n    lib.echo('bye')\n\n\n"
                        "def again():\n    lib.echo('again')\n"),
        "tests/test_cli.py": "def test_echo():\n    def echo():\n        return 1\n    return echo()\n"}
"""user defines an echo of its own (a test's, as flask's tests/test_testing.py does): its graph then
reads the calls of lib's through ``import lib`` as calls naming echo that it could not tie."""


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Coordinator]:
    ws = workspace_of(tmp_path_factory.mktemp("untied-listed"), {"lib": LIB, "user": USER})
    yield ws
    ws.close()


@pytest.mark.parametrize("question", ["who calls echo", "what breaks if I change echo"])
def test_calls_listed_through_the_import_are_not_said_untied(workspace: Coordinator, question: str) -> None:
    answer = workspace.search(SearchRequest(question, 20))
    listed = [(repo, r.path, r.start_line) for r, repo in zip(answer.result.results, answer.repos)]
    assert {("user", "user/cli.py", 5), ("user", "user/cli.py", 9), ("user", "user/cli.py", 13)} <= set(listed)
    assert any(n.startswith("user: 3 ") and "through an import of another repository's package" in n
               for n in answer.result.notices)
    assert not [n for n in answer.result.notices if n.startswith("user: ") and "could not tie" in n]


def test_the_mcp_server_counts_every_such_call_and_says_them_once(tmp_path: Path) -> None:
    pytest.importorskip("mcp")
    from tests.trees import workspace_service_of

    service = workspace_service_of(tmp_path, {"lib": LIB, "user": USER})
    try:
        found = service.references("echo", None, 1)
        assert len(found["references"]) == 1 and found["counts"]["call"] == 4 and found["total"] == 5  # with user's own echo, lib's import
        assert [n for n in found["notes"] if n.startswith("user: ")] == [
            "user: 3 calls name echo through an import of another repository's package, which user's graph leaves "
            "untied; listed with the graph's (first user/cli.py:5)"]
        impact = service.impact("echo", 2, 1)
        assert not [n for n in impact["notes"] if n.startswith("user: ") and "could not tie" in n]
    finally:
        service.close()
