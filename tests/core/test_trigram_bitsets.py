"""A trigram many documents hold is stored as a bitset where that is smaller than its roaring
bitmap (issue 19: sympy's postings 7.45 -> 4.97 MB), and answers as the bitmap did: its documents,
its size as a conjunction orders its trigrams, an update's new documents."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from pyroaring import BitMap

from maguyva_tui.core.trigram.index import DENSE, TrigramIndex, _from_bits, stored_posting, text_trigrams
from maguyva_tui.core.trigram.plan import evaluate, literal_plan


def _documents(count: int) -> list[str]:
    """Texts where ``def `` is in every one, ``return`` in most, ``zebra`` in a few."""
    return [f"def f{i}(x):\n    " + ("return x\n" if i % 5 else "pass\n") + ("zebra = 1\n" if i % 40 == 3 else "")
            for i in range(count)]


def test_a_trigram_most_documents_hold_is_a_bitset_and_answers_as_its_bitmap(tmp_path: Path) -> None:
    docs = _documents(400)
    index = TrigramIndex.build((i, text_trigrams(d)) for i, d in enumerate(docs))
    index.save(tmp_path)
    opened = TrigramIndex.load(tmp_path)
    blob = (tmp_path / "trigram_postings.bin").read_bytes()
    offsets = np.load(tmp_path / "trigram_offsets.npy")
    keys = opened._keys.tolist()
    roaring = {key: BitMap([i for i, d in enumerate(docs) if key in set(text_trigrams(d).tolist())]) for key in keys}
    dense = [k for j, k in enumerate(keys) if blob[int(offsets[j])] == DENSE]
    assert dense and len(blob) < sum(len(b.serialize()) for b in roaring.values())  # 800 bytes of 'def' in 55
    for key in keys:
        assert opened.postings(key) == roaring[key]
    assert opened.posting_bytes(keys) == [len(roaring[key].serialize()) for key in keys]  # a conjunction's order
    for literal in ("def f1", "return x", "zebra", "f39(x)"):
        truth = [i for i, d in enumerate(docs) if literal.casefold() in d.casefold()]
        assert set(truth) <= set(evaluate(literal_plan(literal), opened))
        assert evaluate(literal_plan(literal), opened, 4) == evaluate(literal_plan(literal), index, 4)


def test_an_updated_bitset_posting_is_saved_and_read_back_with_its_new_documents(tmp_path: Path) -> None:
    index = TrigramIndex.build((i, text_trigrams(d)) for i, d in enumerate(_documents(300)))
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    index.save(tmp_path / "a")
    opened = TrigramIndex.load(tmp_path / "a")
    key = int(text_trigrams("def")[0])
    assert len(opened.postings(key)) == 300
    opened.add(70_000, text_trigrams("def g(): pass"))  # past the first 65,536 ids
    opened.save(tmp_path / "b")
    again = TrigramIndex.load(tmp_path / "b")
    assert again.postings(key) == BitMap([*range(300), 70_000])
    assert all(again.postings(k) == opened.postings(k) for k in again._keys.tolist())


@pytest.mark.parametrize("ids", [
    list(range(0, 2_000, 2)),  # one container, an array of ids
    list(range(0, 60_000, 7)),  # one container of more than 4,096: a bitmap
    list(range(0, 70_000, 3)),  # two containers, a bitmap and an array
    sorted(set(np.random.default_rng(3).integers(0, 300_000, 20_000).tolist())),  # five arrays
])
def test_a_bitset_posting_reads_back_as_its_bitmap(ids: list[int]) -> None:
    docs = BitMap(ids)
    stored = stored_posting(docs)
    assert stored[0] == DENSE and len(stored) < len(docs.serialize())
    assert _from_bits(memoryview(stored)[5:]) == docs
