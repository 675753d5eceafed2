"""The engine behind the MCP server: indexing in the background, fresh before each question.

At start a thread opens the stored index (so questions are answered at once on a repository seen
before), brings it up to date, then embeds what has no vector yet. A question that arrives before
any index exists waits a few seconds, then gets a clear "still indexing" error. Afterwards every
question first runs a cheap incremental refresh when the last one is more than a couple of seconds
old, so an agent that has just edited a file finds its edit.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

log = logging.getLogger(__name__)

READY_WAIT_S = 5.0
"""How long a question waits for the first index before it is told to come back."""
REFRESH_AFTER_S = 2.0
"""Refresh before a question when the last refresh is older: an agent's burst of calls pays once."""
STOP_WAIT_S = 2.0
"""At shutdown, wait this long for the embedding thread to reach a checkpoint and stop."""


class Unavailable(Exception):
    """The repository cannot be searched right now; the message says why and what to do."""


class RepoService:
    """One repository's engine, kept indexed and fresh for the tools."""

    def __init__(
        self,
        engine: Any,
        *,
        ready_wait_s: float = READY_WAIT_S,
        refresh_after_s: float = REFRESH_AFTER_S,
        embed: bool = True,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.engine = engine
        self.ready_wait_s = ready_wait_s
        self.refresh_after_s = refresh_after_s
        self.embed = embed
        self._clock = clock
        self._ready = threading.Event()
        """Set once a question can be answered (an index opened or built) or indexing failed."""
        self._has_index = False
        self._failure: str | None = None
        self._progress: tuple[str, int, int] | None = None
        self._started = clock()
        self._last_refresh = float("-inf")
        self._refresh_lock = threading.Lock()
        self._query_lock = threading.Lock()
        self._stop = threading.Event()
        self._embed_lock = threading.Lock()
        self._embed_again = threading.Event()
        self._embed_thread: threading.Thread | None = None

    # -- lifecycle ---------------------------------------------------------------------------------

    def start(self) -> None:
        """Open or build the index in a background thread."""
        threading.Thread(target=self._index_at_start, name="maguyva-index", daemon=True).start()

    def close(self) -> None:
        """Stop the background work and the engine's threads."""
        self._stop.set()
        thread = self._embed_thread
        if thread is not None:
            thread.join(STOP_WAIT_S)
        self.engine.close()

    def _index_at_start(self) -> None:
        try:
            if self.engine.open_existing():
                self._has_index = True
                self._ready.set()
                log.info("opened the stored index of %s; bringing it up to date", self.engine.root)
        except Exception as exc:  # a damaged index is rebuilt by the refresh below, with a notice
            log.info("stored index unusable (%s); rebuilding", exc)
        with self._refresh_lock:
            self._refresh(self._on_progress)
        self._ready.set()
        if self._has_index:
            self._embed_in_background()  # also finishes what an earlier session left unembedded

    def _on_progress(self, phase: str, done: int, total: int) -> None:
        self._progress = (phase, done, total)

    # -- refreshing --------------------------------------------------------------------------------

    def _refresh(self, progress: Callable[[str, int, int], None] | None = None) -> bool:
        """Refresh the index (the caller holds the refresh lock); True when files changed. Never raises."""
        self._last_refresh = self._clock()
        try:
            summary = self.engine.refresh(progress)
        except Exception as exc:
            self._failure = f"indexing {self.engine.root} failed: {type(exc).__name__}: {exc}"
            log.error("%s", self._failure, exc_info=not isinstance(exc, OSError))
            return False
        self._has_index, self._failure = True, None
        changed = bool(summary.parsed or summary.removed)
        if changed:
            log.info("indexed %s: %d files (%d parsed, %d removed) in %.2f s", self.engine.root,
                     summary.files, summary.parsed, summary.removed, summary.seconds)
        return changed

    def _refresh_if_stale(self) -> None:
        """Refresh when the last one is old; when another refresh is running, use the index as it is."""
        if self._clock() - self._last_refresh < self.refresh_after_s:
            return
        if not self._refresh_lock.acquire(blocking=False):
            return
        try:
            if self._clock() - self._last_refresh >= self.refresh_after_s and self._refresh():
                self._embed_in_background()
        finally:
            self._refresh_lock.release()

    # -- embeddings --------------------------------------------------------------------------------

    def _embed_in_background(self) -> None:
        """Embed new chunks behind the index; one embedding thread at a time, rerun when asked again."""
        if not self.embed or self._stop.is_set():
            return
        self._embed_again.set()
        if self._embed_lock.acquire(blocking=False):
            self._embed_thread = threading.Thread(target=self._embed_loop, name="maguyva-embed", daemon=True)
            self._embed_thread.start()

    def _embed_loop(self) -> None:
        try:
            while self._embed_again.is_set() and not self._stop.is_set():
                self._embed_again.clear()
                report = self.engine.embed_pending(should_stop=self._stop.is_set)
                if getattr(report, "embedded", 0):
                    log.info("embedded %d chunks in %.1f s", report.embedded, report.seconds)
        except Exception as exc:  # search still works on the other engines
            log.warning("semantic search unavailable: %s: %s", type(exc).__name__, exc)
        finally:
            self._embed_lock.release()

    # -- answering ---------------------------------------------------------------------------------

    @contextmanager
    def engine_for_question(self) -> Iterator[Any]:
        """Yield the engine, indexed and fresh, to one question at a time; raise ``Unavailable`` otherwise."""
        if not self._ready.wait(self.ready_wait_s):
            raise Unavailable(self._still_indexing())
        self._refresh_if_stale()
        if not self._has_index:
            raise Unavailable(f"{self._failure}; it is retried on the next call")
        with self._query_lock:
            yield self.engine

    def _still_indexing(self) -> str:
        phase = ""
        if self._progress is not None:
            name, done, total = self._progress
            phase = f" ({name} {done}/{total})" if total else f" ({name})"
        elapsed = self._clock() - self._started
        return (f"maguyva is still indexing {self.engine.root}{phase}, {elapsed:.0f} s so far; "
                "try again in a few seconds")
