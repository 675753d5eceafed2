"""The live index: open at once, refresh one at a time, embed behind, stop on close."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from maguyva_tui.core.live import LiveEvents, LiveIndex

WAIT_S = 10.0


@dataclass
class _Summary:
    files: int = 1
    parsed: int = 0
    removed: int = 0
    seconds: float = 0.0


@dataclass
class _Report:
    embedded: int
    stopped: bool


class _StubEngine:
    """An engine whose refreshes and embeddings the test holds and releases."""

    def __init__(self, stored: bool = False) -> None:
        self.root = Path("/repo")
        self.index_folder: Path | None = None
        self.stored = stored
        self.release = threading.Event()
        self.release.set()
        self.fail: Exception | None = None
        self.parsed = 0
        self.refreshes = 0
        self.running = 0
        self.most_at_once = 0
        self.embed_passes = 0
        self.embed_started = threading.Event()
        self.embed_blocks = False
        self.closed = False
        self.saved = 0
        self._count = threading.Lock()

    def open_existing(self) -> bool:
        if isinstance(self.fail, ValueError):
            raise self.fail
        return self.stored

    def refresh(self, progress: Callable[[str, int, int], None] | None = None, joined: Any = None,
                lock_wait: float | None = None, waiting: Any = None) -> _Summary:
        with self._count:
            self.running += 1
            self.most_at_once = max(self.most_at_once, self.running)
        try:
            if progress:
                progress("parse", 3, 10)
            assert self.release.wait(WAIT_S)
            if self.fail is not None:
                raise self.fail
            self.index_folder = Path("/index/repo")
            return _Summary(parsed=self.parsed)
        finally:
            with self._count:
                self.running -= 1
                self.refreshes += 1

    def embed_pending(self, progress: Callable[[int, int], None] | None = None,
                      should_stop: Callable[[], bool] | None = None, wait: bool = True) -> _Report:
        self.embed_passes += 1
        self.embed_started.set()
        if progress:
            progress(0, 4)
        while self.embed_blocks and not (should_stop and should_stop()):
            time.sleep(0.005)
        return _Report(4, bool(should_stop and should_stop()))

    def save_vectors(self) -> int:
        self.saved += 1
        return 0

    def close(self) -> None:
        self.closed = True


class _Freshness:
    """A disk the test moves: stale until a refresh stamps it, then until the test says it moved."""

    def __init__(self) -> None:
        self.moved = True

    def before_refresh(self) -> None:
        return None

    def after_refresh(self, before: object) -> None:
        self.moved = False

    def stale(self) -> bool:
        return self.moved


def _until(condition: Callable[[], object]) -> None:
    deadline = time.monotonic() + WAIT_S
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.005)


def _live(engine: _StubEngine, disk: _Freshness | None = None, **events: Any) -> LiveIndex:
    return LiveIndex(engine, events=LiveEvents(**events), freshness=disk or _Freshness())  # type: ignore[arg-type]


def test_a_stored_index_is_ready_before_its_refresh_ends() -> None:
    engine = _StubEngine(stored=True)
    engine.release.clear()
    ready: list[object] = []
    live = _live(engine, ready=ready.append)
    live.start()
    assert live.wait_ready(WAIT_S) and live.status.has_index
    assert ready == [None] and engine.refreshes == 0  # answering already, the refresh still running
    engine.release.set()
    _until(lambda: len(ready) == 2)
    assert live.status.phase == "parse" and (live.status.done, live.status.total) == (3, 10)


def test_a_question_during_the_start_up_refresh_answers_at_once() -> None:
    engine = _StubEngine(stored=True)
    engine.release.clear()
    live = _live(engine)
    live.start()
    _until(lambda: engine.running == 1)
    assert live.refresh_if_stale() is False  # returns at once: the stored index answers as it is
    engine.release.set()
    _until(lambda: engine.refreshes == 1 and not live._refresh_lock.locked())
    assert engine.refreshes == 1


def test_a_question_during_a_later_refresh_waits_then_refreshes_only_if_the_disk_still_moved() -> None:
    engine, disk = _StubEngine(), _Freshness()
    live = _live(engine, disk)
    live.refresh()
    engine.release.clear()
    disk.moved = True
    worker = threading.Thread(target=live.refresh)
    worker.start()
    _until(lambda: engine.running == 1)
    asked = threading.Thread(target=live.refresh_if_stale)
    asked.start()
    time.sleep(0.05)
    assert asked.is_alive()  # waits: the running refresh may have walked before the edit
    engine.release.set()
    asked.join(WAIT_S)
    worker.join(WAIT_S)
    assert engine.refreshes == 2  # the refresh it waited for caught up: no third


def test_refreshes_asked_together_run_one_after_the_other() -> None:
    engine = _StubEngine()
    engine.release.clear()
    live = _live(engine)
    workers = [threading.Thread(target=live.refresh) for _ in range(3)]
    for w in workers:
        w.start()
    _until(lambda: engine.running == 1)
    engine.release.set()
    for w in workers:
        w.join(WAIT_S)
    assert engine.refreshes == 3 and engine.most_at_once == 1


def test_refresh_if_stale_refreshes_when_the_disk_moved_and_embeds_what_changed() -> None:
    engine, disk = _StubEngine(), _Freshness()
    changed: list[object] = []
    live = _live(engine, disk, changed=changed.append)
    live.refresh()
    assert live.refresh_if_stale() is False and engine.refreshes == 1
    engine.parsed = 2
    disk.moved = True
    assert live.refresh_if_stale() is True and engine.refreshes == 2
    assert len(changed) == 1
    _until(lambda: engine.embed_passes == 1)


def test_a_failed_refresh_is_told_kept_and_cleared_by_the_next() -> None:
    engine = _StubEngine()
    engine.fail = OSError("disk on fire")
    failures: list[Exception] = []
    live = _live(engine, failure=failures.append)
    live.start()
    assert live.wait_ready(WAIT_S)
    _until(lambda: live.status.failure is not None)
    assert live.status.failure == "indexing /repo failed: OSError: disk on fire"
    assert not live.status.has_index and failures == [engine.fail]
    engine.fail = None
    live.refresh_if_stale()  # a failed refresh stamps nothing: the next question tries again
    assert live.status.has_index and live.status.failure is None


def test_a_damaged_stored_index_is_a_note_and_gets_rebuilt() -> None:
    engine = _StubEngine(stored=True)
    engine.fail = ValueError("bad header")
    notes: list[str] = []
    live = _live(engine, note=notes.append)
    assert live.open() is False and notes == ["stored index unusable (bad header); rebuilding"]
    assert not live.wait_ready(0.01)


def test_embedding_asked_again_while_it_runs_runs_once_more_on_one_thread() -> None:
    engine = _StubEngine()
    engine.embed_blocks = True
    reports: list[object] = []
    live = _live(engine, embedded=reports.append)
    live.embed_in_background()
    _until(engine.embed_started.is_set)
    live.embed_in_background()
    live.embed_in_background()
    assert live.status.embedding
    engine.embed_blocks = False
    _until(lambda: len(reports) == 2)
    _until(lambda: not live.status.embedding)
    assert engine.embed_passes == 2


def test_close_stops_the_embedding_and_the_engine() -> None:
    engine = _StubEngine()
    engine.embed_blocks = True
    progress: list[tuple[int, int]] = []
    reports: list[Any] = []
    live = _live(engine, embed_progress=lambda d, t: progress.append((d, t)), embedded=reports.append)
    live.embed_in_background()
    _until(engine.embed_started.is_set)
    started = time.monotonic()
    live.close()
    assert time.monotonic() - started < 2.0 and engine.closed
    assert reports and reports[-1].stopped and progress == [(0, 4)]
    live.embed_in_background()  # closed: starts nothing
    assert engine.embed_passes == 1


def test_embedding_off_never_embeds() -> None:
    engine = _StubEngine()
    live = LiveIndex(engine, embed=False, freshness=_Freshness())  # type: ignore[arg-type]
    live.start().join(WAIT_S)
    assert live.status.has_index and engine.embed_passes == 0


def test_the_index_folder_is_the_engines_once_open() -> None:
    engine = _StubEngine()
    live = _live(engine)
    assert live.index_folder is None
    live.refresh()
    assert live.index_folder == Path("/index/repo") and live.root == Path("/repo")


def test_closing_while_the_embedding_thread_starts_never_joins_an_unstarted_thread(monkeypatch: Any) -> None:
    """The MCP client goes away just as embedding begins: close() must not join a thread that has
    not started yet ("cannot join thread before it is started", seen as an internal error)."""
    engine = _StubEngine()
    live = _live(engine)
    real_start = threading.Thread.start
    closed: list[str] = []

    def start_after_close(thread: threading.Thread) -> None:
        if thread.name == "maguyva-embed" and not closed:
            closed.append("closed")
            live.close()  # the other thread closes at the worst moment
        real_start(thread)

    monkeypatch.setattr(threading.Thread, "start", start_after_close)
    live.embed_in_background()
    assert closed and engine.closed


def test_closing_without_waiting_saves_what_is_embedded_and_drops_the_batch_in_flight(polyglot: Path) -> None:
    """The explorer quits at once (issue 20.7): the batches embedded are on disk, the one being
    embedded is dropped whole, and close() never waits for it."""
    import zlib

    from maguyva_tui.core.embed.progressive import BATCH_SIZE
    from maguyva_tui.core.engine import Engine
    from tests.fakes import FakeProvider

    in_flight, release = threading.Event(), threading.Event()

    class SecondBatchHangs(FakeProvider):
        id = "test:hang:64"

        def seed(self, text: str) -> int:
            return zlib.crc32(text.encode())

        def embed_documents(self, texts: Any) -> Any:
            if self.documents:  # the second batch: embedding when the user quits
                in_flight.set()
                release.wait(WAIT_S)
            return super().embed_documents(texts)

    engine = Engine(polyglot, provider=SecondBatchHangs(), static=False)
    engine.refresh()
    live = LiveIndex(engine)
    live.embed_in_background()
    assert in_flight.wait(WAIT_S)
    started = time.monotonic()
    live.close(wait=0)
    assert time.monotonic() - started < 1.0
    reopened = Engine(polyglot, provider=SecondBatchHangs(), static=False)  # what the next run finds
    reopened.open_existing()
    assert len(reopened.vector_store()) == BATCH_SIZE  # the first batch, saved; the second, not there
    release.set()


def test_close_without_waiting_saves_the_vectors_embedded_so_far() -> None:
    engine = _StubEngine()
    engine.embed_blocks = True
    live = _live(engine)
    live.close(wait=0)  # nothing embedding: nothing to save
    assert engine.saved == 0 and engine.closed
    engine = _StubEngine()
    engine.embed_blocks = True
    live = _live(engine)
    live.embed_in_background()
    _until(engine.embed_started.is_set)
    live.close(wait=0)
    assert engine.saved == 1
