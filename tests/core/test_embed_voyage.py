"""The Voyage provider through a fake client: success, batching, 401, 429, 5xx, timeouts, the key."""

from __future__ import annotations

import logging
import sys
import types
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from maguyva_tui.core.embed.codes import pack
from maguyva_tui.core.embed.minilm import MiniLMProvider
from maguyva_tui.core.embed.progressive import embed_pending
from maguyva_tui.core.embed.provider import Provider, ProviderError, choose_provider
from maguyva_tui.core.embed.store import VectorStore, content_hash
from maguyva_tui.core.embed.voyage import (
    MAX_ATTEMPTS,
    MAX_BATCH_TEXTS,
    QUERY_ATTEMPTS,
    UPLOAD_NOTICE,
    VoyageProvider,
    classify,
    plan_batches,
)

KEY = "pa-SECRET-test-key-0123456789"


class AuthenticationError(Exception):
    """Shaped like voyageai.error.AuthenticationError."""

    http_status = 401


class RateLimitError(Exception):
    http_status = 429


class ServiceUnavailableError(Exception):
    http_status = 503


class Timeout(Exception):
    """voyageai.error.Timeout carries no status."""


def code_bytes(text: str, dim: int) -> list[int]:
    """The ubinary answer for a text: its packed signs, as the API returns them (ints 0-255)."""
    rng = np.random.default_rng(len(text) * 7919 + sum(map(ord, text)))
    return pack(rng.standard_normal(dim)).tolist()


class FakeClient:
    """Answers like ``voyageai.Client.embed`` after raising the queued errors, recording every call."""

    def __init__(self, errors: list[BaseException] | None = None) -> None:
        self.errors = list(errors or [])
        self.calls: list[dict[str, Any]] = []

    def embed(self, texts: list[str], **options: Any) -> Any:
        self.calls.append({"texts": list(texts), **options})
        if self.errors:
            raise self.errors.pop(0)
        dim = options["output_dimension"]
        if options["output_dtype"] == "ubinary":
            rows: list[Any] = [code_bytes(t, dim) for t in texts]
        else:
            rows = [[0.5] * dim for _ in texts]
        return types.SimpleNamespace(embeddings=rows, total_tokens=10 * len(texts))


def make(client: FakeClient, dimension: int = 256, **kwargs: Any) -> tuple[VoyageProvider, list[float], list[str]]:
    sleeps: list[float] = []
    notices: list[str] = []
    provider = VoyageProvider(client, dimension=dimension, sleep=sleeps.append, notice=notices.append,
                              secret=KEY, **kwargs)
    return provider, sleeps, notices


def test_documents_come_back_as_the_signs_of_their_codes() -> None:
    client = FakeClient()
    provider, sleeps, _ = make(client, dimension=512)
    texts = ["def a(): pass", "class B: ...", "x = 1"]
    vectors = provider.embed_documents(texts)
    assert isinstance(provider, Provider) and provider.id == "voyage:voyage-code-3:512"
    assert vectors.shape == (3, 512) and set(np.unique(vectors)) == {-1.0, 1.0}
    assert pack(vectors).tolist() == [code_bytes(t, 512) for t in texts]
    call = client.calls[0]
    assert call["model"] == "voyage-code-3" and call["input_type"] == "document"
    assert call["output_dtype"] == "ubinary" and call["output_dimension"] == 512
    assert sleeps == []


def test_queries_are_float_unit_vectors_of_the_query_type() -> None:
    client = FakeClient()
    provider, _, _ = make(client)
    vector = provider.embed_query("how are retries done")
    assert vector.shape == (256,) and np.isclose(np.linalg.norm(vector), 1.0)
    assert client.calls[0]["input_type"] == "query" and client.calls[0]["output_dtype"] == "float"


def test_requests_stay_within_the_text_and_token_limits() -> None:
    client = FakeClient()
    provider, _, _ = make(client)
    provider.embed_documents([f"t{i}" for i in range(300)])
    assert [len(c["texts"]) for c in client.calls] == [MAX_BATCH_TEXTS, MAX_BATCH_TEXTS, 300 - 2 * MAX_BATCH_TEXTS]
    huge = ["x" * 120_000] * 5  # about 40K tokens each by the pessimistic estimate
    assert plan_batches(huge) == [(0, 2), (2, 4), (4, 5)]
    assert plan_batches([]) == []


def test_a_rejected_key_fails_at_once_with_one_clear_line(caplog: pytest.LogCaptureFixture) -> None:
    client = FakeClient([AuthenticationError(f"Provided API key is invalid: {KEY}")])
    provider, sleeps, _ = make(client)
    with caplog.at_level(logging.DEBUG), pytest.raises(ProviderError) as raised:
        provider.embed_documents(["code"])
    message = str(raised.value)
    assert "401" in message and "VOYAGE_API_KEY" in message and "\n" not in message
    assert KEY not in message and KEY not in caplog.text
    assert len(client.calls) == 1 and sleeps == []


def test_rate_limits_are_retried_with_exponential_backoff(caplog: pytest.LogCaptureFixture) -> None:
    client = FakeClient([RateLimitError(f"slow down {KEY}"), RateLimitError("slow down")])
    provider, sleeps, _ = make(client)
    with caplog.at_level(logging.DEBUG):
        vectors = provider.embed_documents(["code"])
    assert vectors.shape == (1, 256) and sleeps == [1.0, 2.0] and len(client.calls) == 3
    assert "retry" in caplog.text and KEY not in caplog.text


def test_server_errors_give_up_after_the_last_attempt() -> None:
    client = FakeClient([ServiceUnavailableError("busy")] * 10)
    provider, sleeps, _ = make(client)
    with pytest.raises(ProviderError, match=f"after {MAX_ATTEMPTS} attempts"):
        provider.embed_documents(["code"])
    assert len(client.calls) == MAX_ATTEMPTS
    assert sleeps == [1.0, 2.0, 4.0, 8.0]


def test_a_query_retries_once_then_gives_up_so_search_can_fall_back() -> None:
    client = FakeClient([ServiceUnavailableError("busy")] * 10)
    provider, sleeps, _ = make(client)
    with pytest.raises(ProviderError, match=f"after {QUERY_ATTEMPTS} attempts"):
        provider.embed_query("q")
    assert len(client.calls) == QUERY_ATTEMPTS and sleeps == [1.0]


def test_repeated_queries_are_answered_from_the_cache() -> None:
    client = FakeClient()
    provider, _, _ = make(client)
    first = provider.embed_query("how are retries done")
    first[:] = 0
    again = provider.embed_query("how are retries done")
    assert len(client.calls) == 1 and np.isclose(np.linalg.norm(again), 1.0)


def test_timeouts_are_retried_then_reported() -> None:
    client = FakeClient([Timeout("Request timed out"), TimeoutError("read timed out")] + [Timeout("again")] * 9)
    provider, sleeps, _ = make(client)
    with pytest.raises(ProviderError, match="Timeout"):
        provider.embed_documents(["code"])
    assert len(client.calls) == MAX_ATTEMPTS and len(sleeps) == MAX_ATTEMPTS - 1


def test_an_invalid_request_is_not_retried() -> None:
    client = FakeClient([ValueError("bad request")])
    provider, sleeps, _ = make(client)
    with pytest.raises(ProviderError, match="bad request"):
        provider.embed_documents(["code"])
    assert len(client.calls) == 1 and sleeps == []


def test_classify_by_status_or_class_name() -> None:
    assert [classify(e) for e in (AuthenticationError(), RateLimitError(), ServiceUnavailableError(),
                                  Timeout(), ConnectionError(), KeyError())] == [
        "auth", "retry", "retry", "retry", "retry", "fatal"]


def test_the_user_is_told_once_before_any_code_leaves() -> None:
    events: list[str] = []

    class Recording(FakeClient):
        def embed(self, texts: list[str], **options: Any) -> Any:
            events.append("send")
            return super().embed(texts, **options)

    provider = VoyageProvider(Recording(), dimension=256, notice=lambda text: events.append(text))
    provider.embed_documents(["a"])
    provider.embed_documents(["b"])
    assert events == [UPLOAD_NOTICE, "send", "send"]


def test_the_key_is_never_in_repr_or_on_disk(tmp_path: Path) -> None:
    client = FakeClient()
    provider, _, _ = make(client)
    assert KEY not in repr(provider) and KEY not in str(vars(provider).get("id"))
    store = VectorStore.for_provider(tmp_path, provider)
    work = [(content_hash(t), t) for t in ("def a(): pass", "def b(): pass")]
    embed_pending(store, provider, work)
    assert store.floats is None and len(store) == 2
    for path in tmp_path.rglob("*"):
        if path.is_file():
            assert KEY.encode() not in path.read_bytes()


def test_unsupported_dimension_is_refused() -> None:
    with pytest.raises(ValueError, match="256"):
        VoyageProvider(FakeClient(), dimension=300)


def test_no_key_means_the_local_model() -> None:
    choice = choose_provider(environ={})
    assert isinstance(choice.provider, MiniLMProvider) and choice.fallback_reason is None


def test_voyage_without_a_key_falls_back_and_says_why() -> None:
    choice = choose_provider(voyage=True, environ={})
    assert isinstance(choice.provider, MiniLMProvider)
    assert choice.fallback_reason and "VOYAGE_API_KEY" in choice.fallback_reason


def test_missing_sdk_falls_back_and_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "voyageai", None)  # makes `import voyageai` raise ImportError
    choice = choose_provider(environ={"VOYAGE_API_KEY": KEY})
    assert isinstance(choice.provider, MiniLMProvider)
    assert choice.fallback_reason and "voyageai" in choice.fallback_reason and KEY not in choice.fallback_reason


def test_a_key_and_the_sdk_select_voyage(monkeypatch: pytest.MonkeyPatch) -> None:
    built: dict[str, Any] = {}

    class Client(FakeClient):
        def __init__(self, **kwargs: Any) -> None:
            super().__init__()
            built.update(kwargs)

    monkeypatch.setitem(sys.modules, "voyageai", types.SimpleNamespace(Client=Client))
    choice = choose_provider(dimension=2048, environ={"VOYAGE_API_KEY": KEY})
    assert choice.fallback_reason is None and choice.provider.id == "voyage:voyage-code-3:2048"
    assert built["api_key"] == KEY and built["max_retries"] == 0  # retries are ours, with our backoff
    assert KEY not in repr(choice)


def test_importing_the_semantic_modules_loads_no_sdk_and_no_ui() -> None:
    import subprocess

    code = (
        "import sys\n"
        "import maguyva_tui.core.embed, maguyva_tui.core.retrievers.semantic\n"
        "from maguyva_tui.core.embed import choose_provider\n"
        "choose_provider(environ={})\n"
        "bad = [m for m in ('voyageai', 'textual', 'rich', 'safetensors', 'tokenizers') if m in sys.modules]\n"
        "sys.exit(1 if bad else 0)\n"
    )
    root = Path(__file__).resolve().parents[2]
    assert subprocess.run([sys.executable, "-c", code], cwd=root, timeout=60).returncode == 0
