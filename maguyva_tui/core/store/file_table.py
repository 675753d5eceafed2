"""The manifest's table of files as arrays, mapped: no JSON row and no object per file on opening.

    files_paths.bin, files_paths_offsets.npy   every path, in path order (strings as in ``arrays.py``)
    files_table.npy      int64 (files, 8): document id, size, mtime_ns, offset and length in
                         content.bin, inode, ctime_ns, language (an id in ``files_languages``, 0 none)
    files_hashes.npy     uint8 (files, 16): the content hash (``content_hash``'s 16 bytes)
    files_languages.bin, files_languages_offsets.npy   the languages' names

A file's :class:`FileEntry` is made when asked for; a check of every file's stat reads the columns
(:func:`stat_columns`). At 100,000 files the JSON rows took 0.5-0.9 s to parse into entries. The
manifest records a digest of these files (:func:`files_digest`): a flipped byte in an offset or a
hash is a rebuild, never another file's text served. A process that found them as digested vouches
for them by their stats (``vouched.py``): a later one hashes them again only when one was written since.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, overload

import numpy as np
from numpy.typing import NDArray

from maguyva_tui.core.store.arrays import (
    PathIndex,
    Strings,
    damaged,
    load_array,
    save_array,
    save_strings,
    strictly_sorted,
)
from maguyva_tui.core.store.format import FileEntry, IndexUnavailable
from maguyva_tui.core.store.vouched import vouch, vouched

FILES = ("files_paths.bin", "files_paths_offsets.npy", "files_languages.bin", "files_languages_offsets.npy",
         "files_table.npy", "files_hashes.npy")
"""The files of the table, in the order the digest reads them."""

COLUMNS = 8
"""Columns of ``files_table.npy``."""
DOC, SIZE, MTIME, OFFSET, LENGTH, INODE, CTIME, LANGUAGE = range(COLUMNS)
HASH_BYTES = 16


def files_digest(folder: Path) -> str:
    """A digest of the table's files as written (recorded in the manifest, checked on opening)."""
    digest = hashlib.blake2b(digest_size=16)
    for name in FILES:
        try:
            digest.update((folder / name).read_bytes())
        except FileNotFoundError:
            raise IndexUnavailable(f"the index is incomplete ({name} is missing); rebuilding it") from None
        digest.update(b"\0")
    return digest.hexdigest()


def save_files(folder: Path, entries: Sequence[FileEntry]) -> str:
    """Write a generation's files (in path order) beside its manifest; return their digest."""
    entries = sorted(entries, key=lambda e: e.path)
    languages: dict[str, int] = {}
    table = np.zeros((len(entries), COLUMNS), np.int64)
    hashes = np.zeros((len(entries), HASH_BYTES), np.uint8)
    for i, e in enumerate(entries):
        language = 0 if e.language is None else languages.setdefault(e.language, len(languages) + 1)
        table[i] = (e.doc_id, e.size, e.mtime_ns, e.offset, e.length, e.inode, e.ctime_ns, language)
        hashes[i] = np.frombuffer(bytes.fromhex(e.hash), np.uint8)
    save_strings(folder, "files_paths", [e.path for e in entries])
    save_strings(folder, "files_languages", list(languages))
    save_array(folder / "files_table.npy", table)
    save_array(folder / "files_hashes.npy", hashes)
    return files_digest(folder)


def _digest_differs(parts: Sequence[Path], digest: str) -> IndexUnavailable:
    """The error for files whose digest differs, naming the file damaged: the one written since an
    earlier process vouched for them all (``vouched.py``); where none did, the digest covers them
    together and all are named (a damaged ``files_hashes.npy`` had been reported as
    ``files_table.npy``)."""
    written = [path for path in parts if not vouched([path], digest)]
    if len(written) == 1:
        return damaged(written[0], "its digest differs")
    names = ", ".join(path.name for path in (written or parts))
    return IndexUnavailable(f"the index is corrupt (one of {names}: their digest differs); rebuilding it")


class FileTable(Sequence[FileEntry]):
    """A generation's files in path order, each entry made when read."""

    def __init__(self, paths: list[str], table: NDArray[np.int64], hashes: NDArray[np.uint8],
                 languages: list[str]) -> None:
        self.paths = paths
        self.table = table
        self._hashes = hashes
        self._languages: list[str | None] = [None, *languages]
        self.stored_paths: Strings | None = None
        """The paths' stored table when read from a generation (another table of the same paths
        takes ``paths`` instead of decoding its own: ``centrality.py``)."""

    @classmethod
    def load(cls, folder: Path, digest: str | None = None) -> FileTable:
        """Map a generation's files; damage (or a digest that differs) is IndexUnavailable."""
        if digest is not None and not vouched(parts := [folder / name for name in FILES], digest):
            if files_digest(folder) != digest:
                raise _digest_differs(parts, digest)
            vouch(parts, digest)  # the next process trusts these files by their stats (``vouched.py``)
        stored = Strings.load(folder, "files_paths")
        paths = stored.all()
        languages = Strings.load(folder, "files_languages").all()
        table = load_array(folder / "files_table.npy", np.int64, 2, COLUMNS)
        hashes = load_array(folder / "files_hashes.npy", np.uint8, 2, HASH_BYTES)
        if len(table) != len(paths) or len(hashes) != len(paths) or not strictly_sorted(paths) or (
            len(table) and (int(table[:, LANGUAGE].min()) < 0 or int(table[:, LANGUAGE].max()) > len(languages))
        ):
            raise damaged(folder / "files_table.npy", "it disagrees with the paths")
        found = cls(paths, table, hashes, languages)
        found.stored_paths = stored
        return found

    def __len__(self) -> int:
        return len(self.paths)

    @overload
    def __getitem__(self, i: int) -> FileEntry: ...
    @overload
    def __getitem__(self, i: slice) -> list[FileEntry]: ...
    def __getitem__(self, i: int | slice) -> FileEntry | list[FileEntry]:
        if isinstance(i, slice):
            return [self.entry(k) for k in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(i)
        return self.entry(i)

    def entry(self, i: int) -> FileEntry:
        """File ``i``'s entry."""
        doc, size, mtime, offset, length, inode, ctime, language = self.table[i].tolist()
        return FileEntry(self.paths[i], doc, bytes(self._hashes[i]).hex(), size, mtime, self._languages[language],
                         offset, length, inode, ctime)

    def __iter__(self) -> Iterator[FileEntry]:
        return map(self.entry, range(len(self)))

    def end(self) -> int:
        """The end of the furthest text in content.bin (0 with no file)."""
        if not len(self):
            return 0
        return int((self.table[:, OFFSET] + self.table[:, LENGTH]).max())


class FileIndex(Mapping[str, FileEntry]):
    """Path to entry over a :class:`FileTable` (entries made when asked)."""

    def __init__(self, files: FileTable) -> None:
        self.table = files
        self._at = PathIndex(files.paths)

    def __getitem__(self, path: str) -> FileEntry:
        i = self._at.get(path)
        if i is None:
            raise KeyError(path)
        return self.table.entry(i)

    def __contains__(self, path: object) -> bool:
        return self._at.get(path) is not None

    def text_span(self, path: str) -> tuple[int, int]:
        """A file's offset and length in the stored texts, no entry made (its ten fields and its
        hash's hex: 5 µs, asked for each file a page first shows)."""
        i = self._at.get(path)
        if i is None:
            raise KeyError(path)
        offset, length = self.table.table[i, OFFSET : LENGTH + 1].tolist()
        return offset, length

    def __iter__(self) -> Iterator[str]:
        return iter(self.table.paths)

    def __len__(self) -> int:
        return len(self.table.paths)


class IdIndex(Mapping[int, FileEntry]):
    """Document id to entry over a :class:`FileTable`."""

    def __init__(self, files: FileTable) -> None:
        self.table = files
        self._at = dict(zip(files.table[:, DOC].tolist(), range(len(files))))

    def __getitem__(self, doc: int) -> FileEntry:
        return self.table.entry(self._at[doc])

    def __contains__(self, doc: object) -> bool:
        return doc in self._at

    def __iter__(self) -> Iterator[int]:
        return iter(self._at)

    def __len__(self) -> int:
        return len(self._at)


def by_path(files: Sequence[FileEntry]) -> Mapping[str, FileEntry]:
    """Path to entry: over the mapped table, or a dict of a build's entries in memory."""
    return FileIndex(files) if isinstance(files, FileTable) else {f.path: f for f in files}


def by_doc(files: Sequence[FileEntry]) -> Mapping[int, FileEntry]:
    """Document id to entry, likewise."""
    return IdIndex(files) if isinstance(files, FileTable) else {f.doc_id: f for f in files}


def paths_of(files: Sequence[FileEntry]) -> list[str]:
    """Every path, in the table's order."""
    return list(files.paths) if isinstance(files, FileTable) else [f.path for f in files]


def content_end(files: Sequence[FileEntry]) -> int:
    """The end of the furthest text in content.bin."""
    if isinstance(files, FileTable):
        return files.end()
    return max((f.offset + f.length for f in files), default=0)


def stat_columns(files: Sequence[FileEntry]) -> tuple[list[str], Any]:
    """Every path and its recorded ``(size, mtime_ns, inode, ctime_ns)`` as an int64 array."""
    if isinstance(files, FileTable):
        return files.paths, files.table[:, [SIZE, MTIME, INODE, CTIME]]
    return [f.path for f in files], np.array([(f.size, f.mtime_ns, f.inode, f.ctime_ns) for f in files],
                                             np.int64).reshape(-1, 4)
