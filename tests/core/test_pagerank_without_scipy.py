"""The PageRank an index writes is computed without scipy, and equals the transition's bit for bit."""

from __future__ import annotations

import numpy as np
import scipy.sparse  # noqa: F401 - imported by the suite anyway; not timed in the test

from maguyva_tui.core.graph import centrality as cent


def _edges(rng: np.random.Generator, size: int, count: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    source = rng.integers(0, size, count)
    target = rng.integers(0, size, count)
    weight = rng.integers(1, 9, count).astype(np.float64) * rng.choice([1.0, 0.3, 1.7], count)
    return source, target, weight


def test_spread_ranks_equal_the_csr_ranks_bit_for_bit() -> None:
    """Random weighted graphs (repeated pairs, nodes with no out-edge, an empty one): the numpy
    operator's product and PageRank equal scipy's exactly, plain and personalized."""
    rng = np.random.default_rng(19)
    for size, count in ((0, 0), (1, 0), (5, 12), (60, 200), (200, 1200)):
        source, target, weight = _edges(rng, size, count) if size else (np.zeros(0, np.int64),) * 2 + (np.zeros(0),)
        matrix, dangling = cent.weighted(size, source, target, weight)
        spread, spread_dangling = cent.spread(size, source, target, weight)
        assert np.array_equal(dangling, spread_dangling)
        if not size:
            assert cent.power(spread, spread_dangling).size == 0
            continue
        # repeated pairs are summed before the product, as the CSR matrix sums them; the rest bit for bit
        vector = rng.random(size)
        assert np.allclose(matrix @ vector, spread @ vector, rtol=1e-12, atol=0)
        unique = np.unique(target * size + source, return_index=True)[1]
        single, _ = cent.weighted(size, source[unique], target[unique], weight[unique])
        alone, _ = cent.spread(size, source[unique], target[unique], weight[unique])
        assert np.array_equal(single @ vector, alone @ vector)
        personal = rng.random(size)
        for personalization in (None, personal):
            assert np.array_equal(cent.power(single, dangling, personalization),
                                  cent.power(alone, dangling, personalization))
