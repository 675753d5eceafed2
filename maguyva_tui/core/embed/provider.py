"""The embedding provider interface and the choice between Voyage and the local model."""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

VOYAGE_KEY_ENV = "VOYAGE_API_KEY"
"""The environment variable that holds a Voyage API key; setting it selects Voyage."""
QUERY_CACHE_SIZE = 256  # search-as-you-type repeats the same texts; a vector is a few KB at most


class ProviderError(RuntimeError):
    """An embedding provider failed; the message is one line, safe to show, and never holds a key."""


@runtime_checkable
class Provider(Protocol):
    """Something that turns text into vectors of one embedding space."""

    id: str
    """Names provider, model and dimension (``"local:all-MiniLM-L6-v2:384"``); stores are kept per id."""
    dim: int
    stores_floats: bool
    """Whether document vectors carry more than their sign bits (``False``: keep only the codes)."""

    def embed_documents(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        """Embed documents (code chunks) into a ``(len(texts), dim)`` float32 array."""
        ...

    def embed_query(self, text: str) -> npt.NDArray[np.float32]:
        """Embed a search query into a ``(dim,)`` float32 vector."""
        ...


class QueryCache:
    """A small thread-safe LRU of query vectors; it hands out copies so callers may modify them."""

    def __init__(self, size: int = QUERY_CACHE_SIZE) -> None:
        self._size = size
        self._lock = threading.Lock()
        self._vectors: OrderedDict[str, npt.NDArray[np.float32]] = OrderedDict()

    def get(self, text: str, embed: Callable[[str], npt.NDArray[np.float32]]) -> npt.NDArray[np.float32]:
        """Return the cached vector of ``text``, computing it with ``embed`` the first time."""
        with self._lock:
            vector = self._vectors.get(text)
            if vector is not None:
                self._vectors.move_to_end(text)
                return vector.copy()
        vector = embed(text)
        with self._lock:
            self._vectors[text] = vector
            if len(self._vectors) > self._size:
                self._vectors.popitem(last=False)
        return vector.copy()


@dataclass(frozen=True, slots=True)
class ProviderChoice:
    """The provider to use and, when it is not the one asked for, why."""

    provider: Provider
    fallback_reason: str | None = None
    """One line to show the user when the local model replaces Voyage; ``None`` otherwise."""


def choose_provider(
    voyage: bool | None = None,
    dimension: int | None = None,
    notice: Callable[[str], None] | None = None,
    environ: dict[str, str] | None = None,
) -> ProviderChoice:
    """Choose Voyage when asked for (or when a key is set and ``voyage`` is ``None``), else the local model."""
    from maguyva_tui.core.embed.minilm import MiniLMProvider
    from maguyva_tui.core.embed.voyage import DEFAULT_DIMENSION, VoyageProvider, voyage_client

    env = os.environ if environ is None else environ
    key = env.get(VOYAGE_KEY_ENV, "").strip()
    wanted = bool(key) if voyage is None else voyage
    if not wanted:
        return ProviderChoice(MiniLMProvider())
    if not key:
        return fall_back(f"Voyage selected but {VOYAGE_KEY_ENV} is not set")
    try:
        client = voyage_client(key)
    except ProviderError as error:
        return fall_back(str(error))
    provider = VoyageProvider(client, dimension=dimension or DEFAULT_DIMENSION, notice=notice, secret=key)
    return ProviderChoice(provider)


def fall_back(reason: str) -> ProviderChoice:
    """Return the local model with a one-line announcement of why Voyage is not used."""
    from maguyva_tui.core.embed.minilm import MiniLMProvider

    return ProviderChoice(MiniLMProvider(), f"{reason}; using the local model (all-MiniLM-L6-v2) instead")
