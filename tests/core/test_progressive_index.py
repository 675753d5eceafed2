"""A first build is searchable in steps: text and structure, then the graph, then the semantic engine."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.indexer import index_folder
from maguyva_tui.core.store.format import live_name
from maguyva_tui.core.types import QueryError, SearchResult
from tests.fakes import FakeProvider

TEXT_ONLY = "still indexing: the graph and semantic engines are not ready yet; results refresh as they join"
ALL = ("text", "structural", "graph", "semantic")


def _paths(result: SearchResult) -> list[str]:
    return [r.path for r in result.results]


def test_a_search_on_a_text_only_generation_answers_and_names_the_missing_engines(polyglot: Path, tmp_path: Path) -> None:
    engine = Engine(polyglot, tmp_path / "index", provider=FakeProvider())
    asked: dict[str, SearchResult] = {}
    steps: list[tuple[str, ...]] = []

    def joined(ready: tuple[str, ...]) -> None:
        steps.append(ready)
        if ready != ("text", "structural"):
            return
        # asked on the build's own thread: the graph is not built yet, the index not yet on disk
        assert live_name(index_folder(polyglot, tmp_path / "index")) is None
        for question in ('"ECONNREFUSED"', "def parse_config", "who calls parse_config", "how is the config loaded"):
            asked[question] = engine.search(question)
        with pytest.raises(QueryError, match="dependency graph is still being built"):
            engine.callers("parse_config", 10)

    engine.refresh(joined=joined)

    assert steps == [("text", "structural"), ("text", "structural", "graph"), ALL]
    literal = asked['"ECONNREFUSED"']
    assert {"app/server.py", "go/server.go", "web/api.ts"} <= set(_paths(literal))
    assert TEXT_ONLY in literal.notices
    definition = asked["def parse_config"]
    assert {"app/config.py", "rust/lib.rs", "c/config.c"} <= set(_paths(definition)[:3])
    callers = asked["who calls parse_config"]  # the graph's question, answered by the engines ready
    assert "the graph engine is not ready yet; blending the engines instead" in callers.notices
    assert "app/config.py" in _paths(callers)
    prose = asked["how is the config loaded"]
    assert prose.results and TEXT_ONLY in prose.notices
    assert all(r.vote("semantic") is None for r in prose.results)  # the model was never asked

    complete = engine.search("who calls parse_config")
    assert complete.fusion_strategy == "direct" and complete.modalities_run == ("graph",)
    assert complete.results and not any(n.startswith("still indexing") for n in complete.notices)
    assert engine.callers("parse_config", 10).entries


def test_a_refresh_of_an_existing_index_is_never_partial(polyglot: Path, tmp_path: Path) -> None:
    Engine(polyglot, tmp_path / "index", static=False).refresh()
    (polyglot / "app" / "extra.py").write_text("def extra_helper():\n    return 'ECONNREFUSED'\n")
    engine = Engine(polyglot, tmp_path / "index", static=False)
    assert engine.open_existing()
    steps: list[tuple[str, ...]] = []
    summary = engine.refresh(joined=steps.append)
    assert summary.parsed == 1 and steps == []  # the stored index answered meanwhile, whole
    assert engine.generation.ready == ALL and engine.generation.missing == ()


def test_without_the_static_tier_the_graph_and_semantic_engines_join_together(polyglot: Path, tmp_path: Path) -> None:
    engine = Engine(polyglot, tmp_path / "index", static=False)
    steps: list[tuple[str, ...]] = []
    engine.refresh(joined=steps.append)
    assert steps == [("text", "structural"), ALL]
