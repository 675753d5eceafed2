"""The merge replaces a head taken by the next of its list in one step of the heap, and hands a
lone list back cut: the same list as taking each head off and pushing the next (the merge as it
was first written, kept here), for any lists, scores, ties, word votes and cut."""

from __future__ import annotations

import heapq
import random

import pytest

from maguyva_tui.core.types import Hit
from maguyva_tui.core.workspace.merge import WORD_VOTES, merge_lists


def _merged_one_by_one(modality: str, lists: list[tuple[str, list[tuple[Hit, int]]]], cut: int
                       ) -> list[tuple[str, Hit, int]]:
    def entry(label: str, items: list[tuple[Hit, int]], at: int) -> tuple[float, float, str, int]:
        hit = items[at][0]
        voice = 0 if modality == "text" and hit.reason.startswith(WORD_VOTES) else 1
        return (-voice, -hit.score, label, at)

    by_label = dict(lists)
    heap = [entry(label, items, 0) for label, items in by_label.items() if items]
    heapq.heapify(heap)
    out: list[tuple[str, Hit, int]] = []
    while heap and len(out) < cut:
        _, _, label, at = heapq.heappop(heap)
        hit, extra = by_label[label][at]
        out.append((label, hit, extra))
        if at + 1 < len(by_label[label]):
            heapq.heappush(heap, entry(label, by_label[label], at + 1))
    return out


@pytest.mark.parametrize("seed", range(40))
def test_the_merge_is_the_one_by_one_merge(seed: int) -> None:
    rng = random.Random(seed)
    labels = rng.sample(["click", "flask", "core", "printing", "a", "b", "zz"], rng.randint(0, 7))
    lists = []
    for label in labels:
        items = []
        for k in range(rng.choice([0, 1, 3, 20, 60])):
            reason = rng.choice(["whole identifier", "body words a+b", "terms x", "name words y"])
            items.append((Hit(f"{label}/{k}.py", k + 1, k + 1, float(rng.choice([1, 2, 2.5, 3, rng.random()])),
                              reason=reason), k))
        lists.append((label, items))
    if lists and rng.random() < 0.2:
        lists.append((lists[0][0], lists[-1][1]))  # a label given twice: its last list stands
    for modality in ("text", "structural"):
        for cut in (0, 1, 5, 50, 1000):
            assert merge_lists(modality, lists, cut) == _merged_one_by_one(modality, lists, cut)
