"""Arrays of an ``.npz`` written by ``np.savez``, mapped rather than read whole.

``np.load`` reads every member of an archive and checks its CRC: a stored graph of 100,000 files
(71 MB) took 0.1 s before a question could look at it. Members stored plainly (``np.savez`` never
compresses) are mapped copy-on-write instead: a page is read when touched, and a change made in
the process stays in the process.

An archive written by :func:`save_npz` keeps its larger members packed where that pays (issue 19:
the graph of the 450 MB corpus, 27.0 MB plainly): the member ``NAME.npy`` then holds one zstd frame
(with its checksum) of the ``.npy`` bytes instead of the bytes, stored plainly in the zip; read,
it is decompressed whole into memory of its own (writable, as a copy-on-write map is). Such a
member is for a file read whole when first needed (a graph); a damaged frame is ValueError.
"""

from __future__ import annotations

import io
import mmap
import struct
import zipfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any, BinaryIO

import numpy as np
from numpy.typing import NDArray

from maguyva_tui.core.store.arrays import FRAME_MAGIC, PACK_LEVEL, PACK_SHARE, read_header, read_members

PACK_LEAST = 1 << 16
"""A member's ``.npy`` bytes at the least for :func:`save_npz` to try packing it: a small one stays
mapped, read as touched."""

ZIP_TIME = (1980, 1, 1, 0, 0, 0)
"""Every member's time in the zip (the earliest it holds): a build writes the same bytes for the
same graph (``np.savez`` wrote the clock's, and two builds a second apart differed)."""

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
            if magic == b"PK\x03\x04" and info.compress_type == zipfile.ZIP_STORED and handle.read(4) == FRAME_MAGIC:
                handle.seek(start)
                arrays[name] = _unpacked(handle.read(info.file_size))
                continue
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


def _unpacked(frame: bytes) -> NDArray[Any]:
    """A packed member's array, decompressed into memory of its own (ValueError when damaged)."""
    import zstandard  # imported where used: 2 ms of every command's start otherwise

    try:
        raw = bytearray(zstandard.ZstdDecompressor().decompress(frame))
    except zstandard.ZstdError as exc:
        raise ValueError(f"a packed member is damaged ({exc})") from None
    source = io.BytesIO(raw)
    version = np.lib.format.read_magic(source)
    if version not in ((1, 0), (2, 0)):
        raise ValueError("a packed member is not a plain array")
    shape, fortran, dtype = read_header(source, version)
    count = int(np.prod(shape, dtype=np.int64))
    if fortran or dtype.hasobject or source.tell() + count * dtype.itemsize != len(raw):
        raise ValueError("a packed member is not a plain array")
    if not count:
        return np.zeros(shape, dtype)
    return np.frombuffer(raw, dtype, count, source.tell()).reshape(shape)


def save_npz(path: Path | BinaryIO, arrays: Mapping[str, NDArray[Any]]) -> None:
    """Write arrays as one ``.npz`` (a file, or into an open one) that :func:`mapped_npz` reads (never an object array): each
    member plainly, as ``np.savez`` writes it, or packed (one zstd frame) where its bytes are
    :data:`PACK_LEAST` or more and the frame at most :data:`PACK_SHARE` of them."""
    import zstandard  # imported where used: 2 ms of every command's start otherwise

    if isinstance(path, Path):
        with open(path, "wb") as handle:
            save_npz(handle, arrays)
        return
    compressor = zstandard.ZstdCompressor(level=PACK_LEVEL, write_checksum=True)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED, allowZip64=True) as archive:
        for name, array in arrays.items():
            array = np.asarray(array)
            if array.dtype.hasobject:
                raise TypeError(f"{name}: object arrays are never stored")
            buffer = io.BytesIO()
            np.lib.format.write_array(buffer, np.ascontiguousarray(array), allow_pickle=False)
            data = buffer.getbuffer()
            if len(data) >= PACK_LEAST:
                frame = compressor.compress(data)
                if len(frame) <= PACK_SHARE * len(data):
                    data = memoryview(frame)
            info = zipfile.ZipInfo(f"{name}.npy", date_time=ZIP_TIME)  # the same bytes for the same arrays
            archive.writestr(info, data)


def _member(path: Path, name: str) -> NDArray[Any]:
    """One array of a ``.npz`` read whole (one not stored plainly: refused when it holds objects)."""
    return read_members(path, (name,))[name]


