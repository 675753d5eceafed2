"""Binary codes: bit layout, Hamming distances, top-k and rescored ranking."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from maguyva_tui.core.embed.codes import as_words, cosine, hamming, pack, top_k, unpack_signs


def _bits_by_hand(vector: np.ndarray) -> list[int]:
    """Pack signs MSB-first the slow way, one byte at a time."""
    out = []
    for start in range(0, len(vector), 8):
        byte = 0
        for offset, value in enumerate(vector[start : start + 8]):
            if value > 0:
                byte |= 0x80 >> offset
        out.append(byte)
    return out


def test_first_dimension_is_the_most_significant_bit() -> None:
    v = -np.ones(16, np.float32)
    v[0] = 1.0
    v[15] = 0.5
    assert pack(v).tolist() == [0b1000_0000, 0b0000_0001]


def test_zero_packs_as_a_clear_bit() -> None:
    assert pack(np.zeros(8)).tolist() == [0]


@given(arrays(np.float32, st.integers(1, 100), elements=st.floats(-1, 1, width=32)))
def test_pack_matches_a_byte_by_byte_packing(vector: np.ndarray) -> None:
    assert pack(vector).tolist() == _bits_by_hand(vector)


@given(st.integers(1, 40).map(lambda n: n * 8), st.integers(0, 2**32 - 1))
def test_unpack_signs_round_trips(dim: int, seed: int) -> None:
    vectors = np.random.default_rng(seed).standard_normal((3, dim))
    signs = unpack_signs(pack(vectors), dim)
    assert np.array_equal(signs, np.where(vectors > 0, 1.0, -1.0))


@given(st.sampled_from([8, 56, 64, 200, 384, 1024]), st.integers(0, 2**32 - 1))
def test_hamming_counts_differing_signs(dim: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    docs = rng.standard_normal((20, dim))
    query = rng.standard_normal(dim)
    words = as_words(pack(docs))
    assert words.dtype == np.uint64 and words.shape == (20, -(-dim // 64))
    expected = ((docs > 0) != (query > 0)).sum(axis=1)
    assert hamming(words, as_words(pack(query))).tolist() == expected.tolist()


def test_hamming_of_nothing() -> None:
    assert hamming(np.zeros((0, 6), np.uint64), np.zeros(6, np.uint64)).shape == (0,)


@settings(max_examples=200)
@given(st.lists(st.integers(0, 12), max_size=60), st.integers(0, 70))
def test_top_k_is_the_sorted_prefix_with_ties_by_index(values: list[int], k: int) -> None:
    distances = np.array(values, np.int32)
    expected = sorted(range(len(values)), key=lambda i: (values[i], i))[:k]
    assert top_k(distances, k).tolist() == expected


def test_rescored_hamming_ranking_matches_brute_force_cosine() -> None:
    """Hamming top-100 then cosine recovers nearly all of the exact float top-10 on clustered data."""
    rng = np.random.default_rng(7)
    dim, clusters, per_cluster = 384, 40, 100
    centres = rng.standard_normal((clusters, dim))
    docs = (np.repeat(centres, per_cluster, axis=0) + 1.2 * rng.standard_normal((clusters * per_cluster, dim)))
    docs = (docs / np.linalg.norm(docs, axis=1, keepdims=True)).astype(np.float32)
    words = as_words(pack(docs))
    recalls, plain = [], []
    for c in range(clusters):
        query = (centres[c] + 1.2 * rng.standard_normal(dim)).astype(np.float32)
        exact = set(np.argsort(-cosine(docs, query), kind="stable")[:10].tolist())
        candidates = top_k(hamming(words, as_words(pack(query))), 100)
        rescored = candidates[np.argsort(-cosine(docs[candidates], query), kind="stable")[:10]]
        recalls.append(len(exact & set(rescored.tolist())) / 10)
        plain.append(len(exact & set(candidates[:10].tolist())) / 10)
    assert np.mean(recalls) >= 0.95
    assert np.mean(recalls) > np.mean(plain)  # rescoring must improve on Hamming order alone


def test_cosine_of_a_zero_vector_is_zero() -> None:
    rows = np.array([[1.0, 0.0], [0.0, 0.0]], np.float32)
    assert cosine(rows, np.array([2.0, 0.0], np.float32)).tolist() == [1.0, 0.0]
