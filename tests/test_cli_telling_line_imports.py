"""The line shown under each result of ``maguyva search`` is found without the graph's modules: a
literal's or a plain question's whole process had imported ``core.answers`` (and through it the
graph's queries, model, persistence and resolvers: 30-50 ms of CPU, issue 19) only to strip a Rust
impl's label from a result's name, or, a literal's page cut at the limit, to learn that it was no
graph question's list."""

from __future__ import annotations

import sys
from importlib.abc import MetaPathFinder

import pytest

from maguyva_tui.cli import _searched, _telling_line
from maguyva_tui.core.types import Ranked, SearchResult

GRAPH_MODULES = ("maguyva_tui.core.answers", "maguyva_tui.core.graph.queries")


class _Refuse(MetaPathFinder):
    def find_spec(self, name, path=None, target=None):  # type: ignore[no-untyped-def]
        if name in GRAPH_MODULES:
            raise ImportError(f"{name} imported")
        return None


def test_the_telling_line_reads_no_graph_module(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in GRAPH_MODULES:
        monkeypatch.delitem(sys.modules, name, raising=False)
    monkeypatch.setattr(sys, "meta_path", [_Refuse(), *sys.meta_path])
    lines = ["#[derive(Debug)]", "    fn fmt(&self, f: &mut Formatter) -> Result {"]
    assert _telling_line(lines, "ArrayVec.fmt (impl Binary)") == lines[1]
    assert _telling_line(["x = 1", "def load_store(path):"], "pkg.load_store") == "def load_store(path):"


class _Engine:
    """Answers every search with three text hits, one engine's whole list (a literal's)."""

    def search(self, query: str, **options: object) -> SearchResult:
        hits = tuple(Ranked(f"f{i}.py", 1, 1, None, None, "python", 0.01, "x", ()) for i in range(3))
        return SearchResult(query, "(text)", "exact_match", 1.0, None, "quoted", (), "direct", "default", 40,
                            ("text",), (), 1.0, (), hits, 2.0)


def test_a_literal_cut_at_the_limit_reads_no_graph_module(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in GRAPH_MODULES:
        monkeypatch.delitem(sys.modules, name, raising=False)
    monkeypatch.setattr(sys, "meta_path", [_Refuse(), *sys.meta_path])
    result, cut = _searched(_Engine(), '"x"', limit=2)  # type: ignore[arg-type]
    assert len(result.results) == 2
    assert cut == "showing the first 2; more match: raise --limit or narrow the query"
