"""A persistent, append-only store of chunk embeddings, one per embedding space.

Rows are keyed by the chunk's content hash, so a chunk is embedded once whatever file or run it
appears in. Each row keeps the packed sign code (``uint8``) and, for providers that give real
floats, a float16 copy of the unit vector for rescoring (or, for a provider whose vectors need less
precision, ``int8_floats``, the vector scaled to its largest component 127 and rounded: half the
bytes; read back as unit vectors, whatever the scale, as every reader measures cosines), or only each
vector's ``last`` components as float32 (the static tier: its crowding; the rest of its vectors is
made again from the chunks' texts where a question rescores them). New rows are written as a new segment
file (temporary file, fsync, ``os.replace``), so a crash loses at most the rows since the last
save and never damages what was saved. A provider id gets its own folder: two embedding spaces
are never mixed. Compaction deletes only the segments it merged: rows another process saved
meanwhile stay in theirs.

Layout: ``<directory>/<provider slug>/meta.json`` and ``seg-<n>-<token>.npz`` files holding
``keys`` (str), ``codes`` (uint8) and, when kept, ``floats`` (float16, or int8) or ``last`` (float32).
"""

from __future__ import annotations

import hashlib
import json
import mmap
import os
import re
import secrets
import shutil
import struct
import tempfile
import threading
import zipfile
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import BinaryIO, TypeAlias

import numpy as np
import numpy.typing as npt

from maguyva_tui.core.embed.codes import Codes, pack
from maguyva_tui.core.embed.provider import Provider
from maguyva_tui.core.store.arrays import read_header, read_members
from maguyva_tui.core.store.format import FILE_MODE, make_private_dir

FORMAT_VERSION = 1
"""Bump when the segment layout changes; an older store is discarded and rebuilt."""
_HASH_BYTES = 16  # 128-bit blake2b: collisions are negligible for any repository
_MIN_CAPACITY = 1024  # rows allocated up front; capacity doubles after that
_SEGMENT_LIMIT = 256  # merge segments past this count so that opening stays fast
_WRITE_ROWS = 8192  # rows of an array written at once to a segment (then let go of: :class:`_Spill`)


def content_hash(text: str) -> str:
    """Return the key a chunk's text is stored under (blake2b-128, hex)."""
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=_HASH_BYTES).hexdigest()


def store_folder(directory: Path, provider_id: str) -> Path:
    """Return the folder that holds one provider's vectors under ``directory``."""
    readable = re.sub(r"[^A-Za-z0-9._-]+", "_", provider_id)[:80]
    digest = hashlib.blake2b(provider_id.encode(), digest_size=4).hexdigest()
    return Path(directory) / f"{readable}-{digest}"


class VectorStore:
    """Embeddings of one provider, keyed by content hash; saved in segments.

    Opening maps a lone segment read-only (its floats are read only where a question looks, its
    keys searched in sorted order: no Python object per row); several segments are merged in
    memory. Rows added later grow in memory until saved."""

    def __init__(self, directory: Path, provider_id: str, dim: int, keep_floats: bool = True, int8: bool = False,
                 last: int = 0) -> None:
        self.folder = store_folder(directory, provider_id)
        self.provider_id = provider_id
        self.dim = dim
        self.last = last if keep_floats else 0
        """Components at the end of each vector kept as float32, the rest of its floats not kept (the
        static tier's crowding: its other components are made again from the chunk's text, cheaply);
        0: whole vectors kept (or none, without ``keep_floats``)."""
        self.keep_floats = keep_floats
        self.int8 = int8 and keep_floats and not self.last
        """Whether the floats are kept as int8 (:func:`quantize`), not float16."""
        self._float_type: type[np.generic] = np.float32 if self.last else np.int8 if self.int8 else np.float16
        self._float_width = self.last or dim
        self._member = "last" if self.last else "floats"
        """The segment member that holds the floats kept."""
        self.reset_reason: str | None = None
        """Why stored vectors were discarded on open (format, provider or a damaged file), if they were."""
        self._lock = threading.RLock()
        self._base: np.ndarray = np.zeros(0, "U1")
        """The keys of the rows read on open, in row order: as 16-byte digests when all are content
        hashes (as they are but in tests), else as strings."""
        self._order: npt.NDArray[np.intp] | None = None
        """``_base`` sorted (row numbers), made on the first look-up."""
        self._prefixes: npt.NDArray[np.uint64] = np.zeros(0, np.uint64)
        self._suffixes: npt.NDArray[np.uint64] = np.zeros(0, np.uint64)
        """When ``_base`` holds digests: their two halves as integers, in ``_order`` (comparing
        16-byte strings made a look-up of 470,000 keys 0.7 s)."""
        self._tail: list[str] = []
        self._index: dict[str, int] = {}
        """Keys of the rows added since opening (after ``_base``'s), to their rows."""
        self._codes: Codes = np.zeros((0, (dim + 7) // 8), np.uint8)
        self._floats: np.ndarray | None = np.zeros((0, self._float_width), self._float_type) if keep_floats else None
        self._growable = True
        """Whether ``_codes`` and ``_floats`` are this process's own arrays (else mapped: copied on the first add)."""
        self._spill: tuple[_Spill, _Spill | None] | None = None
        """The files ``_codes`` and ``_floats`` are mapped from once rows are added (``None``: in memory)."""
        self._mapped_rows: Rows | None = None
        """The floats of the lone segment read on open, read from its file where asked."""
        self._saved = 0
        self._merged: set[str] = set()
        """Segments whose rows this store holds (read on open or written): all a compaction may delete."""
        self._open()

    @classmethod
    def for_provider(cls, directory: Path, provider: Provider) -> VectorStore:
        """Open the store of a provider (its id, dimension and whether it gives floats)."""
        return cls(directory, provider.id, provider.dim, provider.stores_floats, getattr(provider, "int8_floats", False))

    def __len__(self) -> int:
        return len(self._base) + len(self._tail)

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and int(self.lookup([key])[0]) >= 0

    @property
    def unsaved(self) -> int:
        """Rows added since the last save."""
        return len(self) - self._saved

    @property
    def codes(self) -> Codes:
        """The packed codes of every row, ``(len, ceil(dim / 8))``; a view that later adds never change."""
        with self._lock:
            return self._codes[: len(self)]

    @property
    def floats(self) -> np.ndarray | UnitRows | None:
        """The float16 unit vectors of every row (int8 ones read as float32 unit vectors where
        indexed), or ``None`` for a codes-only provider or a store that keeps their last components alone."""
        with self._lock:
            if self._floats is None or self.last:
                return None
            held = self._floats[: len(self)]
            return UnitRows(held) if self.int8 else held

    def float_rows(self) -> Rows | UnitRows | None:
        """The float16 unit vectors of the rows stored now, read where a question looks (from the
        segment's file when mapped: never faulted in whole), ``None`` for a codes-only provider or a
        store that keeps their last components alone; rows added or compacted later are never read
        through it."""
        with self._lock:
            if self._floats is None or self.last:
                return None
            rows = self._held_rows()
            return UnitRows(rows) if self.int8 else rows

    def last_rows(self) -> Rows | None:
        """The last ``last`` components of each vector stored now (float32), read where a question
        looks, as :meth:`float_rows`; ``None`` for a store that keeps whole vectors or none."""
        with self._lock:
            return self._held_rows() if self._floats is not None and self.last else None

    def _held_rows(self) -> Rows:
        assert self._floats is not None
        if self._mapped_rows is not None and not self._growable:
            return self._mapped_rows
        return Rows(self._floats[: len(self)])

    def lookup(self, keys: Iterable[str]) -> npt.NDArray[np.int64]:
        """Return the row of every key, ``-1`` where it has no vector yet."""
        wanted = list(keys)
        with self._lock:
            rows = np.full(len(wanted), -1, np.int64)
            if len(self._base) and wanted:
                rows = self._in_base(np.array(wanted, dtype=str))
            if self._index:
                index = self._index
                for i in np.flatnonzero(rows < 0).tolist():
                    rows[i] = index.get(wanted[i], -1)
            return rows

    def lookup_digests(self, wanted: Digests) -> npt.NDArray[np.int64]:
        """:meth:`lookup` for keys given as 16-byte digests (``S16``: a census of 400,000 chunks
        read as one array, never as 400,000 strings)."""
        with self._lock:
            rows = np.full(len(wanted), -1, np.int64)
            if len(self._base) and len(wanted):
                rows = self._in_base(wanted if self._base.dtype.kind == "S" else _hex(wanted))
            if self._index:
                index = self._index
                for i in np.flatnonzero(rows < 0).tolist():
                    rows[i] = index.get(bytes(wanted[i]).ljust(_HASH_BYTES, b"\0").hex(), -1)
            return rows

    def _in_base(self, wanted: np.ndarray) -> npt.NDArray[np.int64]:
        """The row in ``_base`` of every key (``-1`` where absent), by binary search; keys that are
        strings are compared as digests when ``_base`` holds digests (a key not in hex is absent)."""
        valid = None
        if self._base.dtype.kind == "S" and wanted.dtype.kind == "U":
            wanted, valid = _block_digests(wanted)
        if self._base.dtype.kind == "S":  # digests: searched as two integers, not as 16-byte strings
            return self._in_digests(wanted, valid)
        else:
            if self._order is None:
                self._order = np.argsort(self._base, kind="stable")
            at = np.searchsorted(self._base, wanted, sorter=self._order)
        rows = self._order[np.minimum(at, len(self._base) - 1)]
        hit = self._base[rows] == wanted  # searchsorted casts to the stored width: a longer key must not match its prefix
        if valid is not None:
            hit &= valid
        return np.where(hit, rows, -1).astype(np.int64)

    def _in_digests(self, wanted: np.ndarray, valid: npt.NDArray[np.bool_] | None) -> npt.NDArray[np.int64]:
        """:meth:`_in_base` over digests: sorted by their two 8-byte halves, found by the first and,
        where several share it (keys that are not hashes), by the second within their run."""
        if self._order is None:
            self._prefixes, self._suffixes = _halves(self._base)
            self._order = np.lexsort((self._suffixes, self._prefixes))
            self._prefixes, self._suffixes = self._prefixes[self._order], self._suffixes[self._order]
        first, second = _halves(wanted)
        # Sought in sorted order: numpy's binary search starts from the previous answer, and a
        # census of 470,000 random digests costs 6x less so (0.144 -> 0.025 s a lookup).
        sort = np.argsort(first, kind="stable") if len(first) > 64 else None
        if sort is not None:
            first, second = first[sort], second[sort]
        lo = np.searchsorted(self._prefixes, first, side="left")
        hi = np.searchsorted(self._prefixes, first, side="right")
        at = lo.copy()
        for i in np.flatnonzero(hi - lo > 1).tolist():  # a shared first half: the second decides
            at[i] = lo[i] + np.searchsorted(self._suffixes[lo[i] : hi[i]], second[i])
        at = np.minimum(at, len(self._base) - 1)
        hit = (self._prefixes[at] == first) & (self._suffixes[at] == second)
        rows = np.where(hit, self._order[at], -1).astype(np.int64)
        if sort is not None:
            rows[sort] = rows.copy()
        if valid is not None:
            rows[~valid] = -1
        return rows

    def coverage(self, keys: Iterable[str]) -> float:
        """Return the fraction of ``keys`` that have a vector (1.0 for no keys)."""
        wanted = list(set(keys))
        if not wanted:
            return 1.0
        return float(np.count_nonzero(self.lookup(wanted) >= 0)) / len(wanted)

    def missing(self, keys: Iterable[str]) -> list[str]:
        """Return the keys without a vector, in order, each once."""
        unique = list(dict.fromkeys(keys))
        rows = self.lookup(unique)
        return [unique[i] for i in np.flatnonzero(rows < 0).tolist()]

    def add(self, keys: Sequence[str], vectors: npt.NDArray[np.floating]) -> int:
        """Append the vectors of keys not stored yet; return how many rows were added."""
        vectors = np.asarray(vectors, np.float32)
        if vectors.shape != (len(keys), self.dim):
            raise ValueError(f"expected vectors of shape ({len(keys)}, {self.dim}), got {vectors.shape}")
        floats = None
        if self.keep_floats:
            floats = vectors[:, -self.last :] if self.last else quantize(vectors) if self.int8 else vectors.astype(np.float16)
        return self._append(keys, pack(vectors), floats)

    def save(self) -> int:
        """Write the rows added since the last save as a new segment; return how many."""
        written = self._flush()
        if len(self._segments()) > _SEGMENT_LIMIT:
            self.compact()
        return written

    def _segment_names(self) -> set[str] | None:
        try:
            return {name for name in os.listdir(self.folder) if name.startswith("seg-") and name.endswith(".npz")}
        except OSError:
            return None

    def moved_on_disk(self) -> bool:
        """Tell whether another process saved or merged segments since this store read its folder
        (the segment files' names listed and compared with those it holds: segments are never
        rewritten, only written under new names and removed once merged). False while rows added
        here are unsaved: opening the store again would drop them."""
        with self._lock:  # listed under the lock: a save of this store's own is then wholly before or after
            names = self._segment_names()
            return names is not None and self.unsaved == 0 and names != self._merged

    def read_new_segments(self) -> int | None:
        """Add the rows of the segments another process saved since this store read its folder (its
        rows already held are neither read nor copied again); return how many rows were added, or
        ``None`` when a segment it holds is gone (merged by the other process: open the store again)."""
        with self._lock:
            names = self._segment_names()
            if names is None or self.unsaved:
                return 0
            if not self._merged <= names:
                return None
            added = 0
            for name in sorted(names - self._merged, key=lambda n: _segment_number(Path(n))):
                part = self._read_segment(self.folder / name)
                if part is None:  # damaged: removed, its reason kept; its chunks are embedded again
                    continue
                keys, codes, floats, _rows = part
                strings = _hex(keys) if keys.dtype.kind == "S" else keys
                wanted = None if floats is None or self._floats is None else np.asarray(floats)
                added += self._append(strings.tolist(), np.asarray(codes), wanted)
            self._saved = len(self)  # saved already, in the other process's segments
            return added

    @property
    def segment_count(self) -> int:
        """Segment files on disk (one opens mapped; several are merged in memory on every open)."""
        return len(self._segments())

    def compact(self, keep: Iterable[str] | None = None) -> int:
        """Rewrite the store as one segment, keeping only ``keep`` when given; return rows dropped.

        The segment is written from the rows held (views: no copy unless ``keep`` drops some), then
        mapped as a later open maps it: merging many segments used to hold about three copies of
        the vectors (the rows, their copy, and the fresh store they were appended to), 0.6-0.7 GB on
        470,000 chunks, and the merged rows then stayed resident."""
        with self._lock:
            self._flush()
            old = [path for path in self._segments() if path.name in self._merged]
            count = len(self)
            rows = None
            keys = self._digest_keys() if keep is None else None
            if keys is None:
                every = self._all_keys()
                if keep is not None:
                    rows = np.flatnonzero(np.isin(every, np.array(list(keep), str)))
                    every = every[rows]
                keys = _compact_keys(every)
                if keys.dtype.kind == "U":  # not all content hashes: as narrow as a list of them makes it
                    keys = np.array(keys.tolist(), dtype=str)
                del every
            codes = self._codes[:count] if rows is None else self._codes[rows]
            floats = None if self._floats is None else self._floats[:count] if rows is None else self._floats[rows]
            part: Segment | None = None
            if len(keys):
                written = self._write_keyed_segment(keys, codes, floats, None if rows is not None else self._let_go)
                part = self._read_segment(written)
                if part is None:  # it did not read back (the reason kept, the file gone): the rows stay as held
                    self._merged.discard(written.name)
                    return 0
            del keys, codes, floats
            self._reset_memory()
            self._merged.difference_update(path.name for path in old)
            if part is not None:
                self._adopt(part)
            self._saved = len(self)
            for path in old:
                path.unlink(missing_ok=True)  # after the merged segment is safely on disk
            return count - len(self)

    def _digest_keys(self) -> Digests | None:
        """Every row's key as the digest a segment stores, in row order, when all are content
        hashes (without making 32 characters a row first); ``None`` otherwise."""
        tail = _list_digests(self._tail) if self._tail else None
        if (len(self._base) and self._base.dtype.kind != "S") or (self._tail and tail is None):
            return None
        if tail is None:
            return np.asarray(self._base) if len(self._base) else np.zeros(0, f"S{_HASH_BYTES}")
        return np.concatenate([self._base, tail]) if len(self._base) else tail

    def _all_keys(self) -> Keys:
        """Every row's key, in row order."""
        base = _hex(self._base) if self._base.dtype.kind == "S" else self._base
        return np.concatenate([base.astype(str), np.array(self._tail, dtype=str)]) if self._tail else base

    def _flush(self) -> int:
        with self._lock:
            start, end = self._saved, len(self)
            if end == start:
                return 0
            floats = None if self._floats is None else self._floats[start:end]
            tail = len(self._base)  # the rows read on open are saved already: unsaved ones are all added
            self._write_segment(self._tail[start - tail : end - tail], self._codes[start:end], floats)
            self._saved = end
            self._let_go(end)
            return end - start

    def _append(self, keys: Sequence[str], codes: Codes, floats: np.ndarray | None) -> int:
        with self._lock:
            have = self.lookup(keys)
            fresh: list[int] = []
            seen: set[str] = set()
            for i in np.flatnonzero(have < 0).tolist():
                key = keys[i]
                if key not in seen:
                    seen.add(key)
                    fresh.append(i)
            if not fresh:
                return 0
            start = len(self)
            self._reserve(start + len(fresh))
            self._codes[start : start + len(fresh)] = codes[fresh]
            if self._floats is not None and floats is not None:
                self._floats[start : start + len(fresh)] = floats[fresh]
            for offset, i in enumerate(fresh):
                self._index[keys[i]] = start + offset
                self._tail.append(keys[i])
            return len(fresh)

    def _reserve(self, rows: int) -> None:
        """Grow the arrays (by doubling; a mapped segment is copied first) so that they hold ``rows``
        rows; old views stay valid. The arrays are mapped from files of their own (:class:`_Spill`),
        grown in place, where such files can be made; else held in memory."""
        capacity = len(self._codes) if self._growable else 0
        if rows <= capacity:
            return
        size = max(_MIN_CAPACITY, capacity * 2, rows)
        count = len(self)
        in_place = self._growable and self._spill is not None
        if not in_place:
            self._spill = _Spill.make(self.folder, self._codes.shape[1], None if self._floats is None else self._float_width,
                                      self._float_type)
        if self._spill is not None:  # rows already in the files stay where they are: nothing copied
            codes = self._spill[0].grow(size)
            floats = None if self._spill[1] is None else self._spill[1].grow(size)
        else:
            codes = np.zeros((size, self._codes.shape[1]), np.uint8)
            floats = None if self._floats is None else np.zeros((size, self._float_width), self._float_type)
        if not in_place:
            codes[:count] = self._codes[:count]
            if floats is not None and self._floats is not None:
                floats[:count] = self._floats[:count]
        self._codes = codes
        if floats is not None:
            self._floats = floats
        self._growable = True
        self._let_go(self._saved)

    def _let_go(self, rows: int) -> None:
        """Let the process's memory go of the first ``rows`` rows, saved in segments (they stay in
        the files the arrays are mapped from, read back where asked)."""
        if self._spill is not None and self._growable:
            for spill in self._spill:
                if spill is not None:
                    spill.let_go(rows)

    def _reset_memory(self) -> None:
        self._base, self._order = np.zeros(0, "U1"), None
        self._tail, self._index = [], {}
        self._codes = np.zeros((0, self._codes.shape[1]), np.uint8)
        self._floats = None if self._floats is None else np.zeros((0, self._float_width), self._float_type)
        self._growable = True
        self._spill = None
        self._mapped_rows = None
        self._saved = 0

    def _meta(self) -> dict[str, object]:
        meta: dict[str, object] = {"format": FORMAT_VERSION, "provider_id": self.provider_id, "dim": self.dim,
                                   "floats": self.keep_floats}
        if self.int8:
            meta["int8"] = True
        if self.last:
            meta["last"] = self.last
        return meta

    def _open(self) -> None:
        """Read every readable segment; discard the store if it belongs to another format or provider.

        Opening writes nothing: a store's folder and ``meta.json`` are made by its first save
        (:meth:`_make`), so a search of an index that has no such tier (built ``--no-semantic``)
        leaves no trace of it, where it had made the transformer tier's folder and meta.json."""
        meta_path = self.folder / "meta.json"
        try:
            meta = json.loads(meta_path.read_text("utf-8"))
        except FileNotFoundError:  # a new store: held empty; never wiped, a concurrent opener may be writing it
            return
        except (OSError, ValueError):
            meta = {}
        if meta != self._meta():
            self.reset_reason = "stored vectors were from another format or provider; rebuilding them"
            shutil.rmtree(self.folder, ignore_errors=True)
            return
        for stray in self.folder.glob(".*.tmp*"):
            if not _writer_alive(stray):
                stray.unlink(missing_ok=True)  # left by a run killed mid-write; its rows were never saved
        parts = [part for part in map(self._read_segment, self._segments()) if part is not None]
        if len(parts) == 1:  # the common case (one save, or compacted): mapped, nothing copied
            self._adopt(parts[0])
        elif parts:
            self._merge(parts)
        self._saved = len(self)

    def _adopt(self, part: Segment) -> None:
        """Hold a lone segment's rows as read: mapped, nothing copied."""
        keys, self._codes, found, rows = part
        self._base = _compact_keys(keys) if keys.dtype.kind == "U" else keys
        self._floats = found if self.keep_floats else None
        self._mapped_rows = rows if self.keep_floats else None
        self._growable = False

    def _merge(self, parts: list[Segment]) -> None:
        """Hold several segments' rows in memory, each key once (two writers may have saved one twice)."""
        keyed = [_compact_keys(part[0]) if part[0].dtype.kind == "U" else part[0] for part in parts]
        if all(k.dtype.kind == "S" for k in keyed):
            keys = np.concatenate(keyed)
        else:
            keys = np.concatenate([(_hex(k) if k.dtype.kind == "S" else k).astype(str) for k in keyed])
        _, first = np.unique(keys, return_index=True)  # on digests when they are: 8 times faster
        rows = np.sort(first)
        self._base = keys[rows]
        self._codes = np.concatenate([part[1] for part in parts])[rows]
        if self.keep_floats:
            self._floats = np.concatenate([np.asarray(part[2], self._float_type) for part in parts])[rows]

    def _read_segment(self, path: Path) -> Segment | None:
        """A segment's keys, codes and floats (mapped when stored plainly) and the floats' rows read
        from the file; ``None``, the file removed and the reason kept, when it is damaged."""
        try:
            with open(path, "rb") as handle:
                keys, codes = npz_member(handle, "keys"), npz_member(handle, "codes")
                floats = npz_member(handle, self._member) if self.keep_floats else None
                digests = keys.dtype == np.dtype(f"S{_HASH_BYTES}")
                if (keys.ndim != 1 or not (keys.dtype.kind == "U" or digests) or codes.dtype != np.uint8
                        or codes.shape != (len(keys), self._codes.shape[1])):
                    raise ValueError("shape mismatch")
                if floats is not None and (floats.shape != (len(keys), self._float_width) or (
                        floats.dtype != self._float_type if self.int8 or self.last else floats.dtype.kind != "f")):
                    raise ValueError("shape mismatch")
                rows = None if floats is None else Rows(floats, handle)
        except Exception as error:  # noqa: BLE001 - garbage, a cut file, a zip or array header that lies
            self.reset_reason = f"dropped a damaged vector file ({path.name}: {error}); its chunks will be re-embedded"
            path.unlink(missing_ok=True)
            return None
        self._merged.add(path.name)
        return keys, codes, floats, rows

    def _make(self) -> None:
        """Make the store's folder and its ``meta.json`` where they are missing (its first save)."""
        make_private_dir(self.folder)
        meta_path = self.folder / "meta.json"
        if not meta_path.exists():
            _atomic_write(meta_path, json.dumps(self._meta()).encode())

    def _segments(self) -> list[Path]:
        return sorted(self.folder.glob("seg-*.npz"))

    def _write_segment(self, keys: Sequence[str], codes: Codes, floats: np.ndarray | None) -> Path:
        """Write rows as a new segment (content hashes saved as their 16-byte digests: a later open
        maps them as they are); return its path."""
        return self._write_keyed_segment(_compact_keys(np.array(keys, dtype=str)), codes, floats)

    def _write_keyed_segment(self, keys: np.ndarray, codes: Codes, floats: np.ndarray | None,
                             written: Callable[[int], None] | None = None) -> Path:
        """:meth:`_write_segment` with the keys as stored (digests, else strings); ``written(rows)``
        is told as the codes and floats are written, the first ``rows`` of them at a time."""
        number = 1 + max((_segment_number(p) for p in self._segments()), default=-1)
        path = self.folder / f"seg-{number:06d}-{secrets.token_hex(4)}.npz"
        arrays: dict[str, np.ndarray] = {"keys": keys, "codes": np.asarray(codes)}
        if floats is not None:
            arrays[self._member] = np.asarray(floats)
        self._make()
        _atomic_write(path, lambda handle: _savez(handle, arrays, written))
        self._merged.add(path.name)
        return path


Keys: TypeAlias = npt.NDArray[np.str_]
"""Row keys as a NumPy string array."""

Digests: TypeAlias = npt.NDArray[np.bytes_]
"""Keys as 16-byte digests (``S16``): what a content hash's 32 hex characters stand for."""

Segment: TypeAlias = tuple[Keys, Codes, "npt.NDArray[np.floating] | None", "Rows | None"]
"""One segment file's keys, codes, floats and the floats' rows read from the file."""

_HEX = np.frombuffer(b"0123456789abcdef", np.uint8)


def _digests(keys: Keys) -> tuple[Digests, npt.NDArray[np.bool_]]:
    """Each key's digest and whether the key is one (32 lowercase hex characters), vectorised."""
    width = keys.dtype.itemsize // 4
    count = len(keys)
    if width < 2 * _HASH_BYTES or count == 0:
        return np.zeros(count, f"S{_HASH_BYTES}"), np.zeros(count, bool)
    chars = np.ascontiguousarray(keys).view(np.uint32).reshape(count, width)
    head = chars[:, : 2 * _HASH_BYTES]
    digit, letter = (head >= 48) & (head <= 57), (head >= 97) & (head <= 102)
    valid = (digit | letter).all(axis=1) & (chars[:, 2 * _HASH_BYTES :] == 0).all(axis=1)
    nibbles = np.where(letter, head - 87, head - 48).astype(np.uint8)
    packed = np.ascontiguousarray((nibbles[:, 0::2] << 4) | nibbles[:, 1::2])
    return packed.view(f"S{_HASH_BYTES}").reshape(count), valid


def _block_digests(keys: Keys) -> tuple[Digests, npt.NDArray[np.bool_]]:
    """:func:`_digests` a block at a time (470,000 keys at once: 3.7 s and 200 MB of temporaries)."""
    found = np.empty(len(keys), f"S{_HASH_BYTES}")
    valid = np.empty(len(keys), bool)
    for start in range(0, len(keys), _BLOCK):
        block = slice(start, start + _BLOCK)
        found[block], valid[block] = _digests(keys[block])
    return found, valid


def _hex(digests: np.ndarray) -> Keys:
    """Digests back to their 32 hex characters, vectorised."""
    raw = np.frombuffer(np.ascontiguousarray(digests).tobytes(), np.uint8).reshape(-1, _HASH_BYTES)
    nibbles = np.empty((len(raw), 2 * _HASH_BYTES), np.uint8)
    nibbles[:, 0::2], nibbles[:, 1::2] = raw >> 4, raw & 15
    return np.ascontiguousarray(_HEX[nibbles].astype(np.uint32)).view(f"<U{2 * _HASH_BYTES}").reshape(len(raw))


def _halves(digests: np.ndarray) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint64]]:
    """Each digest's two 8-byte halves as integers (big-endian: their order is the digests' order)."""
    raw = np.frombuffer(np.ascontiguousarray(digests, f"S{_HASH_BYTES}").tobytes(), ">u8").reshape(-1, 2)
    return raw[:, 0].astype(np.uint64), raw[:, 1].astype(np.uint64)


def _compact_keys(keys: Keys) -> np.ndarray:
    """Keys as digests when every one is a content hash (16 bytes a row instead of 128), else as
    they are; converted a block at a time, so that a large store never holds several copies."""
    if not len(keys):
        return keys
    out = np.empty(len(keys), f"S{_HASH_BYTES}")
    for start in range(0, len(keys), _BLOCK):
        found, valid = _digests(keys[start : start + _BLOCK])
        if not valid.all():
            return keys
        out[start : start + len(found)] = found
    return out


def _list_digests(keys: list[str]) -> Digests | None:
    """The digests of a list of keys when every one is a content hash (else ``None``), a block of
    them made into an array at a time: the whole list as one array of ``str`` is 128 bytes a key
    (60 MB for a fill's 470,000 keys when it is compacted, the build's peak on a 450 MB corpus)."""
    out = np.empty(len(keys), f"S{_HASH_BYTES}")
    for start in range(0, len(keys), _LIST_BLOCK):
        found, valid = _digests(np.array(keys[start : start + _LIST_BLOCK], dtype=str))
        if not valid.all():
            return None
        out[start : start + len(found)] = found
    return out


_BLOCK = 1 << 16
"""Keys converted at once."""
_LIST_BLOCK = 1 << 13
"""Keys of a list converted at once (:func:`_digests` makes about 600 bytes of temporaries a key)."""


_LOCAL_HEADER = struct.Struct("<4s22xHH")
"""A zip member's local header: signature, then (after 22 bytes) the name's and extra field's lengths."""


def npz_member(source: Path | BinaryIO, name: str) -> np.ndarray:
    """One array of an ``.npz`` file (a segment, the static tier's token table), given by path or as a
    file open for reading (then the map and any later read see the same file, whatever replaces its
    path meanwhile): memory-mapped read-only where ``np.savez`` stored it plainly (not compressed,
    C order, no objects), else read whole with ``allow_pickle=False``."""
    if not hasattr(source, "read"):
        with open(source, "rb") as opened:
            return npz_member(opened, name)
    handle: BinaryIO = source  # type: ignore[assignment]
    with zipfile.ZipFile(handle) as archive:
        info = archive.getinfo(f"{name}.npy")
    if info.compress_type != zipfile.ZIP_STORED:  # its bytes are not the array's: read whole
        handle.seek(0)
        return read_members(handle, (name,))[name]
    handle.seek(info.header_offset)
    magic, name_length, extra_length = _LOCAL_HEADER.unpack(handle.read(_LOCAL_HEADER.size))
    if magic != b"PK\x03\x04":
        raise ValueError("not a zip member")
    start = info.header_offset + _LOCAL_HEADER.size + name_length + extra_length
    handle.seek(start)
    shape, fortran, dtype = read_header(handle, np.lib.format.read_magic(handle))
    offset = handle.tell()
    size = int(np.prod(shape, dtype=np.int64)) * dtype.itemsize
    plain = info.compress_type == zipfile.ZIP_STORED and not fortran and not dtype.hasobject
    if not plain:
        handle.seek(0)
        return read_members(handle, (name,))[name]
    if offset + size > start + info.file_size:
        raise ValueError(f"{name} is cut short")
    if size == 0:
        return np.zeros(shape, dtype)
    return np.memmap(handle, dtype, "r", offset, tuple(shape))


def _savez(handle: BinaryIO, arrays: dict[str, np.ndarray], written: Callable[[int], None] | None = None) -> None:
    """Write ``arrays`` as ``np.savez`` does (the same members, stored plainly), each a block of
    :data:`_WRITE_ROWS` rows at a time, telling ``written`` how many rows of it are written."""
    with zipfile.ZipFile(handle, "w", zipfile.ZIP_STORED, allowZip64=True) as archive:
        for name, array in arrays.items():
            with archive.open(f"{name}.npy", "w", force_zip64=True) as member:
                np.lib.format.write_array_header_1_0(member, np.lib.format.header_data_from_array_1_0(array))
                if not array.flags.c_contiguous or array.dtype.hasobject or array.ndim == 0:
                    member.write(np.ascontiguousarray(array).tobytes())
                    continue
                for lo in range(0, len(array), _WRITE_ROWS):
                    member.write(array[lo : lo + _WRITE_ROWS].data.cast("B"))
                    if written is not None:
                        written(min(lo + _WRITE_ROWS, len(array)))


class _Spill:
    """A growing array mapped from a file of its own, unlinked (it goes with the store's arrays):
    rows saved in a segment can then leave the process's memory (:meth:`let_go`) and stay in the
    file (the page cache), read back where asked. A fill of 470,000 chunks held every vector it made
    (about 250 MB), and doubling the arrays copied them."""

    __slots__ = ("_file", "_map", "_row", "_shape", "_dtype")

    def __init__(self, handle: BinaryIO, width: int, dtype: type[np.generic]) -> None:
        self._file = handle
        self._dtype = np.dtype(dtype)
        self._shape = (width,)
        self._row = width * self._dtype.itemsize
        self._map: mmap.mmap | None = None

    @classmethod
    def make(cls, folder: Path, code_width: int, dim: int | None,
             float_type: type[np.generic] = np.float16) -> tuple[_Spill, _Spill | None] | None:
        """The files of a store's codes and floats (``dim`` ``None``: no floats), in its folder;
        ``None`` where none can be made (the arrays are then held in memory)."""
        try:
            make_private_dir(folder)
            codes = cls(tempfile.TemporaryFile(dir=folder), code_width, np.uint8)
            return codes, None if dim is None else cls(tempfile.TemporaryFile(dir=folder), dim, float_type)
        except OSError:
            return None

    def grow(self, rows: int) -> np.ndarray:
        """The array, grown to ``rows`` rows (those written so far kept; earlier arrays stay valid)."""
        size = rows * self._row
        fd = self._file.fileno()
        held = os.fstat(fd).st_size
        os.ftruncate(fd, size)
        if size > held and hasattr(os, "posix_fallocate"):
            # the blocks reserved now: a full disk is an OSError here, not a SIGBUS when a row is written
            os.posix_fallocate(fd, held, size - held)
        self._map = mmap.mmap(fd, size)
        return np.frombuffer(self._map, self._dtype).reshape(rows, *self._shape)

    def let_go(self, rows: int) -> None:
        """Let the process's memory go of the pages of the first ``rows`` rows (kept in the file)."""
        end = rows * self._row // mmap.PAGESIZE * mmap.PAGESIZE
        if self._map is not None and end and _DONTNEED is not None:
            self._map.madvise(_DONTNEED, 0, min(end, len(self._map)))


_DONTNEED: int | None = getattr(mmap, "MADV_DONTNEED", None) if hasattr(mmap.mmap, "madvise") else None
"""Where the pages of a file's mapping can be dropped from the process (they stay in the file)."""


def quantize(vectors: npt.NDArray[np.floating]) -> npt.NDArray[np.int8]:
    """Vectors as int8, each scaled so that its largest component is 127 and rounded (a zero vector
    stays zero): its direction kept to about 1e-3 in cosine, in a byte a component."""
    vectors = np.asarray(vectors, np.float32)
    top = np.abs(vectors).max(axis=1, keepdims=True) if vectors.size else np.zeros((len(vectors), 1), np.float32)
    scale = np.divide(127.0, top, out=np.zeros_like(top), where=top > 0)
    stored: npt.NDArray[np.int8] = np.clip(np.rint(vectors * scale), -127, 127).astype(np.int8)
    return stored


def unit_rows(rows: np.ndarray) -> npt.NDArray[np.float32]:
    """Quantized rows (:func:`quantize`) back as float32 unit vectors (a zero row stays zero)."""
    out = np.asarray(rows, np.float32)
    norms = np.linalg.norm(out, axis=-1, keepdims=True)
    unit: npt.NDArray[np.float32] = np.divide(out, norms, out=np.zeros_like(out), where=norms > 0)
    return unit


class UnitRows:
    """Int8 rows (an array, or :class:`Rows` read from a file) read as float32 unit vectors."""

    __slots__ = ("rows",)

    def __init__(self, rows: np.ndarray | Rows) -> None:
        self.rows = rows

    def __len__(self) -> int:
        return len(self.rows)

    @property
    def shape(self) -> tuple[int, ...]:
        return (len(self.rows), *self.rows.array.shape[1:]) if isinstance(self.rows, Rows) else self.rows.shape

    @property
    def mapped(self) -> bool:
        """Whether rows are read from a file (else indexed in memory)."""
        return isinstance(self.rows, Rows) and self.rows.mapped

    def __getitem__(self, rows: npt.ArrayLike) -> npt.NDArray[np.float32]:
        """The rows at ``rows`` (integers) as unit vectors, float32."""
        return unit_rows(self.rows[np.asarray(rows, np.int64)])


class Rows:
    """The rows of a 2-D array, read where a question looks: indexed, for an array in memory; read
    from the file by positional reads, for an array mapped from one (the file it was mapped from,
    whatever replaced its path since). A fault on a mapped file makes the kernel map the cached
    pages around it too (fault-around), so that 200 rows scattered over sympy's 21 MB of stored
    floats made 19-22 MB of them resident; a read copies only the rows asked for."""

    def __init__(self, array: np.ndarray, handle: BinaryIO | None = None) -> None:
        self.array = array
        self._fd: _Descriptor | None = None
        self._offset = self._width = 0
        whole = isinstance(array, np.memmap) and isinstance(array.base, mmap.mmap)  # not a view of one
        if handle is not None and whole and array.ndim == 2 and array.flags.c_contiguous and array.size:
            self._fd = _Descriptor(os.dup(handle.fileno()))
            self._offset, self._width = int(array.offset), int(array.strides[0])  # type: ignore[attr-defined]

    def __len__(self) -> int:
        return len(self.array)

    @property
    def mapped(self) -> bool:
        """Whether rows are read from a file (else indexed in memory)."""
        return self._fd is not None

    def __getitem__(self, rows: npt.ArrayLike) -> np.ndarray:
        """The rows at ``rows`` (integers, negative from the end), as a new ``(len(rows), ...)`` array."""
        at = np.asarray(rows, np.int64).reshape(-1)
        if self._fd is None:
            return np.asarray(self.array[at])
        count, fd, offset, width = len(self.array), self._fd.fd, self._offset, self._width
        out = np.empty((len(at), *self.array.shape[1:]), self.array.dtype)
        if not len(at):  # no rows (a question with no word the model knows): a view of none cannot be cast
            return out
        raw = out.data.cast("B")
        for i, row in enumerate(at.tolist()):
            if row < 0:
                row += count
            if not 0 <= row < count:
                raise IndexError(f"row out of range for {count} rows")
            if os.preadv(fd, [raw[i * width : (i + 1) * width]], offset + row * width) != width:
                raise ValueError("a stored row is cut short")
        return out


class _Descriptor:
    """An open file descriptor, closed with the last :class:`Rows` that reads through it."""

    __slots__ = ("fd",)

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def __del__(self, close: Callable[[int], None] = os.close) -> None:  # bound now: safe at interpreter exit
        try:
            close(self.fd)
        except OSError:
            pass


def _writer_alive(tmp: Path) -> bool:
    """Tell whether the process that names a temporary file (``.name.tmp<pid>-<hex>``) still runs."""
    try:
        pid = int(tmp.name.rsplit(".tmp", 1)[1].split("-", 1)[0])
    except (IndexError, ValueError):
        return False
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _segment_number(path: Path) -> int:
    """Return the sequence number in a segment's name (``seg-000012-ab12cd34.npz`` gives 12)."""
    match = re.match(r"seg-(\d+)-", path.name)
    return int(match.group(1)) if match else 0


def _atomic_write(path: Path, content: bytes | object) -> None:
    """Write a private file under a fresh temporary name (never through an existing path), fsync
    it, then rename it into place."""
    tmp = path.with_name(f".{path.name}.tmp{os.getpid()}-{secrets.token_hex(3)}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, FILE_MODE)
    try:
        with os.fdopen(fd, "wb") as handle:
            if isinstance(content, bytes):
                handle.write(content)
            else:
                content(handle)  # type: ignore[operator]
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
    _fsync_dir(path.parent)


def _fsync_dir(folder: Path) -> None:
    """Make a rename durable (a no-op where directories cannot be opened, as on Windows)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
