"""The edges counted by sorting one key per site (issue 19: the graph process's peak memory) are
the edges ``np.unique`` and ``bincount`` counted: same pairs in the same order, same counts per kind,
whether read from the merged sites or from the blocks not merged."""

from __future__ import annotations

import numpy as np

from maguyva_tui.core.graph.sites import (
    CALL,
    EDGE_KINDS,
    MEMBER,
    NEW,
    READ,
    REF,
    Block,
    Edges,
    Members,
    aggregate,
    aggregate_blocks,
    codes,
    ints,
    merge,
    weighted_blocks,
)


def _unique_counted(blocks: dict[str, Block], members: dict[str, Members], size: int) -> Edges:
    """The edges as they were counted before: ``np.unique`` with its inverse, then ``bincount``."""
    found = [m for m in members.values() if len(m.source)]
    source = np.concatenate([*(b.source.astype(np.int64) for b in blocks.values()), *(m.source for m in found), np.zeros(0, np.int64)])
    target = np.concatenate([*(b.target.astype(np.int64) for b in blocks.values()), *(m.target for m in found), np.zeros(0, np.int64)])
    kind = np.concatenate([*(b.kind.astype(np.int64) for b in blocks.values()),
                           np.full(sum(len(m.source) for m in found), MEMBER, np.int64)])
    kind[kind == NEW] = REF
    kind[kind == READ] = CALL
    keep = source != target
    width = max(size, 1)
    pairs, inverse = np.unique(source[keep] * width + target[keep], return_inverse=True)
    counts = np.bincount(inverse * len(EDGE_KINDS) + kind[keep], minlength=len(pairs) * len(EDGE_KINDS))
    return Edges(pairs // width, pairs % width, counts.reshape(len(pairs), len(EDGE_KINDS)))


def _same(got: Edges, want: Edges) -> None:
    for name in ("source", "target", "counts"):
        a, b = getattr(got, name), getattr(want, name)
        assert a.dtype == b.dtype and a.shape == b.shape and np.array_equal(a, b), name


def _weights_same(got: tuple[np.ndarray, np.ndarray, np.ndarray], want: Edges) -> None:
    """PageRank's columns of the edges: their ends and weights, without their counts per kind."""
    for a, b in zip(got, (want.source, want.target, want.weight)):
        assert a.dtype == b.dtype and a.shape == b.shape and np.array_equal(a, b)


def _blocks(rng: np.random.Generator, files: int, size: int) -> dict[str, Block]:
    out = {}
    for i in range(files):
        n = int(rng.integers(0, 40))
        out[f"f{i:02}.py"] = Block(ints(rng.integers(1, 500, n)), ints(rng.integers(0, size, n)),
                                   ints(rng.integers(0, size, n)), codes(rng.integers(0, 7, n)))
    return out


def test_edges_counted_by_sorting_are_the_edges_unique_counted() -> None:
    rng = np.random.default_rng(19)
    for size in (1, 3, 40, 70_000):  # 70,000 nodes: keys past 32 bits
        blocks = _blocks(rng, 12, size)
        members = {"f00.py": Members(ints(rng.integers(0, size, 9)), ints(rng.integers(0, size, 9))),
                   "f03.py": Members(np.asarray(rng.integers(0, min(size, 60_000), 5), np.uint16),  # as stored
                                     np.asarray(rng.integers(0, min(size, 60_000), 5), np.uint16))}
        want = _unique_counted(blocks, members, size)
        _same(aggregate(merge(sorted(blocks), blocks, size), members, size), want)
        _same(aggregate_blocks(blocks, members, size), want)
        _weights_same(weighted_blocks(blocks, members, size), want)


def test_no_sites_and_only_self_loops_count_no_edge() -> None:
    loop = {"a.py": Block(ints([1, 2]), ints([3, 4]), ints([3, 4]), codes([CALL, NEW]))}
    for blocks in ({}, loop):
        got = aggregate_blocks(blocks, {}, 5)
        _same(got, _unique_counted(blocks, {}, 5))
        _same(aggregate(merge(sorted(blocks), blocks, 5), {}, 5), got)
        _weights_same(weighted_blocks(blocks, {}, 5), got)
        assert got.counts.shape == (0, len(EDGE_KINDS))
