"""Matching rules and ranking metrics: Hit@1, MRR@k, Recall@k, precision, nDCG@k.

A *truth item* is a place the answer should point at, with a grade (1 unless said otherwise).
A *result* is any ``(path, start_line, end_line)``. Whether a result points at a truth item is
decided by one of three rules, chosen per intent and printed with the report:

- ``definition``: same path, and the result starts at the definition (between its first
  decorator and its ``def``/``class`` line) and spans that line. An enclosing class or module
  window that merely contains the definition does not count.
- ``span``: same path, and the result's span holds the truth line (a line hit on it, or the
  chunk around it).
- ``line``: same path, and the result starts on the truth line (a line hit exactly there).

Each truth item counts once, at the first result that points at it; a result may point at
several (a chunk holding two call sites). Metrics are computed from the per-position gains.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeAlias

Span: TypeAlias = tuple[str, int, int]
"""A result: ``(path, start_line, end_line)``, 1-based inclusive."""

CUTOFF = 10  # Hit@1, MRR@10, nDCG@10: what a user reads on one screen
RECALL_AT = 20  # Recall@20: the default result page


@dataclass(frozen=True, slots=True)
class Truth:
    """One place a correct answer points at."""

    path: str
    line: int
    """The definition line, the call-site line or the line holding the literal."""
    first_line: int
    """The first decorator's line of a definition; ``line`` otherwise."""
    grade: int = 1
    """Graded relevance for nDCG (impact: 3 at depth 1, 2 at depth 2, 1 at depth 3)."""


def _definition(result: Span, t: Truth) -> bool:
    path, start, end = result
    return path == t.path and t.first_line <= start <= t.line <= end


def _span(result: Span, t: Truth) -> bool:
    path, start, end = result
    return path == t.path and start <= t.line <= end


def _line(result: Span, t: Truth) -> bool:
    return result[0] == t.path and result[1] == t.line


RULES: dict[str, Callable[[Span, Truth], bool]] = {"definition": _definition, "span": _span, "line": _line}
"""Matching rules by name (see the module docstring)."""


@dataclass(frozen=True, slots=True)
class Judged:
    """One ranked list judged against its truth."""

    gains: tuple[int, ...]
    """Per result position: the summed grades of the truth items it is the first to point at."""
    new_items: tuple[int, ...]
    """Per result position: how many truth items it is the first to point at."""
    correct: tuple[bool, ...]
    """Per result position: whether it points at any truth item (even one already counted)."""
    grades: tuple[int, ...]
    """The grades of every truth item, for the ideal ranking."""

    def first_rank(self) -> int | None:
        """Return the 1-based position of the first correct result, ``None`` if none."""
        return next((i + 1 for i, ok in enumerate(self.correct) if ok), None)


def judge(results: Sequence[Span], truth: Sequence[Truth], rule: str) -> Judged:
    """Decide, position by position, which truth items the results point at."""
    match = RULES[rule]
    found: set[int] = set()
    gains, new_items, correct = [], [], []
    for result in results:
        hits = [i for i, t in enumerate(truth) if match(result, t)]
        new = [i for i in hits if i not in found]
        found.update(new)
        gains.append(sum(truth[i].grade for i in new))
        new_items.append(len(new))
        correct.append(bool(hits))
    return Judged(tuple(gains), tuple(new_items), tuple(correct), tuple(t.grade for t in truth))


def hit_at_1(j: Judged) -> float:
    """1 when the first result is correct."""
    return 1.0 if j.correct[:1] == (True,) else 0.0


def mrr(j: Judged, k: int = CUTOFF) -> float:
    """Reciprocal rank of the first correct result within the top ``k`` (0 when none)."""
    rank = j.first_rank()
    return 1.0 / rank if rank is not None and rank <= k else 0.0


def recall(j: Judged, k: int = RECALL_AT) -> float:
    """Truth items found in the top ``k`` over ``min(len(truth), k)``, so 1.0 is reachable."""
    wanted = min(len(j.grades), k)
    return min(sum(j.new_items[:k]), wanted) / wanted if wanted else 1.0


def precision(j: Judged, k: int = RECALL_AT) -> float:
    """Correct results over returned results in the top ``k`` (0 for an empty list)."""
    shown = j.correct[:k]
    return sum(shown) / len(shown) if shown else 0.0


def ndcg(j: Judged, k: int = CUTOFF) -> float:
    """Normalised discounted cumulative gain at ``k`` with the truth's grades."""
    dcg = sum(g / math.log2(i + 2) for i, g in enumerate(j.gains[:k]))
    ideal = sum(g / math.log2(i + 2) for i, g in enumerate(sorted(j.grades, reverse=True)[:k]))
    return dcg / ideal if ideal else 0.0


def mean(values: Sequence[float]) -> float:
    """Arithmetic mean; 0 for no values."""
    return sum(values) / len(values) if values else 0.0
