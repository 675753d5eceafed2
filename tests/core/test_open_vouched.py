"""Checksums verified once and vouched for by the files' stats after (``core/store/vouched.py``):
a later open hashes nothing unchanged, and damage written since is still found."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from maguyva_tui.core.indexer import index_folder, update_index
from maguyva_tui.core.store import file_table, vouched
from maguyva_tui.core.store.format import current_generation

TICK = 0.05
"""Longer than the kernel's coarse clock tick (what a file's times are taken from): a write after
it gives the file a status-change time other than the one vouched for."""


@pytest.fixture
def settled(monkeypatch: pytest.MonkeyPatch) -> None:
    """Vouch for files however recently written (the tests' files are all fresh)."""
    monkeypatch.setattr(vouched, "RACY_NS", 0)


def _flip(path: Path, at: int) -> None:
    """Flip one byte in place, the file's modification time put back (its status-change time moves)."""
    before = path.stat()
    data = bytearray(path.read_bytes())
    data[at] ^= 0x01
    path.write_bytes(bytes(data))
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))


def test_a_file_is_vouched_for_only_as_checked_and_until_it_is_written(tmp_path: Path, settled: None) -> None:
    target = tmp_path / "table.bin"
    target.write_bytes(b"abcdef")
    time.sleep(TICK)
    assert not vouched.vouched([target], "digest")
    vouched.vouch([target], "digest")
    assert vouched.vouched([target], "digest") and not vouched.vouched([target], "another digest")
    time.sleep(TICK)
    _flip(target, 2)  # same size, same modification time
    assert not vouched.vouched([target], "digest")
    target.unlink()
    assert not vouched.vouched([target], "digest")


def test_a_file_changed_just_now_is_not_vouched_for(tmp_path: Path) -> None:
    target = tmp_path / "table.bin"
    target.write_bytes(b"abcdef")
    vouched.vouch([target], "digest")  # within RACY_NS of its write: a write in the same tick would keep its times
    assert not vouched.vouched([target], "digest")
    assert not (tmp_path / vouched.STAMP_FILE).exists()


def test_a_stamp_that_cannot_be_read_vouches_for_nothing(tmp_path: Path, settled: None) -> None:
    target = tmp_path / "table.bin"
    target.write_bytes(b"abcdef")
    time.sleep(TICK)
    vouched.vouch([target], "digest")
    (tmp_path / vouched.STAMP_FILE).write_text("{not json")
    assert not vouched.vouched([target], "digest")
    vouched.vouch([target], "digest")  # written anew
    assert vouched.vouched([target], "digest")


def test_a_vouched_file_table_is_opened_without_hashing(tmp_path: Path, settled: None,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    (root / "a.py").write_text("FIRST_MARKER = 1\n")
    update_index(root)
    time.sleep(TICK)
    hashed: list[Path] = []
    digest = file_table.files_digest
    monkeypatch.setattr(file_table, "files_digest", lambda folder: hashed.append(folder) or digest(folder))
    update_index(root)  # hashes, finds it whole, vouches
    update_index(root)  # trusts the stats
    assert len(hashed) == 1


def test_a_byte_flipped_in_a_vouched_file_table_is_still_a_rebuild(tmp_path: Path, settled: None) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    (root / "a.py").write_text("FIRST_MARKER = 1\n")
    (root / "b.py").write_text("SECOND_MARKER = 2\n")
    update_index(root)
    time.sleep(TICK)
    update_index(root)  # vouched for from now on
    generation = current_generation(index_folder(root))
    assert "files_table.npy" in (generation / vouched.STAMP_FILE).read_text()
    time.sleep(TICK)
    _flip(generation / "files_table.npy", -8 * 5)  # the last file's offset in content.bin
    _, summary = update_index(root)
    assert summary.rebuilt_because == "the index is corrupt (files_table.npy: its digest differs); rebuilding it"


def test_a_byte_flipped_in_a_vouched_census_is_still_refused(tmp_path: Path, settled: None) -> None:
    import hashlib

    from maguyva_tui.core import semantic_index

    body = bytes(range(64))
    census = tmp_path / "keys-g-1.bin"
    census.write_bytes(b"MAGIC\n" + hashlib.blake2b(body, digest_size=16).hexdigest().encode() + body)
    time.sleep(TICK)
    assert semantic_index._read_checked(census, b"MAGIC\n", 16) == body  # hashed, vouched for
    assert semantic_index._read_checked(census, b"MAGIC\n", 16) == body  # trusted by its stat
    time.sleep(TICK)
    _flip(census, -1)
    assert semantic_index._read_checked(census, b"MAGIC\n", 16) is None


def test_a_byte_flipped_in_vouched_static_weights_is_still_refused(tmp_path: Path, settled: None) -> None:
    import numpy as np

    from maguyva_tui.core.embed.static import Fit, load_weights, save_weights

    path = tmp_path / "static-weights.npy"
    save_weights(path, Fit(np.linspace(0.5, 2.0, 300, dtype=np.float32), np.eye(4, 8, dtype=np.float32), None))
    time.sleep(TICK)
    first = load_weights(path)
    assert first is not None and load_weights(path) is not None
    assert vouched.vouched([path], vouched._read(tmp_path / vouched.STAMP_FILE)[path.name][0])  # type: ignore[index]
    time.sleep(TICK)
    data = path.read_bytes()
    _flip(path, data.index(np.float32(first.weights[150]).tobytes()))  # a weight, not the archive's CRC
    assert load_weights(path) is None


def test_a_folder_that_cannot_hold_stamps_has_them_kept_aside_for_this_user(tmp_path: Path, settled: None) -> None:
    # an index shared read-only: every process had hashed its packed facts again (40-60 ms at 450 MB)
    shared = tmp_path / "shared"
    shared.mkdir()
    target = shared / "table.bin"
    target.write_bytes(b"abcdef")
    (shared / vouched.STAMP_FILE).mkdir()  # no stamp can be written there, not even by root
    time.sleep(TICK)
    assert not vouched.vouched([target], "digest")
    vouched.vouch([target], "digest")
    aside = vouched.aside(shared)
    assert aside.is_file() and str(aside).startswith(os.environ["XDG_CACHE_HOME"])
    assert vouched.vouched([target], "digest") and not vouched.vouched([target], "another digest")
    time.sleep(TICK)
    _flip(target, 2)
    assert not vouched.vouched([target], "digest")  # damage written since is still found
