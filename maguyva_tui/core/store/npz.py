"""Arrays of an ``.npz`` written by ``np.savez``, mapped rather than read whole.

``np.load`` reads every member of an archive and checks its CRC: a stored graph of 100,000 files
(71 MB) took 0.1 s before a question could look at it. Members stored plainly (``np.savez`` never
compresses) are mapped copy-on-write instead: a page is read when touched, and a change made in
the process stays in the process.
"""

from __future__ import annotations

import mmap
import struct
import zipfile
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from maguyva_tui.core.store.arrays import read_header, read_members

_LOCAL_HEADER = struct.Struct("<4s22xHH")
"""A zip member's local header: signature, then (after 22 bytes) the name's and extra field's lengths."""


def mapped_npz(path: Path) -> dict[str, NDArray[Any]]:
    """Every array of a ``.npz`` written by ``np.savez``, mapped copy-on-write where it is stored
    plainly (its pages read as they are touched, none copied or checksummed up front: 71 MB at
    100,000 files took 0.1 s to read whole), else read with ``allow_pickle=False``."""
    arrays: dict[str, NDArray[Any]] = {}
    mapped: mmap.mmap | None = None  # one map of the whole file for every member: a map holds a file
    # descriptor while it lives, and a map a member (graph.npz has 87) ran a process of open indexes
    # past 1,024 descriptors
    with open(path, "rb") as handle, zipfile.ZipFile(handle) as archive:
        for info in archive.infolist():
            name = info.filename.removesuffix(".npy")
            handle.seek(info.header_offset)
            magic, name_length, extra_length = _LOCAL_HEADER.unpack(handle.read(_LOCAL_HEADER.size))
            start = info.header_offset + _LOCAL_HEADER.size + name_length + extra_length
            handle.seek(start)
            version = np.lib.format.read_magic(handle) if magic == b"PK\x03\x04" else None
            if version not in ((1, 0), (2, 0)) or info.compress_type != zipfile.ZIP_STORED:
                arrays[name] = _member(path, name)
                continue
            shape, fortran, dtype = read_header(handle, version)
            size = int(np.prod(shape, dtype=np.int64)) * dtype.itemsize
            if fortran or dtype.hasobject or handle.tell() + size > start + info.file_size:
                arrays[name] = _member(path, name)
            elif size == 0:
                arrays[name] = np.zeros(shape, dtype)
            else:
                if mapped is None:
                    mapped = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_COPY)
                count = int(np.prod(shape, dtype=np.int64))
                arrays[name] = np.frombuffer(mapped, dtype, count, handle.tell()).reshape(shape)
    return arrays


def _member(path: Path, name: str) -> NDArray[Any]:
    """One array of a ``.npz`` read whole (one not stored plainly: refused when it holds objects)."""
    return read_members(path, (name,))[name]


