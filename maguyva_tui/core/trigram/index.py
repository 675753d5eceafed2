"""Trigram postings on roaring bitmaps.

A trigram is three consecutive bytes of a document's UTF-8 text, case-folded first, so one index
answers case-sensitive and case-insensitive queries alike (verification decides the case). Each
trigram maps to the bitmap of the document ids that contain it. Postings live in one serialized
blob with a sorted key array beside it and are deserialized on demand, so opening an index costs
milliseconds whatever its size.

A trigram many documents hold (:data:`DENSE_LEAST` or more) is stored as a bitset instead, where
that is smaller than its roaring serialization (an array of 2 bytes a document until 4,096 of
them; issue 19: sympy's 7.45 -> 4.97 MB, 5,675 trigrams): :data:`DENSE` (a byte roaring never
starts with), the roaring serialization's size (``uint32``, what orders a conjunction's trigrams,
as before), then one bit per document id from 0 (little-endian bit order) to its highest.

Documents keep their ids across incremental updates: a removed document leaves the ``live``
bitmap and stays in old postings until the next full rebuild compacts them.
"""

from __future__ import annotations

import struct
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TypeAlias, cast

import numpy as np
from pyroaring import BitMap

from maguyva_tui.core.numpy_headers import read_whole, write_whole

TrigramArray: TypeAlias = "np.ndarray[tuple[int], np.dtype[np.uint32]]"

DENSE = 0
"""The first byte of a posting stored as a bitset (a roaring serialization starts with its cookie,
0x3A or 0x3B)."""

DENSE_LEAST = 32
"""Documents a trigram's postings hold at the least to be stored as a bitset: a rare trigram's
(the ones a search reads most) stay roaring, deserialized in about a microsecond where a bitset's
numpy decoding takes a few; the bitsets of fewer would save 0.1 % of sympy's postings."""

_DENSE_HEAD = 5
"""A bitset posting's bytes before its bits: :data:`DENSE` and the roaring size."""

_EDGE_BLOCK = 1 << 22
"""Pairs read at once when finding where each trigram's postings begin (a bounded temporary)."""


def text_trigrams(text: str) -> TrigramArray:
    """Return the sorted unique trigrams of a text, case-folded, as 24-bit integers.

    Case folding is context-free (unlike ``lower``, which ends a word with a final sigma), so the
    folded form of a substring is always a substring of the folded text, as the planner assumes.
    """
    return bytes_trigrams(text.casefold().encode("utf-8", errors="surrogatepass"))


def bytes_trigrams(data: bytes) -> TrigramArray:
    """Return the sorted unique trigrams of raw bytes."""
    if len(data) < 3:
        return np.empty(0, np.uint32)
    a = np.frombuffer(data, np.uint8).astype(np.uint32)
    return _unique(cast(TrigramArray, (a[:-2] << 16) | (a[1:-1] << 8) | a[2:]))


def _unique(values: TrigramArray) -> TrigramArray:
    """``np.unique`` of a 1-D array, its own way, without its first call's import of numpy.ma (27 ms of
    a search after an edit; ``store.arrays.unique``, which this package cannot import)."""
    ordered = np.sort(values)
    first = np.empty(len(ordered), bool)
    first[:1] = True
    np.not_equal(ordered[1:], ordered[:-1], out=first[1:])
    return ordered[first]


def trigram_key(three: bytes) -> int:
    """Pack three bytes into the integer key used in the index."""
    return (three[0] << 16) | (three[1] << 8) | three[2]


class TrigramIndex:
    """Trigram to document-id bitmaps, with an overlay of postings changed since loading."""

    def __init__(
        self,
        keys: np.ndarray | None = None,
        offsets: np.ndarray | None = None,
        blob: bytes | memoryview = b"",
        live: BitMap | None = None,
    ) -> None:
        self._keys = keys if keys is not None else np.empty(0, np.uint32)
        self._offsets = offsets if offsets is not None else np.zeros(1, np.uint64)
        self._blob = memoryview(blob)
        self._bytes = np.frombuffer(self._blob, np.uint8)
        """The postings' bytes as an array (a view): where :meth:`posting_bytes` reads each first byte."""
        self._overlay: dict[int, BitMap] = {}
        self.live = live if live is not None else BitMap()
        """Ids of the documents currently in the index."""

    @classmethod
    def build(cls, documents: Iterable[tuple[int, TrigramArray]]) -> TrigramIndex:
        """Build postings for whole corpora at once, from (doc id, unique trigrams) pairs.

        Memory: about 12 bytes per (trigram, document) pair at the peak (each pair packed into one
        ``uint64`` sorted in place), where an index array and sorted copies took 32."""
        tris: list[TrigramArray] = []
        ids: list[int] = []
        live = BitMap()
        for doc_id, trigrams in documents:
            live.add(doc_id)
            tris.append(trigrams)
            ids.append(doc_id)
        total = sum(len(t) for t in tris)
        if not total:
            return cls(live=live)
        pairs = np.empty(total, np.uint64)
        at = 0
        for doc_id, trigrams in zip(ids, tris):
            np.left_shift(trigrams, 32, out=pairs[at : at + len(trigrams)], dtype=np.uint64)
            pairs[at : at + len(trigrams)] |= np.uint64(doc_id)
            at += len(trigrams)
        del tris
        pairs.sort()  # by trigram, then document
        edges = [0]
        for lo in range(0, total, _EDGE_BLOCK):  # where the trigram changes, a block at a time
            block = pairs[lo : lo + _EDGE_BLOCK + 1] >> np.uint64(32)
            edges.extend((np.flatnonzero(block[1:] != block[:-1]) + lo + 1).tolist())
        edges.append(total)
        keys = (pairs[edges[:-1]] >> np.uint64(32)).astype(np.uint32)
        docs = pairs.view(np.uint32)[0 :: 2] if sys.byteorder == "little" else pairs.view(np.uint32)[1 :: 2]
        held = docs.data  # a memoryview: a buffer's slice is read by the bitmap in C; a numpy slice's ids one at a time
        parts = [stored_posting(BitMap(held[lo:hi])) for lo, hi in zip(edges, edges[1:])]
        del held
        del pairs, docs
        return cls(keys, _offsets_of(parts), b"".join(parts), live)

    def postings(self, key: int) -> BitMap:
        """Return the documents containing a trigram (live or not); do not mutate the result."""
        found = self._overlay.get(key)
        if found is not None:
            return found
        i = int(np.searchsorted(self._keys, np.uint32(key)))  # a Python int would convert every key
        if i < len(self._keys) and int(self._keys[i]) == key:
            start, end = int(self._offsets[i]), int(self._offsets[i + 1])
            if end > start and self._blob[start] == DENSE:
                return _from_bits(self._blob[start + _DENSE_HEAD : end])
            return BitMap.deserialize(cast(bytes, self._blob[start:end]))  # a buffer works: no copy
        return BitMap()

    def posting_bytes(self, keys: list[int]) -> list[int]:
        """The stored size of each trigram's postings, read without decoding them (0 for one with
        none): what orders a conjunction's trigrams, smallest first. An updated one counts two
        bytes a document."""
        wanted = np.array(keys, np.uint32)
        stored = self._keys
        if not len(stored) or not len(wanted):
            sizes = [0] * len(keys)
        else:  # the sizes read as columns (one by one: 1 µs a trigram, a sentence's 30 on each shard)
            at = np.minimum(np.searchsorted(stored, wanted), len(stored) - 1)
            held = stored[at] == wanted
            first = self._offsets[at]
            stored_sizes = np.where(held, self._offsets[at + 1] - first, 0)
            sizes = stored_sizes.tolist()
            if len(self._bytes):  # a bitset's size: the roaring size stored beside it
                dense = (stored_sizes > 0) & (self._bytes[np.minimum(first, len(self._bytes) - 1)] == DENSE)
                for k in np.flatnonzero(dense).tolist():
                    start = int(first[k])
                    sizes[k] = int.from_bytes(self._blob[start + 1 : start + _DENSE_HEAD], "little")
        overlay = self._overlay
        if overlay:
            for k, key in enumerate(keys):
                found = overlay.get(key)
                if found is not None:
                    sizes[k] = 2 * len(found)
        return sizes

    def add(self, doc_id: int, trigrams: TrigramArray) -> None:
        """Add a document to the postings of its trigrams."""
        for key in trigrams.tolist():
            bm = self._overlay.get(key)
            if bm is None:
                bm = self._overlay[key] = BitMap(self.postings(key))
            bm.add(doc_id)
        self.live.add(doc_id)

    def remove(self, doc_id: int) -> None:
        """Drop a document; its ids linger in postings but are masked by ``live``."""
        self.live.discard(doc_id)

    def __len__(self) -> int:
        return len(np.union1d(self._keys, np.fromiter(self._overlay, np.uint32, len(self._overlay))))

    def save(self, folder: Path) -> int:
        """Write keys, offsets, postings and the live set into a folder; return bytes written."""
        keys, offsets, blob = self._merged()
        offsets = stored_offsets(offsets)
        write_whole(folder / "trigram_keys.npy", keys)
        write_whole(folder / "trigram_offsets.npy", offsets)
        (folder / "trigram_postings.bin").write_bytes(blob)
        (folder / "trigram_live.bin").write_bytes(self.live.serialize())
        return keys.nbytes + offsets.nbytes + len(blob)

    def stored_bytes(self) -> int:
        """The bytes :meth:`save` wrote for this index as loaded (its keys, offsets and postings)."""
        offsets = self._offsets
        width = np.dtype(np.uint32).itemsize if _narrow(offsets) else offsets.itemsize
        return int(self._keys.nbytes + width * len(offsets) + len(self._blob))

    @classmethod
    def load(cls, folder: Path) -> TrigramIndex:
        """Open a saved index; postings are read lazily from a memory map."""
        keys = read_whole(folder / "trigram_keys.npy")
        offsets = read_whole(folder / "trigram_offsets.npy")
        blob_path = folder / "trigram_postings.bin"
        blob: bytes | memoryview = b""
        if blob_path.stat().st_size:
            blob = memoryview(cast(bytes, np.memmap(blob_path, np.uint8, mode="r")))  # mapped, not read
        live = BitMap.deserialize((folder / "trigram_live.bin").read_bytes())
        _check_layout(keys, offsets, len(blob))
        return cls(keys, offsets, blob, live)

    def _merged(self) -> tuple[np.ndarray, np.ndarray, bytes]:
        """Merge the overlay into the stored postings, copying untouched ones byte for byte: the
        runs between two changed trigrams are copied whole, so the work follows the changed
        trigrams, not every trigram (sympy, one file: 79,000 lookups and slices, 4-6 s, had been paid)."""
        if not self._overlay:
            return self._keys, self._offsets, bytes(self._blob)
        over_keys = np.array(sorted(self._overlay), np.uint32)
        stored, offsets = self._keys, self._offsets
        keys = _unique(np.concatenate([stored, over_keys])).astype(np.uint32)  # np.union1d's way
        at = np.searchsorted(stored, over_keys)  # where each changed trigram is, or would be, stored
        replaced = np.zeros(len(over_keys), bool)
        if len(stored):
            replaced = stored[np.minimum(at, len(stored) - 1)] == over_keys
        changed = [stored_posting(self._overlay[key]) for key in over_keys.tolist()]
        lengths = np.zeros(len(keys), np.uint64)
        lengths[np.searchsorted(keys, stored)] = np.diff(offsets)
        lengths[np.searchsorted(keys, over_keys)] = [len(part) for part in changed]
        parts: list[bytes | memoryview] = []
        cursor = 0  # the next stored trigram not yet copied
        for i, was_stored, part in zip(at.tolist(), replaced.tolist(), changed):
            parts.append(self._blob[int(offsets[cursor]) : int(offsets[i])])
            parts.append(part)
            cursor = i + 1 if was_stored else i
        parts.append(self._blob[int(offsets[cursor]) : int(offsets[-1])])
        merged = np.concatenate([np.zeros(1, np.uint64), np.cumsum(lengths, dtype=np.uint64)])
        return keys, merged, b"".join(parts)


def stored_posting(docs: BitMap) -> bytes:
    """A trigram's postings as stored: the roaring serialization, or the bitset (:data:`DENSE`)
    where that is smaller."""
    serialized = docs.serialize()
    if len(docs) < DENSE_LEAST or _DENSE_HEAD + (docs.max() >> 3) + 1 >= len(serialized):
        return serialized
    bits = np.zeros(docs.max() + 1, np.uint8)
    bits[np.frombuffer(docs.to_array(), np.uint32)] = 1
    return bytes((DENSE,)) + len(serialized).to_bytes(4, "little") + np.packbits(bits, bitorder="little").tobytes()


def _from_bits(bits: memoryview) -> BitMap:
    """The documents of a bitset posting (one bit per id from 0): its roaring serialization made
    (containers of 65,536 ids: a sorted array of ``uint16`` where it holds 4,096 or fewer, else the
    bits themselves) and deserialized in C; a bitmap made from the ids cost 3-4 times as much."""
    raw = np.frombuffer(bits, np.uint8)
    ids = np.nonzero(np.unpackbits(raw, bitorder="little"))[0]
    if not len(ids):
        return BitMap()
    if len(raw) <= _BITMAP_BYTES:  # every id in the first container (a repository under 65,536 files)
        data = raw.tobytes() + bytes(_BITMAP_BYTES - len(raw)) if len(ids) > _ARRAY_MOST else ids.astype("<u2").tobytes()
        return BitMap.deserialize(_ONE_CONTAINER.pack(_NO_RUNS, 1, 0, len(ids) - 1, _ONE_CONTAINER.size) + data)
    keys = ids >> 16
    ends = [*(np.flatnonzero(keys[1:] != keys[:-1]) + 1).tolist(), len(ids)]
    heads: list[int] = []
    parts: list[bytes] = []
    start = 0
    for end in ends:
        key = int(keys[start])
        heads += [key, end - start - 1]
        if end - start > _ARRAY_MOST:
            chunk = raw[key << 13 : (key + 1) << 13].tobytes()
            parts.append(chunk + bytes(_BITMAP_BYTES - len(chunk)))
        else:
            parts.append((ids[start:end] & 0xFFFF).astype("<u2").tobytes())
        start = end
    count = len(parts)
    offsets = np.cumsum([8 + 8 * count, *map(len, parts[:-1])], dtype=np.int64)
    head = np.array([_NO_RUNS, count], "<u4").tobytes() + np.array(heads, "<u2").tobytes() + offsets.astype("<u4").tobytes()
    return BitMap.deserialize(head + b"".join(parts))


_NO_RUNS = 12346
"""The cookie of a roaring serialization without run containers (the portable format)."""
_ARRAY_MOST = 4096
"""The most ids a roaring container holds as an array; more are a bitmap of 8,192 bytes."""
_BITMAP_BYTES = 8192
_ONE_CONTAINER = struct.Struct("<IIHHI")
"""The head of a serialization of one container: cookie, count, key, cardinality less one, offset."""


def _check_layout(keys: np.ndarray, offsets: np.ndarray, blob_size: int) -> None:
    """Refuse postings whose parts disagree: keys strictly increasing, offsets from 0 to the blob's end."""
    if keys.ndim != 1 or offsets.ndim != 1 or len(offsets) != len(keys) + 1:
        raise ValueError("trigram offsets do not match keys")
    if len(keys) > 1 and not bool(np.all(keys[1:] > keys[:-1])):
        raise ValueError("trigram keys are not sorted")
    if int(offsets[0]) != 0 or int(offsets[-1]) != blob_size or bool(np.any(offsets[1:] < offsets[:-1])):
        raise ValueError("trigram offsets do not cover the postings")


OFFSETS_NARROW = 1 << 32
"""Postings shorter than this (every repository's so far: sympy's 6.6 MB) keep their offsets as
``uint32``, 4 bytes a trigram, not 8 (issue 19); longer ones keep ``uint64``."""


def stored_offsets(offsets: np.ndarray) -> np.ndarray:
    """The offsets as written: ``uint32`` where the postings' end fits (every offset is at most the
    last: they increase), else as they are. Each reader takes either."""
    return np.asarray(offsets, np.uint32) if _narrow(offsets) else offsets


def _narrow(offsets: np.ndarray) -> bool:
    """Whether increasing offsets are written as ``uint32``."""
    return bool(len(offsets)) and int(offsets[-1]) < OFFSETS_NARROW


def _offsets_of(parts: list[bytes]) -> np.ndarray:
    """Return the cumulative offsets of serialized parts, starting at 0."""
    lengths = np.fromiter((len(p) for p in parts), np.uint64, len(parts))
    return np.concatenate([np.zeros(1, np.uint64), np.cumsum(lengths, dtype=np.uint64)])
