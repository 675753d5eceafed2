"""Merge each engine's lists from several shards into one workspace ranking per engine.

Fusion (:func:`~maguyva_tui.core.fusion.fuse`) reads ranks, so each engine needs one global list:
what that engine would have listed had every repository been one index. Each shard's list stays
in its engine's own order; the lists are merged head by head, the head with the greatest
:func:`merge_key` first (a k-way merge). A workspace of one repository thus gives that repository's
lists unchanged, and ties go to the repository whose label sorts first, so the merge never depends
on the order the repositories were listed in. The merged list is cut where one engine's list is
cut (the plan's ``fetch``).

How far each engine's scores compare across shards, and so what the merge means:

- **text**: a line's score is its match tier (whole identifier 3, word boundary 2, substring 1,
  plus 0.5 on a definition line): the same scale in every repository. A sentence's chunks score
  BM25 with the workspace's idf (the shards' chunk counts summed, see ``shard.WordStats``); their
  length normalisation stays each shard's own (its mean chunk length), as in any sharded BM25.
  The word votes (``body words``, ``terms``) follow the literal lines in a shard's list; they
  merge after every shard's literal lines, whatever their scores (a BM25 sum is no match tier).
  Line term votes (``terms``: a blend before the semantic engine covers half the chunks) keep
  each shard's own idf over its files: **not comparable**; merged by score all the same, as the
  nearest rule (rare terms weigh more in a small repository).
- **structural**: the integer part of a score is the match tier (exact name, dotted tail, ...),
  the same everywhere; the fraction and a sentence's name-word scores weigh stems by each shard's
  own symbol table: **comparable by tier only**, merged by score.
- **graph**: depth first, then ``c / (1 + c)`` of the centrality, whose scale is the mean
  symbol's (``store/centrality.py``: PageRank times the node count over 16), free of a shard's
  size: comparable. A name's callers are listed in groups before their scores (the repository's
  own code, then vendored copies: :func:`graph_groups`), and merged by the same groups:
  a shard whose own caller heads its list with a low centrality had waited behind every vendored
  caller of another shard, its whole list cut from the merged one.
- **semantic**: the tiered retriever scores a chunk by how far its cosine stands above the mean
  of its shard's own proposals (z-scores): **not comparable** as relevance (a shard with nothing
  relevant still has a best chunk 2-3 spreads above its crowd); merged by score, which
  interleaves the shards by standing. A shard's static tier also fits its weights on its own
  code. So a clear first answer (``fusion.CONFIDENT_GAP``) is judged in each shard's own list
  (``coordinator._View.own_lists``), not between two shards' first hits.

The centrality boost and the demotion are per result and need no merging: centrality is on the
size-free scale, the demotion reads the path within its repository.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Sequence
from typing import TypeVar

from maguyva_tui.core.intent import asks_callees, asks_overrides, asks_subtypes
from maguyva_tui.core.paths import is_demoted, is_secondary
from maguyva_tui.core.types import Hit, Query

WORD_VOTES = ("body words", "terms")
"""Reasons of the text engine's word votes (after its literal lines, on another scale)."""

T = TypeVar("T")
REFERENCES = "find_references"
"""The intent whose graph list is a name's callers (``retrievers.graph.REFERENCES``)."""


def merge_key(modality: str, hit: Hit) -> tuple[int, float]:
    """What the merge compares, greater first: the list a text hit belongs to (literal lines
    before word votes), then the engine's score."""
    voice = 0 if modality == "text" and hit.reason.startswith(WORD_VOTES) else 1
    return (voice, hit.score)


def merge_lists(modality: str, lists: Sequence[tuple[str, Sequence[tuple[Hit, T]]]], cut: int,
                group: Callable[[str], tuple[bool, ...]] | None = None) -> list[tuple[str, Hit, T]]:
    """Merge shards' lists (``(label, [(hit, extra), ...])``, each best first in its engine's
    order) into one, at most ``cut`` long: each shard's order kept, the greatest
    :func:`merge_key` among the heads taken first, ties to the label that sorts first. A head
    taken is replaced by the next of its list in one step of the heap (a blend over 8
    repositories merges 140 hits a question: a pop and a push each cost 2-3 µs). ``group``: the
    groups an engine listed its hits in before their scores, by path (least first), compared
    before :func:`merge_key`."""
    by_label = {label: items for label, items in lists}
    held = [(label, items) for label, items in by_label.items() if items]
    if len(held) == 1:  # one shard's list: its own order, cut
        label, items = held[0]
        return [(label, hit, extra) for hit, extra in items[:cut]]
    text = modality == "text"
    key = _key if group is None else lambda text, hit: (*group(hit.path), *_key(text, hit))
    heap = [(key(text, items[0][0]), label, 0) for label, items in held]
    heapq.heapify(heap)
    out: list[tuple[str, Hit, T]] = []
    while heap and len(out) < cut:
        _, label, at = heap[0]
        items = by_label[label]
        hit, extra = items[at]
        out.append((label, hit, extra))
        if at + 1 < len(items):
            heapq.heapreplace(heap, (key(text, items[at + 1][0]), label, at + 1))
        else:
            heapq.heappop(heap)
    return out


def _key(text: bool, hit: Hit) -> tuple[float, ...]:
    """:func:`merge_key` negated, for the heap (least first)."""
    return (0 if text and hit.reason.startswith(WORD_VOTES) else -1, -hit.score)


def graph_groups(query: Query) -> Callable[[str], tuple[bool, bool]] | None:
    """The groups the graph engine lists a question's hits in before their scores, by path
    (least first): a name's callers or uses in the repository's own code, then (with the
    question's ``secondary`` demotion) in examples, tests and docs, then in vendored, built or
    generated copies (``GraphRetriever.callers_hits``, ``queries.ranked_callers``); ``None`` where
    its list is by score alone (callees, overrides, subtypes, impact, related code)."""
    if not query.target or query.intent != REFERENCES or asks_callees(query.text):
        return None
    if asks_overrides(query.text) or asks_subtypes(query.text):
        return None
    secondary = "secondary" in query.demote
    return lambda path: (is_demoted(path), secondary and is_secondary(path))
