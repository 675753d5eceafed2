"""A conjunction's trigrams are ordered by their postings' stored sizes, read as columns: each
trigram's size is its stored bytes (0 for one no document holds, before the first key or after
the last), and an updated one counts two bytes a document."""

from __future__ import annotations

from maguyva_tui.core.trigram.index import TrigramIndex, text_trigrams


def _sizes_one_by_one(index: TrigramIndex, keys: list[int]) -> list[int]:
    out = []
    for key in keys:
        found = index._overlay.get(key)
        if found is not None:
            out.append(2 * len(found))
            continue
        at = [i for i, k in enumerate(index._keys.tolist()) if k == key]
        out.append(int(index._offsets[at[0] + 1]) - int(index._offsets[at[0]]) if at else 0)
    return out


def test_sizes_are_the_stored_bytes_of_each_trigram() -> None:
    docs = ["def parse(text): return text", "class Parser: pass", "parse parse parse", "zzz", "  abc  "]
    index = TrigramIndex.build((i, text_trigrams(d)) for i, d in enumerate(docs))
    stored = index._keys.tolist()
    keys = [*stored, 0, min(stored) - 1, max(stored) + 1, *(k + 1 for k in stored if k + 1 not in stored)]
    sizes = index.posting_bytes(keys)
    assert sizes == _sizes_one_by_one(index, keys)
    assert all(size > 0 for size in sizes[: len(stored)]) and sizes[len(stored)] == 0
    assert index.posting_bytes([]) == []
    index.add(9, text_trigrams("parse it again"))  # an update: its trigrams count two bytes a document
    sizes = index.posting_bytes(keys)
    assert sizes == _sizes_one_by_one(index, keys)
    assert any(size % 2 == 0 and key in index._overlay for key, size in zip(keys, sizes))


def test_an_empty_index_sizes_nothing() -> None:
    index = TrigramIndex.build([])
    assert index.posting_bytes([1, 2, 3]) == [0, 0, 0]
