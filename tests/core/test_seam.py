"""The seam between the facade and the engines: one plan, one generation per question, typed results."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.search import SearchRequest, search
from maguyva_tui.core.types import SearchResult
from tests.core.test_engine import CountingProvider


@pytest.fixture
def engine(polyglot: Path) -> Engine:
    e = Engine(polyglot, provider=CountingProvider())
    e.refresh()
    e.embed_pending()
    return e


def test_what_if_weights_choose_the_engines_they_report(engine: Engine) -> None:
    """A weight the result reports is a weight that ran: the what-if picks the engines too."""
    plain = engine.search('"ECONNREFUSED"')
    assert "semantic" not in plain.modalities_run and plain.weight("semantic") == 0.0
    tried = engine.search('"ECONNREFUSED"', weights={"semantic": 0.9})
    assert tried.weight("semantic") == 0.9 and "semantic" in tried.modalities_run
    muted = engine.search("how does the config loader read files", weights={"text": 0.0})
    assert "text" not in muted.modalities_run and muted.weight("text") == 0.0
    for result in (plain, tried, muted):
        assert {m for m, w in result.weights if w > 0} >= set(result.modalities_run)


def test_a_question_reads_one_generation_from_start_to_end(engine: Engine, polyglot: Path) -> None:
    """A refresh while a question runs publishes a new generation; the question finishes on its own."""
    parts = engine.parts()
    config = polyglot / "app" / "config.py"
    config.write_text(config.read_text().replace("def parse_config(", "def parse_settings("))
    engine.refresh()
    old = search(SearchRequest("def parse_config"), parts)
    new = engine.search("def parse_config")
    assert any(r.path == "app/config.py" and "def parse_config(" in r.snippet for r in old.results)
    assert not any(r.path == "app/config.py" for r in new.results)
    assert engine.search("def parse_settings").results[0].path == "app/config.py"


def test_the_typed_result_is_the_json_result(engine: Engine) -> None:
    """Every number a front end reads typed is the number the JSON prints."""
    result = engine.search("how does the config loader read files", limit=10)
    assert isinstance(result, SearchResult)
    data = json.loads(json.dumps(result.to_json()))
    assert list(data) == ["query", "parsed", "intent", "confidence", "target", "rule", "weights",
                          "fusion_strategy", "preset", "k", "modalities_run", "timings_ms",
                          "semantic_coverage", "semantic_tiers", "notices", "lookup_failed", "results", "elapsed_ms",
                          "index_update", "faded"]
    for typed, raw in zip(result.results, data["results"], strict=True):
        assert (typed.path, typed.start_line, typed.score) == (raw["path"], raw["start_line"], raw["score"])
        for name, vote in typed.votes:
            assert (vote.to_json() if vote else None) == raw["modalities"][name]
