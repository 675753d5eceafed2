"""The semantic engine ranks the same list whatever page is asked of it: alone (a page up to 150)
and inside a blend (each engine asked for 150), its votes are the order it shows alone."""

from __future__ import annotations

import numpy as np
import pytest

from maguyva_tui.core.embed.store import VectorStore, content_hash
from maguyva_tui.core.plan import MIN_FETCH, fetch_for
from maguyva_tui.core.retrievers import semantic
from maguyva_tui.core.retrievers.semantic import SemanticRetriever, TieredRetriever
from maguyva_tui.core.types import Chunk, Query
from tests.core.test_semantic_tiers import DIM, TableProvider

CHUNKS = 600


@pytest.fixture(scope="module")
def tiers(tmp_path_factory: pytest.TempPathFactory) -> TieredRetriever:
    """600 chunks in both tiers, each tier's vectors drawn apart, so the two tiers disagree and
    their mix depends on each one's scale."""
    root = tmp_path_factory.mktemp("tiers")
    rng = np.random.default_rng(11)
    texts = [f"def f{i}(): ..." for i in range(CHUNKS)]
    chunks = [(Chunk(f"m{i % 40}.py", i, i + 2, "function", f"f{i}", "python"), content_hash(t)) for i, t in enumerate(texts)]
    out = []
    for name in ("static", "model"):
        table = {t: v for t, v in zip(texts, rng.standard_normal((CHUNKS, DIM)).astype(np.float32))}
        table["q"] = (table[texts[7]] + rng.standard_normal(DIM).astype(np.float32)).astype(np.float32)
        provider = TableProvider(name, table)
        store = VectorStore.for_provider(root / name, provider)
        store.add([content_hash(t) for t in texts], np.stack([table[t] for t in texts]))
        out.append(SemanticRetriever(provider, store, chunks))
    return TieredRetriever(out[0], out[1], "mix")


def _ranked(hits: list) -> list[tuple[str | None, float]]:
    return [(h.symbol, round(h.score, 6)) for h in hits]


def test_the_engine_alone_and_in_a_blend_rank_one_list(tiers: TieredRetriever) -> None:
    alone, blend = fetch_for(10)
    assert blend == MIN_FETCH
    whole = _ranked(tiers.search(Query("q"), blend))
    assert _ranked(tiers.search(Query("q"), alone)) == whole[:alone]
    for limit in (1, 10, 99, 100, 101, 149):
        assert _ranked(tiers.search(Query("q"), limit)) == whole[:limit], limit


def test_before_a_lone_page_and_a_blend_ranked_two_lists(tiers: TieredRetriever, monkeypatch: pytest.MonkeyPatch) -> None:
    """What the fix prevents: a lone engine asked for 100 proposals scaled by all of them, a blend
    for 150, and the same chunks ranked in another order."""
    monkeypatch.setattr(semantic, "SCALE_TOP", 10**6)
    monkeypatch.setattr(semantic, "TIER_CANDIDATES", 100)
    alone, blend = fetch_for(10)
    assert _ranked(tiers.search(Query("q"), alone)) != _ranked(tiers.search(Query("q"), blend))[:alone]



def test_a_list_the_static_tier_scored_alone_keeps_its_order_on_a_narrower_scale(
        tiers: TieredRetriever, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before the transformer has any vector (a fresh index), the static tier's clear first answers
    are wrong more often: its z-scores are narrowed, so a blend needs a wider gap to lift one
    (``fusion.CONFIDENT_GAP``); its order stays its own. A list with transformer vectors keeps its scale."""
    alone = TieredRetriever(tiers.static, None, "mix")
    narrowed = _ranked(alone.search(Query("q"), 50))
    both = _ranked(tiers.search(Query("q"), 50))
    scale = semantic.STATIC_ALONE_SCALE
    assert scale < 1.0
    monkeypatch.setattr(semantic, "STATIC_ALONE_SCALE", 1.0)
    wide = _ranked(alone.search(Query("q"), 50))
    assert [name for name, _ in narrowed] == [name for name, _ in wide]
    assert [score for _, score in narrowed] == pytest.approx([score * scale for _, score in wide], abs=1e-5)
    assert _ranked(tiers.search(Query("q"), 50)) == both
