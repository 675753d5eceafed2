"""A stored array cut short by the disk says why, as every other write of the index does: numpy's
``np.save`` on a real file wrote with ``tofile``, whose short write is an OSError with no errno,
"100000 requested and 5104 written", so a full disk read in the index's notice as "the index could
not be updated (21737 requested and 10208 written: ...)" instead of "No space left on device".
A file size limit (``ulimit -f``, its signal ignored) cuts the write as a full disk does."""

from __future__ import annotations

import errno
import io
import resource
import signal
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from maguyva_tui.core.store.arrays import load_array, save_array
from maguyva_tui.core.trigram.index import TrigramIndex

LIMIT = 64 * 1024


@pytest.fixture
def short_writes() -> Iterator[None]:
    """Files past LIMIT bytes cannot be written (EFBIG), as on a disk that fills at that point."""
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    before = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (LIMIT, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        signal.signal(signal.SIGXFSZ, before)


def test_a_stored_array_cut_short_says_why(tmp_path: Path, short_writes: None) -> None:
    with pytest.raises(OSError) as caught:
        save_array(tmp_path / "big.npy", np.arange(100_000, dtype=np.int64))
    assert caught.value.errno == errno.EFBIG and caught.value.strerror and "requested" not in str(caught.value)


def test_the_trigram_tables_cut_short_say_why(tmp_path: Path, short_writes: None) -> None:
    index = TrigramIndex(np.arange(20_000, dtype=np.uint32), np.zeros(20_001, np.uint64))  # 80 KB of keys
    with pytest.raises(OSError) as caught:
        index.save(tmp_path)
    assert caught.value.errno == errno.EFBIG and "requested" not in str(caught.value)


@pytest.mark.parametrize("array", [np.arange(5, dtype=np.int32), np.zeros((3, 4), np.float16),
                                   np.zeros(0, np.int64), np.zeros(3, dtype=[("a", "<i4"), ("b", "<f8")])])
def test_a_stored_array_is_the_bytes_np_save_writes(tmp_path: Path, array: np.ndarray) -> None:
    save_array(tmp_path / "a.npy", array)
    expected = io.BytesIO()
    np.save(expected, array, allow_pickle=False)
    assert (tmp_path / "a.npy").read_bytes() == expected.getvalue()
    if array.dtype.names is None:
        assert np.array_equal(load_array(tmp_path / "a.npy", (array.dtype.type,), array.ndim), array)
