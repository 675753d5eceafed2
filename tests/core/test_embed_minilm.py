"""The numpy MiniLM forward pass against sentence-transformers' own vectors."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from maguyva_tui.core.embed.minilm import (
    BATCH_TOKENS,
    DIM,
    MAX_TOKENS,
    MODEL_MAX_TOKENS,
    MODEL_SHA256,
    MiniLMProvider,
    model_dir,
    plan_batches,
    single_threaded_blas,
    verify_digest,
)
from maguyva_tui.core.embed.provider import Provider, ProviderError

REFERENCE = Path(__file__).resolve().parents[1] / "data" / "minilm_reference"
"""sentence-transformers' own vectors for twenty texts; how they were made is in its README.md."""
PARITY_TOLERANCE = 1e-4  # sentence-transformers on torch vs numpy: measured 1.7e-7


@pytest.fixture(scope="module")
def provider() -> MiniLMProvider:
    """The model at the length the reference vectors were made with (256 tokens)."""
    try:
        folder = model_dir()
    except ProviderError as error:
        pytest.skip(str(error))
    model = MiniLMProvider(folder, max_tokens=MODEL_MAX_TOKENS)
    model.load()
    return model


@pytest.fixture(scope="module")
def reference() -> tuple[list[str], np.ndarray]:
    texts = json.loads((REFERENCE / "texts.json").read_text("utf-8"))
    return texts, np.load(REFERENCE / "st_vectors.npy")


def test_documents_match_sentence_transformers(provider: MiniLMProvider, reference) -> None:
    texts, expected = reference
    vectors = provider.embed_documents(texts)
    assert vectors.dtype == np.float32 and vectors.shape == expected.shape
    assert np.abs(vectors - expected).max() <= PARITY_TOLERANCE
    assert np.array_equal(vectors > 0, expected > 0)


def test_query_matches_reference_one_at_a_time(provider: MiniLMProvider, reference) -> None:
    texts, expected = reference
    for text, row in zip(texts[:5], expected[:5]):
        vector = provider.embed_query(text)
        assert vector.shape == (DIM,)
        assert np.abs(vector - row).max() <= PARITY_TOLERANCE


def test_order_of_texts_does_not_change_their_vectors(provider: MiniLMProvider, reference) -> None:
    texts = reference[0][:12]
    forward = provider.embed_documents(texts)
    backward = provider.embed_documents(texts[::-1])
    np.testing.assert_allclose(backward[::-1], forward, atol=1e-6)


def test_long_text_is_truncated_at_256_tokens(provider: MiniLMProvider) -> None:
    counts = provider.token_counts(["word " * 1000, "x"])
    assert counts == [MODEL_MAX_TOKENS, 3]  # [CLS] x [SEP]


def test_default_truncation_and_its_vectors(provider: MiniLMProvider, reference) -> None:
    short = MiniLMProvider(provider._folder, max_tokens=64)
    assert short.token_counts(["word " * 1000, "x"]) == [64, 3]
    assert MiniLMProvider().token_counts(["word " * 1000]) == [MAX_TOKENS]
    texts, expected = reference
    fits = [i for i, n in enumerate(provider.token_counts(texts)) if n <= 64]
    assert fits  # texts that fit are embedded exactly as at 256 tokens
    assert np.abs(short.embed_documents([texts[i] for i in fits]) - expected[fits]).max() <= PARITY_TOLERANCE


def test_empty_inputs(provider: MiniLMProvider) -> None:
    assert provider.embed_documents([]).shape == (0, DIM)
    assert np.isclose(np.linalg.norm(provider.embed_query("")), 1.0)


def test_query_cache_returns_a_copy(provider: MiniLMProvider) -> None:
    first = provider.embed_query("open a socket")
    first[:] = 0
    assert np.isclose(np.linalg.norm(provider.embed_query("open a socket")), 1.0)


def test_provider_protocol_and_id() -> None:
    model = MiniLMProvider(max_tokens=MODEL_MAX_TOKENS)
    assert isinstance(model, Provider)
    assert model.id == "local:all-MiniLM-L6-v2:384" and model.stores_floats  # the vectors stores already hold
    others = [MiniLMProvider(approximate_gelu=True), MiniLMProvider(max_tokens=128), MiniLMProvider(max_tokens=64)]
    assert len({model.id, *(m.id for m in others)}) == 4  # another space, another store
    assert MiniLMProvider().id == MiniLMProvider(max_tokens=MAX_TOKENS).id
    with pytest.raises(ValueError):
        MiniLMProvider(max_tokens=MODEL_MAX_TOKENS + 1)


def test_tampered_weights_are_refused(tmp_path: Path) -> None:
    (tmp_path / "model.safetensors").write_bytes(b"not the weights")
    with pytest.raises(ProviderError, match="sha256"):
        MiniLMProvider(tmp_path).load()
    with pytest.raises(ProviderError):
        verify_digest(tmp_path / "model.safetensors", MODEL_SHA256)
    assert MODEL_SHA256.startswith("53aa5117") and MODEL_SHA256.endswith("d9db")


def test_batches_cover_every_text_longest_first() -> None:
    lengths = [5, 300, 2000, 7, 256, 256, 1, 1900]
    batches = plan_batches(lengths, BATCH_TOKENS, workers=2)
    assert sorted(i for batch in batches for i in batch) == list(range(len(lengths)))
    flat = [lengths[i] for batch in batches for i in batch]
    assert flat == sorted(flat, reverse=True)  # runs are contiguous in length order
    assert plan_batches([], BATCH_TOKENS, 2) == [] and plan_batches([9], BATCH_TOKENS, 2) == [[0]]


@pytest.mark.parametrize("workers", [1, 2, 3, 4])
def test_batches_share_the_work_evenly_between_workers(workers: int) -> None:
    rng = np.random.default_rng(workers)
    lengths = rng.integers(3, 257, 32).tolist()  # one call of embed_pending
    batches = plan_batches(lengths, BATCH_TOKENS, workers)
    assert len(batches) % workers == 0
    tokens = [sum(lengths[i] for i in b) for b in batches]
    assert max(tokens) <= 1.5 * BATCH_TOKENS
    assert max(tokens) <= 1.4 * min(tokens) + 256  # within one long text of each other


def test_blas_limit_nests_and_restores() -> None:
    from threadpoolctl import threadpool_info

    before = [p["num_threads"] for p in threadpool_info() if p["user_api"] == "blas"]
    with single_threaded_blas():
        with single_threaded_blas():
            inside = [p["num_threads"] for p in threadpool_info() if p["user_api"] == "blas"]
        still = [p["num_threads"] for p in threadpool_info() if p["user_api"] == "blas"]
    after = [p["num_threads"] for p in threadpool_info() if p["user_api"] == "blas"]
    assert all(n == 1 for n in inside) and all(n == 1 for n in still)
    assert after == before
