"""A deterministic stand-in for the embedding model, shared by the test tiers."""

from __future__ import annotations

from typing import Any

import numpy as np


class FakeProvider:
    """Turn each text into a unit vector seeded by :meth:`seed`, counting the calls; subclasses
    choose what of a text the seed depends on."""

    id = "test:fake:64"
    dim = 64
    stores_floats = True

    def __init__(self) -> None:
        self.queries = 0
        self.documents = 0

    def seed(self, text: str) -> int:
        """The random seed of a text's vector (the same in every process)."""
        raise NotImplementedError

    def _vector(self, text: str) -> np.ndarray:
        v = np.random.default_rng(self.seed(text)).standard_normal(self.dim).astype(np.float32)
        return v / np.linalg.norm(v)

    def embed_documents(self, texts: Any) -> np.ndarray:
        """Embed documents."""
        self.documents += len(texts)
        return np.stack([self._vector(t) for t in texts]) if len(texts) else np.zeros((0, self.dim), np.float32)

    def embed_query(self, text: str) -> np.ndarray:
        """Embed a query."""
        self.queries += 1
        return self._vector(text)
