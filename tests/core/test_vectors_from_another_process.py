"""Transformer vectors written by another process (a resident server's filler): the engine that
searches reads them back when the store's segments change on disk, and two fillers never run on
one index at once (its fill lock)."""

from __future__ import annotations

import time
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.semantic_index import semantic_folder
from maguyva_tui.core.store.lock import fill_lock
from maguyva_tui.core.types import Query
from tests.fakes import FakeProvider


class _Words(FakeProvider):
    """Vectors seeded by a text's words (the same in every process)."""

    def seed(self, text: str) -> int:
        return zlib.crc32(text.encode())


def _repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    root.mkdir()
    (root / "a.py").write_text("def alpha():\n    return 1\n\n\ndef beta():\n    return 2\n")
    (root / "b.py").write_text("def gamma(x):\n    return x * 3\n")
    return root


def _engine(root: Path, base: Path) -> Engine:
    engine = Engine(root, base, provider=_Words(), static=False)
    engine.refresh(semantic=False)
    return engine


def test_vectors_saved_by_another_process_are_read_back_by_the_searching_engine(tmp_path: Path) -> None:
    """The resident server's engine had its store open from start-up: vectors a filler process
    saved later were never ranked until the server restarted."""
    root, base = _repo(tmp_path), tmp_path / "index"
    server = _engine(root, base)
    assert server.coverage().transformer == 0.0  # opens its store, empty
    store = server.vector_store()
    assert server.pick_up_vectors() is False  # nothing moved: a listing, no read
    filler = _engine(root, base)  # another process's engine, on the same index
    report = filler.embed_pending()
    assert report.embedded and not report.busy
    assert server.coverage().transformer == 0.0  # not seen yet
    assert server.pick_up_vectors() is True
    assert server.vector_store() is store  # the new segments' rows added: nothing held read again
    assert server.coverage().transformer == 1.0
    hits = server.retriever("semantic").search(Query("gamma"), 10)
    assert hits, "the semantic engine is built afresh on the vectors read back"
    assert server.pick_up_vectors() is False  # read once
    filler.vector_store().compact()  # merged by the filler: the segments' names change, the rows do not
    assert server.pick_up_vectors() is True
    assert server.coverage().transformer == 1.0
    server.close()
    filler.close()


def test_a_second_filler_embeds_nothing_while_another_holds_the_fill_lock(tmp_path: Path) -> None:
    root, base = _repo(tmp_path), tmp_path / "index"
    engine = _engine(root, base)
    folder = semantic_folder(engine.snapshot).parent
    with fill_lock(folder) as first, fill_lock(folder) as second:
        assert first and not second
        report = engine.embed_pending(wait=False)
        assert report.busy and report.embedded == 0
        assert len(engine.vector_store()) == 0
    report = engine.embed_pending(wait=False)  # released: this one fills
    assert not report.busy and report.embedded == report.total > 0
    engine.close()


def test_a_live_index_follows_another_filler_then_takes_over_once_it_is_gone(tmp_path: Path, monkeypatch: Any) -> None:
    """The explorer and the MCP server left the fill to a resident server's filler, but never read
    its vectors back (coverage stayed where it was until restarted) nor filled once it was gone
    (a server stopped mid-fill left the tier part-filled for good)."""
    from maguyva_tui.core import live as live_module
    from maguyva_tui.core.embed.progressive import embed_pending
    from maguyva_tui.core.live import LiveEvents, LiveIndex

    monkeypatch.setattr(live_module, "FOLLOW_EVERY_S", 0.01)
    root, base = _repo(tmp_path), tmp_path / "index"
    for n in range(6):  # enough chunks to leave some to the one that takes over
        (root / f"m{n}.py").write_text(f"def f{n}():\n    return {n}\n")
    engine = _engine(root, base)
    other = _engine(root, base)  # the filler's engine, in "another process"
    folder = semantic_folder(engine.snapshot).parent
    told: list[tuple[tuple[str, float], ...]] = []
    reports: list[Any] = []
    live = LiveIndex(engine, events=LiveEvents(tiers=told.append, embedded=reports.append))
    with fill_lock(folder) as held:  # the other process holds the fill lock
        assert held
        live.embed_in_background()
        _until(lambda: live.status.following)
        assert reports[0].busy and engine.coverage().transformer == 0.0
        pairs = [(i.key, i.text) for i in other.embedding_items()]
        with live.question():  # a question runs: nothing is read back meanwhile
            embed_pending(other.vector_store(), other.provider, pairs[: len(pairs) // 2])
            time.sleep(0.05)
            assert dict(live.status.tiers).get("transformer", 0.0) == 0.0
        _until(lambda: 0.0 < dict(live.status.tiers).get("transformer", 0.0) < 1.0)
        assert told and 0.0 < dict(told[-1])["transformer"] < 1.0
    _until(lambda: len(reports) == 2 and not live.status.embedding)  # the lock is free: it took over
    assert not reports[1].busy and reports[1].embedded == len(pairs) - len(pairs) // 2  # the rest alone
    assert engine.coverage().transformer == 1.0 and not live.status.following
    live.close()
    other.close()


def _until(condition: Callable[[], object], wait: float = 10.0) -> None:
    deadline = time.monotonic() + wait
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.005)
