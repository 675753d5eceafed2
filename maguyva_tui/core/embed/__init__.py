"""Embeddings for the semantic modality.

- ``base``: what every provider shares, ``ProviderError`` and a cache of query vectors.
- ``provider``: the ``Provider`` protocol and the choice between Voyage and the local model.
- ``minilm`` + ``transformer``: all-MiniLM-L6-v2 run offline by a numpy forward pass.
- ``voyage``: Voyage AI's ``voyage-code-3``, binary output, an optional extra.
- ``codes``: one bit per dimension, Hamming top-k, cosine rescoring.
- ``store``: vectors kept per provider by chunk content hash, saved in append-only segments.
- ``progressive``: embed what a store lacks, most important first, resumable.

Nothing here loads a model or imports ``voyageai`` until it is used.
"""

from __future__ import annotations

from maguyva_tui.core.embed.progressive import EmbedReport, embed_pending
from maguyva_tui.core.embed.provider import Provider, ProviderChoice, ProviderError, choose_provider, fall_back
from maguyva_tui.core.embed.store import VectorStore, content_hash

__all__ = [
    "EmbedReport",
    "Provider",
    "ProviderChoice",
    "ProviderError",
    "VectorStore",
    "choose_provider",
    "content_hash",
    "embed_pending",
    "fall_back",
]
