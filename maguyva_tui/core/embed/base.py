"""What every embedding provider is built from: the error it raises and its cache of query vectors."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable

import numpy as np
import numpy.typing as npt

QUERY_CACHE_SIZE = 256  # search-as-you-type repeats the same texts; a vector is a few KB at most


class ProviderError(RuntimeError):
    """An embedding provider failed; the message is one line, safe to show, and never holds a key."""


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
