"""Weighted RRF: exact arithmetic, boost, demotion, chunk merging, per-file dedup, plans, explanations."""

from __future__ import annotations

import json
import math
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from maguyva_tui.core.fusion import (
    BOOST_CAP,
    CONFIDENT_GAP,
    CONFIDENT_LIFT,
    CONFIDENT_MIN_HITS,
    DEMOTION,
    FILE_DECAY,
    ChunkKey,
    Contribution,
    Fused,
    boost_for,
    demotion_for,
    direct,
    fuse,
    span_of,
)
from maguyva_tui.core.intent import INTENTS, WEIGHTS, Intent, classify
from maguyva_tui.core.paths import is_demoted
from maguyva_tui.core.plan import DEFAULT, PRESETS, QUICK, THOROUGH, plan, preset_for
from maguyva_tui.core.types import MODALITIES, Hit


def hit(path: str, start: int, end: int | None = None, score: float = 1.0, symbol: str | None = None) -> Hit:
    """Build a hit; a single line when ``end`` is omitted."""
    return Hit(path, start, start if end is None else end, score, symbol=symbol)


def by_path(items: list[Fused]) -> dict[str, Fused]:
    """Index fused items by path: each file's first item (its shown chunk)."""
    out: dict[str, Fused] = {}
    for item in items:
        out.setdefault(item.key[0], item)
    return out


# ---------------------------------------------------------------------------------------------
# Arithmetic.


def test_rrf_arithmetic_on_hand_made_rankings() -> None:
    lists = {
        "semantic": [hit("a.py", 1, 9, 0.91), hit("b.py", 1, 9, 0.80), hit("c.py", 1, 9, 0.70)],
        "text": [hit("c.py", 1, 9, 12.0), hit("a.py", 1, 9, 7.0)],
    }
    weights = {"semantic": 0.5, "text": 0.2}
    got = by_path(fuse(lists, weights, k=40))
    assert got["a.py"].score == 0.5 / 41 + 0.2 / 42
    assert got["b.py"].score == 0.5 / 42
    assert got["c.py"].score == 0.5 / 43 + 0.2 / 41
    assert got["a.py"].contribution("semantic") == Contribution(0, 0.91, 0.5, 0.5 / 41)
    assert got["a.py"].contribution("text") == Contribution(1, 7.0, 0.2, 0.2 / 42)
    assert got["b.py"].contribution("text") is None
    assert got["b.py"].contribution("graph") is None  # not run at all
    assert [i.key[0] for i in fuse(lists, weights, k=40)] == ["a.py", "c.py", "b.py"]


def test_agreement_between_engines_outranks_a_single_first_place() -> None:
    lists = {
        "semantic": [hit("solo.py", 1), hit("both.py", 1)],
        "text": [hit("other.py", 1), hit("both.py", 1)],
    }
    ranked = fuse(lists, {"semantic": 0.5, "text": 0.5}, k=60)
    assert ranked[0].key[0] == "both.py"
    assert ranked[0].score == pytest.approx(2 * 0.5 / 62)


def test_k_flattens_the_curve() -> None:
    lists = {"text": [hit("first.py", 1), hit("second.py", 1)]}
    for k, expected_ratio in ((0, 2.0), (40, 42 / 41), (60, 62 / 61)):
        first, second = fuse(lists, {"text": 1.0}, k=k)
        assert first.score / second.score == pytest.approx(expected_ratio)
    with pytest.raises(ValueError, match="k must be"):
        fuse(lists, {"text": 1.0}, k=-1)


def test_weights_accept_a_profile_and_a_zero_weight_contributes_nothing() -> None:
    lists = {"semantic": [hit("a.py", 1)], "text": [hit("a.py", 1)]}
    (item,) = fuse(lists, WEIGHTS["exact_match"], k=40)
    assert item.contribution("semantic") == Contribution(0, 1.0, 0.0, 0.0)
    assert item.score == 0.9 / 41


# ---------------------------------------------------------------------------------------------
# Boost.


def test_boost_is_one_at_zero_and_capped_at_one_and_a_half() -> None:
    assert boost_for(0.0) == 1.0
    assert boost_for(-3.0) == 1.0  # a negative centrality is treated as none
    assert boost_for(math.e - 1) == pytest.approx(1.3)
    cap_point = math.exp((BOOST_CAP - 1) / 0.3) - 1  # ~4.29
    assert boost_for(cap_point * 0.99) < 1.5
    assert boost_for(cap_point * 1.01) == 1.5
    assert boost_for(1e12) == 1.5


def test_boost_multiplies_every_contribution_of_a_central_item() -> None:
    lists = {"semantic": [hit("hub.py", 1), hit("leaf.py", 1)], "text": [hit("leaf.py", 1), hit("hub.py", 1)]}
    central = {"hub.py": 3.0, "leaf.py": 0.0}
    got = by_path(fuse(lists, {"semantic": 0.5, "text": 0.5}, k=40, centrality=lambda h: central[h.path]))
    hub = got["hub.py"]
    assert hub.centrality == 3.0
    assert hub.boost == 1 + 0.3 * math.log(4)  # under the cap
    assert hub.contribution("semantic") == Contribution(0, 1.0, 0.5, 0.5 / 41 * hub.boost)
    assert hub.contribution("text") == Contribution(1, 1.0, 0.5, 0.5 / 42 * hub.boost)
    assert got["leaf.py"].boost == 1.0
    assert hub.score > got["leaf.py"].score


# ---------------------------------------------------------------------------------------------
# Demotion.


@pytest.mark.parametrize(
    "path",
    [
        "vendor/lib/x.go", "src/vendor/a.py", "third_party/zlib/inflate.c", "node_modules/react/index.js",
        "build/lib/pkg/mod.py", "dist/bundle.js", "archive/old_engine.py", "proto/api_pb2.py",
        "proto/api_pb2_grpc.py", "api/service.pb.go", "src/schema.generated.ts", "src/generated/client.py",
        "static/app.min.js", "static/site.min.css", "web/Vendor/Lib.js",
    ],
)
def test_vendored_built_generated_and_minified_paths_are_demoted(path: str) -> None:
    assert is_demoted(path)
    assert demotion_for(path) == DEMOTION == 0.5


@pytest.mark.parametrize(
    "path",
    [
        "src/engine.py", "builder.py", "src/build_index.py", "docs/distance.md", "vendoring.md",
        "src/minify.js", "archive.py", "tools/generate.py", "app.js",
    ],
)
def test_ordinary_paths_are_not_demoted(path: str) -> None:
    assert not is_demoted(path)
    assert demotion_for(path) == 1.0


def test_demotion_halves_the_score_and_can_reorder() -> None:
    lists = {"text": [hit("vendor/dep.py", 1), hit("src/own.py", 1)]}
    first, second = fuse(lists, {"text": 1.0}, k=40)
    assert first.key[0] == "src/own.py" and first.demotion == 1.0
    assert second.key[0] == "vendor/dep.py" and second.demotion == 0.5
    assert second.score == (1.0 / 41) * 0.5
    assert fuse(lists, {"text": 1.0}, k=40, demotion=lambda p: 1.0)[0].key[0] == "vendor/dep.py"


# ---------------------------------------------------------------------------------------------
# Identity, merging and dedup.


def test_line_hits_merge_into_the_enclosing_definition_chunk() -> None:
    chunks = {"a.py": [(1, 10), (12, 30)], "b.py": [(1, 50)]}

    def locate(h: Hit) -> ChunkKey:
        for start, end in chunks.get(h.path, []):
            if start <= h.start_line and h.end_line <= end:
                return (h.path, start, end)
        return span_of(h)

    definition = hit("a.py", 12, 30, 3.0, symbol="parse_config")
    lists = {
        "structural": [definition],
        "text": [hit("a.py", 14, score=9.0), hit("b.py", 7), hit("a.py", 20, score=4.0)],
    }
    ranked = fuse(lists, {"structural": 0.6, "text": 0.1}, k=40, locate=locate, dedup_per_file=False)
    merged = by_path(ranked)["a.py"]
    assert merged.key == ("a.py", 12, 30)
    assert merged.hit == definition  # the hit spanning the chunk shows the item
    assert merged.contribution("text") == Contribution(0, 9.0, 0.1, 0.1 / 41)  # best rank of the two
    assert merged.score == 0.6 / 41 + 0.1 / 41
    assert len(ranked) == 2


def test_without_a_spanning_hit_the_top_contributor_represents_the_chunk() -> None:
    lists = {"semantic": [hit("a.py", 5)], "text": [hit("z.py", 1), hit("a.py", 3)]}
    (item, _) = fuse(lists, {"semantic": 0.5, "text": 0.2}, k=40, locate=lambda h: (h.path, 1, 10))
    assert item.key == ("a.py", 1, 10)
    assert item.hit == hit("a.py", 5)


def test_duplicate_keys_in_one_modality_keep_the_best_rank() -> None:
    lists = {"text": [hit("a.py", 1, 5, 2.0), hit("b.py", 1), hit("a.py", 1, 5, 1.0)]}
    item = by_path(fuse(lists, {"text": 1.0}, k=40))["a.py"]
    assert item.contribution("text") == Contribution(0, 2.0, 1.0, 1.0 / 41)


def test_dedup_keeps_the_best_chunk_per_file_and_counts_the_folded() -> None:
    lists = {
        "semantic": [hit("a.py", 40, 60), hit("b.py", 1, 9), hit("a.py", 1, 20), hit("a.py", 70, 80)],
        "text": [hit("a.py", 1, 20)],
    }
    weights = {"semantic": 0.5, "text": 0.5}
    ranked = fuse(lists, weights, k=40, siblings=math.inf)
    assert [(i.key, i.folded) for i in ranked] == [(("a.py", 1, 20), 2), (("b.py", 1, 9), 0)]
    everything = fuse(lists, weights, k=40, dedup_per_file=False)
    assert len(everything) == 4 and all(i.folded == 0 for i in everything)
    assert fuse(lists, weights, k=40, file_decay=0.0, siblings=math.inf)[0].score == max(i.score for i in everything)
    # The file's two other chunks credit it, the semantic engine's better one half, the next a quarter.
    assert ranked[0].credits == (("semantic", 0.5 / 41 * FILE_DECAY + 0.5 / 44 * FILE_DECAY**2),)
    assert ranked[0].score == ranked[0].rederived_score() == 0.5 / 43 + 0.5 / 41 + ranked[0].file_credit


def test_a_file_is_shown_by_the_chunk_the_engines_agree_on() -> None:
    # The semantic engine prefers a sibling (a.py:40-60); the text engine votes for a.py:1-20,
    # which the semantic engine also found: their agreement picks the chunk a user is shown.
    lists = {
        "semantic": [hit("a.py", 40, 60), hit("b.py", 1, 9), hit("a.py", 1, 20)],
        "text": [hit("a.py", 1, 20)],
    }
    ranked = fuse(lists, {"semantic": 0.5, "text": 0.2}, k=40, siblings=math.inf)
    assert [(i.key, i.folded) for i in ranked] == [(("a.py", 1, 20), 1), (("b.py", 1, 9), 0)]
    assert all(i.score == i.rederived_score() for i in ranked)
    alone = fuse({"semantic": lists["semantic"]}, {"semantic": 0.5}, k=40, siblings=math.inf)
    assert alone[0].key == ("a.py", 40, 60)  # without the vote, the semantic engine's first choice


def test_one_weak_vote_does_not_overturn_the_leading_engines_choice_in_a_file() -> None:
    # The semantic engine ranks a.py:1-20 first; a.py:40-60 comes 3rd there, and one text vote
    # far down its list (rank 80) gives it a blend under 10 % higher: the leading
    # engine's choice stands. A text vote at its top is a real preference and wins.
    semantic = [hit("a.py", 1, 20), hit("b.py", 1, 9), hit("a.py", 40, 60)]
    filler = [hit(f"z{i}.py", 1, 2) for i in range(80)]
    weak = fuse({"semantic": semantic, "text": [*filler, hit("a.py", 40, 60)]}, {"semantic": 0.5, "text": 0.2}, k=40, siblings=math.inf)
    shown = {i.key[0]: i.key for i in weak}
    assert shown["a.py"] == ("a.py", 1, 20)
    strong = fuse({"semantic": semantic, "text": [hit("a.py", 40, 60)]}, {"semantic": 0.5, "text": 0.2}, k=40, siblings=math.inf)
    assert {i.key[0]: i.key for i in strong}["a.py"] == ("a.py", 40, 60)
    assert all(i.score == i.rederived_score() for i in weak + strong)
    assert [i.score for i in weak] == sorted((i.score for i in weak), reverse=True)


def test_centrality_does_not_choose_the_chunk_shown_for_a_file() -> None:
    # a.py:50-60 is a hub (boost 1.5) the question is not about; the engine ranked a.py:1-20 first.
    lists = {"semantic": [hit("a.py", 1, 20), hit("a.py", 50, 60), hit("b.py", 1, 9)]}
    hub = {("a.py", 50, 60): 100.0}
    ranked = fuse(lists, {"semantic": 0.5}, k=40, centrality=lambda h: hub.get(span_of(h), 0.0),
                  siblings=math.inf)
    assert [(i.key, i.folded) for i in ranked] == [(("a.py", 1, 20), 1), (("b.py", 1, 9), 0)]
    everything = fuse(lists, {"semantic": 0.5}, k=40, centrality=lambda h: hub.get(span_of(h), 0.0),
                      dedup_per_file=False)
    assert everything[0].key == ("a.py", 50, 60)  # the boost alone would have shown the hub
    hub_part = 0.5 / 42 * BOOST_CAP  # the hub's own contribution, boost inside, credits the file
    assert ranked[0].score == ranked[0].rederived_score() == 0.5 / 41 + hub_part * FILE_DECAY


def test_ties_are_broken_by_path_then_line() -> None:
    lists = {"semantic": [hit("b.py", 5)], "text": [hit("a.py", 9)], "structural": [hit("a.py", 2)]}
    ranked = fuse(lists, {"semantic": 0.3, "text": 0.3, "structural": 0.3}, k=40, dedup_per_file=False)
    assert [i.key for i in ranked] == [("a.py", 2, 2), ("a.py", 9, 9), ("b.py", 5, 5)]


def test_empty_input_fuses_to_nothing() -> None:
    assert fuse({}, {}, k=40) == []
    assert fuse({"text": []}, {"text": 1.0}, k=40) == []


# ---------------------------------------------------------------------------------------------
# Explanation.


def test_to_dict_is_the_explanation_shape() -> None:
    lists = {"semantic": [hit("vendor/a.py", 3, 9, 0.5, symbol="f")], "text": []}
    (item,) = fuse(lists, {"semantic": 0.5, "text": 0.2}, k=40, centrality=lambda h: 1.0)
    assert item.to_dict() == {
        "path": "vendor/a.py",
        "start_line": 3,
        "end_line": 9,
        "symbol": "f",
        "kind": None,
        "score": item.score,
        "modalities": {
            "semantic": {"rank": 0, "score": 0.5, "weight": 0.5, "contribution": 0.5 / 41 * item.boost},
            "text": None,
        },
        "centrality": 1.0,
        "boost": 1 + 0.3 * math.log(2),
        "demotion": 0.5,
        "folded": 0,
        "file_credit": 0.0,
        "file_credits": {},
        "copies": [],
    }


def test_direct_path_keeps_the_engines_own_order_and_every_hit() -> None:
    hits = [hit("a.py", 3), hit("a.py", 9), hit("vendor/b.py", 1)]
    items = direct("text", hits, 0.9, k=40)
    assert [i.hit for i in items] == hits
    assert [i.score for i in items] == [0.9 / 41, 0.9 / 42, 0.9 / 43]
    assert all(i.rederived_score() == i.score and i.folded == 0 for i in items)
    assert items[0].to_dict()["modalities"] == {
        "text": {"rank": 0, "score": 1.0, "weight": 0.9, "contribution": 0.9 / 41}
    }


paths = st.sampled_from(["a.py", "b.py", "src/c.py", "vendor/d.py", "e.min.js", "f/g.py"])
hits_strategy = st.builds(
    Hit,
    path=paths,
    start_line=st.integers(1, 30),
    end_line=st.integers(30, 60),
    score=st.floats(-1e6, 1e6, allow_nan=False),
)
lists_strategy = st.dictionaries(
    st.sampled_from(MODALITIES), st.lists(hits_strategy, max_size=25), max_size=4
)
weights_strategy = st.fixed_dictionaries({m: st.floats(0.0, 1.0, allow_nan=False) for m in MODALITIES})


@settings(max_examples=200, deadline=None)
@given(
    lists=lists_strategy,
    weights=weights_strategy,
    k=st.integers(0, 100),
    centralities=st.dictionaries(paths, st.floats(0.0, 1e6, allow_nan=False)),
    dedup=st.booleans(),
    coarse=st.booleans(),
)
def test_scores_rederive_from_the_explanation_and_the_list_is_sorted_by_them(
    lists: dict[str, list[Hit]],
    weights: dict[str, float],
    k: int,
    centralities: dict[str, float],
    dedup: bool,
    coarse: bool,
) -> None:
    locate: Callable[[Hit], ChunkKey] = (lambda h: (h.path, h.start_line // 10, 0)) if coarse else span_of

    def central(h: Hit) -> float:
        return centralities.get(h.path, 0.0)

    ranked = fuse(lists, weights, k, central, locate=locate, dedup_per_file=dedup)
    scores = []
    for item in ranked:
        explained = json.loads(json.dumps(item.to_dict()))  # what a script reading --json sees
        found = [c for c in explained["modalities"].values() if c is not None]
        assert found, "every item was found by some engine"
        for c in found:
            assert c["contribution"] == c["weight"] / (k + c["rank"] + 1) * explained["boost"]
        assert explained["boost"] == min(1 + 0.3 * math.log(1 + explained["centrality"]), 1.5)
        assert explained["demotion"] == demotion_for(explained["path"])
        assert sum(explained["file_credits"].values()) == explained["file_credit"]
        total = sum(c["contribution"] for c in found) + explained["file_credit"]
        lift = explained.get("lift", 1.0)  # a confident first answer's factor, shown when not 1
        assert total * explained["demotion"] * lift == explained["score"]
        assert item.rederived_score() == item.score
        scores.append(explained["score"])
    assert scores == sorted(scores, reverse=True)
    if dedup:  # every chunk once: listed, or folded into its file's first (the one credited)
        assert len({i.key for i in ranked}) == len(ranked)
        distinct = {locate(h) for hs in lists.values() for h in hs}
        assert sum(i.folded + 1 for i in ranked) == len(distinct)
        shown = [i.key[0] for i in ranked if i.file_credit > 0.0 or i.folded > 0]
        assert len(shown) == len(set(shown))  # one item per file carries the file: the others, its chunks
        one = fuse(lists, weights, k, central, locate=locate, siblings=math.inf)
        assert len({i.key[0] for i in one}) == len(one)
        assert sum(i.folded + 1 for i in one) == len(distinct)


# ---------------------------------------------------------------------------------------------
# Presets and plans.


def test_presets_match_the_spec() -> None:
    assert (QUICK.modalities, QUICK.strategy) == (("semantic",), "semantic_only")
    assert DEFAULT.modalities == ("semantic", "text", "structural")
    assert (DEFAULT.k, DEFAULT.strategy) == (40, "fused")
    assert (THOROUGH.modalities, THOROUGH.k, THOROUGH.strategy) == (MODALITIES, 60, "fused")
    assert preset_for("thorough") is THOROUGH
    with pytest.raises(ValueError, match="quick, default, thorough"):
        preset_for("fast")


def test_confident_ordinary_queries_take_the_direct_path_to_the_dominant_engine() -> None:
    cases = {
        "def parse_config": "structural",
        "who calls parse_config": "graph",  # the graph supplies the direct path even on default
        "blast radius of parse_config": "graph",
        '"ECONNREFUSED"': "text",
        "where is parse_config defined": "structural",
    }
    for query, modality in cases.items():
        chosen = plan(classify(query), "default", ordinary=True)
        assert (chosen.strategy, chosen.modalities) == ("direct", (modality,)), query


def test_unsure_or_unordinary_queries_fuse_the_presets_weighted_engines() -> None:
    unsure = classify("how does authentication work")
    assert plan(unsure, DEFAULT).modalities == ("semantic", "text", "structural")
    assert plan(unsure, THOROUGH).modalities == MODALITIES
    assert plan(unsure, THOROUGH).k == 60
    assert (plan(unsure, QUICK).strategy, plan(unsure, QUICK).modalities) == ("semantic_only", ("semantic",))
    sure = classify("who calls parse_config")
    assert plan(sure, DEFAULT, ordinary=False).strategy == "fused"
    assert plan(Intent("impact_analysis", 0.84), DEFAULT).modalities == ("semantic", "text", "structural")


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("confidence", [0.4, 0.85, 0.95])
@pytest.mark.parametrize("ordinary", [True, False])
def test_exact_match_never_runs_semantic_and_direct_runs_one_engine(
    preset: str, confidence: float, ordinary: bool
) -> None:
    for name in INTENTS:
        chosen = plan(Intent(name, confidence), preset, ordinary)
        assert chosen.modalities, chosen
        assert all(WEIGHTS[name].get(m) > 0 for m in chosen.modalities)  # a zero weight never runs
        if name == "exact_match":
            assert "semantic" not in chosen.modalities
        if chosen.strategy == "direct":
            assert chosen.modalities == (WEIGHTS[name].dominant(),)
        if confidence >= 0.85 and ordinary:
            assert chosen.strategy == "direct"


def test_quick_preset_on_exact_match_goes_straight_to_text() -> None:
    chosen = plan(Intent("exact_match", 0.5), QUICK, ordinary=False)
    assert (chosen.strategy, chosen.modalities) == ("direct", ("text",))


def test_plan_to_dict_is_the_query_explanation() -> None:
    chosen = plan(classify("how does authentication work"), "default")
    assert chosen.to_dict() == {
        "intent": "understand_code",
        "confidence": 0.75,
        "weights": {"semantic": 0.5, "text": 0.2, "structural": 0.2, "graph": 0.1},
        "fusion_strategy": "fused",
        "modalities": ["semantic", "text", "structural"],
        "preset": "default",
        "k": 40,
    }
    with pytest.raises(ValueError, match="unknown intent"):
        plan(Intent("nope", 0.9), "default")


# ---------------------------------------------------------------------------------------------
# Several functions of one file (issue 16: a function asked for behind a sibling).


def test_a_sibling_nearly_as_relevant_is_listed_on_its_own_score() -> None:
    # Both engines find two functions of a.py, the semantic engine a.py:40-60 first, the text
    # engine a.py:1-20 first: one chunk per file would hide one of them behind the other.
    lists = {
        "semantic": [hit("a.py", 40, 60), hit("a.py", 1, 20), hit("b.py", 1, 9), hit("a.py", 70, 80)],
        "text": [hit("a.py", 1, 20), hit("a.py", 40, 60)],
    }
    weights = {"semantic": 0.5, "text": 0.2}
    one = fuse(lists, weights, k=40, siblings=math.inf)
    assert [(i.key, i.folded) for i in one] == [(("a.py", 40, 60), 2), (("b.py", 1, 9), 0)]
    both = fuse(lists, weights, k=40, siblings=0.8)
    assert [(i.key, i.folded) for i in both] == [(("a.py", 40, 60), 1), (("a.py", 1, 20), 0), (("b.py", 1, 9), 0)]
    # The file still ranks by its shown chunk and the credit of all its other chunks; the sibling
    # by its own votes alone, so the explanation re-derives every score.
    assert both[0].score == one[0].score
    assert both[1].score == 0.5 / 42 + 0.2 / 41 and both[1].file_credit == 0.0
    assert all(i.score == i.rederived_score() for i in both)
    # As shipped, the function the text engine ranks first is on the page, below its file.
    assert [i.key for i in fuse(lists, weights, k=40)][:2] == [("a.py", 40, 60), ("a.py", 1, 20)]
    # a.py:70-80 (one low semantic vote) stays folded: it is far less relevant than the shown chunk.
    assert ("a.py", 70, 80) not in [i.key for i in fuse(lists, weights, k=40, siblings=0.7)]


# ---------------------------------------------------------------------------------------------
# A confident first answer (issue 16: a clear semantic answer outvoted by a file's many chunks).


def confident_lists(gap: float) -> dict[str, list[Hit]]:
    """b.py holds one function the semantic engine ranks first, ``gap`` above its second hit; a.py
    holds the next three, whose file credit outranks b.py."""
    top = 3.0
    return {
        "semantic": [hit("b.py", 1, 9, score=top), hit("a.py", 1, 20, score=top - gap),
                     hit("a.py", 21, 40, score=top - gap - 0.1), hit("a.py", 41, 60, score=top - gap - 0.2),
                     *far(top - gap - 1)],
        "text": [],
    }


def far(below: float) -> list[Hit]:
    """Enough weak semantic hits, one per file, for the list's first hit to be judged confident."""
    return [hit(f"far/{i}.py", 1, 5, score=below - i) for i in range(CONFIDENT_MIN_HITS)]


def files(items: list[Fused]) -> list[str]:
    """The files of a fused list in the order they first appear."""
    return list(dict.fromkeys(i.key[0] for i in items))


WEIGHTS_UNDERSTAND = {"semantic": 0.5, "text": 0.2, "structural": 0.2}


def test_a_confident_first_answer_is_lifted_above_a_credited_file() -> None:
    close = fuse(confident_lists(CONFIDENT_GAP / 2), WEIGHTS_UNDERSTAND, k=40)
    assert files(close)[:2] == ["a.py", "b.py"] and all(i.lift == 1.0 for i in close)
    clear = fuse(confident_lists(CONFIDENT_GAP), WEIGHTS_UNDERSTAND, k=40)
    assert files(clear)[:2] == ["b.py", "a.py"]
    assert by_path(clear)["a.py"].score == by_path(close)["a.py"].score  # a.py itself is unchanged
    lifted = by_path(clear)["b.py"]
    assert lifted.lift == CONFIDENT_LIFT and by_path(clear)["a.py"].lift == 1.0
    assert lifted.score == 0.5 / 41 * CONFIDENT_LIFT == lifted.rederived_score()
    assert lifted.to_dict()["lift"] == CONFIDENT_LIFT and "lift" not in by_path(clear)["a.py"].to_dict()
    # Among a handful of proposals any first hit stands apart: no lift.
    few = confident_lists(CONFIDENT_GAP)
    few["semantic"] = few["semantic"][:4]
    assert files(fuse(few, WEIGHTS_UNDERSTAND, k=40))[:2] == ["a.py", "b.py"]


def test_a_confident_first_answer_shows_its_file_and_only_the_semantic_engine_is_trusted_so() -> None:
    # The text engine votes for a.py:1-20, so the blend prefers it in a.py; the semantic engine's
    # clear first answer a.py:41-60 shows the file instead.
    lists = {"semantic": [hit("a.py", 41, 60, score=5.0), hit("a.py", 1, 20, score=2.0), *far(1.0)],
             "text": [hit("a.py", 1, 20)]}
    shown = fuse(lists, WEIGHTS_UNDERSTAND, k=40)[0]
    assert shown.key == ("a.py", 41, 60) and shown.lift == CONFIDENT_LIFT
    # The structural engine's score is a match tier, not a similarity: its gap lifts nothing.
    structural = {"structural": [hit("b.py", 1, 9, score=5.0), hit("a.py", 1, 20, score=2.0), *far(1.0)],
                  "semantic": [hit("a.py", 1, 20)]}
    assert all(i.lift == 1.0 for i in fuse(structural, WEIGHTS["find_definition"], k=40))


def test_a_demoted_confident_first_answer_is_not_lifted_above_own_code() -> None:
    """The semantic engine's clear first answer in a test file (demoted) gets no lift: a lift of 2
    would undo a demotion of 0.5 and put the test above the package's own code."""
    lists = confident_lists(CONFIDENT_GAP)
    lists = {"semantic": [hit("tests/b.py", 1, 9, score=3.0), *lists["semantic"][1:]], "text": []}
    fused = fuse(lists, WEIGHTS_UNDERSTAND, k=40, demotion=lambda path: 0.5 if path.startswith("tests/") else 1.0)
    test = by_path(fused)["tests/b.py"]
    assert test.lift == 1.0 and test.demotion == 0.5
    assert files(fused).index("a.py") < files(fused).index("tests/b.py")
    undemoted = fuse(confident_lists(CONFIDENT_GAP), WEIGHTS_UNDERSTAND, k=40)
    assert by_path(undemoted)["b.py"].lift == CONFIDENT_LIFT
