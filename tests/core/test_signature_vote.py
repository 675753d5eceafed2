"""A question describing one function: the blend's first results ranked again by one more vote, the
cosine of the question with each one's kind, name and first line (``fusion.signature_vote``),
by the transformer tier's model; it only reorders what the blend found, and the explanation shows its term.
The ``thorough`` preset's alone (``search.SIGNATURE_PRESETS``: 90-140 ms a question not yet seen)."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence

import pytest

from maguyva_tui.app.session import Answer, Request
from maguyva_tui.app.widgets.explain import explain
from maguyva_tui.core import fusion
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.explain import explain_text
from maguyva_tui.core.fusion import Fused, fuse, signature_vote
from maguyva_tui.core.search import signature_text
from maguyva_tui.core.types import Hit, Ranked, SearchResult, Vote


def _items(count: int) -> list[Fused]:
    hits = [Hit("pkg/mod.py", 10 * i + 1, 10 * i + 9, 1.0 - i / 100, symbol=f"f{i}", kind="function")
            for i in range(count)]
    return fuse({"semantic": hits}, {"semantic": 0.5}, 40, dedup_per_file=False)


def test_the_vote_reorders_the_first_items_only() -> None:
    items = _items(14)
    favoured = {"f1": 1.0, "f12": 2.0}  # f12 lies below the first SIGNATURE_TOP: it gains nothing

    def cosines(head: Sequence[Fused]) -> list[float]:
        return [favoured.get(item.hit.symbol or "", 0.0) for item in head]

    voted = signature_vote(items, cosines)
    assert voted[0].hit.symbol == "f1" and items[0].hit.symbol == "f0" and voted[0].signature_rank == 0 and voted[0].signature_cosine == 1.0
    assert voted[0].signature == pytest.approx(fusion.SIGNATURE_WEIGHT / (fusion.SIGNATURE_K + 1))
    assert all(i.score == pytest.approx(i.rederived_score()) for i in voted)
    assert voted[fusion.SIGNATURE_TOP:] == items[fusion.SIGNATURE_TOP:]  # nothing below them moves or gains
    assert {i.hit.symbol for i in voted[: fusion.SIGNATURE_TOP]} == {i.hit.symbol for i in items[: fusion.SIGNATURE_TOP]}
    assert "signature" in voted[0].to_dict() and "signature" not in items[0].to_dict()


def test_without_a_weight_the_list_is_the_blend_s(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fusion, "SIGNATURE_WEIGHT", 0.0)
    items = _items(5)
    assert signature_vote(items, lambda head: [float(n) for n in range(len(head))]) is items


def test_a_signature_is_the_kind_the_name_and_the_defining_line() -> None:
    lines = ["@cached", "    # the key's hash", "    def most_common(self, n=None):", "        return n"]
    assert signature_text("method", "Counter.most_common", "c.py", lines) == \
        "method Counter.most_common\ndef most_common(self, n=None):"
    assert signature_text("function", "parse", "p.go", ["func parse(s string) int {"]) == \
        "function parse\nfunc parse(s string) int {"
    assert signature_text(None, None, "notes.md", ["", "Some prose"]) == "window notes.md\nSome prose"


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    root = tmp_path_factory.mktemp("repo")
    (root / "counter.py").write_text(
        "class Counter:\n"
        "    def __init__(self):\n        self.counts = {}\n\n"
        "    def add(self, key):\n        self.counts[key] = self.counts.get(key, 0) + 1\n\n"
        "    def most_common(self, n=None):\n"
        "        ordered = sorted(self.counts.items(), key=lambda kv: -kv[1])\n"
        "        return ordered if n is None else ordered[:n]\n\n"
        "    def total(self):\n        return sum(self.counts.values())\n")
    (root / "cache.py").write_text(
        "def evict_oldest(cache, limit):\n    while len(cache) > limit:\n        cache.pop(next(iter(cache)))\n")
    found = Engine(root, tmp_path_factory.mktemp("index"), static=True)
    found.embed_pending()  # the transformer tier's vectors: the vote embeds with its model
    yield found
    found.close()


QUESTION = "Get the top n keys and their counts as tuples, most common first."


def test_a_description_s_results_carry_the_vote_and_the_explanation_says_it(engine: Engine) -> None:
    result = engine.search(QUESTION, limit=10, preset="thorough")
    assert result.rule == "function_description" and result.fusion_strategy not in ("direct", "single")
    voted = [r for r in result.results if r.signature]
    assert voted and len(voted) <= fusion.SIGNATURE_TOP
    first = voted[0]
    assert first.signature == pytest.approx(fusion.SIGNATURE_WEIGHT / (fusion.SIGNATURE_K + first.signature_rank + 1))
    said = json.loads(json.dumps(first.to_json()))["signature"]
    assert said == {"rank": first.signature_rank, "cosine": pytest.approx(first.signature_cosine),
                    "contribution": pytest.approx(first.signature)}
    text = explain_text(result)
    assert "signature  rank" in text and "its kind, name and first line against the question" in text
    assert f"+ signature {first.signature:.6f} = {first.score:.6f}" in text
    short = engine.search(QUESTION, limit=2, preset="thorough")  # a shorter page is the first part of a longer one
    assert [r.to_json() for r in short.results] == [r.to_json() for r in result.results[:2]]


def test_the_default_preset_s_page_carries_no_vote(engine: Engine) -> None:
    """The default preset answers each keystroke in the explorer: no model runs for the vote."""
    assert fusion.SIGNATURE_WEIGHT > 0.0
    result = engine.search(QUESTION, limit=10)
    assert result.rule == "function_description"
    assert all(r.signature == 0.0 and "signature" not in r.to_json() for r in result.results)
    assert "signature" not in explain_text(result)


def test_a_name_or_one_engine_s_list_gets_no_vote(engine: Engine) -> None:
    thorough = {"preset": "thorough"}
    for question, options in (("most_common", thorough), ("Counter.most_common", thorough), (QUESTION, {"preset": "quick"}),
                              ("where is the cache evicted", thorough)):
        result = engine.search(question, limit=10, **options)
        assert all(r.signature == 0.0 and r.signature_rank == -1 for r in result.results), question
        assert "signature" not in explain_text(result)


def test_the_why_panel_adds_the_vote_to_the_score() -> None:
    vote = Vote(2, 0.61, 0.9, 0.9 / 43, "static cosine 0.61")
    signature = fusion.SIGNATURE_WEIGHT / (fusion.SIGNATURE_K + 1)
    one = Ranked("counter.py", 8, 10, "Counter.most_common", "method", "python", 0.9 / 43 + signature, "",
                 (("semantic", vote),), signature=signature, signature_rank=0, signature_cosine=0.57)
    result = SearchResult(QUESTION, "(semantic)", "understand_code", 0.9, None, "function_description",
                          (("semantic", 0.9),), "rrf", "default", 40, ("semantic",), (), 1.0, (), (one,), 0.0)
    answer = Answer.build(Request(QUESTION), result, 0.0)
    panel = explain(answer, answer.rows[0], 0).plain
    assert "signature  + " in panel and "cosine 0.57" in panel
    assert "✓ terms add up" in panel  # the panel's check counts the vote's term


def test_without_the_transformer_s_vectors_no_model_runs_for_it(tmp_path_factory: pytest.TempPathFactory) -> None:
    """A fresh index has the static tier alone: the vote would have to load and run MiniLM for every
    question (a second or more the first time), so it does not vote."""
    root = tmp_path_factory.mktemp("fresh")
    (root / "counter.py").write_text("def most_common(counts, n):\n    return sorted(counts)[:n]\n\n"
                                     "def total(counts):\n    return sum(counts.values())\n")
    fresh = Engine(root, tmp_path_factory.mktemp("index"), static=True)
    try:
        result = fresh.search(QUESTION, limit=10, preset="thorough")
        assert result.rule == "function_description" and result.results
        assert all(r.signature == 0.0 for r in result.results)
    finally:
        fresh.close()
