"""A search asking who calls a module by its dotted name lists the lines importing it, as ``maguyva
graph callers`` and MCP's find_references do, and says the name is a module. Found by an outside
tester (tinycss2 1.2.1 and cssselect2 0.7.0): "who calls tinycss2.nth" said "no symbol named
tinycss2.nth; showing related code", where ``maguyva graph callers tinycss2.nth`` listed
``from tinycss2.nth import parse_nth``."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.workspace import SearchRequest, open_workspace
from tests.fakes import FakeProvider
from tests.trees import indexed, write_tree

pytestmark = pytest.mark.slow  # indexes built and searched: seconds

LIB = {
    "css/__init__.py": "",
    "css/nth.py": "def parse_nth(text):\n    return text\n",
    "css/user.py": "from css.nth import parse_nth\n\n\ndef run():\n    return parse_nth('2n')\n",
}
APP = {"app/select.py": "from css.nth import parse_nth\n\n\ndef pick():\n    return parse_nth('odd')\n"}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "modcallers", LIB)


def test_who_calls_a_dotted_module_lists_the_lines_importing_it(engine: Engine) -> None:
    result = engine.search("who calls css.nth")
    assert result.lookup_failed is None
    assert [(r.path, r.start_line) for r in result.results] == [("css/user.py", 1)]
    said = "css.nth is a module or file, not a function: listing the lines importing it"
    assert any(notice.startswith(said) for notice in result.notices)
    graph = [(e.path, e.line) for e in engine.importers("css/nth.py", 50).entries]
    assert graph == [("css/user.py", 1)]


def test_who_calls_a_function_or_a_missing_name_is_as_before(engine: Engine) -> None:
    called = engine.search("who calls parse_nth")
    assert [(r.path, r.symbol) for r in called.results] == [("css/user.py", "run")]
    assert not any("module" in notice for notice in called.notices)
    failed = engine.search("who calls css.nothere").lookup_failed
    assert failed is not None and failed.message.startswith("no symbol named css.nothere")


def test_who_calls_a_dotted_module_over_a_workspace(tmp_path: Path) -> None:
    roots = [write_tree(tmp_path / "lib", LIB), write_tree(tmp_path / "app", APP)]
    coordinator = open_workspace(roots, tmp_path / "ix", provider=FakeProvider(), static=False)
    try:
        asked = coordinator.search(SearchRequest("who calls css.nth"))
    finally:
        coordinator.close()
    answer = asked.result
    assert answer.lookup_failed is None
    listed = sorted((repo, r.path, r.start_line) for r, repo in zip(answer.results, asked.repos))
    assert listed == [("app", "app/select.py", 1), ("lib", "css/user.py", 1)]
    assert any(notice.startswith("css.nth is a module or file, not a function") for notice in answer.notices)


def test_what_depends_on_a_dotted_module_over_a_workspace_is_answered_from_the_graph(tmp_path: Path) -> None:
    """Over a workspace, "what breaks if I change css.nth" had said "no symbol named css.nth;
    showing related code" (the view holds no one graph to read the module in), where each
    repository alone answered it (tinycss2.nth over tinycss2 and cssselect2)."""
    roots = [write_tree(tmp_path / "lib", LIB), write_tree(tmp_path / "app", APP)]
    coordinator = open_workspace(roots, tmp_path / "ix", provider=FakeProvider(), static=False)
    try:
        asked = coordinator.search(SearchRequest("what breaks if I change css.nth"))
        missing = coordinator.search(SearchRequest("what breaks if I change css.nothere")).result.lookup_failed
    finally:
        coordinator.close()
    assert asked.result.lookup_failed is None and asked.result.fusion_strategy == "direct"
    assert ("lib", "css/user.py", "run") in {(repo, r.path, r.symbol) for r, repo in zip(asked.result.results, asked.repos)}
    assert missing is not None and missing.message.startswith("no symbol named css.nothere")
