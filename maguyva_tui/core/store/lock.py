"""An exclusive, advisory lock per repository index, so two builds never interleave."""

from __future__ import annotations

import fcntl
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

LOCK_WAIT_SECONDS = 600.0
"""How long a second writer waits for the first before giving up (a cold build of a big repo)."""


class LockTimeout(Exception):
    """Another process held the index lock for too long."""


@contextmanager
def index_lock(folder: Path, wait: float = LOCK_WAIT_SECONDS) -> Iterator[None]:
    """Hold the index folder's lock; the kernel drops it if the process dies."""
    folder.mkdir(parents=True, exist_ok=True)
    fd = os.open(folder / "LOCK", os.O_RDWR | os.O_CREAT, 0o644)
    try:
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise LockTimeout(f"another maguyva process is indexing {folder}") from None
                time.sleep(0.05)
        yield
    finally:
        os.close(fd)
