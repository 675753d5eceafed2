"""The explorer's long work, off the UI thread: indexing, the semantic fill-in, watching the disk.

Over a workspace, each repository has its own live index: the stored indexes are opened at once,
then each repository is refreshed in turn (its phases named ``label: phase``), each embeds behind
its index, and one watcher over every root refreshes the repository whose files changed.

The lifecycle itself is the core's ``LiveIndex`` (open, refresh, embed behind); here thread
workers call it and turn what it reports into messages (progress messages replace one another,
so a flood of updates costs one repaint). Refreshes of the index never overlap: the live index
holds one lock for them. A first build is searched as its engines join (text and structural
first, then the graph, then the semantic engine): each step is an ``EnginesJoined`` message.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from typing import TYPE_CHECKING

from textual import work
from textual.app import App

from maguyva_tui.app.messages import (
    EmbedProgress,
    EnginesJoined,
    FilesChanged,
    IndexProgress,
    IndexReady,
    IndexWaiting,
    TiersChanged,
)
from maguyva_tui.app.watch import watch, watch_many
from maguyva_tui.app.workspace import ExplorerWorkspace
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

    index_ready: bool
    updating: bool
    workspace: ExplorerWorkspace | None

    def _init_background(self, engine: Engine | None) -> None:
        """Make the live index of one repository (``engine``), or of each of the workspace's."""
        self.live: LiveIndex | None = None
        """One repository's live index (``None`` for a workspace: each repository has its own)."""
        embed = getattr(self, "embed_enabled", True)
        if self.workspace is not None:
            self.workspace.bind(self._events, embed=embed)
            self.stop_watching = threading.Event()
        else:
            assert engine is not None, "one repository's explorer needs its engine"
            self.live = LiveIndex(engine, embed=embed, events=self._events(None))
            self.stop_watching = self.live.stopped
            """Set when the app closes: the watcher and the embedding thread both stop."""
        self.watching = False

    def _events(self, label: str | None) -> LiveEvents:
        """What a live index tells the app (``label``: which repository of a workspace)."""
        embed_throttle = _Throttle()

        def counts(done: int, total: int) -> tuple[int, int]:
            return self.workspace.embedding() if self.workspace is not None else (done, total)

        def embed_progress(done: int, total: int) -> None:
            if embed_throttle.due(done, total):
                self.post_message(EmbedProgress(*counts(done, total)))

        def embed_failure(exc: Exception) -> None:
            where = f"{label}: " if label else ""
            self.call_from_thread(self.notify, f"{where}semantic search unavailable: {exc}", severity="warning",
                                  timeout=8)

        def embedded(report: EmbedReport) -> None:
            if report.busy:  # another process fills: the tiers it reached are told (it had read as all done)
                return
            self.post_message(EmbedProgress(*counts(1, 1)))  # the results are searched again, by meaning too

        def tiers(_tiers: tuple[tuple[str, float], ...]) -> None:
            self.post_message(TiersChanged(self.tiers()))

        def joined(engines: tuple[str, ...]) -> None:
            self.post_message(EnginesJoined(engines, label))

        def waiting(text: str) -> None:  # the status line says it (a watcher's update had waited without a word)
            self.post_message(IndexWaiting(f"{label}: {text}" if label else text))

        return LiveEvents(joined=joined, embed_progress=embed_progress, embedded=embedded, embed_failure=embed_failure,
                          tiers=tiers, waiting=waiting)

    def tiers(self) -> tuple[tuple[str, float], ...]:
        """Each semantic tier's coverage (over a workspace, the mean of its repositories')."""
        if self.workspace is not None:
            return self.workspace.tiers()
        return self.live.status.tiers if self.live is not None else ()

    @contextmanager
    def asking(self) -> Iterator[None]:
        """Mark a question running on every live index (another process's vectors are read back
        between questions, never during one)."""
        lives = list(self.workspace.lives.values()) if self.workspace is not None else [self.live]
        with ExitStack() as stack:
            for live in lives:
                if live is not None:
                    stack.enter_context(live.question())
            yield

    def close_background(self) -> None:
        """Stop the watcher and the embedding now: the vectors embedded so far are saved, a batch
        half done is dropped, and nothing is waited for (quitting stays instant)."""
        self.stop_watching.set()
        if self.workspace is not None:
            self.workspace.close(wait=0)
        elif self.live is not None:
            self.live.close(wait=0)

    @work(thread=True, exclusive=True, group="index", exit_on_error=False)
    def index_repo(self) -> None:
        """Open the stored index at once (results come quickly), bring it up to date, then embed behind it."""
        if self.workspace is not None:
            self._index_workspace(self.workspace)
            return
        live = self.live
        assert live is not None
        if not self.index_ready and live.open():
            self.post_message(IndexReady(None))
        try:
            summary = live.refresh(self._progress(""))
        except Exception as exc:  # noqa: BLE001 - shown to the user, never fatal
            self.post_message(IndexReady(None, error=f"indexing failed: {type(exc).__name__}: {exc}"))
            return
        self.post_message(IndexReady(summary))
        live.embed_in_background()

    def _progress(self, prefix: str) -> Callable[[str, int, int], None]:
        """A progress callback posting ``IndexProgress`` (throttled), its phase after ``prefix``."""
        throttle = _Throttle()
        said = [""]  # the phase said last: a new one is always said (the graph's had been dropped
        # 0.1 s after the words' last report, the line saying the text index while the graph was built)

        def progress(phase: str, done: int, total: int) -> None:
            if throttle.due(done, total) or phase != said[0]:
                said[0] = phase
                self.post_message(IndexProgress(prefix + phase, done, total))

        return progress

    def _index_workspace(self, workspace: ExplorerWorkspace) -> None:
        """Open every stored index at once, then bring each repository up to date in turn (one
        that fails is said and left out; the others answer), then embed behind them all."""
        if not self.index_ready and workspace.open_stored():
            self.post_message(IndexReady(None))
        for label in workspace.labels:
            try:
                workspace.summaries[label] = workspace.live(label).refresh(self._progress(f"{label}: "))
            except Exception as exc:  # noqa: BLE001 - shown to the user, never fatal
                self.call_from_thread(self.notify, f"{label}: indexing failed: {type(exc).__name__}: {exc}",
                                      severity="error", timeout=10)
        if not workspace.searchable():
            self.post_message(IndexReady(None, error=f"no repository could be indexed: {workspace.status_name()}"))
            return
        self.post_message(IndexReady(workspace.summary()))
        for live in workspace.lives.values():
            live.embed_in_background()

    @work(thread=True, exclusive=True, group="watch", exit_on_error=False)
    def watch_repo(self) -> None:
        """Refresh the index when files change on disk, until the app closes."""
        self.watching = True
        try:
            if self.workspace is not None:
                self._watch_workspace(self.workspace)
            elif self.live is not None:
                live = self.live

                def changed(paths: list[str]) -> None:
                    self.updating = True  # an answer meanwhile may miss the change (FilesChanged ends it)
                    try:
                        summary = live.refresh()
                    except Exception as exc:  # noqa: BLE001 - shown to the user, never fatal
                        self.post_message(FilesChanged(len(paths), None, error=str(exc)))
                        return
                    self.post_message(FilesChanged(summary.parsed, summary, removed=summary.removed))

                def caught_up() -> None:
                    if live.is_stale():  # changed while the index was built, before the watcher began
                        changed([])

                watch(live.root, self.stop_watching, changed, live.index_folder, caught_up, live)
        except Exception as exc:  # noqa: BLE001 - no inotify, too many watches: searching still works
            self.call_from_thread(self.notify, f"not watching the disk: {exc}", severity="warning")
        finally:
            self.watching = False

    def _watch_workspace(self, workspace: ExplorerWorkspace) -> None:
        """Refresh a repository of the workspace when its files change, until the app closes."""

        def changed(label: str, paths: list[str]) -> None:
            self.updating = True  # an answer meanwhile may miss the change (FilesChanged ends it)
            try:
                workspace.summaries[label] = workspace.live(label).refresh()
            except Exception as exc:  # noqa: BLE001 - shown to the user, never fatal
                self.post_message(FilesChanged(len(paths), None, error=f"{label}: {exc}"))
                return
            summary = workspace.summaries[label]
            self.post_message(FilesChanged(summary.parsed, workspace.summary(), removed=summary.removed))

        def caught_up() -> None:
            for label in workspace.searchable():
                if workspace.live(label).is_stale():  # changed while the index was built, before the watcher began
                    changed(label, [])

        roots = {label: live.root for label, live in workspace.lives.items()}
        watch_many(roots, self.stop_watching, changed, lambda label: workspace.live(label).index_folder, caught_up,
                   workspace.live)
