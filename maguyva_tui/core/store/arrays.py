"""Plain arrays and strings on disk: nothing in an index runs code when it is read.

Every file of a generation besides ``manifest.json`` is made of these:

* an **array**: a ``.npy`` file written with ``allow_pickle=False`` and opened with
  ``np.load(allow_pickle=False, mmap_mode="r")``, so opening reads its header and maps the rest;
  a file whose size is not exactly its header plus its data is refused;
* **strings**: one UTF-8 blob (``<name>.bin``, each string followed by a NUL byte) and an array of
  the offsets where each string starts (``<name>_offsets.npy``, one more than strings): ``uint32``
  where the blob is shorter than 4 GiB, else ``int64`` (:data:`OFFSET_TYPES`); a table written
  ``packed`` keeps its blob as one zstd frame (with its size and checksum) where that is smaller
  (:func:`save_strings`), decompressed whole when first read (no UTF-8 blob starts as a frame does);
* **records** (``records.py``): rows of strings and ints as a 2-D ``int32`` array whose string
  fields are ids in a string table.

Reading is total: a string id out of range (a damaged file) reads as ``""``, never an IndexError,
so a flipped byte can make a fact wrong but never crash a search; a file of the wrong shape, type
or size is ``IndexUnavailable`` (the index is rebuilt).
"""

from __future__ import annotations

import mmap
import operator
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from itertools import islice
from pathlib import Path
from typing import Any, cast

import numpy as np
from numpy.typing import NDArray

from maguyva_tui.core.numpy_headers import HEADER_LOCK as HEADER_LOCK  # the stores read them from here too
from maguyva_tui.core.numpy_headers import member_names as member_names
from maguyva_tui.core.numpy_headers import read_header as read_header
from maguyva_tui.core.numpy_headers import read_members as read_members
from maguyva_tui.core.numpy_headers import read_whole as read_whole
from maguyva_tui.core.numpy_headers import write_whole
from maguyva_tui.core.store.format import IndexUnavailable

BULK_SHARE = 8
"""A string table is decoded whole (one split) once ids are asked for at least one string in this
many; fewer are decoded one by one (a file's rows read a few of many thousand strings)."""


def damaged(path: Path, why: object) -> IndexUnavailable:
    """Return the error that makes the index be rebuilt, naming the file and the damage."""
    return IndexUnavailable(f"the index is corrupt ({path.name}: {why}); rebuilding it")


# -- arrays ------------------------------------------------------------------------------------

def save_array(path: Path, array: NDArray[Any]) -> None:
    """Write an array as ``.npy``; an object array (which only pickle could write) is refused."""
    if array.dtype.hasobject:
        raise TypeError(f"{path.name}: object arrays are never stored")
    write_whole(path, array)


def load_array(path: Path, dtype: type[np.generic] | tuple[type[np.generic], ...], ndim: int = 1,
               columns: int | None = None) -> NDArray[Any]:
    """Map a stored array read-only, checking its type (or that it is one of a tuple of types),
    shape and size; damage is IndexUnavailable."""
    try:
        with HEADER_LOCK:
            array = np.load(path, mmap_mode="r", allow_pickle=False)
        size = path.stat().st_size
    except FileNotFoundError:
        raise IndexUnavailable(f"the index is incomplete ({path.name} is missing); rebuilding it") from None
    except Exception as exc:  # a damaged header raises ValueError, EOFError, OSError, ...
        raise damaged(path, type(exc).__name__) from None
    if not isinstance(array, np.ndarray):  # an archive of arrays (.npz) where one array belongs
        close = getattr(array, "close", None)
        if close is not None:
            close()
        raise damaged(path, "not an array")
    offset = getattr(array, "offset", None)
    types = dtype if isinstance(dtype, tuple) else (dtype,)
    if (all(array.dtype != np.dtype(t) for t in types) or array.ndim != ndim or (columns is not None and array.shape[1] != columns)
            or offset is None or offset + array.nbytes != size):
        raise damaged(path, "unexpected layout")
    return np.asarray(array)  # a plain view of the map: slicing a memmap costs a Python object per slice


def narrowest(top: int, types: tuple[type[np.generic], ...]) -> type[np.generic]:
    """The first of these integer types that holds ``top`` (the last when none does)."""
    for kind in types:
        if top <= int(np.iinfo(np.dtype(kind)).max):
            return kind
    return types[-1]


def map_bytes(path: Path) -> memoryview:
    """Map a file of bytes read-only (an empty file is empty bytes): a view of the map itself,
    which :class:`Strings` searches in place (``mmap.find``) as it searches bytes."""
    try:
        if not path.stat().st_size:
            return memoryview(b"")
        with open(path, "rb") as handle:
            return memoryview(mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ))
    except FileNotFoundError:
        raise IndexUnavailable(f"the index is incomplete ({path.name} is missing); rebuilding it") from None
    except OSError as exc:
        raise damaged(path, type(exc).__name__) from None


# -- strings -----------------------------------------------------------------------------------


def strings_blob(strings: Sequence[str]) -> tuple[bytes, NDArray[np.int64]]:
    """Return strings as one UTF-8 blob (each followed by NUL) and the offset where each starts."""
    return bytes_blob([s.encode("utf-8", "surrogatepass") for s in strings])


def bytes_blob(encoded: Sequence[bytes]) -> tuple[bytes, NDArray[np.int64]]:
    """Return byte strings as one blob (each followed by NUL) and the offset where each starts."""
    offsets = np.zeros(len(encoded) + 1, dtype=np.int64)
    np.cumsum(np.fromiter(map(len, encoded), np.int64, len(encoded)) + 1, out=offsets[1:])
    return b"\0".join([*encoded, b""]) if encoded else b"", offsets


def find_sorted(blob: bytes | memoryview, offsets: NDArray[Any] | Sequence[int], needle: bytes) -> int | None:
    """The position of ``needle`` in a blob of byte strings sorted by their bytes (``bytes_blob``),
    ``None`` when it is not there: bisection, a few strings read (``offsets`` a window of a table's
    read at once as a list: the fenced lookups of the definitions and the tokens)."""
    def at(i: int) -> bytes:
        return bytes(blob[int(offsets[i]) : int(offsets[i + 1]) - 1])

    lo, hi = 0, len(offsets) - 1
    while lo < hi:
        mid = (lo + hi) // 2
        if at(mid) < needle:
            lo = mid + 1
        else:
            hi = mid
    return lo if lo < len(offsets) - 1 and at(lo) == needle else None


OFFSET_TYPES: tuple[type[np.generic], ...] = (np.uint32, np.int64)
"""The types a string table's offsets are stored in: the first that holds the blob's length
(issue 19: sympy's four string tables' offsets, ``int64`` before, 1.9 -> 0.95 MB)."""


def stored_offsets(offsets: NDArray[Any]) -> NDArray[Any]:
    """A string table's offsets as stored: in the first of :data:`OFFSET_TYPES` that holds the last
    (the largest), so no offset is ever cut."""
    offsets = np.asarray(offsets)
    return offsets.astype(narrowest(int(offsets[-1]) if len(offsets) else 0, OFFSET_TYPES), copy=False)


FRAME_MAGIC = b"\x28\xb5\x2f\xfd"
"""How a zstd frame starts: a packed table's blob (a UTF-8 blob never does: 0xB5 continues a
character, and ``(`` is one of its own)."""

PACK_LEAST = 1 << 16
"""A packed table's blob is compressed from this many bytes: a smaller one stays mapped."""

PACK_SHARE = 0.9
"""A packed table's blob is kept compressed where its frame is at most this share of it."""

PACK_LEVEL = 3
"""zstd's level for a packed table (the facts' strings of the 450 MB corpus: 20.4 -> 4.5 MB, read
back at about 1 GB/s)."""


def save_strings(folder: Path, name: str, strings: Sequence[str], packed: bool = False) -> None:
    """Write a string table as ``<name>.bin`` and ``<name>_offsets.npy``; ``packed``: the blob as
    one zstd frame where that is smaller (for a table read whole, or nearly, once a question
    reads it: the facts' strings)."""
    blob, offsets = strings_blob(strings)
    (folder / f"{name}.bin").write_bytes(packed_blob(blob) if packed else blob)
    save_array(folder / f"{name}_offsets.npy", stored_offsets(offsets))


def packed_blob(blob: bytes) -> bytes:
    """A string table's blob as a packed table stores it: one zstd frame where :data:`PACK_LEAST`
    and :data:`PACK_SHARE` allow, else as it is."""
    if len(blob) < PACK_LEAST:
        return blob
    import zstandard  # imported where used: 2 ms of every command's start otherwise

    frame: bytes = zstandard.ZstdCompressor(level=PACK_LEVEL, write_checksum=True).compress(blob)
    return frame if len(frame) <= PACK_SHARE * len(blob) else blob


def frame_size(frame: bytes | memoryview) -> int:
    """The bytes a packed blob's frame says it holds (-1 when its header does not say)."""
    import zstandard  # imported where used: 2 ms of every command's start otherwise

    try:
        return int(zstandard.frame_content_size(bytes(frame[:18])))
    except zstandard.ZstdError:
        return -1


def frame_intact(frame: bytes | memoryview, size: int) -> bool:
    """Whether a packed blob's frame decompresses to ``size`` bytes and passes its checksum, read
    a piece at a time and let go (nothing kept: what a check at open costs in memory)."""
    import zstandard  # imported where used: 2 ms of every command's start otherwise

    total = 0
    try:
        with zstandard.ZstdDecompressor().stream_reader(frame) as reader:
            while piece := reader.read(1 << 20):
                total += len(piece)
                if total > size:
                    return False
    except zstandard.ZstdError:
        return False
    finally:
        let_go_pages(frame)
    return total == size


def unpacked(frame: bytes | memoryview, size: int) -> bytes | None:
    """A packed blob's bytes, ``None`` where its frame is damaged (fails its checksum, or holds
    other than ``size`` bytes)."""
    import zstandard  # imported where used: 2 ms of every command's start otherwise

    try:
        raw: bytes = zstandard.ZstdDecompressor().decompress(frame, max_output_size=size)
    except zstandard.ZstdError:
        return None
    finally:
        let_go_pages(frame)
    return raw if len(raw) == size else None


def let_go_pages(view: bytes | memoryview) -> None:
    """Let the process's map of a file read through whole go of the pages it touched (they stay in
    the system's page cache, and are read from there if touched again): a packed frame checked or
    decompressed at open had stayed resident beside what it holds (a build's facts' frames, checked
    where it reopens them: 6 MB of the 150 MB corpus's, held through the word postings' save)."""
    base = view.obj if isinstance(view, memoryview) else None
    if isinstance(base, mmap.mmap) and hasattr(mmap, "MADV_DONTNEED"):
        try:
            base.madvise(mmap.MADV_DONTNEED)
        except (OSError, ValueError):  # not supported here, or the map is closed: only memory is at stake
            pass


def _searchable(blob: bytes | memoryview) -> bytes | mmap.mmap | None:
    """A string table's bytes as something searched in place: the bytes, or the map a mapped table
    views whole (``map_bytes``: a graph's symbols read the facts' mapped table, and a name looked
    up there decoded all of its strings, 1.8 MB on sympy, 25 ms a first question); ``None`` else."""
    if isinstance(blob, bytes):
        return blob
    base = blob.obj
    return base if isinstance(base, mmap.mmap) and blob.nbytes == len(base) else None


class Strings:
    """A stored string table: one string decoded on demand, or all of them at once with one split."""

    __slots__ = ("_cache", "_damaged", "_frame", "_lookup", "_plain", "_stored", "_wide")

    def __init__(self, blob: bytes | memoryview, offsets: NDArray[Any]) -> None:
        packed = bytes(blob[:4]) == FRAME_MAGIC
        if offsets.ndim != 1 or len(offsets) < 1 or int(offsets[0]) != 0 or int(offsets[-1]) != (
                frame_size(blob) if packed else len(blob)):
            raise ValueError("offsets do not span the blob")
        self._plain: bytes | memoryview | None = None if packed else blob
        self._frame: bytes | memoryview | None = blob if packed else None
        """A packed table's frame (:attr:`_blob` decompresses it when first read)."""
        self._damaged = False
        self._stored = offsets if offsets.dtype in (np.dtype(np.int64), np.dtype(np.uint32)) else offsets.astype(np.int64)
        """The offsets as given (mapped ``uint32`` or ``int64``): what reading one string reads."""
        self._wide: NDArray[np.int64] | None = offsets if offsets.dtype == np.dtype(np.int64) else None
        self._cache: dict[int, str | None] = {}
        """Stored id to string, for the ids decoded one by one."""
        self._lookup: list[str | None] | None = None

    @property
    def _blob(self) -> bytes | memoryview:
        """The table's bytes: mapped, or a packed table's decompressed when first read."""
        plain = self._plain
        if plain is None:
            assert self._frame is not None  # kept: two threads may read it at once
            size = int(self._stored[-1])
            found = unpacked(self._frame, size)
            if found is None:  # damaged: every string reads as "" (reading is total, as a flipped
                # byte of a plain blob reads as a wrong string), every search finds none
                self._lookup = [None, *[""] * len(self), ""]
                self._damaged = True
                found = bytes(size)
            plain = self._plain = found
        return plain

    @property
    def packed(self) -> bool:
        """Whether the table is stored packed (one zstd frame)."""
        return self._frame is not None

    def intact(self) -> bool:
        """Whether the table reads as written: a packed one found whole by its checksum (read a
        piece at a time and let go, where it is not decompressed yet); a plain one always (its
        bytes are not checked)."""
        if self._frame is not None and self._plain is None:
            return frame_intact(self._frame, int(self._stored[-1]))
        return not self._damaged

    @classmethod
    def load(cls, folder: Path, name: str) -> Strings:
        """Open a stored string table (mapped: nothing is decoded yet)."""
        offsets = load_array(folder / f"{name}_offsets.npy", OFFSET_TYPES)
        blob = map_bytes(folder / f"{name}.bin")
        try:
            return cls(blob, offsets)
        except ValueError as exc:
            raise damaged(folder / f"{name}.bin", exc) from None

    @property
    def _offsets(self) -> NDArray[np.int64]:
        """The offsets as ``int64``, widened once on first use (for readers that compute with every
        offset in numpy, ``retrievers.structural``); this table's own reads use :attr:`_stored`."""
        if self._wide is None:
            self._wide = self._stored.astype(np.int64)
        return self._wide

    def _at(self, positions: NDArray[Any]) -> NDArray[np.int64]:
        """The offsets at these positions, as ``int64``."""
        wide: NDArray[np.int64] = self._stored[positions].astype(np.int64)
        return wide

    def __len__(self) -> int:
        return len(self._stored) - 1

    def same(self, other: Strings) -> bool:
        """Whether another table holds the same strings, byte for byte (nothing decoded)."""
        return bool(np.array_equal(self._stored, other._stored)) and bytes(self._blob) == bytes(other._blob)

    def all(self) -> list[str]:
        """Every string, in order (decoded once, then kept)."""
        return cast(list[str], self._table()[1:-1])

    def id_of(self, text: str) -> int:
        """Return the stored id of a string (1-based), 0 when the table does not hold it: one search
        of the blob, nothing decoded (a table's strings are distinct, each followed by NUL)."""
        needle = text.encode("utf-8", "surrogatepass")
        blob = _searchable(self._blob)
        if b"\0" in needle or blob is None:
            try:
                return self._table().index(text, 1, len(self) + 1)
            except ValueError:
                return 0
        if blob[: len(needle) + 1] == needle + b"\0":
            return 1
        at = blob.find(b"\0" + needle + b"\0")
        if at < 0:
            return 0
        stored = self._stored  # searched in its own type (a needle of another type copies it whole)
        i = int(np.searchsorted(stored, stored.dtype.type(at + 1)))
        return i + 1 if i < len(self) and int(stored[i]) == at + 1 else 0

    def ids_ending(self, tail: str, after: tuple[str, ...] = (".",)) -> NDArray[np.int64]:
        """Return the stored ids (1-based, ascending) of the strings that are ``tail`` or end with one
        of ``after`` and then ``tail`` (``expand``, ``e.expand``, ``M.subs().expand``): one search of
        the blob, nothing decoded."""
        needle = tail.encode("utf-8", "surrogatepass")
        blob = _searchable(self._blob)
        if not needle or b"\0" in needle or blob is None:
            table = self._table()
            return np.array([i for i in range(1, len(self) + 1) if table[i] == tail
                             or any((table[i] or "").endswith(a + tail) for a in after)], dtype=np.int64)
        befores = tuple(a.encode("utf-8", "surrogatepass") for a in after)
        pattern = needle + b"\0"
        ends: list[int] = []  # the offset of each match's closing NUL
        at = blob.find(pattern)
        while at >= 0:
            if at == 0 or blob[at - 1] == 0 or any(blob[at - len(b) : at] == b for b in befores if at >= len(b)):
                ends.append(at + len(needle))
            at = blob.find(pattern, at + 1)
        if not ends:
            return np.zeros(0, dtype=np.int64)
        # the NUL of the string with 0-based index i is at offsets[i + 1] - 1: its id is i + 1
        stored = self._stored
        ids = np.searchsorted(stored, (np.asarray(ends, dtype=np.int64) + 1).astype(stored.dtype))
        return ids[(ids >= 1) & (ids <= len(self))].astype(np.int64)

    def initials(self, ids: NDArray[Any]) -> NDArray[np.uint8]:
        """Each stored id's (1 and up) first byte after any leading ``_`` and ``$``, lowercased, where
        that is an ASCII letter or digit; 0 where it is another byte or there is none (the string's
        first letter is then known only decoded). Read from the bytes, nothing decoded."""
        ids = np.asarray(ids, dtype=np.int64)
        blob = np.frombuffer(self._blob, np.uint8)
        last = len(blob) - 1
        at, ends = self._at(ids - 1), self._at(ids) - 1  # each string's first byte (a copy) and its NUL
        if last < 0 or not len(ids):
            return np.zeros(len(ids), np.uint8)

        def leading(rows: NDArray[np.intp]) -> NDArray[np.intp]:
            byte = blob[np.minimum(at[rows], last)]
            return cast(NDArray[np.intp], rows[(at[rows] < ends[rows]) & ((byte == ord("_")) | (byte == ord("$")))])

        moving = leading(np.arange(len(ids)))
        while len(moving):  # a few steps: ``__init__``, ``$$ref``
            at[moving] += 1
            moving = leading(moving)
        byte = np.where(at < ends, blob[np.minimum(at, last)], 0).astype(np.uint8)
        lower = byte | 0x20  # an ASCII letter's lower case; a digit's own byte
        alnum = ((lower >= ord("a")) & (lower <= ord("z"))) | ((byte >= ord("0")) & (byte <= ord("9")))
        return np.where(alnum, lower, 0).astype(np.uint8)

    def plain_lengths(self, ids: NDArray[Any], longest: int = 64) -> NDArray[np.int64]:
        """Each stored id's (1 and up) length less its underscores where every byte of it is an
        ASCII letter, digit or underscore and it is at most ``longest`` bytes long (such a name's
        normalized length, :func:`maguyva_tui.core.names.normalize`); -1 for any other. Read from
        the bytes, a column of them at a time, nothing decoded."""
        ids = np.asarray(ids, dtype=np.int64)
        blob = np.frombuffer(self._blob, np.uint8)
        starts = self._at(ids - 1)
        lengths = self._at(ids) - 1 - starts
        found = np.where(lengths <= longest, lengths, -1)
        rows = np.flatnonzero(found > 0)
        for column in range(min(longest, int(lengths[rows].max())) if len(rows) else 0):
            rows = rows[lengths[rows] > column]
            byte = blob[starts[rows] + column]
            lower = byte | 0x20
            letter = ((lower >= ord("a")) & (lower <= ord("z"))) | ((byte >= ord("0")) & (byte <= ord("9")))
            underscore = byte == ord("_")
            found[rows[~(letter | underscore)]] = -1
            found[rows[underscore]] -= 1
            rows = rows[letter | underscore]
        return found

    def _table(self) -> list[str | None]:
        """``None``, every string, then ``""``: what a stored id (0 for None) indexes, with one spare slot
        that a damaged id is sent to."""
        blob = self._blob  # (a damaged packed table's lookup is made as it is read)
        if self._lookup is None:
            count = len(self)
            try:
                parts = bytes(blob).decode("utf-8", "surrogatepass").split("\0")
            except UnicodeDecodeError:
                parts = []
            if len(parts) != count + 1:  # a string holding NUL, or a damaged blob: one by one
                parts = [self._decode(i) for i in range(count)] + [""]
            self._lookup = [None, *parts[:count], ""]
        return self._lookup

    def _decode(self, i: int) -> str:
        """Decode string ``i`` (0-based) alone."""
        return self._decode_span(int(self._stored[i]), int(self._stored[i + 1]) - 1)

    def _decode_span(self, start: int, end: int) -> str:
        """Decode the bytes of one string (a damaged span reads as what it holds, or as "")."""
        raw = bytes(self._blob[start:max(start, end)])
        try:
            return raw.decode("utf-8", "surrogatepass")
        except UnicodeDecodeError:
            return raw.decode("utf-8", "replace")

    def pick(self, ids: NDArray[Any], bulk: bool = True) -> list[str | None]:
        """Return the strings of stored ids (0 is ``None``; an id out of range reads as ``""``);
        not ``bulk``: each decoded alone however many are asked (not the whole table), unless it
        is decoded already."""
        count = len(self)
        if self._plain is None:
            self._blob  # noqa: B018 - a packed table decompressed (a damaged one's lookup made)
        ids = np.asarray(ids, dtype=np.int64)
        if len(ids) and (int(ids.min()) < 0 or int(ids.max()) > count):
            ids = np.where((ids < 0) | (ids > count), count + 1, ids)
        if self._lookup is not None or (bulk and len(ids) * BULK_SHARE >= count):
            return list(map(self._table().__getitem__, ids.tolist()))
        return list(map(self._some(ids).__getitem__, ids.tolist()))

    def _some(self, ids: NDArray[np.int64]) -> dict[int, str | None]:
        """Return the strings of a few ids, each decoded once (and kept)."""
        cache = self._cache
        wanted = [i for i in set(ids.tolist()) if i not in cache]  # (np.unique imports numpy.ma: 80 ms)
        if wanted:
            inner = np.asarray([i for i in wanted if 0 < i <= len(self)], dtype=np.int64)
            starts, ends = self._at(inner - 1).tolist(), (self._at(inner) - 1).tolist()
            cache.update(zip(inner.tolist(), map(self._decode_span, starts, ends)))
            cache.setdefault(0, None)
            cache.setdefault(len(self) + 1, "")
        return cache


class Interner:
    """Collects the strings of records being written; each gets its stored id (1-based, 0 is None)."""

    __slots__ = ("ids",)

    def __init__(self) -> None:
        self.ids: dict[str, int] = {}

    def column(self, values: Iterable[str | None]) -> list[int]:
        """Return the stored ids of a column of strings."""
        ids = self.ids
        return [0 if v is None else ids.setdefault(v, len(ids) + 1) for v in values]

    def strings(self) -> list[str]:
        """Every string collected, in id order."""
        return list(self.ids)


# -- paths -------------------------------------------------------------------------------------

DICT_AFTER = 4096
"""Look-ups by bisection before a :class:`PathIndex` builds its dict: a search asks for a few
files (a dict of 100,000 paths cost 0.17 s, per table, in every process), a build for all."""


def strictly_sorted(paths: Sequence[str]) -> bool:
    """Whether paths are in strictly increasing order (what every stored path table is written in)."""
    return all(map(operator.lt, paths, islice(paths, 1, None)))


class PathIndex:
    """The position of each path in a strictly sorted list: by bisection for the first
    :data:`DICT_AFTER` look-ups, then by a dict."""

    __slots__ = ("_asked", "_at", "paths")

    def __init__(self, paths: list[str]) -> None:
        self.paths = paths
        self._at: dict[str, int] | None = None
        self._asked = 0

    def get(self, path: object) -> int | None:
        """The position of a path, ``None`` when it is not listed."""
        at = self._at
        if at is None:
            self._asked += 1
            if self._asked <= DICT_AFTER:
                if not isinstance(path, str):
                    return None
                paths = self.paths
                i = bisect_left(paths, path)
                return i if i < len(paths) and paths[i] == path else None
            at = self._at = {p: i for i, p in enumerate(self.paths)}
        return at.get(path) if isinstance(path, str) else None


def unique(values: NDArray[Any]) -> NDArray[Any]:
    """``np.unique`` of a plain 1-D array (sorted, each value once) without its first call's import
    of ``numpy.ma`` (numpy 2.4 asks whether the array is masked: 11-33 ms in a fresh process, on
    every question's path)."""
    ordered = np.sort(np.asarray(values).ravel())
    return ordered[_first_of_each(ordered)]


def unique_inverse(values: NDArray[Any]) -> tuple[NDArray[Any], NDArray[np.intp]]:
    """``np.unique(values, return_inverse=True)`` of a plain 1-D array, as :func:`unique` does it."""
    flat = np.asarray(values).ravel()
    order = np.argsort(flat, kind="stable")
    ordered = flat[order]
    first = _first_of_each(ordered)
    inverse = np.empty(len(flat), np.intp)
    inverse[order] = np.cumsum(first) - 1
    return ordered[first], inverse


def _first_of_each(ordered: NDArray[Any]) -> NDArray[np.bool_]:
    """Where each run of equal values of a sorted array starts."""
    first = np.empty(len(ordered), bool)
    first[:1] = True
    np.not_equal(ordered[1:], ordered[:-1], out=first[1:])
    return first
