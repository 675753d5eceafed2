"""The explorer's long work, off the UI thread: indexing, the semantic fill-in, watching the disk.

The lifecycle itself is the core's ``LiveIndex`` (open, refresh, embed behind); here thread
workers call it and turn what it reports into messages (progress messages replace one another,
so a flood of updates costs one repaint). Refreshes of the index never overlap: the live index
holds one lock for them. A first build is searched as its engines join (text and structural
first, then the graph, then the semantic engine): each step is an ``EnginesJoined`` message.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from textual import work
from textual.app import App

from maguyva_tui.app.messages import (
    EmbedProgress,
    EnginesJoined,
    FilesChanged,
    IndexProgress,
    IndexReady,
)
from maguyva_tui.app.watch import watch
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.live import LiveEvents, LiveIndex

if TYPE_CHECKING:
    from maguyva_tui.core.live import EmbedReport

PROGRESS_EVERY_S = 0.05
"""Post at most this often from a progress callback: twenty repaints a second is smooth enough."""


class _Throttle:
    """Call through at most every ``PROGRESS_EVERY_S``, and always for the last step."""

    def __init__(self) -> None:
        self.last = 0.0

    def due(self, done: int, total: int) -> bool:
        now = time.monotonic()
        if now - self.last >= PROGRESS_EVERY_S or (total and done >= total):
            self.last = now
            return True
        return False


class BackgroundMixin(App[None]):
    """Workers for the index, the embeddings and the watcher; mixed into the app."""

    engine: Engine
    index_ready: bool

    def _init_background(self) -> None:
        embed_throttle = _Throttle()

        def embed_progress(done: int, total: int) -> None:
            if embed_throttle.due(done, total):
                self.post_message(EmbedProgress(done, total))

        def embed_failure(exc: Exception) -> None:
            self.call_from_thread(self.notify, f"semantic search unavailable: {exc}", severity="warning", timeout=8)

        def embedded(_report: EmbedReport) -> None:
            self.post_message(EmbedProgress(1, 1))  # the results are searched again, by meaning too

        def joined(engines: tuple[str, ...]) -> None:
            self.post_message(EnginesJoined(engines))

        events = LiveEvents(
            joined=joined, embed_progress=embed_progress, embedded=embedded, embed_failure=embed_failure
        )
        self.live = LiveIndex(self.engine, embed=getattr(self, "embed_enabled", True), events=events)
        self.stop_watching = self.live.stopped
        """Set when the app closes: the watcher and the embedding thread both stop."""
        self.watching = False

    @work(thread=True, exclusive=True, group="index", exit_on_error=False)
    def index_repo(self) -> None:
        """Open the stored index at once (results come quickly), bring it up to date, then embed behind it."""
        if not self.index_ready and self.live.open():
            self.post_message(IndexReady(None))
        throttle = _Throttle()

        def progress(phase: str, done: int, total: int) -> None:
            if throttle.due(done, total):
                self.post_message(IndexProgress(phase, done, total))

        try:
            summary = self.live.refresh(progress)
        except Exception as exc:  # noqa: BLE001 - shown to the user, never fatal
            self.post_message(IndexReady(None, error=f"indexing failed: {type(exc).__name__}: {exc}"))
            return
        self.post_message(IndexReady(summary))
        self.live.embed_in_background()

    @work(thread=True, exclusive=True, group="watch", exit_on_error=False)
    def watch_repo(self) -> None:
        """Refresh the index when files change on disk, until the app closes."""
        self.watching = True

        def changed(paths: list[str]) -> None:
            try:
                summary = self.live.refresh()
            except Exception as exc:  # noqa: BLE001 - shown to the user, never fatal
                self.post_message(FilesChanged(len(paths), None, error=str(exc)))
                return
            self.post_message(FilesChanged(len(paths), summary))

        try:
            watch(self.engine.root, self.stop_watching, changed, self.live.index_folder)
        except Exception as exc:  # noqa: BLE001 - no inotify, too many watches: searching still works
            self.call_from_thread(self.notify, f"not watching the disk: {exc}", severity="warning")
        finally:
            self.watching = False
