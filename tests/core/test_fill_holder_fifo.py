"""Who holds an index's fill lock (``store/lock.py``'s ``fill_holder``) is read without waiting:
a FIFO planted at the lock file's path names no one, where its read-only open had waited for a
writer forever (``index --embed full`` saying who fills, a resident server's status)."""

from __future__ import annotations

import os
import threading
from pathlib import Path

from maguyva_tui.core.store.lock import FILL_LOCK, fill_holder, fill_lock


def test_a_fifo_at_the_fill_lock_path_names_no_holder_at_once(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / FILL_LOCK)
    found: list[int | None] = []
    reader = threading.Thread(target=lambda: found.append(fill_holder(tmp_path)), daemon=True)
    reader.start()
    reader.join(2)
    if reader.is_alive():  # free the blocked open, so the test ends
        os.close(os.open(tmp_path / FILL_LOCK, os.O_WRONLY | os.O_NONBLOCK))
        reader.join(2)
        raise AssertionError("fill_holder waited for a writer on a FIFO")
    assert found == [None]


def test_the_holder_of_a_plain_fill_lock_is_still_named(tmp_path: Path) -> None:
    with fill_lock(tmp_path) as held:
        assert held and fill_holder(tmp_path) == os.getpid()
