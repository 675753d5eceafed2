"""A stored array cut short by the disk says why, as every other write of the index does: numpy's
``np.save`` on a real file wrote with ``tofile``, whose short write is an OSError with no errno,
"100000 requested and 5104 written", so a full disk read in the index's notice as "the index could
not be updated (21737 requested and 10208 written: ...)" instead of "No space left on device".
A file size limit (``ulimit -f``, its signal ignored) cuts the write as a full disk does."""

from __future__ import annotations

import errno
import io
import os
import resource
import signal
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from maguyva_tui.core.store.arrays import load_array, save_array
from maguyva_tui.core.trigram.index import TrigramIndex

LIMIT = 64 * 1024


def _cut_short(write: Callable[[], object]) -> tuple[int | None, str]:
    """Run ``write`` in a forked child whose files cannot grow past LIMIT (EFBIG, as on a disk
    that fills at that point); return the errno and text of the OSError it raised. The limit is
    the whole process's: set in pytest's own process, it had cut pytest's report when its output
    was a file already past LIMIT (a CI log), and the run had stopped with no summary."""
    read, sent = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: report and leave without running pytest's exit handlers
        try:
            os.close(read)
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (LIMIT, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))
            try:
                write()
                said = "-\tno error"
            except OSError as exc:
                said = f"{exc.errno}\t{exc}"
            os.write(sent, said.encode())
        finally:
            os._exit(0)
    os.close(sent)
    with os.fdopen(read, "rb") as pipe:
        said = pipe.read().decode()
    os.waitpid(pid, 0)
    number, _, text = said.partition("\t")
    return (None if number in ("-", "None") else int(number)), text


def test_a_stored_array_cut_short_says_why(tmp_path: Path) -> None:
    number, text = _cut_short(lambda: save_array(tmp_path / "big.npy", np.arange(100_000, dtype=np.int64)))
    assert number == errno.EFBIG and text and "requested" not in text


def test_the_trigram_tables_cut_short_say_why(tmp_path: Path) -> None:
    index = TrigramIndex(np.arange(20_000, dtype=np.uint32), np.zeros(20_001, np.uint64))  # 80 KB of keys
    number, text = _cut_short(lambda: index.save(tmp_path))
    assert number == errno.EFBIG and "requested" not in text


@pytest.mark.parametrize("array", [np.arange(5, dtype=np.int32), np.zeros((3, 4), np.float16),
                                   np.zeros(0, np.int64), np.zeros(3, dtype=[("a", "<i4"), ("b", "<f8")])])
def test_a_stored_array_is_the_bytes_np_save_writes(tmp_path: Path, array: np.ndarray) -> None:
    save_array(tmp_path / "a.npy", array)
    expected = io.BytesIO()
    np.save(expected, array, allow_pickle=False)
    assert (tmp_path / "a.npy").read_bytes() == expected.getvalue()
    if array.dtype.names is None:
        assert np.array_equal(load_array(tmp_path / "a.npy", (array.dtype.type,), array.ndim), array)
