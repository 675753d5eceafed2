"""A name no definition bears but an import binds to one (``from ._lexer import _Lexer as Lexer``,
a package's public name for its private class) is that definition: "where is Lexer", "who calls
Lexer" and ``graph callers Lexer`` had said no symbol is named so. An alias of another package's
name, or a name imported as itself, keeps the old answer."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from tests.core.small_repo import indexed
from tests.core.test_failed_lookup import FirstWordProvider

FILES = {
    "pkg/_lexer.py": "class _Lexer:\n    def tokens(self):\n        return []\n\n\ndef helper():\n    return 1\n",
    "pkg/__init__.py": "from ._lexer import _Lexer as Lexer, helper as assist\nfrom os import path as osp\n",
    "use.py": ("from pkg import Lexer\nimport pkg\n\n\ndef run():\n    return Lexer().tokens()\n\n\n"
               "def run2():\n    return pkg.Lexer()\n"),
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, FILES)


def test_an_alias_is_where_its_definition_is(engine: Engine) -> None:
    answer = engine.search("Lexer")
    assert [(r.path, r.symbol) for r in answer.results][:1] == [("pkg/_lexer.py", "_Lexer")]
    assert answer.lookup_failed is None
    assert "Lexer is imported as an alias of _Lexer (pkg/_lexer.py:1)" in answer.notices


def test_who_calls_an_alias_lists_the_calls_of_its_definition(engine: Engine) -> None:
    answer = engine.search("who calls Lexer")
    assert {(r.path, r.start_line) for r in answer.results} == {("use.py", 6), ("use.py", 10)}
    graph = engine.callers("Lexer", 10)
    assert graph.known and list(graph.nodes) == ["pkg/_lexer.py::_Lexer"]


def test_one_of_two_aliases_on_a_line_is_its_own_definition(engine: Engine) -> None:
    assert list(engine.callers("assist", 10).nodes) == ["pkg/_lexer.py::helper"]


@pytest.mark.parametrize("name", ["osp", "Lexr"])
def test_an_alias_of_another_package_or_no_alias_stays_unknown(engine: Engine, name: str) -> None:
    assert not engine.callers(name, 10).known
    assert not any("alias" in n for n in engine.search(name).notices)


def test_an_alias_written_through_its_module_is_its_definition(engine: Engine) -> None:
    # trio's to_thread.run_sync: bound by from ._threads import to_thread_run_sync as run_sync in to_thread.py
    assert list(engine.callers("pkg.Lexer", 10).nodes) == ["pkg/_lexer.py::_Lexer"]
    answer = engine.search("who calls pkg.Lexer")
    assert {(r.path, r.start_line) for r in answer.results} == {("use.py", 6), ("use.py", 10)}
    assert "pkg.Lexer is imported as an alias of _Lexer (pkg/_lexer.py:1)" in answer.notices
    assert not engine.callers("use.Lexer", 10).known  # use.py binds Lexer as itself, no alias


def test_mcp_find_definition_reads_an_alias_too(engine: Engine) -> None:
    from maguyva_tui.core.answers import definitions

    assert [(d.node, d.symbol.kind if d.symbol else None) for d in definitions(engine.generation, "Lexer").entries] == [
        ("pkg/_lexer.py::_Lexer", "class")]


def test_a_word_no_import_binds_leaves_the_graph_unread(engine: Engine) -> None:
    # a misspelled or partial name (100,000 files: 0.4-0.6 s of the graph read, the answer unchanged)
    fresh = Engine(engine.root, engine.index_base, provider=FirstWordProvider(), static=False)
    assert [(r.path, r.symbol) for r in fresh.search("Lexr").results] == [
        (r.path, r.symbol) for r in engine.search("Lexr").results]
    assert fresh.generation.snapshot._graph is None  # noqa: SLF001 - whether the graph was read
    assert fresh.search("Lexer").results[0].symbol == "_Lexer"  # an alias still reads it
    assert fresh.generation.snapshot._graph is not None  # noqa: SLF001
