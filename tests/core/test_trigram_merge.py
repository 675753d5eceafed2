"""An updated trigram index is saved as the stored postings merged with the changed ones, byte for byte."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
from pyroaring import BitMap

from maguyva_tui.core.trigram.index import TrigramIndex


def _reference(index: TrigramIndex) -> tuple[list[int], list[bytes]]:
    """Every trigram's postings as saved, one by one: what the merge must write."""
    keys = sorted(set(index._keys.tolist()) | set(index._overlay))
    return keys, [index.postings(key).serialize() for key in keys]


def _random_index(rng: random.Random, docs: int, alphabet: int) -> TrigramIndex:
    return TrigramIndex.build(
        (doc, np.unique(np.array([rng.randrange(alphabet) for _ in range(rng.randrange(0, 40))], np.uint32)))
        for doc in range(docs)
    )


def test_merged_postings_equal_each_trigram_saved_alone(tmp_path: Path) -> None:
    """Random adds over stored postings (new trigrams before, between and after the stored ones,
    trigrams already stored, an empty base) save the postings each trigram has, and load back so."""
    rng = random.Random(19)
    for trial in range(20):
        index = _random_index(rng, rng.randrange(0, 12), rng.choice([5, 60, 400]))
        folder = tmp_path / str(trial)
        folder.mkdir()
        index.save(folder)
        index = TrigramIndex.load(folder)
        for doc in range(100, 100 + rng.randrange(1, 4)):
            index.add(doc, np.unique(np.array([rng.randrange(500) for _ in range(rng.randrange(1, 30))], np.uint32)))
        if rng.random() < 0.5:
            index.remove(0)
        keys, parts = _reference(index)
        saved = tmp_path / f"{trial}-saved"
        saved.mkdir()
        index.save(saved)
        stored_keys = np.load(saved / "trigram_keys.npy")
        offsets = np.load(saved / "trigram_offsets.npy")
        blob = (saved / "trigram_postings.bin").read_bytes()
        assert stored_keys.dtype == np.uint32 and offsets.dtype == np.uint32  # 8 bytes a trigram before
        assert stored_keys.tolist() == keys
        assert [blob[int(a) : int(b)] for a, b in zip(offsets[:-1], offsets[1:])] == parts
        again = TrigramIndex.load(saved)
        assert all(again.postings(key) == BitMap.deserialize(part) for key, part in zip(keys, parts))
