"""Scores: semble's NDCG@10 re-implemented from its benchmark, and the docstring questions' MRR and Hit.

semble (``benchmarks/bench_hybrid.py`` and ``benchmarks/common.py``) scores one question so:

1. the search returns its top ``k`` chunks (``k = 10``);
2. each target, relevant or secondary alike, is found at the 1-based rank of the first chunk that
   covers it (same file by :func:`~bench.nl.labels.path_matches`; lines overlapping when the
   target has lines); a target no chunk covers has no rank;
3. the relevance list has a 1 at each such rank (a chunk covering two targets counts once);
4. the ideal DCG is that of ``min(k, n)`` ones, where ``n`` counts the targets that some chunk of
   the whole index covers (a target listed twice counts twice); ``n = 0`` scores 0;
5. NDCG = DCG / ideal DCG, with the gain at rank ``r`` divided by ``log2(r + 1)``.

A file therefore counts at its first rank only: a second chunk of a relevant file earns nothing.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TypeAlias

from bench.nl.labels import Target, Task, target_matches

Span: TypeAlias = tuple[str, int, int]
"""A result: repository path, first and last line (1-based, inclusive)."""

K = 10  # semble's _DIRECT_TOP_K: every method is asked for 10 results


def dcg(relevances: Sequence[int]) -> float:
    """Discounted cumulative gain of a relevance list (rank 1 first)."""
    return sum(rel / math.log2(i + 2) for i, rel in enumerate(relevances))


def ndcg_at_k(relevant_ranks: Sequence[int], n_relevant: int, k: int = K) -> float:
    """NDCG@k from the 1-based ranks at which targets were found and the number of findable targets."""
    if n_relevant == 0:
        return 0.0
    relevances = [0] * k
    for rank in relevant_ranks:
        if 1 <= rank <= k:
            relevances[rank - 1] = 1
    ideal = dcg([1] * min(k, n_relevant))
    return dcg(relevances) / ideal if ideal > 0 else 0.0


def target_rank(results: Sequence[Span], target: Target) -> int | None:
    """The 1-based rank of the first result covering a target, ``None`` when none does."""
    for rank, (path, start, end) in enumerate(results, 1):
        if target_matches(path, start, end, target):
            return rank
    return None


def indexed_targets(chunks: Mapping[str, Sequence[tuple[int, int]]], targets: Sequence[Target]) -> int:
    """How many targets (duplicates counted) some chunk of the index covers; chunks by path."""
    return sum(1 for t in targets if any(target_matches(path, s, e, t) for path, spans in chunks.items() for s, e in spans))


def semble_ndcg(results: Sequence[Span], task: Task, n_relevant: int, k: int = K) -> tuple[float, list[int]]:
    """NDCG@k of one question as semble scores it, and the ranks its targets were found at."""
    top = list(results[:k])
    ranks = [r for t in task.all_relevant if (r := target_rank(top, t)) is not None]
    return ndcg_at_k(ranks, n_relevant, k), ranks


def hit_at_1(results: Sequence[Span], task: Task) -> float:
    """1 when the first result covers one of the question's targets."""
    return 1.0 if results and any(target_matches(*results[0], t) for t in task.all_relevant) else 0.0


def answer_rank(results: Sequence[Span], answer: Span, k: int = K) -> int | None:
    """Docstring questions: the 1-based rank of the first result in the function's file whose lines
    overlap the function's, within the top ``k``."""
    path, start, end = answer
    for rank, (p, s, e) in enumerate(results[:k], 1):
        if p == path and not (e < start or s > end):
            return rank
    return None


def reciprocal(rank: int | None) -> float:
    """MRR's term for one question: 1/rank, 0 when not found."""
    return 0.0 if rank is None else 1.0 / rank
