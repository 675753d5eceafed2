"""The engine end to end on the fixture: plans, the direct path, fusion and its explanation."""

from __future__ import annotations

import math
import shutil
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.types import QueryError
from tests.conftest import FIXTURE
from tests.fakes import FakeProvider


class CountingProvider(FakeProvider):
    """Vectors seeded by a text's first word (crc32: the same in every process, unlike hash())."""

    id = "test:hash:64"

    def seed(self, text: str) -> int:
        return zlib.crc32((text.lower().split()[0] if text.split() else "").encode())


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    """The fixture repository indexed and embedded once for the module: the tests below only ask."""
    root = tmp_path_factory.mktemp("engine") / "polyglot"
    shutil.copytree(FIXTURE, root, symlinks=True)
    e = Engine(root, tmp_path_factory.mktemp("engine-index"), provider=CountingProvider())
    e.refresh()
    e.embed_pending()
    yield e
    e.close()


QUERIES = [
    "how does the config loader read files",
    "parse config",
    "ConfigLoader",
    "where is parse_config defined",
    '"ECONNREFUSED"',
    "who calls parse_config",
    "what breaks if I change parse_config",
    "code similar to parse_config",
    "server",
]


@pytest.mark.parametrize("preset", ["quick", "default", "thorough"])
@pytest.mark.parametrize("query", QUERIES)
def test_score_rederives_from_the_explanation(engine: Engine, query: str, preset: str) -> None:
    result = engine.search(query, preset=preset, limit=30).to_json()
    scores = [r["score"] for r in result["results"]]
    assert scores == sorted(scores, reverse=True)
    for r in result["results"]:
        total = 0.0
        for name, part in r["modalities"].items():
            if part is None:
                continue
            if name == "text":  # a plain question's word votes count less where weak (fusion.TEXT_DISSENT, MARGIN)
                assert 0.0 <= part["weight"] <= result["weights"][name]
            else:
                assert part["weight"] == result["weights"][name]
            expected = part["weight"] / (result["k"] + part["rank"] + 1) * r["boost"]
            assert math.isclose(part["contribution"], expected, rel_tol=1e-12)
            total += part["contribution"]
        assert sum(r["file_credits"].values()) == r["file_credit"]  # the file's other chunks, per engine
        lifts = r.get("lift", 1.0), r.get("name_lift", 1.0), r.get("quoted_lift", 1.0)  # a confident first answer,
        signed = r.get("signature", {}).get("contribution", 0.0)  # a signature vote's term, after the factors
        assert (total + r["file_credit"]) * r["demotion"] * lifts[0] * lifts[1] * lifts[2] + signed == r["score"]
        alone = result["fusion_strategy"] in ("direct", "single")  # centrality breaks ties there, no boost
        assert r["boost"] == (1.0 if alone else min(1 + 0.3 * math.log(1 + r["centrality"]), 1.5))


def test_direct_path_runs_one_engine(engine: Engine) -> None:
    result = engine.search("where is parse_config defined").to_json()
    assert result["fusion_strategy"] == "direct" and result["confidence"] >= 0.85
    assert result["modalities_run"] == ["structural"] and list(result["timings_ms"]) == ["structural"]
    assert result["results"][0]["symbol"] == "parse_config"


def test_exact_match_never_calls_the_model(engine: Engine) -> None:
    provider = engine.provider
    before = provider.queries
    for preset in ("quick", "default", "thorough"):
        result = engine.search('"ECONNREFUSED"', preset=preset).to_json()
        assert result["intent"] == "exact_match"
        assert "semantic" not in result["modalities_run"]
    assert provider.queries == before


def test_exact_string_lists_every_occurrence(engine: Engine) -> None:
    polyglot = engine.root
    expected = {(p.relative_to(polyglot).as_posix(), i) for p in polyglot.rglob("*") if p.is_file()
                for i, line in enumerate(p.read_text(errors="replace").splitlines(), 1) if "ECONNREFUSED" in line}
    result = engine.search('"ECONNREFUSED"', limit=100).to_json()
    assert {(r["path"], r["start_line"]) for r in result["results"]} == expected
    assert len(expected) > 1


@pytest.mark.parametrize("fragment", ["parse_config(", "(text"])
def test_typed_code_lists_every_line_holding_it(engine: Engine, fragment: str) -> None:
    """Code typed as it reads (an unfinished call, an argument list) is a string to find, as
    ``rg -F`` finds it, not a question for the semantic engine: every line holding it, no other."""
    polyglot = engine.root
    expected = {(p.relative_to(polyglot).as_posix(), i) for p in polyglot.rglob("*") if p.is_file()
                for i, line in enumerate(p.read_text(errors="replace").splitlines(), 1) if fragment in line}
    result = engine.search(fragment, limit=100).to_json()
    assert (result["intent"], result["fusion_strategy"], result["modalities_run"]) == ("exact_match", "direct", ["text"])
    assert {(r["path"], r["start_line"]) for r in result["results"]} == expected
    assert len(expected) > 1


def test_an_exact_match_chosen_for_words_lists_every_line_holding_them(engine: Engine) -> None:
    """``--intent exact_match`` on words the classifier finds no target in is still every occurrence
    of the whole query, from the text engine alone (it was a blend that ranked files by credit)."""
    polyglot = engine.root
    expected = {(p.relative_to(polyglot).as_posix(), i) for p in polyglot.rglob("*") if p.is_file()
                for i, line in enumerate(p.read_text(errors="replace").splitlines(), 1) if "toy server" in line}
    result = engine.search("toy server", intent="exact_match", limit=100).to_json()
    assert (result["fusion_strategy"], result["modalities_run"]) == ("direct", ["text"])
    assert {(r["path"], r["start_line"]) for r in result["results"]} == expected
    assert len(expected) > 1


@pytest.mark.parametrize("question", ["function retry", "class retry", "self.retry()", "this.retry"])
def test_a_word_the_index_defines_after_a_keyword_or_a_receiver_is_its_definition(engine: Engine, question: str) -> None:
    """``class echo`` (an English keyword, a plain word) and ``self.parse_args`` (an own receiver)
    name a symbol when the index defines it: its definition, directly (they were a blend that
    ranked a sibling with more matching chunks first, or found no ``self.parse_args``)."""
    result = engine.search(question).to_json()
    assert (result["intent"], result["rule"], result["target"]) == ("find_definition", "known_symbol", "retry")
    assert result["fusion_strategy"] == "direct" and result["results"][0]["symbol"].rpartition(".")[2] == "retry"


@pytest.mark.parametrize("question", ["class hierarchy", "type hints"])
def test_english_after_a_keyword_stays_a_question_where_nothing_has_that_name(engine: Engine, question: str) -> None:
    assert engine.search(question).to_json()["rule"] == "fallback"


@pytest.mark.parametrize(("question", "name"), [("what does ConfigLoader do", "ConfigLoader"),
                                              ("what is a ConfigLoader?", "ConfigLoader"), ("explain retry", "retry")])
def test_a_question_about_one_symbol_the_index_defines_shows_its_definition_first(
        engine: Engine, question: str, name: str) -> None:
    """"what does Live do" asks about ``Live``: a question about meaning whose every other word is
    a question's filler; its definition comes first (a blend over the words ranked other classes'
    methods above it, ``Console.set_live`` first)."""
    result = engine.search(question).to_json()
    assert (result["intent"], result["rule"], result["target"]) == ("find_definition", "question_about_symbol", name)
    assert result["results"][0]["symbol"].rpartition(".")[2] == name


@pytest.mark.parametrize("question", ["what does Frobnicator do", "how does the config loader read files",
                                      "what does ConfigLoader read"])
def test_a_question_about_more_than_one_known_name_stays_a_question(engine: Engine, question: str) -> None:
    assert engine.search(question).to_json()["rule"] == "question"


def test_fused_path_ranks_a_file_by_its_best_chunk_and_lists_each_chunk_once(engine: Engine) -> None:
    result = engine.search("how does the config loader read files", limit=50).to_json()
    assert result["fusion_strategy"] == "fused"
    keys = [(r["path"], r["start_line"], r["end_line"]) for r in result["results"]]
    assert len(keys) == len(set(keys))
    first = {r["path"]: r for r in reversed(result["results"])}  # each file's first result
    assert all(r is first[r["path"]] or r["file_credit"] == 0.0 for r in result["results"])
    assert any(r["file_credit"] > 0 for r in first.values())


def test_intent_and_preset_overrides(engine: Engine) -> None:
    result = engine.search("parse_config", intent="exact_match", preset="thorough").to_json()
    assert result["intent"] == "exact_match" and result["confidence"] == 1.0 and result["rule"] == "override"
    quick = engine.search("how does the config loader read files", preset="quick").to_json()
    assert quick["fusion_strategy"] == "semantic_only" and quick["modalities_run"] == ["semantic"]
    thorough = engine.search("how does the config loader read files", preset="thorough").to_json()
    assert set(thorough["modalities_run"]) == {"semantic", "text", "structural", "graph"} and thorough["k"] == 60


def test_what_if_weights_rerank(engine: Engine) -> None:
    base = engine.search("parse_config loader", limit=10).to_json()
    text_heavy = engine.search("parse_config loader", limit=10, weights={"semantic": 0.0, "text": 1.0, "structural": 0.0}).to_json()
    assert text_heavy["weights"]["text"] == 1.0 and text_heavy["fusion_strategy"] == "fused"
    has_text = [r["modalities"]["text"] is not None for r in text_heavy["results"]]
    assert any(has_text) and has_text == sorted(has_text, reverse=True)  # text-found results lead
    assert base["weights"]["text"] < 1.0 and text_heavy["weights"]["semantic"] == 0.0


@pytest.mark.parametrize("bad", ["", "   "])
def test_empty_query_is_refused(engine: Engine, bad: str) -> None:
    with pytest.raises(QueryError, match="empty query"):
        engine.search(bad).to_json()


def test_semantic_coverage_is_reported(polyglot: Path) -> None:
    e = Engine(polyglot, provider=CountingProvider(), static=False)  # the transformer tier alone
    e.refresh()
    assert e.search("parse_config", modality="text").to_json()["semantic_coverage"] == 0.0
    e.embed_pending()
    assert e.search("parse_config", modality="text").to_json()["semantic_coverage"] == 1.0
    with_static = Engine(polyglot, provider=CountingProvider())
    with_static.refresh()  # the static tier covers every chunk as the index is built
    data = with_static.search("parse_config", modality="text").to_json()
    assert data["semantic_coverage"] == 1.0 and data["semantic_tiers"] == {"static": 1.0, "transformer": 1.0}


@pytest.mark.slow
def test_a_static_tier_found_complete_is_recorded_until_its_segments_change(polyglot: Path) -> None:
    """A later process trusts the record of a complete static tier instead of looking up every
    chunk's key; once the store's segments differ (vectors dropped), the keys are looked up again
    and the gap is seen and filled."""
    from maguyva_tui.core.engine import COMPLETE_RECORD

    first = Engine(polyglot, provider=CountingProvider())
    first.refresh()  # embeds every chunk: nothing recorded yet (the next check finds it complete)
    second = Engine(polyglot, provider=CountingProvider())
    second.refresh()
    generation = second.generation.snapshot.generation
    assert generation is not None and (generation / COMPLETE_RECORD).exists()
    assert second.search("parse_config", modality="text").to_json()["semantic_tiers"]["static"] == 1.0
    store = second.static_store()
    keys = second.chunk_keys()
    store.compact(keep=keys[1:])  # one chunk's vector gone: a new segment replaces the old ones
    third = Engine(polyglot, provider=CountingProvider(), static=True)
    assert third.open_existing()
    assert third.coverage().static == pytest.approx(1 - 1 / len(keys))
    assert third.fill_static().embedded == 1  # the record no longer vouches: the gap is filled


@pytest.mark.slow
def test_the_static_rows_recorded_are_used_only_while_the_store_is_as_recorded(polyglot: Path) -> None:
    """The semantic engine's chunk-to-row table is recorded once and read back by later processes
    (the same answers); a store changed since (vectors dropped) is looked up again, never read
    through stale rows."""
    import numpy as np

    from maguyva_tui.core.engine import ROWS_RECORD
    from maguyva_tui.core.types import Query

    def static_tier(engine: Engine):  # the static tier's retriever of a freshly built semantic engine
        engine.generation.forget("semantic")
        return engine.generation.retriever("semantic")._inner.static

    first = Engine(polyglot, provider=CountingProvider())
    first.refresh()  # a build: its chunks are in memory, nothing recorded
    question = Query("how does the config loader read files")
    expected = static_tier(first).search(question, 10)
    recording = Engine(polyglot, provider=CountingProvider())
    assert recording.open_existing()
    assert static_tier(recording).search(question, 10) == expected  # reads the chunk table, records the rows
    generation = recording.generation.snapshot.generation
    assert generation is not None and (generation / ROWS_RECORD).exists()
    second = Engine(polyglot, provider=CountingProvider())
    assert second.open_existing()
    assert static_tier(second).search(question, 10) == expected
    store = second.static_store()
    keys = second.chunk_keys()
    store.compact(keep=keys[1:])  # the rows move: one segment of the remaining vectors
    third = Engine(polyglot, provider=CountingProvider())
    assert third.open_existing()
    tier = static_tier(third)
    chunks = third.generation.semantic_chunks()
    assert np.array_equal(tier.store_rows, third.static_store().lookup_digests(chunks.digests))
    assert (tier.store_rows < 0).sum() >= 1


class FailingProvider(CountingProvider):
    """A remote provider whose every call fails, as Voyage does without network."""

    id = "test:failing:64"

    def embed_documents(self, texts):
        from maguyva_tui.core.embed.provider import ProviderError

        raise ProviderError("Voyage is unreachable (connection refused)")

    embed_query = embed_documents  # type: ignore[assignment]


def test_failing_provider_falls_back_to_the_local_model_and_says_so(polyglot: Path, monkeypatch) -> None:
    import maguyva_tui.core.embed.provider as provider_module

    local = CountingProvider()
    monkeypatch.setattr(provider_module, "fall_back", lambda reason: provider_module.ProviderChoice(local, f"{reason}; using the local model"))
    e = Engine(polyglot, provider=FailingProvider())
    e.refresh()
    e.embed_pending()
    assert e.provider is local and local.documents > 0
    result = e.search("how does the config loader read files", preset="quick").to_json()
    assert any("unreachable" in n and "local model" in n for n in result["notices"])
    assert result["results"] and result["semantic_coverage"] == 1.0
