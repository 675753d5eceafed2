"""The engine behind the MCP server: the core's live index, with an agent's waiting rules.

At start a thread opens the stored index (so questions are answered at once on a repository seen
before), brings it up to date, then embeds what has no vector yet (``LiveIndex``). A question that
arrives before any index exists waits a few seconds, then gets a clear "still indexing" error.
Afterwards every question first checks the disk against the index (a ``stat`` of the indexed files
and their folders, a few milliseconds) and refreshes when it moved, so an agent that has just
edited a file finds its edit. Questions run concurrently: each reads the one generation of the
index it started on, so a refresh meanwhile never mixes two versions of a file into an answer.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.live import FreshnessCheck, LiveEvents, LiveIndex

if TYPE_CHECKING:
    from maguyva_tui.core.live import EmbedReport, IndexSummary

log = logging.getLogger(__name__)

READY_WAIT_S = 5.0
"""How long a question waits for the first index before it is told to come back."""
STARTUP_WAIT_S = 2.0
"""How long a question waits for the start-up refresh of a stored index (a walk of ``stat`` calls,
and the files changed while no server ran) before it is answered from the stored index, saying so."""


class Unavailable(Exception):
    """The repository cannot be searched right now; the message says why and what to do."""


class RepoService(LiveIndex):
    """One repository's live index, answering the tools' questions (several at once)."""

    def __init__(
        self,
        engine: Engine,
        *,
        ready_wait_s: float = READY_WAIT_S,
        startup_wait_s: float = STARTUP_WAIT_S,
        embed: bool = True,
        clock: Callable[[], float] = time.monotonic,
        freshness: FreshnessCheck | None = None,
    ) -> None:
        super().__init__(engine, embed=embed, clock=clock, events=_logging(engine), freshness=freshness)
        self.ready_wait_s = ready_wait_s
        self.startup_wait_s = startup_wait_s

    @contextmanager
    def engine_for_question(self) -> Iterator[Engine]:
        """Yield the engine, indexed and as fresh as the disk, to a question; raise ``Unavailable`` otherwise."""
        if not self.wait_ready(self.ready_wait_s):
            raise Unavailable(self._still_indexing())
        self.wait_started(self.startup_wait_s)  # a file edited while no server ran is found at once
        self.refresh_if_stale()
        status = self.status
        if not status.has_index:
            raise Unavailable(f"{status.failure}; it is retried on the next call")
        with self.question():  # the texts it decompressed are let go once the last question ends
            yield self.engine

    def _still_indexing(self) -> str:
        status = self.status
        phase = ""
        if status.phase:
            phase = f" ({status.phase} {status.done}/{status.total})" if status.total else f" ({status.phase})"
        return (f"maguyva is still indexing {self.root}{phase}, {self.elapsed():.0f} s so far; "
                "try again in a few seconds")


    def lag_notice(self) -> str | None:
        """What an answer says when it read the stored index while the start-up refresh still runs,
        or a first build's engines ready so far (a workspace answers from those: it had said "the
        index stored before this server started" of a repository that had none)."""
        if not self.starting:
            return None
        waiting = self.engines_to_join
        if waiting:
            return (f"answered while the first index of {self.root} is built ({', '.join(waiting)} not ready yet): "
                    "results from it may be missing; ask again in a few seconds")
        return (f"answered from the index stored before this server started, while it is brought up to date "
                f"with {self.root}: a file changed since may be missing or stale; ask again in a few seconds")


def _logging(engine: Engine) -> LiveEvents:
    """Log what the live index does to stderr (stdout carries the protocol alone)."""

    def ready(summary: IndexSummary | None) -> None:
        if summary is None:
            log.info("opened the stored index of %s; bringing it up to date", engine.root)

    def changed(summary: IndexSummary) -> None:
        phases = ", ".join(f"{name} {seconds:.2f}" for name, seconds in summary.phases.items())
        log.info("indexed %s: %d files (%d parsed, %d removed) in %.2f s (%s)", engine.root,
                 summary.files, summary.parsed, summary.removed, summary.seconds, phases or "no phase timed")

    def failure(exc: Exception) -> None:
        log.error("indexing %s failed: %s: %s", engine.root, type(exc).__name__, exc, exc_info=not isinstance(exc, OSError))

    def embedded(report: EmbedReport) -> None:
        if report.embedded:
            log.info("embedded %d chunks in %.1f s", report.embedded, report.seconds)

    def embed_failure(exc: Exception) -> None:
        log.warning("semantic search unavailable: %s: %s", type(exc).__name__, exc)

    return LiveEvents(ready=ready, changed=changed, failure=failure, note=log.info, embedded=embedded,
                      embed_failure=embed_failure)
