"""The two semantic tiers: the static one covers every chunk once the index is built, the
transformer ranks what it covers, and every result says how far each reaches."""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from maguyva_tui.core.embed.store import VectorStore, content_hash
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.explain import explain_text
from maguyva_tui.core.retrievers.semantic import TIER_RULES, SemanticRetriever, TieredRetriever, TierLists, combine
from maguyva_tui.core.semantic_index import STATIC_RECORD, STATIC_WEIGHTS, semantic_folder
from maguyva_tui.core.types import Chunk, Query
from tests.fakes import FakeProvider

DIM = 32


class WordProvider(FakeProvider):
    """Vectors seeded by a text's first word: a query finds the chunks that start with its word."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.id = f"test:{name}:64"

    def seed(self, text: str) -> int:
        return zlib.crc32((text.lower().split()[0] if text.split() else "").encode())


class TableProvider:
    """Vectors from a table; one per text, the query's included."""

    stores_floats = True

    def __init__(self, name: str, table: dict[str, np.ndarray]) -> None:
        self.id = f"table:{name}:{DIM}"
        self.dim = DIM
        self.table = table

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        return np.stack([self.table[t] for t in texts])

    def embed_query(self, text: str) -> np.ndarray:
        return self.table[text]


def unit(v: np.ndarray) -> np.ndarray:
    return (v / np.linalg.norm(v)).astype(np.float32)


# -- the rules ---------------------------------------------------------------------------------


def lists(static_cos: list[float], model_cos: list[float]) -> TierLists:
    """Four candidates; the model has no vector for the last (NaN)."""
    static = np.argsort(-np.array(static_cos), kind="stable")
    model = np.array([i for i in np.argsort(-np.nan_to_num(model_cos, nan=-9), kind="stable") if not np.isnan(model_cos[i])])
    return TierLists(static, model, np.arange(4), np.array(static_cos, np.float32), np.array(model_cos, np.float32),
                     np.array(static_cos, np.float32), np.array([c for c in model_cos if not np.isnan(c)], np.float32))


def test_model_first_lets_the_transformer_decide_where_it_reaches() -> None:
    scores = combine(lists([0.9, 0.8, 0.7, 0.95], [0.1, 0.2, 0.6, np.nan]), "model_first")
    assert list(np.argsort(-scores[:3])) == [2, 1, 0]  # the transformer's order among what it covers
    assert scores[3] > scores[0]  # the uncovered chunk keeps its static standing


def test_every_rule_ranks_every_proposed_chunk_and_rrf_rewards_agreement() -> None:
    both = lists([0.9, 0.5, 0.4, 0.3], [0.8, 0.2, 0.1, np.nan])
    for rule in TIER_RULES:
        scores = combine(both, rule)
        assert int(np.nanargmax(scores)) == 0, rule  # first in both lists: first whatever the rule
    with pytest.raises(ValueError, match="unknown tier rule"):
        combine(both, "vote")


# -- the retriever over both tiers ---------------------------------------------------------------


@pytest.fixture
def tiers(tmp_path: Path) -> tuple[list[tuple[Chunk, str]], dict[str, np.ndarray], dict[str, np.ndarray]]:
    """Six chunks: the static tier has all, the transformer the first three; each tier's query
    points at a different chunk (static at 4, the transformer at 1)."""
    rng = np.random.default_rng(5)
    texts = [f"def f{i}(): ..." for i in range(6)]
    chunks = [(Chunk(f"m{i}.py", 1, 3, "function", f"f{i}", "python"), content_hash(t)) for i, t in enumerate(texts)]
    static = {t: unit(rng.standard_normal(DIM)) for t in texts}
    model = {t: unit(rng.standard_normal(DIM)) for t in texts}
    static["q"] = unit(static[texts[4]] + 0.1 * rng.standard_normal(DIM))
    model["q"] = unit(model[texts[1]] + 0.1 * rng.standard_normal(DIM))
    return chunks, static, model


def retriever(tmp_path: Path, tiers, covered: int, rule: str = "model_first") -> TieredRetriever:
    chunks, static_table, model_table = tiers
    texts = [t for t in static_table if t != "q"]
    out = []
    for name, table, count in (("static", static_table, 6), ("model", model_table, covered)):
        provider = TableProvider(name, table)
        store = VectorStore.for_provider(tmp_path / name, provider)
        if count:
            store.add([content_hash(t) for t in texts[:count]], np.stack([table[t] for t in texts[:count]]))
        out.append(SemanticRetriever(provider, store, chunks))
    return TieredRetriever(out[0], out[1], rule)


def test_the_static_tier_alone_answers_before_the_transformer_has_any_vector(tmp_path: Path, tiers) -> None:
    hits = retriever(tmp_path, tiers, covered=0).search(Query("q"), 3)
    assert hits[0].symbol == "f4" and "cosine" in (hits[0].reason or "")


def test_the_transformer_ranks_what_it_covers_and_the_reason_names_both_tiers(tmp_path: Path, tiers) -> None:
    hits = retriever(tmp_path, tiers, covered=3).search(Query("q"), 6)
    names = [h.symbol for h in hits]
    assert set(names) == {f"f{i}" for i in range(6)}
    assert names.index("f1") < names.index("f0") and names.index("f1") < names.index("f2")
    reasons = {h.symbol: h.reason or "" for h in hits}
    assert "static cosine" in reasons["f1"] and "transformer cosine" in reasons["f1"]
    assert "no transformer vector yet" in reasons["f5"]


# -- the engine: the static tier at index time, coverage per tier, the notice ------------------------


@pytest.fixture
def engine(polyglot: Path) -> Engine:
    e = Engine(polyglot, provider=WordProvider("model"))
    e.refresh()
    return e


def test_a_refresh_covers_every_chunk_with_the_static_tier_and_none_with_the_transformer(engine: Engine) -> None:
    assert engine.semantic_tiers() == {"static": 1.0, "transformer": 0.0}
    assert engine.semantic_coverage() == 1.0
    assert engine.provider.documents == 0  # the transformer never ran


def test_a_search_by_meaning_ranks_by_the_static_tier_and_says_the_transformer_is_partial(engine: Engine) -> None:
    result = engine.search("how does the config loader read files", preset="quick")
    data = result.to_json()
    assert data["semantic_coverage"] == 1.0 and data["semantic_tiers"] == {"static": 1.0, "transformer": 0.0}
    assert data["results"] and all("static cosine" in r["modalities"]["semantic"]["reason"] for r in data["results"])
    said = [n for n in data["notices"] if "transformer tier" in n]
    assert len(said) == 1 and "0%" in said[0]
    assert "100% of chunks rankable (static 100% · transformer 0%)" in explain_text(result)
    assert not [n for n in engine.search("parse_config", modality="text").notices if "tier" in n]
    engine.embed_pending()
    full = engine.search("how does the config loader read files", preset="quick").to_json()
    assert full["semantic_tiers"] == {"static": 1.0, "transformer": 1.0}
    assert not [n for n in full["notices"] if "tier" in n]


def test_the_static_weights_are_fitted_once_reused_by_updates_and_refitted_by_a_rebuild(
    engine: Engine, polyglot: Path
) -> None:
    folder = semantic_folder(engine.snapshot)
    first = engine.static_store().provider_id
    assert (folder / STATIC_WEIGHTS).is_file() and first.startswith("static:")
    (polyglot / "app" / "extra.py").write_text("def fresh_helper():\n    return 'brand new words here'\n")
    engine.refresh()
    assert engine.static_store().provider_id == first and engine.semantic_tiers()["static"] == 1.0
    rebuilt = Engine(polyglot, provider=WordProvider("model"))
    for generation in folder.parent.glob("g-*"):
        (generation / "manifest.json").write_text("{broken")  # the next build starts from scratch
    summary = rebuilt.refresh()
    assert summary.reused == 0 and rebuilt.semantic_tiers()["static"] == 1.0
    second = rebuilt.static_store().provider_id
    assert second != first  # fitted on other chunks: other weights, another store
    stores = [p.name for p in folder.iterdir() if p.is_dir() and p.name.startswith("static")]
    assert len(stores) == 1 and (folder / STATIC_RECORD).is_file()  # the old weights' store is gone


def test_without_the_static_tier_coverage_waits_for_the_transformer(polyglot: Path) -> None:
    e = Engine(polyglot, provider=WordProvider("model"), static=False)
    e.refresh()
    assert e.semantic_tiers() == {"static": 0.0, "transformer": 0.0}
    result = e.search("how does the config loader read files", preset="quick")
    assert not result.results and any("0% of chunks can be ranked" in n for n in result.notices)
    e.embed_pending()
    assert e.semantic_coverage() == 1.0


def test_a_refresh_without_semantic_leaves_the_tiers_alone(polyglot: Path) -> None:
    e = Engine(polyglot, provider=WordProvider("model"))
    summary = e.refresh(semantic=False)
    assert e.semantic_tiers()["static"] == 0.0 and "static" not in summary.phases
    summary = e.refresh()
    assert summary.phases["static"] >= 0 and summary.embedded["static"]["new"] > 0


def test_embedding_items_read_each_file_once_and_give_the_texts_embedding_text_gives(tmp_path: Path) -> None:
    from maguyva_tui.core.indexer import update_index
    from maguyva_tui.core.semantic_index import ChunkTexts, embedding_items, embedding_keys, embedding_text

    root = tmp_path / "crlf"
    root.mkdir()
    (root / "a.py").write_bytes(b"def one():\r\n    return 1\r\n\r\ndef two():\r\n    x = '\r'\r\n    return 2\r")
    (root / "b.py").write_text("class B:\n    def m(self):\n        return 'b'\n" + "\n".join(f"# {i}" for i in range(90)))
    snapshot, _ = update_index(root, tmp_path / "ix")
    items = embedding_items(snapshot)
    assert len(items) >= 3
    assert [i.text for i in items] == [embedding_text(snapshot, i.chunk) for i in items]
    assert embedding_keys(snapshot) == [(i.chunk, i.key) for i in items]  # the same, no text kept
    lazy = ChunkTexts(snapshot, [i.chunk for i in reversed(items)])
    assert list(lazy) == lazy[:] == [lazy[k] for k in range(len(lazy))] == [i.text for i in reversed(items)]
    assert lazy.texts([2, 0]) == [items[-3].text, items[-1].text]


def test_the_static_fill_makes_each_batchs_texts_and_embeds_what_embedding_items_gives(
    polyglot: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import maguyva_tui.core.semantic_index as semantic_index

    class Batches(WordProvider):
        def __init__(self) -> None:
            super().__init__("static")
            self.batches: list[list[str]] = []

        def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
            self.batches.append(list(texts))
            return super().embed_documents(texts)

    def never(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("every chunk's embedding text was made at once")

    every = semantic_index.embedding_items
    monkeypatch.setattr(semantic_index, "embedding_items", never)
    monkeypatch.setattr(semantic_index, "STATIC_BATCH", 3)
    static = Batches()
    e = Engine(polyglot, provider=WordProvider("model"), static=static)
    e.refresh()
    assert e.semantic_tiers()["static"] == 1.0 and e._static_error is None
    items = every(e.snapshot, lambda c: e.snapshot.centrality.at(c.path, c.start_line, c.end_line))
    first = list(dict.fromkeys(i.key for i in items))
    texts = {i.key: i.text for i in reversed(items)}
    assert len(static.batches) > 1 and all(len(batch) <= 3 for batch in static.batches)
    assert [t for batch in static.batches for t in batch] == [texts[k] for k in first]  # in order, each once
    store = e.static_store()
    assert store is not None and store._all_keys().tolist() == first
    assert list(semantic_index.read_census(e.snapshot) or []) == first
    table = semantic_index.read_chunk_table(e.snapshot)
    assert table is not None and list(table) == [(i.chunk, i.key) for i in items]


def test_an_unchanged_repository_refreshes_without_loading_the_static_model(
    engine: Engine, polyglot: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import maguyva_tui.core.semantic_index as semantic_index

    def refuse(*_: object, **__: object) -> None:
        raise AssertionError("the static model was loaded")

    monkeypatch.setattr(semantic_index, "static_model", refuse)
    again = Engine(polyglot, provider=WordProvider("model"))  # a new process, as `maguyva search` is
    summary = again.refresh()
    assert summary.embedded["static"]["new"] == 0 and again.semantic_tiers()["static"] == 1.0
    assert again._static_error is None


def test_the_live_index_and_the_mcp_answer_report_both_tiers(polyglot: Path) -> None:
    from maguyva_tui.core.live import LiveIndex
    from maguyva_tui.mcp.answers import search_answer

    live = LiveIndex(Engine(polyglot, provider=WordProvider("model")), embed=False)
    summary = live.refresh()
    assert live.status.tiers == (("static", 1.0), ("transformer", 0.0))
    assert {"index", "static"} <= set(summary.phases)
    answer = search_answer(live.engine, "how does the config loader read files", preset="quick")
    assert answer["semantic_coverage"] == 1.0 and answer["semantic_tiers"] == {"static": 1.0, "transformer": 0.0}
    assert any("transformer tier" in n for n in answer["notices"])
    live.engine.embed_pending()
    done = search_answer(live.engine, "how does the config loader read files", preset="quick")
    assert "semantic_tiers" not in done and "semantic_coverage" not in done  # said only while partial
    live.close()


# -- the census: a later command reads the chunk keys, it does not rebuild them (issue 19.2) ----------


def test_a_second_command_knows_the_tiers_coverage_without_rebuilding_every_chunks_text(
    engine: Engine, polyglot: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine.embed_pending()
    before = engine.semantic_tiers()
    import maguyva_tui.core.semantic_index as semantic_index

    def never(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("every chunk's embedding text was rebuilt")

    monkeypatch.setattr(semantic_index, "embedding_items", never)
    later = Engine(polyglot, provider=WordProvider("model"))
    later.refresh()  # an unchanged repository: the static tier is complete, as the census says
    assert later.semantic_tiers() == before == {"static": 1.0, "transformer": 1.0}
    assert later.search("parse_config", preset="quick").results


def test_a_damaged_census_is_rebuilt_and_a_gone_generations_census_removed(engine: Engine, polyglot: Path) -> None:
    folder = semantic_folder(engine.snapshot)
    census = sorted(folder.glob("keys-*.bin"))
    assert len(census) == 1
    census[0].write_bytes(census[0].read_bytes()[:-5])  # torn
    (folder / "keys-g-0-gone.bin").write_bytes(b"old")
    later = Engine(polyglot, provider=WordProvider("model"))
    later.refresh()
    assert later.semantic_tiers() == {"static": 1.0, "transformer": 0.0}
    (polyglot / "new_module.py").write_text("def brand_new_function():\n    return 1\n")
    later.refresh()  # a new generation writes its census; a generation gone takes its census along
    names = {p.name for p in folder.glob("keys-*.bin")}
    assert f"keys-{later.snapshot.generation.name}.bin" in names and "keys-g-0-gone.bin" not in names
    assert all((engine.snapshot.folder / name[len("keys-") : -len(".bin")]).is_dir() for name in names)



def test_an_answer_carries_the_tiers_of_the_coverage_it_read_once_no_copy_made(
        indexed_polyglot: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A search reads its generation's coverage once for its share and its tiers (it had read it
    again to add them) and adds them to the answer it makes, not to a copy of it."""
    import maguyva_tui.core.engine as engine_module

    engine = Engine(indexed_polyglot)
    expected = engine.coverage(engine.generation)
    read: list[object] = []
    copied: list[object] = []
    coverage, replace = Engine.coverage, engine_module.replace
    monkeypatch.setattr(Engine, "coverage", lambda self, g=None: read.append(g) or coverage(self, g))
    monkeypatch.setattr(engine_module, "replace", lambda *a, **k: copied.append(a) or replace(*a, **k))
    found = engine.search("parse_config", modality="text")
    assert found.results and found.semantic_tiers == expected.tiers() and found.semantic_coverage == expected.any
    assert len(read) == 1 and not copied
