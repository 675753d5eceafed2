"""Binary codes: one bit per dimension, Hamming top-k, float rescoring.

A vector becomes a code with ``np.packbits(v > 0)``: bit ``i`` of the vector is the
most significant bit first within each byte, the layout Voyage's ``ubinary`` output uses, so
codes from either provider compare the same way. Distances are counted with
``np.bitwise_count`` over ``uint64`` words, which needs the byte length padded to a multiple
of eight (padding bytes are zero on both sides, so they never add to a distance).
"""

from __future__ import annotations

from typing import TypeAlias

import numpy as np
import numpy.typing as npt

Codes: TypeAlias = npt.NDArray[np.uint8]
"""Packed codes, shape ``(n, dim // 8)``."""
Words: TypeAlias = npt.NDArray[np.uint64]
"""Codes padded and viewed as 64-bit words, shape ``(n, ceil(dim / 64))``."""
Floats: TypeAlias = npt.NDArray[np.float32]
"""Float vectors, shape ``(n, dim)`` or ``(dim,)``."""

_WORD_BYTES = 8  # np.bitwise_count works fastest on 64-bit words


def pack(vectors: npt.NDArray[np.floating]) -> Codes:
    """Pack the sign of every dimension into bits, most significant bit first."""
    return np.packbits(np.asarray(vectors) > 0, axis=-1)


def unpack_signs(codes: Codes, dim: int) -> Floats:
    """Turn packed codes back into ``+1``/``-1`` float vectors of ``dim`` dimensions."""
    bits = np.unpackbits(codes, axis=-1, count=dim)
    return bits.astype(np.float32) * 2.0 - 1.0


def as_words(codes: Codes) -> Words:
    """Pad packed codes to whole 64-bit words and view them as ``uint64``."""
    codes = np.ascontiguousarray(codes, dtype=np.uint8)
    flat = codes.ndim == 1
    rows = codes.reshape(1, -1) if flat else codes
    pad = -rows.shape[1] % _WORD_BYTES
    if pad:
        rows = np.concatenate([rows, np.zeros((rows.shape[0], pad), np.uint8)], axis=1)
    words = np.ascontiguousarray(rows).view(np.uint64)
    return words[0] if flat else words


def hamming(words: Words, query: Words) -> npt.NDArray[np.int32]:
    """Return the Hamming distance of every row of ``words`` to one query."""
    if len(words) == 0:
        return np.zeros(0, np.int32)
    counts = np.bitwise_count(np.bitwise_xor(words, query))
    total: npt.NDArray[np.int32] = counts.sum(axis=1, dtype=np.int32)
    return total


def top_k(distances: npt.NDArray[np.int32], k: int) -> npt.NDArray[np.intp]:
    """Return the indices of the ``k`` smallest distances, nearest first, ties by index."""
    n = len(distances)
    k = min(k, n)
    if k <= 0:
        return np.zeros(0, np.intp)
    part = np.argpartition(distances, k - 1)[:k] if k < n else np.arange(n)
    if k < n:
        # Take every row tied with the k-th distance so that ties break by index, not by luck.
        cut = distances[part].max()
        part = np.flatnonzero(distances <= cut)
    order = np.lexsort((part, distances[part]))
    return part[order][:k]


def cosine(vectors: npt.NDArray[np.floating], query: Floats) -> Floats:
    """Return the cosine similarity of every row of ``vectors`` to ``query``."""
    rows = np.asarray(vectors, dtype=np.float32)
    q = np.asarray(query, dtype=np.float32)
    norms = np.linalg.norm(rows, axis=1) * np.linalg.norm(q)
    dots = rows @ q
    similarity: npt.NDArray[np.float32] = np.divide(dots, norms, out=np.zeros_like(dots), where=norms > 0)
    return similarity
