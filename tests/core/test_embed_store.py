"""The vector store and progressive embedding: persistence, resumption, separation of spaces."""

from __future__ import annotations

import errno
import hashlib
import os
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from maguyva_tui.core.embed import store
from maguyva_tui.core.embed.codes import pack
from maguyva_tui.core.embed.progressive import embed_pending
from maguyva_tui.core.embed.provider import ProviderError
from maguyva_tui.core.embed.store import VectorStore, content_hash, store_folder

DIM = 16


def fake_vector(text: str, dim: int = DIM) -> np.ndarray:
    """A deterministic unit vector per text."""
    seed = int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "little")
    v = np.random.default_rng(seed).standard_normal(dim).astype(np.float32)
    return v / np.linalg.norm(v)


class CountingProvider:
    """A provider that records every text it embeds and can fail after a number of calls."""

    stores_floats = True

    def __init__(self, dim: int = DIM, fail_after: int | None = None, name: str = "fake") -> None:
        self.id = f"{name}:model:{dim}"
        self.dim = dim
        self.seen: list[str] = []
        self.calls = 0
        self.fail_after = fail_after

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        if self.fail_after is not None and self.calls >= self.fail_after:
            raise ProviderError("network down")
        self.calls += 1
        self.seen.extend(texts)
        return np.stack([fake_vector(t, self.dim) for t in texts]) if texts else np.zeros((0, self.dim))

    def embed_query(self, text: str) -> np.ndarray:
        return fake_vector(text, self.dim)


def items(n: int) -> list[tuple[str, str]]:
    texts = [f"def f{i}(): return {i}" for i in range(n)]
    return [(content_hash(t), t) for t in texts]


def test_content_hash_is_stable_and_distinct() -> None:
    assert content_hash("a") == content_hash("a") != content_hash("b")
    assert len(content_hash("a")) == 32


def test_vectors_survive_a_reopen(tmp_path: Path) -> None:
    store = VectorStore(tmp_path, "p:m:16", DIM)
    keys = ["a", "b", "c"]
    vectors = np.stack([fake_vector(k) for k in keys])
    assert store.add(keys, vectors) == 3
    assert store.save() == 3
    again = VectorStore(tmp_path, "p:m:16", DIM)
    rows = again.lookup(["c", "zz", "a"])
    assert rows.tolist()[1] == -1
    assert np.array_equal(again.codes[rows[[0, 2]]], pack(vectors[[2, 0]]))
    np.testing.assert_allclose(again.floats[rows[[0, 2]]], vectors[[2, 0]], atol=1e-3)
    assert again.coverage(["a", "b", "x", "y"]) == 0.5
    assert again.reset_reason is None


def test_duplicates_are_stored_once(tmp_path: Path) -> None:
    store = VectorStore(tmp_path, "p:m:16", DIM)
    v = np.stack([fake_vector("a"), fake_vector("a"), fake_vector("b")])
    assert store.add(["a", "a", "b"], v) == 2
    assert store.add(["b"], v[2:]) == 0
    assert len(store) == 2 and store.missing(["b", "c", "c", "a"]) == ["c"]


def test_unsaved_rows_are_not_on_disk(tmp_path: Path) -> None:
    store = VectorStore(tmp_path, "p:m:16", DIM)
    store.add(["a"], fake_vector("a")[None])
    store.save()
    store.add(["b"], fake_vector("b")[None])
    assert store.unsaved == 1
    assert len(VectorStore(tmp_path, "p:m:16", DIM)) == 1


def test_each_provider_id_has_its_own_vectors(tmp_path: Path) -> None:
    local = VectorStore(tmp_path, "local:all-MiniLM-L6-v2:384", DIM)
    local.add(["a"], fake_vector("a")[None])
    local.save()
    voyage = VectorStore(tmp_path, "voyage:voyage-code-3:1024", DIM)
    assert len(voyage) == 0 and "a" not in voyage
    assert store_folder(tmp_path, "voyage:voyage-code-3:1024") != store_folder(tmp_path, "voyage:voyage-code-3:512")
    assert len(VectorStore(tmp_path, "local:all-MiniLM-L6-v2:384", DIM)) == 1


def test_a_store_written_with_another_shape_is_rebuilt(tmp_path: Path) -> None:
    store = VectorStore(tmp_path, "p:m", DIM)
    store.add(["a"], fake_vector("a")[None])
    store.save()
    other = VectorStore(tmp_path, "p:m", 32)
    assert len(other) == 0 and other.reset_reason


def test_a_damaged_segment_is_dropped_and_the_rest_kept(tmp_path: Path) -> None:
    store = VectorStore(tmp_path, "p:m:16", DIM)
    store.add(["a"], fake_vector("a")[None])
    store.save()
    store.add(["b"], fake_vector("b")[None])
    store.save()
    segments = sorted(store.folder.glob("seg-*.npz"))
    segments[1].write_bytes(b"garbage")
    (store.folder / ".seg-000009-x.npz.tmp123").write_bytes(b"half written")
    again = VectorStore(tmp_path, "p:m:16", DIM)
    assert "a" in again and "b" not in again
    assert again.reset_reason and "damaged" in again.reset_reason
    assert not list(again.folder.glob(".*tmp*"))


def test_views_taken_before_growth_stay_valid(tmp_path: Path) -> None:
    store = VectorStore(tmp_path, "p:m:16", DIM)
    store.add(["a"], fake_vector("a")[None])
    codes = store.codes
    keys = [f"k{i}" for i in range(3000)]
    store.add(keys, np.stack([fake_vector(k) for k in keys]))
    assert codes.shape[0] == 1 and np.array_equal(codes[0], pack(fake_vector("a")))
    assert np.array_equal(store.codes[store.lookup(["k2999"])][0], pack(fake_vector("k2999")))


def test_compact_keeps_only_live_rows(tmp_path: Path) -> None:
    store = VectorStore(tmp_path, "p:m:16", DIM)
    for key in "abcd":
        store.add([key], fake_vector(key)[None])
        store.save()
    assert store.compact(keep={"b", "d"}) == 2
    assert len(list(store.folder.glob("seg-*.npz"))) == 1
    again = VectorStore(tmp_path, "p:m:16", DIM)
    assert sorted(k for k in "abcd" if k in again) == ["b", "d"]
    np.testing.assert_allclose(again.floats[again.lookup(["d"])][0], fake_vector("d"), atol=1e-3)


def test_codes_only_store_keeps_no_floats(tmp_path: Path) -> None:
    store = VectorStore(tmp_path, "v:m:16", DIM, keep_floats=False)
    store.add(["a"], np.sign(fake_vector("a"))[None])
    store.save()
    again = VectorStore(tmp_path, "v:m:16", DIM, keep_floats=False)
    assert again.floats is None and np.array_equal(again.codes[0], pack(fake_vector("a")))


def test_embed_pending_embeds_in_order_and_reports_progress(tmp_path: Path) -> None:
    provider = CountingProvider()
    store = VectorStore.for_provider(tmp_path, provider)
    work = items(10)
    progress: list[tuple[int, int]] = []
    report = embed_pending(store, provider, work + work[:2], batch_size=4,
                           on_progress=lambda done, total: progress.append((done, total)))
    assert provider.seen == [t for _, t in work]
    assert progress == [(0, 10), (4, 10), (8, 10), (10, 10)]
    assert (report.total, report.done, report.embedded, report.stopped) == (10, 10, 10, False)


def test_an_interrupted_run_resumes_without_recomputing(tmp_path: Path) -> None:
    work = items(20)
    first = CountingProvider()
    calls = iter(range(100))
    report = embed_pending(VectorStore.for_provider(tmp_path, first), first, work, batch_size=3, save_every=2,
                           should_stop=lambda: next(calls) >= 3)
    assert report.stopped and report.done == 9
    second = CountingProvider()
    store = VectorStore.for_provider(tmp_path, second)
    assert len(store) == 9
    report = embed_pending(store, second, work, batch_size=3)
    assert second.seen == [t for _, t in work[9:]]
    assert (report.done, report.embedded, report.coverage) == (20, 11, 1.0)
    assert sorted(first.seen + second.seen) == sorted(t for _, t in work)


def test_a_provider_failure_keeps_what_was_embedded(tmp_path: Path) -> None:
    work = items(10)
    failing = CountingProvider(fail_after=2)
    with pytest.raises(ProviderError):
        embed_pending(VectorStore.for_provider(tmp_path, failing), failing, work, batch_size=3, save_every=100)
    store = VectorStore.for_provider(tmp_path, CountingProvider())
    assert store.coverage(h for h, _ in work) == 0.6


def test_embed_pending_refuses_a_store_of_another_provider(tmp_path: Path) -> None:
    store = VectorStore(tmp_path, "other:model:16", DIM)
    with pytest.raises(ValueError, match="other:model:16"):
        embed_pending(store, CountingProvider(), items(1))


KILLED_RUN = """
import os, sys
import numpy as np
from maguyva_tui.core.embed.progressive import embed_pending
from maguyva_tui.core.embed.store import VectorStore, content_hash

class Dying:
    id, dim, stores_floats = "fake:model:16", 16, True
    calls = 0
    def embed_documents(self, texts):
        Dying.calls += 1
        if Dying.calls == 6:
            os._exit(9)  # killed mid-run: no finally, no final save
        return np.ones((len(texts), 16), np.float32)
    def embed_query(self, text):
        return np.ones(16, np.float32)

texts = [f"def f{i}(): return {i}" for i in range(20)]
work = [(content_hash(t), t) for t in texts]
provider = Dying()
embed_pending(VectorStore.for_provider(sys.argv[1], provider), provider, work, batch_size=3, save_every=2)
"""


def test_a_killed_run_resumes_from_its_last_save(tmp_path: Path) -> None:
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", KILLED_RUN, str(tmp_path)], cwd=root, timeout=60)
    assert done.returncode == 9
    provider = CountingProvider()
    store = VectorStore.for_provider(tmp_path, provider)
    assert len(store) == 12  # four batches of three, saved after the second and the fourth
    embed_pending(store, provider, items(20), batch_size=3)
    assert provider.seen == [t for _, t in items(20)[12:]]


def test_float_rows_read_what_the_floats_hold_mapped_grown_or_compacted(tmp_path: Path) -> None:
    keys = [f"k{i}" for i in range(50)]
    vectors = np.stack([fake_vector(k) for k in keys])
    store = VectorStore(tmp_path, "p:m:16", DIM)
    store.add(keys, vectors)
    store.save()
    again = VectorStore(tmp_path, "p:m:16", DIM)
    mapped = again.float_rows()
    assert mapped is not None and mapped.mapped and len(mapped) == 50
    picked = np.array([49, 3, 3, -50])
    assert np.array_equal(mapped[picked], np.asarray(again.floats)[picked])
    assert again.add(["fresh"], fake_vector("fresh")[None]) == 1  # grown in memory: read by indexing
    grown = again.float_rows()
    assert grown is not None and not grown.mapped and len(grown) == 51
    assert np.array_equal(grown[[50, 0]], np.stack([fake_vector("fresh"), vectors[0]]).astype(np.float16))
    again.save()
    before = again.float_rows()
    again.compact(keep=keys[::2])  # rows renumbered; what was handed out reads the rows it had
    assert np.array_equal(before[[1, 50]], np.stack([vectors[1], fake_vector("fresh")]).astype(np.float16))
    assert again.floats is not None and len(again) == 25
    assert np.array_equal(again.float_rows()[again.lookup(["k2"])], vectors[2:3].astype(np.float16))


def test_codes_only_stores_have_no_float_rows(tmp_path: Path) -> None:
    store = VectorStore(tmp_path, "voyage:x:16", DIM, keep_floats=False)
    store.add(["a"], fake_vector("a")[None])
    store.save()
    assert VectorStore(tmp_path, "voyage:x:16", DIM, keep_floats=False).float_rows() is None


def test_a_large_census_finds_each_digest_in_any_order(tmp_path: Path) -> None:
    """Digests sought many at once (sorted inside for speed) come back in the order asked, with
    repeats and unknown digests, as one-at-a-time look-ups answer them."""
    store = VectorStore(tmp_path, "p:m:16", DIM)
    keys = [content_hash(f"chunk {i}") for i in range(300)]
    store.add(keys, np.stack([fake_vector(k) for k in keys]))
    store.save()
    again = VectorStore(tmp_path, "p:m:16", DIM)
    rng = np.random.default_rng(7)
    asked = [keys[i] for i in rng.integers(0, 300, 500)] + [content_hash(f"absent {i}") for i in range(80)]
    rng.shuffle(asked)
    census = np.array([bytes.fromhex(k) for k in asked], dtype="S16")
    one_by_one = [int(again.lookup_digests(census[i : i + 1])[0]) for i in range(len(census))]
    assert again.lookup_digests(census).tolist() == one_by_one
    assert sum(row < 0 for row in one_by_one) == 80
    assert again.lookup(asked).tolist() == one_by_one


def test_a_full_disk_while_the_vectors_grow_is_an_oserror_not_a_sigbus(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The rows a store adds live in a file of its own, mapped: its blocks are reserved when it
    grows, so a full disk is an OSError the fill reports in one line, not a SIGBUS on a row's write."""
    def full(fd: int, offset: int, length: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "posix_fallocate", full)
    spills = store._Spill.make(tmp_path, 33, 8)
    assert spills is not None
    with pytest.raises(OSError) as raised:
        spills[0].grow(5000)
    assert raised.value.errno == errno.ENOSPC
