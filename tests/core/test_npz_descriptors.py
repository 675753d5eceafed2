"""A stored archive of arrays is mapped with one file descriptor, not one a member: a resident
server or a workspace holding several indexes open (graph.npz has 87 members) ran a process past
1,024 descriptors, where ``select`` and many a library stop working."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

from maguyva_tui.core.store.npz import mapped_npz

pytestmark = pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="counts /proc/self/fd")


def _open_descriptors() -> int:
    return len(os.listdir("/proc/self/fd"))


def test_an_archive_of_many_arrays_holds_one_descriptor_and_stays_as_written(tmp_path: Path) -> None:
    path = tmp_path / "graph.npz"
    written = {f"column{i}": np.arange(i, i + 100, dtype=np.int64 if i % 2 else np.int32) for i in range(60)}
    written["table"] = np.arange(12, dtype=np.float32).reshape(3, 4)
    np.savez(path, **written)
    before = _open_descriptors()
    arrays = mapped_npz(path)
    assert _open_descriptors() - before <= 1
    assert set(arrays) == set(written)
    for name, array in written.items():
        assert arrays[name].dtype == array.dtype and np.array_equal(arrays[name], array)
    arrays["column3"][0] = -1  # a change stays in the process
    assert mapped_npz(path)["column3"][0] == 3
    del arrays
