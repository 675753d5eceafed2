"""The explorer's long work, off the UI thread: indexing, the semantic fill-in, watching the disk.

Each runs in a thread worker and reports with messages (progress messages replace one another, so
a flood of updates costs one repaint). Refreshes of the index never overlap: they share one lock.
"""

from __future__ import annotations

import threading
import time
from typing import Any

from textual import work
from textual.app import App
from textual.worker import get_current_worker

from maguyva_tui.app.messages import (
    EmbedProgress,
    FilesChanged,
    IndexProgress,
    IndexReady,
)
from maguyva_tui.app.watch import watch

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

    engine: Any
    index_ready: bool

    def _init_background(self) -> None:
        self.refresh_lock = threading.Lock()
        self.stop_watching = threading.Event()
        self.watching = False

    @work(thread=True, exclusive=True, group="index", exit_on_error=False)
    def index_repo(self) -> None:
        """Open the stored index at once (results come quickly), then bring it up to date."""
        if not self.index_ready:
            try:
                if self.engine.open_existing():
                    self.post_message(IndexReady(None))
            except Exception:  # noqa: BLE001, S110 - a damaged index is rebuilt by refresh below, with a notice
                pass
        throttle = _Throttle()

        def progress(phase: str, done: int, total: int) -> None:
            if throttle.due(done, total):
                self.post_message(IndexProgress(phase, done, total))

        try:
            with self.refresh_lock:
                summary = self.engine.refresh(progress)
        except Exception as exc:  # noqa: BLE001 - shown to the user, never fatal
            self.post_message(IndexReady(None, error=f"indexing failed: {type(exc).__name__}: {exc}"))
            return
        self.post_message(IndexReady(summary))
        self._fill_semantic()

    def _fill_semantic(self) -> None:
        """Embed what is not embedded yet, when the engine can (its progress shows in the status line)."""
        embed = getattr(self.engine, "embed_pending", None)
        if embed is None or not getattr(self, "embed_enabled", True):
            return
        worker = get_current_worker()
        throttle = _Throttle()

        def progress(*args: Any) -> None:
            numbers = [a for a in args if isinstance(a, int)]
            if len(numbers) >= 2 and throttle.due(numbers[-2], numbers[-1]):
                self.post_message(EmbedProgress(numbers[-2], numbers[-1]))

        try:
            embed(progress, lambda: worker.is_cancelled or self.stop_watching.is_set())
        except Exception as exc:  # noqa: BLE001 - shown to the user, never fatal
            self.call_from_thread(
                self.notify,
                f"semantic search unavailable: {exc}",
                severity="warning",
                timeout=8,
            )
            return
        self.post_message(EmbedProgress(1, 1))

    @work(thread=True, exclusive=True, group="watch", exit_on_error=False)
    def watch_repo(self) -> None:
        """Refresh the index when files change on disk, until the app closes."""
        self.watching = True
        index_dir = getattr(getattr(self.engine, "_snapshot", None), "folder", None)

        def changed(paths: list[str]) -> None:
            try:
                with self.refresh_lock:
                    summary = self.engine.refresh()
            except Exception as exc:  # noqa: BLE001 - shown to the user, never fatal
                self.call_from_thread(self.notify, f"re-indexing failed: {exc}", severity="error")
                return
            self.post_message(FilesChanged(len(paths), summary))

        try:
            watch(self.engine.root, self.stop_watching, changed, index_dir)
        except Exception as exc:  # noqa: BLE001 - no inotify, too many watches: searching still works
            self.call_from_thread(self.notify, f"not watching the disk: {exc}", severity="warning")
        finally:
            self.watching = False
