"""The build's CPU (issue 19) spent where the index needs it, the index the same byte for byte:
a file's chunk rows read once when its words are counted (a stored table's rows through its
``__getitem__``, several times a row, had cost a third of the counting), the trigram postings
serialized from a buffer (each posting's ids read in C, not one numpy scalar at a time)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np
from pyroaring import BitMap

from maguyva_tui.core.chunk_words import _Counter
from maguyva_tui.core.trigram.index import TrigramIndex, stored_posting

_TEXT = ("class Cache:\n    \"\"\"Keeps the bodies apart.\"\"\"\n\n    def get(self, key):\n"
         "        return self.store.get(key)\n\n    def put(self, key, body):\n"
         "        self.store[key] = body\n\n\ndef helper(cache, key):\n    return cache.get(key)\n")
_ROWS = ((1, 8, "class"), (4, 5, "method"), (7, 8, "method"), (11, 12, "function"), (1, 12, "window"))


class _Rows(Sequence[tuple[int, int, str]]):
    """Rows that count how often one is read by index."""

    def __init__(self, rows: Sequence[tuple[int, int, str]]) -> None:
        self.rows, self.indexed = tuple(rows), 0

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        self.indexed += 1
        return self.rows[index]

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[tuple[int, int, str]]:
        return iter(self.rows)


def test_a_files_rows_are_read_once_when_its_words_are_counted() -> None:
    rows = _Rows(_ROWS)
    counted = _Counter().file(rows, _TEXT)
    expected = _Counter().file(_ROWS, _TEXT)
    assert rows.indexed == 0  # read once, whole; before: read by index, each row several times
    assert np.array_equal(counted.keys, expected.keys) and np.array_equal(counted.counts, expected.counts)
    assert counted.chunks == expected.chunks and np.array_equal(counted.voters, expected.voters)


def test_postings_are_the_bitmaps_of_their_documents() -> None:
    # array, run and bitmap containers, and documents past the first 65,536 (a second container)
    docs = {7: [3], 8: list(range(5000)), 9: list(range(0, 9000, 2)), 10: [1, 65535, 65536, 70000, 200001],
            11: list(range(65000, 66500))}
    by_doc: dict[int, list[int]] = {}
    for key, holders in docs.items():
        for doc in holders:
            by_doc.setdefault(doc, []).append(key)
    index = TrigramIndex.build((doc, np.array(keys, np.uint32)) for doc, keys in sorted(by_doc.items()))
    assert index._keys.tolist() == sorted(docs)
    for j, key in enumerate(index._keys.tolist()):
        stored = bytes(index._blob[int(index._offsets[j]) : int(index._offsets[j + 1])])
        assert stored == stored_posting(BitMap(docs[key]))  # roaring, or a bitset where smaller
        assert list(index.postings(key)) == docs[key]
