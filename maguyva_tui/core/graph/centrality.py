"""PageRank by sparse power iteration, plain and personalized.

Scale: ``scaled = PageRank × number of nodes``, so the mean over all nodes is 1, a node nobody
points at sits near ``(1 - DAMPING)`` = 0.15, and a hub reaches tens or hundreds. Fusion does not
read this scale as it is: the index stores it divided by 16 (``store/centrality.py``,
``FUSION_SCALE``), so that the boost ``min(1 + 0.3 × ln(1 + c), 1.5)`` is about 1.02 for an average
node, 1.21 for one sixteen times as central, and capped from about 70 times average.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

if TYPE_CHECKING:
    import scipy.sparse as sp

DAMPING = 0.85  # the classic value; lower would flatten ranks toward uniform
TOLERANCE = 1e-9  # L1 change per iteration, times the node count: well below display precision
MAX_ITERATIONS = 100  # converges in 30-60 on code graphs; a cap against pathological cycles

Vector = NDArray[np.float64]


@dataclass(frozen=True, slots=True)
class Transition:
    """The graph as a column-stochastic operator: ``matrix @ rank`` spreads rank along edges."""

    nodes: tuple[str, ...]
    index: dict[str, int]
    matrix: sp.csr_array
    dangling: NDArray[np.bool_]
    """Nodes with no out-edge: their rank is spread over the personalization vector."""


def operator(nodes: tuple[str, ...], source: NDArray[np.int64], target: NDArray[np.int64],
             weight: Vector) -> Transition:
    """Build the transition operator of weighted edges given as positions in ``nodes``."""
    matrix, dangling = weighted(len(nodes), source, target, weight)
    return Transition(nodes, {node: i for i, node in enumerate(nodes)}, matrix, dangling)


def weighted(size: int, source: NDArray[np.int64], target: NDArray[np.int64],
             weight: Vector) -> tuple[sp.csr_array, NDArray[np.bool_]]:
    """Return the column-stochastic matrix of weighted edges between ``size`` nodes, and the
    nodes with no out-edge (a ``Transition`` without its node ids: what PageRank reads)."""
    import scipy.sparse as sp  # here, not at the top: a search that needs no PageRank never pays its import

    out_weight = np.bincount(source, weights=weight, minlength=size)
    with np.errstate(divide="ignore", invalid="ignore"):
        normalized = weight / out_weight[source]
    matrix = sp.csr_array((normalized, (target, source)), shape=(size, size))
    return matrix, out_weight == 0


@dataclass(frozen=True, slots=True)
class Spread:
    """The column-stochastic operator of ``weighted`` as numpy arrays alone: its entries sorted by
    row, then column, each row summed in that order (as a CSR product sums it: the same ranks bit
    for bit), so that the PageRank an index build or update writes needs no scipy (its import,
    0.25-0.35 s of a one-file update's 2 s of CPU on sympy, was paid for that product alone)."""

    rows: NDArray[np.int64]
    columns: NDArray[np.int64]
    values: Vector
    size: int

    @property
    def shape(self) -> tuple[int, int]:
        """The operator's shape, as a matrix's."""
        return self.size, self.size

    def __matmul__(self, rank: Vector) -> Vector:
        product = np.bincount(self.rows, weights=self.values * rank[self.columns], minlength=self.size)
        return np.asarray(product, dtype=np.float64)  # float64 already: no copy


def spread(size: int, source: NDArray[np.int64], target: NDArray[np.int64],
           weight: Vector) -> tuple[Spread, NDArray[np.bool_]]:
    """``weighted`` without scipy: the same operator as a :class:`Spread`, and the nodes with no out-edge."""
    out_weight = np.bincount(source, weights=weight, minlength=size)
    with np.errstate(divide="ignore", invalid="ignore"):
        normalized = weight / out_weight[source]
    order = np.lexsort((source, target))  # by row (target), then column (source)
    rows, columns, values = target[order], source[order], normalized[order]
    if len(rows) > 1:
        first = np.ones(len(rows), dtype=bool)
        first[1:] = (rows[1:] != rows[:-1]) | (columns[1:] != columns[:-1])
        if not first.all():  # one entry a pair, its values summed, as a CSR matrix sums them
            values = np.bincount(np.cumsum(first) - 1, weights=values).astype(np.float64)
            rows, columns = rows[first], columns[first]
    return Spread(rows, columns, values, size), out_weight == 0


def pagerank(op: Transition, personalization: Vector | None = None) -> Vector:
    """Return PageRank (summing to 1), personalized toward a distribution when one is given."""
    return power(op.matrix, op.dangling, personalization)


def power(matrix: sp.csr_array | Spread, dangling: NDArray[np.bool_], personalization: Vector | None = None) -> Vector:
    """Return PageRank (summing to 1) by power iteration over a ``weighted`` matrix."""
    size = matrix.shape[0]
    if size == 0:
        return np.zeros(0)
    teleport = np.full(size, 1.0 / size) if personalization is None else personalization / personalization.sum()
    rank = teleport.copy()
    for _ in range(MAX_ITERATIONS):
        leaked = rank[dangling].sum()
        new = DAMPING * (matrix @ rank + leaked * teleport) + (1 - DAMPING) * teleport
        delta = np.abs(new - rank).sum()
        rank = new
        if delta < TOLERANCE:
            break
    return rank


def scaled(rank: Vector) -> Vector:
    """Scale PageRank so that the mean node scores 1 (PageRank × number of nodes)."""
    return rank * len(rank)
