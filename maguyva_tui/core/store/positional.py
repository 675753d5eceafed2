"""A build's spill files: where one is made, and whole positional reads and writes of it
(``os.pread`` and ``os.pwrite`` may move fewer bytes than asked)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import IO


def write_all(fd: int, data: bytes | memoryview, offset: int) -> None:
    """Write all of ``data`` at ``offset``."""
    view = memoryview(data).cast("B")
    while view:
        written = os.pwrite(fd, view, offset)
        view, offset = view[written:], offset + written


def read_all(fd: int, offset: int, length: int, what: str) -> bytes:
    """Read the ``length`` bytes written at ``offset`` of ``what`` (named in the error when the
    file ends early)."""
    data = os.pread(fd, length, offset)
    while len(data) < length:
        more = os.pread(fd, length - len(data), offset + len(data))
        if not more:
            raise OSError(f"{what} ended early ({len(data)} of {length} bytes)")
        data += more
    return data


def spill_file(near: Path | None) -> IO[bytes] | None:
    """An unlinked temporary file in ``near`` where given (the index's disk: the system's temporary
    folder may be a RAM disk), else in the system's; ``None`` when neither can be made."""
    for folder in ([str(near)] if near is not None and near.is_dir() else []) + [None]:
        try:
            return tempfile.TemporaryFile(dir=folder)
        except OSError:
            continue
    return None
