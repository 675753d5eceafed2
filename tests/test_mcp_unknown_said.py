"""Every tool says the same of the same name it cannot answer. An outside tester (helper-386) found
``<root>/link/passwd`` (a link out of the root, never walked) said as "no definition of" by
find_definition and "unknown symbol" by find_references, where ``/etc/passwd`` was "no indexed file or
folder" for both; and MCP's unknown symbol left out how many paths could not be read, which
``maguyva graph`` says (``GraphAnswer.unreadable_said``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

pytest.importorskip("mcp")

from maguyva_tui.core.engine import Engine  # noqa: E402
from maguyva_tui.core.types import QueryError  # noqa: E402
from maguyva_tui.graph_command import graph_answer  # noqa: E402
from maguyva_tui.mcp.answers import AnswerError, definition_answer, impact_answer, references_answer  # noqa: E402
from tests.core.test_failed_lookup import FirstWordProvider  # noqa: E402


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    base = tmp_path_factory.mktemp("unknown")
    (base / "outside").mkdir()
    (base / "outside" / "passwd").write_text("root:x:0:0\n")
    repo = base / "repo"
    (repo / "pkg").mkdir(parents=True)
    (repo / "pkg" / "a.py").write_text("def split(text):\n    return text.split()\n\n\ndef run():\n    return split('a b')\n")
    (repo / "link").symlink_to(base / "outside")
    engine = Engine(repo, base / "ix", provider=FirstWordProvider(), static=False)
    engine.refresh()
    yield engine
    engine.close()


def _said(ask: Callable[..., object], *arguments: object) -> str:
    with pytest.raises((AnswerError, QueryError)) as told:
        ask(*arguments)
    return str(told.value)


def test_a_path_through_a_link_out_of_the_root_is_said_alike_by_every_tool(engine: Engine) -> None:
    for name in (f"{engine.root}/link/passwd", "link/passwd"):
        said = {_said(definition_answer, engine, name, None, False, 10), _said(references_answer, engine, name, None, 10),
                _said(impact_answer, engine, name, 3, 10)}
        assert said == {f"in {engine.root}, no indexed file or folder is link/passwd."}, said
        assert _said(graph_answer, engine, "callers", name, None, 10) == "no indexed file or folder is link/passwd"


def test_an_unknown_symbol_says_how_many_paths_could_not_be_read(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(engine.generation.snapshot.manifest.skipped, "unreadable", 2)
    unread = f"{engine.root} (2 unreadable paths not indexed)."
    assert f"nothing of that name is defined in {unread}" in _said(references_answer, engine, "zz_gone", None, 10)
    assert f"nothing of that name is defined in {unread}" in _said(impact_answer, engine, "zz_gone", 3, 10)
    assert f"no definition of 'zz_gone' in the index of {unread}" in _said(definition_answer, engine, "zz_gone", None, False, 10)
    assert "(2 unreadable paths not indexed)" in _said(graph_answer, engine, "callers", "zz_gone", None, 10)
