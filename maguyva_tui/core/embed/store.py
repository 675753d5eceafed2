"""A persistent, append-only store of chunk embeddings, one per embedding space.

Rows are keyed by the chunk's content hash, so a chunk is embedded once whatever file or run it
appears in. Each row keeps the packed sign code (``uint8``) and, for providers that give real
floats, a float16 copy of the unit vector for rescoring. New rows are written as a new segment
file (temporary file, fsync, ``os.replace``), so a crash loses at most the rows since the last
save and never damages what was saved. A provider id gets its own folder: two embedding spaces
are never mixed. Compaction deletes only the segments it merged: rows another process saved
meanwhile stay in theirs.

Layout: ``<directory>/<provider slug>/meta.json`` and ``seg-<n>-<token>.npz`` files holding
``keys`` (str), ``codes`` (uint8) and, when kept, ``floats`` (float16).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
import shutil
import threading
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt

from maguyva_tui.core.embed.codes import Codes, pack
from maguyva_tui.core.embed.provider import Provider
from maguyva_tui.core.store.format import FILE_MODE, make_private_dir

FORMAT_VERSION = 1
"""Bump when the segment layout changes; an older store is discarded and rebuilt."""
_HASH_BYTES = 16  # 128-bit blake2b: collisions are negligible for any repository
_MIN_CAPACITY = 1024  # rows allocated up front; capacity doubles after that
_SEGMENT_LIMIT = 256  # merge segments past this count so that opening stays fast


def content_hash(text: str) -> str:
    """Return the key a chunk's text is stored under (blake2b-128, hex)."""
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=_HASH_BYTES).hexdigest()


def store_folder(directory: Path, provider_id: str) -> Path:
    """Return the folder that holds one provider's vectors under ``directory``."""
    readable = re.sub(r"[^A-Za-z0-9._-]+", "_", provider_id)[:80]
    digest = hashlib.blake2b(provider_id.encode(), digest_size=4).hexdigest()
    return Path(directory) / f"{readable}-{digest}"


class VectorStore:
    """Embeddings of one provider, keyed by content hash; grows in memory, saved in segments."""

    def __init__(self, directory: Path, provider_id: str, dim: int, keep_floats: bool = True) -> None:
        self.folder = store_folder(directory, provider_id)
        self.provider_id = provider_id
        self.dim = dim
        self.keep_floats = keep_floats
        self.reset_reason: str | None = None
        """Why stored vectors were discarded on open (format, provider or a damaged file), if they were."""
        self._lock = threading.RLock()
        self._keys: list[str] = []
        self._index: dict[str, int] = {}
        self._codes: Codes = np.zeros((0, (dim + 7) // 8), np.uint8)
        self._floats: npt.NDArray[np.float16] | None = np.zeros((0, dim), np.float16) if keep_floats else None
        self._saved = 0
        self._merged: set[str] = set()
        """Segments whose rows this store holds (read on open or written): all a compaction may delete."""
        self._open()

    @classmethod
    def for_provider(cls, directory: Path, provider: Provider) -> VectorStore:
        """Open the store of a provider (its id, dimension and whether it gives floats)."""
        return cls(directory, provider.id, provider.dim, provider.stores_floats)

    def __len__(self) -> int:
        return len(self._keys)

    def __contains__(self, key: object) -> bool:
        return key in self._index

    @property
    def unsaved(self) -> int:
        """Rows added since the last save."""
        return len(self._keys) - self._saved

    @property
    def codes(self) -> Codes:
        """The packed codes of every row, ``(len, ceil(dim / 8))``; a view that later adds never change."""
        with self._lock:
            return self._codes[: len(self._keys)]

    @property
    def floats(self) -> npt.NDArray[np.float16] | None:
        """The float16 unit vectors of every row, or ``None`` for a codes-only provider."""
        with self._lock:
            return None if self._floats is None else self._floats[: len(self._keys)]

    def lookup(self, keys: Iterable[str]) -> npt.NDArray[np.int64]:
        """Return the row of every key, ``-1`` where it has no vector yet."""
        with self._lock:
            index = self._index
            return np.fromiter((index.get(k, -1) for k in keys), np.int64)

    def coverage(self, keys: Iterable[str]) -> float:
        """Return the fraction of ``keys`` that have a vector (1.0 for no keys)."""
        wanted = set(keys)
        if not wanted:
            return 1.0
        return sum(1 for k in wanted if k in self._index) / len(wanted)

    def missing(self, keys: Iterable[str]) -> list[str]:
        """Return the keys without a vector, in order, each once."""
        seen: set[str] = set()
        out = []
        for key in keys:
            if key not in self._index and key not in seen:
                seen.add(key)
                out.append(key)
        return out

    def add(self, keys: Sequence[str], vectors: npt.NDArray[np.floating]) -> int:
        """Append the vectors of keys not stored yet; return how many rows were added."""
        vectors = np.asarray(vectors, np.float32)
        if vectors.shape != (len(keys), self.dim):
            raise ValueError(f"expected vectors of shape ({len(keys)}, {self.dim}), got {vectors.shape}")
        floats = vectors.astype(np.float16) if self.keep_floats else None
        return self._append(keys, pack(vectors), floats)

    def save(self) -> int:
        """Write the rows added since the last save as a new segment; return how many."""
        written = self._flush()
        if len(self._segments()) > _SEGMENT_LIMIT:
            self.compact()
        return written

    def compact(self, keep: Iterable[str] | None = None) -> int:
        """Rewrite the store as one segment, keeping only ``keep`` when given; return rows dropped."""
        with self._lock:
            self._flush()
            old = [path for path in self._segments() if path.name in self._merged]
            wanted = None if keep is None else set(keep)
            rows = [i for i, k in enumerate(self._keys) if wanted is None or k in wanted]
            keys = [self._keys[i] for i in rows]
            codes = self._codes[rows]
            floats = None if self._floats is None else self._floats[rows]
            dropped = len(self._keys) - len(rows)
            self._reset_memory()
            self._append(keys, codes, floats)
            self._flush()
            for path in old:
                path.unlink(missing_ok=True)  # after the merged segment is safely on disk
                self._merged.discard(path.name)
            return dropped

    def _flush(self) -> int:
        with self._lock:
            start, end = self._saved, len(self._keys)
            if end == start:
                return 0
            floats = None if self._floats is None else self._floats[start:end]
            self._write_segment(self._keys[start:end], self._codes[start:end], floats)
            self._saved = end
            return end - start

    def _append(self, keys: Sequence[str], codes: Codes, floats: npt.NDArray[np.float16] | None) -> int:
        with self._lock:
            fresh: list[int] = []
            seen: set[str] = set()
            for i, key in enumerate(keys):
                if key not in self._index and key not in seen:
                    seen.add(key)
                    fresh.append(i)
            if not fresh:
                return 0
            start = len(self._keys)
            self._reserve(start + len(fresh))
            self._codes[start : start + len(fresh)] = codes[fresh]
            if self._floats is not None and floats is not None:
                self._floats[start : start + len(fresh)] = floats[fresh]
            for offset, i in enumerate(fresh):
                self._index[keys[i]] = start + offset
                self._keys.append(keys[i])
            return len(fresh)

    def _reserve(self, rows: int) -> None:
        """Grow the arrays (by doubling) so that they hold ``rows`` rows; old views stay valid."""
        capacity = len(self._codes)
        if rows <= capacity:
            return
        size = max(_MIN_CAPACITY, capacity * 2, rows)
        codes = np.zeros((size, self._codes.shape[1]), np.uint8)
        codes[: len(self._keys)] = self._codes[: len(self._keys)]
        self._codes = codes
        if self._floats is not None:
            floats = np.zeros((size, self.dim), np.float16)
            floats[: len(self._keys)] = self._floats[: len(self._keys)]
            self._floats = floats

    def _reset_memory(self) -> None:
        self._keys, self._index = [], {}
        self._codes = np.zeros((0, self._codes.shape[1]), np.uint8)
        self._floats = None if self._floats is None else np.zeros((0, self.dim), np.float16)
        self._saved = 0

    def _meta(self) -> dict[str, object]:
        return {"format": FORMAT_VERSION, "provider_id": self.provider_id, "dim": self.dim,
                "floats": self.keep_floats}

    def _open(self) -> None:
        """Load every readable segment; discard the store if it belongs to another format or provider."""
        meta_path = self.folder / "meta.json"
        try:
            meta = json.loads(meta_path.read_text("utf-8"))
        except FileNotFoundError:
            meta = None
        except (OSError, ValueError):
            meta = {}
        if meta != self._meta():
            if meta is not None:  # a new store is only created, never wiped: a concurrent opener may be writing it
                self.reset_reason = "stored vectors were from another format or provider; rebuilding them"
                shutil.rmtree(self.folder, ignore_errors=True)
            make_private_dir(self.folder)
            _atomic_write(meta_path, json.dumps(self._meta()).encode())
            if meta is not None:
                return
        for stray in self.folder.glob(".*.tmp*"):
            if not _writer_alive(stray):
                stray.unlink(missing_ok=True)  # left by a run killed mid-write; its rows were never saved
        for path in self._segments():
            self._load_segment(path)
        self._saved = len(self._keys)

    def _load_segment(self, path: Path) -> None:
        try:
            with np.load(path, allow_pickle=False) as data:
                keys = [str(k) for k in data["keys"]]
                codes = np.asarray(data["codes"], np.uint8)
                floats = np.asarray(data["floats"], np.float16) if self.keep_floats else None
            if codes.shape != (len(keys), self._codes.shape[1]) or (
                floats is not None and floats.shape != (len(keys), self.dim)
            ):
                raise ValueError("shape mismatch")
        except (OSError, ValueError, KeyError, EOFError) as error:
            self.reset_reason = f"dropped a damaged vector file ({path.name}: {error}); its chunks will be re-embedded"
            path.unlink(missing_ok=True)
            return
        self._append(keys, codes, floats)
        self._merged.add(path.name)

    def _segments(self) -> list[Path]:
        return sorted(self.folder.glob("seg-*.npz"))

    def _write_segment(self, keys: Sequence[str], codes: Codes, floats: npt.NDArray[np.float16] | None) -> None:
        number = 1 + max((_segment_number(p) for p in self._segments()), default=-1)
        path = self.folder / f"seg-{number:06d}-{secrets.token_hex(4)}.npz"
        arrays: dict[str, np.ndarray] = {"keys": np.array(keys, dtype=str), "codes": np.asarray(codes)}
        if floats is not None:
            arrays["floats"] = np.asarray(floats)
        make_private_dir(self.folder)
        _atomic_write(path, lambda handle: np.savez(handle, **arrays))  # type: ignore[arg-type]
        self._merged.add(path.name)


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
