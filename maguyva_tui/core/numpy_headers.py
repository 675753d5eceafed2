"""numpy's ``.npy`` headers, read under one lock, for every stored array and archive of arrays.

numpy parses a header (``{'descr': '<i8', 'fortran_order': False, 'shape': (5,)}``) with
``ast.literal_eval``; CPython 3.11 keeps the AST constructor's recursion depth per interpreter, not
per thread, so two threads parsing at once can fail with a spurious ``SystemError``
(python/cpython#106905; a CI run's workspace build, its repositories indexed on two threads, met it
in ``np.load``). Every reader of a stored array goes through here or holds :data:`HEADER_LOCK`.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from pathlib import Path
from typing import Any, BinaryIO

import numpy as np
from numpy.typing import NDArray

HEADER_LOCK = threading.Lock()
"""Held while numpy reads a stored array's header, which it parses with ``ast.literal_eval``:
CPython 3.11's AST construction keeps its recursion depth per interpreter, not per thread, and two
threads parsing at once can fail with a spurious ``SystemError`` (python/cpython#106905; a CI
run's workspace build, its repositories indexed on two threads, met it in ``np.load``)."""


def read_header(handle: BinaryIO, version: tuple[int, int]) -> tuple[tuple[int, ...], bool, np.dtype[Any]]:
    """Read a ``.npy`` header (shape, Fortran order, dtype) of a version :func:`np.lib.format.read_magic`
    returned, at the handle's position, under :data:`HEADER_LOCK`."""
    reader = np.lib.format.read_array_header_1_0 if version == (1, 0) else np.lib.format.read_array_header_2_0
    with HEADER_LOCK:
        shape, fortran, dtype = reader(handle)
    return tuple(shape), bool(fortran), dtype


def read_whole(source: Path | BinaryIO) -> NDArray[Any]:
    """Read a whole ``.npy`` with ``allow_pickle=False``, its header parsed under :data:`HEADER_LOCK`
    (an ``.npz`` where an array belongs is refused with ValueError)."""
    with HEADER_LOCK:
        array = np.load(source, allow_pickle=False)
    if not isinstance(array, np.ndarray):
        array.close()
        raise ValueError("an archive of arrays where one array belongs")
    return array


def read_members(source: Path | BinaryIO, names: Iterable[str]) -> dict[str, NDArray[Any]]:
    """Read these members of an ``.npz`` whole with ``allow_pickle=False``, their headers parsed under
    :data:`HEADER_LOCK` (a missing member is KeyError)."""
    with HEADER_LOCK, np.load(source, allow_pickle=False) as data:
        return {name: np.asarray(data[name]) for name in names}


def member_names(path: Path) -> list[str]:
    """The names of an ``.npz``'s arrays, read from its table of contents (a ``.npy`` there is read
    whole, its header parsed under :data:`HEADER_LOCK`, and refused)."""
    with HEADER_LOCK, np.load(path, allow_pickle=False) as data:
        return list(data.files)


def write_whole(path: Path, array: NDArray[Any]) -> None:
    """Write a plain array as ``.npy``, byte for byte as ``np.save`` writes it, through Python's own
    file writes: numpy's ``tofile``, which ``np.save`` uses on a real file, says a short write as
    "100000 requested and 5104 written" with no errno, where a full disk is "No space left on
    device" (the index's notice had read "could not be updated (21737 requested and 10208 written)")."""
    array = np.ascontiguousarray(array)
    with open(path, "wb") as handle:
        np.lib.format.write_array_header_1_0(handle, np.lib.format.header_data_from_array_1_0(array))
        handle.write(array.reshape(-1).view(np.uint8).data)
