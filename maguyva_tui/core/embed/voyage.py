"""The Voyage AI provider: ``voyage-code-3`` with binary (``ubinary``) document embeddings.

``voyageai`` is an optional extra (about 240 MB, 0.65 s to import), imported only when this
provider is built from a key. Documents come back as packed sign bits, the same layout as
``codes.pack``, so the store keeps codes only; queries are asked for as floats so that ranking
can rescore the binary candidates asymmetrically. The API key lives in the client object only:
it is never written to disk, logged, or put in an error message.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from maguyva_tui.core.embed.base import ProviderError, QueryCache
from maguyva_tui.core.embed.codes import unpack_signs

log = logging.getLogger(__name__)

MODEL = "voyage-code-3"
DIMENSIONS = (256, 512, 1024, 2048)  # the output dimensions voyage-code-3 supports
DEFAULT_DIMENSION = 1024  # the model's native size: the best quality per byte of the four
MAX_BATCH_TEXTS = 128  # the API takes up to 1,000 texts; smaller requests retry cheaply
MAX_BATCH_TOKENS = 100_000  # under the API's 120K tokens per request for voyage-code-3, with margin
CHARS_PER_TOKEN = 3  # a pessimistic estimate for code, so batches stay under the token limit
TIMEOUT_S = 60.0  # per request; a batch of 128 chunks normally answers in a few seconds
MAX_ATTEMPTS = 5  # one try and four retries on 429, 5xx, timeouts and dropped connections
QUERY_ATTEMPTS = 2  # a search must answer quickly: one retry, then the caller falls back
BACKOFF_S = 1.0  # first wait; doubles each retry
BACKOFF_CAP_S = 30.0  # longest single wait
UPLOAD_NOTICE = (
    "Semantic indexing sends the text of your code to Voyage AI (api.voyageai.com) to embed it; "
    "unset VOYAGE_API_KEY or choose the local model to keep it on this machine."
)
"""Shown once, before any text is first sent to Voyage."""

KEY_ENV = "VOYAGE_API_KEY"  # named here too: provider.py, which reads it, imports this module
DESCRIBE_CHARS = 200  # an error's line in a message; the SDK's texts can run to pages
_RETRY_NAMES = {"RateLimitError", "ServerError", "ServiceUnavailableError", "TryAgain", "Timeout",
                "APIConnectionError"}  # the voyageai.error classes worth retrying


class EmbedClient(Protocol):
    """The part of ``voyageai.Client`` this provider uses."""

    def embed(self, texts: list[str], **options: Any) -> Any:
        """Return an object whose ``embeddings`` holds one embedding per text."""
        ...


def voyage_client(api_key: str, timeout: float = TIMEOUT_S) -> EmbedClient:
    """Build a ``voyageai.Client`` (imported now, lazily) that leaves retries to this module.

    Any failure is a ``ProviderError`` whose message has the key masked: the SDK may quote it.
    """
    try:
        import voyageai
    except ImportError:
        raise ProviderError(f"{KEY_ENV} is set but the voyageai package is not installed "
                            "(pip install 'maguyva-tui[voyage]')") from None
    try:
        client: EmbedClient = voyageai.Client(api_key=api_key, max_retries=0, timeout=timeout)
    except Exception as error:  # noqa: BLE001 - whatever the SDK raises, its text may hold the key
        raise ProviderError(f"cannot set up the Voyage client ({describe(error, api_key)})") from None
    return client


class VoyageProvider:
    """Embeddings from Voyage AI's ``voyage-code-3``; documents as binary codes."""

    stores_floats = False

    def __init__(
        self,
        client: EmbedClient,
        dimension: int = DEFAULT_DIMENSION,
        model: str = MODEL,
        notice: Callable[[str], None] | None = None,
        sleep: Callable[[float], None] = time.sleep,
        secret: str | None = None,
    ) -> None:
        if dimension not in DIMENSIONS:
            raise ValueError(f"Voyage output dimension must be one of {DIMENSIONS}, not {dimension}")
        self.dim = dimension
        self.model = model
        self.id = f"voyage:{model}:{dimension}"
        self._client = client
        self._notice = notice or (lambda text: log.warning("%s", text))
        self._sleep = sleep
        self._secret = secret  # only to scrub it from messages; never stored elsewhere
        self._noticed = False
        self._lock = threading.Lock()
        self._queries = QueryCache()

    def __repr__(self) -> str:
        return f"VoyageProvider(model={self.model!r}, dimension={self.dim})"

    def embed_documents(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        """Embed documents as ``+1``/``-1`` vectors (their binary codes, unpacked)."""
        out = np.empty((len(texts), self.dim), np.float32)
        for start, end in plan_batches(texts):
            rows = self._embed(list(texts[start:end]), "document", "ubinary")
            codes = np.asarray(rows, dtype=np.uint8).reshape(end - start, self.dim // 8)
            out[start:end] = unpack_signs(codes, self.dim)
        return out

    def embed_query(self, text: str) -> npt.NDArray[np.float32]:
        """Embed a query as a float unit vector (rescoring compares it with the documents' signs)."""
        return self._queries.get(text, self._embed_one)

    def _embed_one(self, text: str) -> npt.NDArray[np.float32]:
        row = self._embed([text], "query", "float", QUERY_ATTEMPTS)[0]
        vector = np.asarray(row, np.float32).reshape(self.dim)
        norm = float(np.linalg.norm(vector))
        return vector / norm if norm > 0 else vector

    def _embed(self, texts: list[str], input_type: str, dtype: str, attempts: int = MAX_ATTEMPTS) -> list[Any]:
        """Call the API with retries; raise ``ProviderError`` with a one-line, key-free message."""
        self._announce()
        for attempt in range(1, attempts + 1):
            try:
                result = self._client.embed(texts, model=self.model, input_type=input_type,
                                            output_dtype=dtype, output_dimension=self.dim, truncation=True)
                embeddings = list(result.embeddings)
            except Exception as error:  # noqa: BLE001 - every SDK error is sorted below
                kind = classify(error)
                reason = self._describe(error)
                if kind != "retry" or attempt == attempts:
                    raise ProviderError(_final_message(kind, reason, attempt)) from None
                delay = min(BACKOFF_S * 2 ** (attempt - 1), BACKOFF_CAP_S)
                log.warning("Voyage: %s; retry %d/%d in %.0f s", reason, attempt, attempts - 1, delay)
                self._sleep(delay)
                continue
            if len(embeddings) != len(texts):
                raise ProviderError(f"Voyage returned {len(embeddings)} embeddings for {len(texts)} texts")
            return embeddings
        raise AssertionError("unreachable")

    def _announce(self) -> None:
        with self._lock:
            if self._noticed:
                return
            self._noticed = True
        self._notice(UPLOAD_NOTICE)

    def _describe(self, error: BaseException) -> str:
        """Return the error as one short line with the key (if it appears) masked."""
        return describe(error, self._secret)


def describe(error: BaseException, secret: str | None) -> str:
    """Return an error as one short line, its type first, with the key masked wherever it appears."""
    text = " ".join(str(error).split()) or type(error).__name__
    if secret:
        text = text.replace(secret, "***")
    return f"{type(error).__name__}: {text}"[:DESCRIBE_CHARS]


def classify(error: BaseException) -> str:
    """Sort an SDK or transport error: ``"auth"`` (401), ``"retry"`` (429, 5xx, timeout) or ``"fatal"``."""
    status = getattr(error, "http_status", None) or getattr(error, "status_code", None)
    name = type(error).__name__
    if status == 401 or name == "AuthenticationError":
        return "auth"
    if isinstance(status, int) and (status == 429 or status >= 500):
        return "retry"
    if name in _RETRY_NAMES or isinstance(error, (TimeoutError, ConnectionError)):
        return "retry"
    return "fatal"


def plan_batches(texts: Sequence[str]) -> list[tuple[int, int]]:
    """Split texts into ``(start, end)`` runs within the API's text and token limits."""
    batches: list[tuple[int, int]] = []
    start, tokens = 0, 0
    for i, text in enumerate(texts):
        cost = len(text) // CHARS_PER_TOKEN + 1
        if i > start and (i - start >= MAX_BATCH_TEXTS or tokens + cost > MAX_BATCH_TOKENS):
            batches.append((start, i))
            start, tokens = i, 0
        tokens += cost
    if start < len(texts):
        batches.append((start, len(texts)))
    return batches


def _final_message(kind: str, reason: str, attempts: int) -> str:
    if kind == "auth":
        return "Voyage rejected the API key (401 Unauthorized): check VOYAGE_API_KEY"
    if kind == "retry":
        return f"Voyage did not answer after {attempts} attempts ({reason})"
    return f"Voyage request failed ({reason})"
