"""The semantic retriever over a store: Hamming candidates, cosine rescoring, hits from chunks."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from maguyva_tui.core.embed.codes import pack
from maguyva_tui.core.embed.store import VectorStore, content_hash
from maguyva_tui.core.retrievers.semantic import SemanticRetriever
from maguyva_tui.core.types import Chunk, Query, QueryError, Retriever

DIM = 64


class TableProvider:
    """Vectors looked up in a table; embedding documents is an error (the retriever must not do it)."""

    def __init__(self, table: dict[str, np.ndarray], stores_floats: bool = True) -> None:
        self.id = f"table:model:{DIM}"
        self.dim = DIM
        self.stores_floats = stores_floats
        self.table = table
        self.queries: list[str] = []

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        raise AssertionError("the retriever embedded documents")

    def embed_query(self, text: str) -> np.ndarray:
        self.queries.append(text)
        return self.table[text]


def unit(v: np.ndarray) -> np.ndarray:
    return (v / np.linalg.norm(v)).astype(np.float32)


@pytest.fixture()
def world(tmp_path: Path):
    """Six chunks, five embedded; the query vector is a blend of chunk 2 (mostly) and chunk 4."""
    rng = np.random.default_rng(3)
    texts = [f"def f{i}(): ..." for i in range(6)]
    vectors = [unit(rng.standard_normal(DIM)) for _ in texts]
    chunks = [(Chunk(f"src/m{i}.py", 10 * i + 1, 10 * i + 5, "function", f"f{i}", "python"), content_hash(t))
              for i, t in enumerate(texts)]
    query = unit(0.9 * vectors[2] + 0.4 * vectors[4] + 0.05 * rng.standard_normal(DIM))
    table = {"where is f2": query}
    return texts, vectors, chunks, table


def fill(tmp_path: Path, provider: TableProvider, texts, vectors, skip: int | None = 5) -> VectorStore:
    store = VectorStore.for_provider(tmp_path, provider)
    keep = [i for i in range(len(texts)) if i != skip]
    values = np.stack([vectors[i] for i in keep])
    store.add([content_hash(texts[i]) for i in keep], values if provider.stores_floats else np.sign(values))
    return store


def test_hits_are_ranked_by_cosine_and_carry_the_chunk(tmp_path: Path, world) -> None:
    texts, vectors, chunks, table = world
    provider = TableProvider(table)
    retriever: Retriever = SemanticRetriever(provider, fill(tmp_path, provider, texts, vectors), chunks)
    assert retriever.name == "semantic"
    hits = retriever.search(Query("where is f2"), limit=3)
    assert [h.symbol for h in hits[:2]] == ["f2", "f4"]
    first = hits[0]
    assert (first.path, first.start_line, first.end_line, first.kind, first.language) == (
        "src/m2.py", 21, 25, "function", "python")
    expected = float(np.dot(vectors[2].astype(np.float16).astype(np.float32), table["where is f2"]))
    assert first.score == pytest.approx(expected, abs=2e-3)
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    distance = int(np.unpackbits(pack(vectors[2]) ^ pack(table["where is f2"])).sum())
    assert first.reason == f"hamming {distance}/{DIM}, cosine {first.score:.2f}"
    assert provider.queries == ["where is f2"]


def test_only_embedded_chunks_are_searched_and_coverage_says_so(tmp_path: Path, world) -> None:
    texts, vectors, chunks, table = world
    provider = TableProvider(table)
    retriever = SemanticRetriever(provider, fill(tmp_path, provider, texts, vectors), chunks)
    hits = retriever.search(Query("where is f2"), limit=10)
    assert len(hits) == 5 and "f5" not in {h.symbol for h in hits}
    assert retriever.coverage == pytest.approx(5 / 6)


def test_a_store_growing_later_does_not_change_a_built_retriever(tmp_path: Path, world) -> None:
    texts, vectors, chunks, table = world
    provider = TableProvider(table)
    store = fill(tmp_path, provider, texts, vectors)
    retriever = SemanticRetriever(provider, store, chunks)
    store.add([content_hash(texts[5])], vectors[5][None])
    assert len(retriever.search(Query("where is f2"), limit=10)) == 5
    assert len(SemanticRetriever(provider, store, chunks).search(Query("where is f2"), limit=10)) == 6


def test_codes_only_provider_rescores_against_signs(tmp_path: Path, world) -> None:
    texts, vectors, chunks, table = world
    provider = TableProvider(table, stores_floats=False)
    store = fill(tmp_path, provider, texts, vectors)
    assert store.floats is None
    hits = SemanticRetriever(provider, store, chunks).search(Query("where is f2"), limit=5)
    signs = np.sign(vectors[2])
    expected = float(signs @ table["where is f2"] / np.linalg.norm(signs))
    assert hits[0].symbol == "f2" and hits[0].score == pytest.approx(expected, abs=1e-5)


def test_limit_and_rescore_depth(tmp_path: Path, world) -> None:
    texts, vectors, chunks, table = world
    provider = TableProvider(table)
    store = fill(tmp_path, provider, texts, vectors)
    assert len(SemanticRetriever(provider, store, chunks, rescore=1).search(Query("where is f2"), 3)) == 3
    assert SemanticRetriever(provider, store, chunks).search(Query("where is f2"), 0) == []


def test_empty_query_and_empty_index(tmp_path: Path, world) -> None:
    texts, vectors, chunks, table = world
    provider = TableProvider(table)
    store = fill(tmp_path, provider, texts, vectors)
    with pytest.raises(QueryError):
        SemanticRetriever(provider, store, chunks).search(Query("   "), 5)
    empty = SemanticRetriever(provider, store, [])
    assert empty.search(Query("where is f2"), 5) == [] and empty.coverage == 1.0
    assert provider.queries == []  # nothing to search: the model is not called


def test_a_store_of_another_provider_is_refused(tmp_path: Path, world) -> None:
    texts, vectors, chunks, table = world
    with pytest.raises(ValueError):
        SemanticRetriever(TableProvider(table), VectorStore(tmp_path, "other:model:64", DIM), chunks)


def test_local_model_finds_code_by_meaning(tmp_path: Path) -> None:
    """End to end with the real MiniLM: a natural-language question finds the right function."""
    from maguyva_tui.core.embed.minilm import MiniLMProvider, model_dir
    from maguyva_tui.core.embed.progressive import embed_pending
    from maguyva_tui.core.embed.provider import ProviderError

    try:
        model_dir()
    except ProviderError as error:
        pytest.skip(str(error))
    sources = {
        "read_lines": "def read_lines(path):\n    with open(path) as handle:\n        return handle.readlines()",
        "send_mail": "def send_mail(to, body):\n    smtp = smtplib.SMTP(HOST)\n    smtp.sendmail(FROM, to, body)",
        "mean": "def mean(values):\n    return sum(values) / len(values)",
        "parse_date": "def parse_date(text):\n    return datetime.strptime(text, '%Y-%m-%d')",
    }
    provider = MiniLMProvider()
    store = VectorStore.for_provider(tmp_path, provider)
    chunks = [(Chunk(f"{name}.py", 1, 3, "function", name, "python"), content_hash(src))
              for name, src in sources.items()]
    embed_pending(store, provider, [(content_hash(src), src) for src in sources.values()])
    retriever = SemanticRetriever(provider, store, chunks)
    assert retriever.search(Query("send an email message"), 1)[0].symbol == "send_mail"
    assert retriever.search(Query("average of a list of numbers"), 1)[0].symbol == "mean"


QUESTIONS = ("send a prepared request", "parse cookies from a response header", "retry a connection after a timeout",
             "encode the body of a multipart form", "follow redirects and rebuild authentication",
             "check the ssl certificate", "read the proxy settings from the environment",
             "stream the response content in chunks", "guess the encoding of the text",
             "build the url with query parameters", "basic http authentication",
             "merge session settings with request settings", "decode json from the response",
             "close the connection pool", "raise an error for a bad status code",
             "iterate over the lines of a response", "mount a transport adapter for a prefix",
             "case insensitive dictionary of headers", "quote the path of a url", "digest authentication challenge")


@pytest.mark.slow  # derives the float32 table again: 35 CPU-seconds
def test_the_float16_token_table_ranks_a_real_repository_as_the_float32_one_did(requests_repo: Path) -> None:
    """The static tier's table is cached as float16 and mapped (issue 19); the float32 table it was
    rounded from is derived here again, each model fitted on requests' own chunks as an index does,
    and every chunk ranked for 20 questions: the same top 10, in the same order, and no cosine more
    than 2e-4 apart (measured: 5.6e-5)."""
    from maguyva_tui.core.embed import static
    from maguyva_tui.core.indexer import update_index
    from maguyva_tui.core.semantic_index import embedding_items

    mapped = static.StaticModel.load()
    derived = static.derive()
    assert np.array_equal(mapped.vectors, derived.vectors.astype(np.float16))
    before = static.StaticModel(derived.vectors, mapped.weights, mapped._words.tokenizer, basis=mapped.basis)
    snapshot, _ = update_index(requests_repo)
    texts = [item.text for item in embedding_items(snapshot)]
    ranked = []
    for model in (before, mapped):
        provider = model.provider(model.fit(texts))
        documents = provider.embed_documents(texts)
        documents /= np.maximum(np.linalg.norm(documents, axis=1, keepdims=True), 1e-12)
        ranked.append(np.stack([documents @ provider.embed_query(q) for q in QUESTIONS]))
    assert np.abs(ranked[0] - ranked[1]).max() < 2e-4
    for old, new in zip(*ranked):
        order = np.arange(len(old))
        assert np.lexsort((order, -old))[:10].tolist() == np.lexsort((order, -new))[:10].tolist()
