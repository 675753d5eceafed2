"""The semantic retriever: binary-code Hamming search over embedded chunks, then float rescoring.

Built from a provider, its vector store and the chunks of the current index with their content
hashes. Construction gathers the codes of the chunks that already have a vector into one matrix;
a search embeds only the query, takes the nearest codes by Hamming distance and reorders them by
cosine against the stored float16 vectors (or against the ``+1``/``-1`` signs for a codes-only
provider such as Voyage's ``ubinary``).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from maguyva_tui.core.embed.codes import as_words, cosine, hamming, pack, top_k, unpack_signs
from maguyva_tui.core.embed.provider import Provider
from maguyva_tui.core.embed.store import VectorStore
from maguyva_tui.core.types import Chunk, Hit, Query, QueryError

RESCORE_K = 100  # Hamming candidates rescored by cosine: recovers float quality (MRR 0.488 -> 0.546)


class SemanticRetriever:
    """Find chunks by meaning among those whose vectors are already stored."""

    name = "semantic"

    def __init__(
        self,
        provider: Provider,
        store: VectorStore,
        chunks: Sequence[tuple[Chunk, str]],
        rescore: int = RESCORE_K,
    ) -> None:
        if store.provider_id != provider.id:
            raise ValueError(f"store holds {store.provider_id!r} vectors, provider is {provider.id!r}")
        rows = store.lookup(h for _, h in chunks)
        present = rows >= 0
        self.provider = provider
        self.rescore = rescore
        self.total = len(chunks)
        """Chunks in the index."""
        self.chunks: list[Chunk] = [c for (c, _), ok in zip(chunks, present.tolist()) if ok]
        """Chunks that have a vector, in the order given."""
        self._rows = rows[present]
        self._codes = store.codes[self._rows]
        self._words = as_words(self._codes)
        floats = store.floats
        self._floats = None if floats is None else floats  # a view: rows added later are never read

    @property
    def coverage(self) -> float:
        """The fraction of the index's chunks that are searchable by meaning (1.0 for an empty index)."""
        return 1.0 if self.total == 0 else len(self.chunks) / self.total

    def search(self, query: Query, limit: int) -> list[Hit]:
        """Return at most ``limit`` chunks nearest in meaning to the query text, best first."""
        text = query.text.strip()
        if not text:
            raise QueryError("empty query")
        if limit <= 0 or not self.chunks:
            return []
        vector = self.provider.embed_query(text)
        distances = hamming(self._words, as_words(pack(vector)))
        candidates = top_k(distances, max(self.rescore, limit))
        scores = self._rescore(candidates, vector)
        order = np.lexsort((candidates, distances[candidates], -scores))[:limit]
        return [self._hit(int(candidates[i]), int(distances[candidates[i]]), float(scores[i])) for i in order]

    def _rescore(self, candidates: npt.NDArray[np.intp], query: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        """Cosine of each candidate's stored vector (or its signs, for codes only) with the query."""
        if self._floats is not None:
            return cosine(self._floats[self._rows[candidates]], query)
        return cosine(unpack_signs(self._codes[candidates], self.provider.dim), query)

    def _hit(self, index: int, distance: int, score: float) -> Hit:
        chunk = self.chunks[index]
        return Hit(
            path=chunk.path,
            start_line=chunk.start_line,
            end_line=chunk.end_line,
            score=score,
            symbol=chunk.symbol,
            kind=chunk.kind,
            language=chunk.language,
            reason=f"hamming {distance}/{self.provider.dim}, cosine {score:.2f}",
        )
