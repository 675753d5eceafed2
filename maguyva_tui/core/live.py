"""A repository's index kept live for a long-running front end: open, refresh, embed behind.

The explorer and the MCP server both run the same lifecycle, written here once:

1. **open** the stored index at once (``Engine.open_existing``), so a repository seen before
   answers in well under a second;
2. **refresh** it incrementally: at start, when the disk changes, or before a question when a
   cheap check finds the disk moved since the last refresh (``refresh_if_stale``, which stats the
   indexed files and their folders: :mod:`maguyva_tui.core.freshness` says what it can miss).
   Refreshes never overlap: they share one lock. A first build is searchable in steps (text and
   structural first, then the graph, then the semantic engine; ``LiveEvents.joined`` hears each);
3. **embed** in the background what has no vector yet: one embedding thread, run again when asked
   again while it runs, stopped at its next checkpoint by ``close``. Where another process fills
   the index (a resident server's filler holds its fill lock), the thread **follows** it instead:
   at most once each :data:`FOLLOW_EVERY_S`, and only while no question runs (``question``), it
   reads back the vectors the other saved (``Engine.pick_up_vectors``: a listing of a folder when
   nothing moved) and probes the lock; once the other is gone it fills what was left.

A question never holds a lock of this class while it runs: the engine publishes each refreshed
index as a new generation and a question reads the one it started on.

Front ends hear about the work through :class:`LiveEvents`, plain callables run on the thread that
does the work (the explorer posts messages from them, the MCP server logs), and read
:attr:`LiveIndex.status` at any time.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from maguyva_tui.core.freshness import Freshness, walk_stamped
from maguyva_tui.core.generation import JOIN_ORDER
from maguyva_tui.core.walk import walked_into

if TYPE_CHECKING:  # named here too, so that front ends can annotate their listeners with them
    from maguyva_tui.core.embed.progressive import EmbedReport as EmbedReport
    from maguyva_tui.core.engine import Engine
    from maguyva_tui.core.indexer import IndexSummary as IndexSummary
    from maguyva_tui.core.store.snapshot import Snapshot

STOP_WAIT_S = 2.0
"""``close`` waits this long for the embedding thread to reach a checkpoint and stop."""
RETRY_FAILED_S = 2.0
"""A failed refresh is tried again by a question at most this often where no file differs from the last
stamp (a repository renamed away and back): one that keeps failing (an index folder gone read-only)
costs its walk once in a while, not before every question."""
FOLLOW_EVERY_S = 1.0
"""While another process fills the transformer tier: how often its saved vectors are read back
and its fill lock probed (a listing of the store's folder and a ``flock``), between questions."""


@dataclass(frozen=True, slots=True)
class LiveEvents:
    """What a front end wants to hear; every field is optional and runs on the working thread."""

    progress: Callable[[str, int, int], None] | None = None
    """Indexing reached ``done`` of ``total`` in a phase (``total`` 0: size unknown); every step."""
    ready: Callable[[IndexSummary | None], None] | None = None
    """An index can be searched: ``None`` when the stored one was opened, else after each refresh."""
    joined: Callable[[tuple[str, ...]], None] | None = None
    """A first build made engines ready before it ended: the engines that answer now, in the order
    they join (``text``, ``structural`` first; then ``graph``; then ``semantic``)."""
    changed: Callable[[IndexSummary], None] | None = None
    """A refresh found files added, changed or removed."""
    failure: Callable[[Exception], None] | None = None
    """A refresh failed (``LiveIndex.status.failure`` says so in words)."""
    note: Callable[[str], None] | None = None
    """A line worth logging that changes nothing (a stored index that could not be opened); a
    refresh's wait for another process's build too, where ``waiting`` is not heard."""
    waiting: Callable[[str], None] | None = None
    """A refresh waits for another process's build of the index (one line naming it, pid and
    command; ``indexer.waiting_text``); it goes on once that build ends, its progress and
    ``ready`` following as ever."""
    embed_progress: Callable[[int, int], None] | None = None
    """The embedding thread embedded ``done`` of ``total`` chunks."""
    embedded: Callable[[EmbedReport], None] | None = None
    """One embedding pass ended (its ``EmbedReport``; ``stopped`` when ``close`` cut it short)."""
    embed_failure: Callable[[Exception], None] | None = None
    """Embedding failed; search goes on with the other engines."""
    tiers: Callable[[tuple[tuple[str, float], ...]], None] | None = None
    """The semantic tiers' coverage changed without a pass of this process's own: another process
    fills the index (told as following starts), or vectors it saved were read back (each time)."""


class FreshnessCheck(Protocol):
    """How a live index tells whether the disk moved since its last refresh (:class:`Freshness`)."""

    def before_refresh(self) -> Any:
        """Note what a refresh about to start must be compared with afterwards."""

    def after_refresh(self, before: Any) -> None:
        """Stamp the generation the refresh published."""

    def stale(self) -> bool:
        """Tell whether the index may lag the disk."""


@dataclass(frozen=True, slots=True)
class LiveStatus:
    """Where the live index stands, read at once from any thread."""

    has_index: bool = False
    """An index is open: questions can be answered."""
    phase: str = ""
    """The indexing phase last reported (``walk``, ``parse``, ...), empty before the first report."""
    done: int = 0
    total: int = 0
    """Progress in that phase (``total`` 0: size unknown)."""
    failure: str | None = None
    """Why the last refresh failed, ``None`` once one succeeds."""
    embedded: int = 0
    embed_total: int = 0
    """Progress of the embedding thread's current (or last) pass."""
    embedding: bool = False
    """The embedding thread is running."""
    following: bool = False
    """Another process fills the transformer tier: its vectors are read back as it saves them, and
    this one takes over once it is gone."""
    tiers: tuple[tuple[str, float], ...] = ()
    """How much of the index each semantic tier covers (``static``, ``transformer``), as of the
    last refresh or embedding pass; empty before the first."""
    engines: tuple[str, ...] = ()
    """The engines that answer on the index searched now: all four once an index is complete, the
    text and structural ones alone early in a first build, none before."""


class LiveIndex:
    """One repository's engine, opened at once, kept fresh and embedded behind, for a front end."""

    def __init__(
        self,
        engine: Engine,
        *,
        embed: bool = True,
        clock: Callable[[], float] = time.monotonic,
        events: LiveEvents | None = None,
        freshness: FreshnessCheck | None = None,
    ) -> None:
        self.engine = engine
        self.embed = embed
        """Whether chunks are embedded in the background (off: the semantic engine stays as it is)."""
        self.events = events or LiveEvents()
        self.freshness = freshness or Freshness(self._open_snapshot)
        """Whether the disk moved since the last refresh (stats compared with the index's stamp)."""
        self.stopped = threading.Event()
        """Set by ``close``: background work stops at its next checkpoint and starts no more."""
        self._clock = clock
        self._started = clock()
        self._starting = threading.Event()
        """Set while the start-up refresh runs: a question meanwhile answers on the stored index."""
        self._status = LiveStatus()
        self._status_lock = threading.Lock()
        self._ready = threading.Event()
        """Set once a question can be answered (an index opened or built) or a refresh failed."""
        self._refresh_lock = threading.Lock()
        self._embed_lock = threading.Lock()
        self._embed_again = threading.Event()
        self._embed_thread: threading.Thread | None = None
        self._asking = 0
        """Questions running now (``question``): the follower reads nothing back meanwhile."""
        self._asking_lock = threading.Lock()
        self._rule_files: tuple[object, frozenset[str]] | None = None
        """The generation ``rule_files`` last read its walk stamp for, and what it read."""
        self._failed_at: float | None = None
        """When the last refresh failed (``clock``); ``None`` once one succeeds."""

    # -- what front ends read ----------------------------------------------------------------------

    @property
    def root(self) -> Path:
        """The repository's root folder."""
        return self.engine.root

    @property
    def index_folder(self) -> Path | None:
        """The repository's index folder once an index is open (a watcher must ignore its churn)."""
        return self.engine.index_folder

    @property
    def status(self) -> LiveStatus:
        """Where indexing and embedding stand now."""
        return self._status

    def walks_into(self, folder: str) -> bool:
        """Tell whether the index's walk goes into ``folder`` (relative to the root, ``/``-separated):
        no folder on the way is a VCS folder or ignored. A watcher asks it of a folder it would drop
        by its name (``.venv``, ``node_modules``, ``.idea``): an sdist's or a committed one is indexed."""
        return walked_into(self.root, folder)

    def rule_files(self) -> frozenset[str]:
        """The files, absolute and normalized, that the last refresh's walk read without indexing
        them: ignore files, git's exclude files (a nested repository's ``.git/info/exclude``, the
        ``.gitignore`` files above a root inside its work tree, ``core.excludesFile``) and files
        skipped as binary, too large or unreadable. A change to one changes what is indexed."""
        snapshot = self._open_snapshot()
        if snapshot is None:
            return frozenset()
        known = self._rule_files
        if known is None or known[0] is not snapshot:
            known = (snapshot, frozenset(os.path.normpath(path) for path in walk_stamped(snapshot)[1]))
            self._rule_files = known
        return known[1]

    def elapsed(self) -> float:
        """Seconds since this live index was made (how long a first index has taken so far)."""
        return self._clock() - self._started

    def wait_ready(self, timeout: float | None = None) -> bool:
        """Wait until an index is open or the first refresh ended; False when ``timeout`` ran out first."""
        return self._ready.wait(timeout)

    @property
    def starting(self) -> bool:
        """The start-up refresh runs: questions meanwhile read the stored index, which may lag the disk."""
        return self._starting.is_set()

    @property
    def engines_to_join(self) -> tuple[str, ...]:
        """The engines a first build has yet to make ready while the others answer already (empty
        otherwise): a question meanwhile reads part of a new index, not a stored one."""
        status = self._status
        return tuple(m for m in JOIN_ORDER if m not in status.engines) if status.has_index else ()

    def wait_started(self, timeout: float) -> bool:
        """Wait up to ``timeout`` for the start-up refresh to end (it holds the refresh lock from
        the start); True when none runs any more."""
        if not self._starting.is_set():
            return True
        if self._refresh_lock.acquire(timeout=timeout):
            self._refresh_lock.release()
        return not self._starting.is_set()

    @contextmanager
    def question(self) -> Iterator[None]:
        """Mark a question running: the vectors another process saves are read back between
        questions, never while one runs; once the last one ends, the stored texts they decompressed
        are let go past ``engine.TEXTS_KEPT_BYTES`` (a listing of every line of a frequent name
        decompresses the whole corpus, which an MCP server or the explorer had held for good)."""
        with self._asking_lock:
            self._asking += 1
        try:
            yield
        finally:
            with self._asking_lock:  # held: no question starts while the texts are let go
                self._asking -= 1
                if self._asking == 0:
                    self._trim_texts()

    def _trim_texts(self) -> None:
        """``Engine.trim_texts``, between questions; a failure leaves the texts decompressed."""
        try:
            self.engine.trim_texts()
        except Exception:  # noqa: BLE001 - questions go on; the texts stay in memory
            return

    def _open_snapshot(self) -> Snapshot | None:
        """The generation searched now, ``None`` before an index is open (never builds one)."""
        return self.engine.snapshot if self.engine.index_folder is not None else None

    def _set(self, **changes: Any) -> None:
        with self._status_lock:
            self._status = replace(self._status, **changes)

    # -- the lifecycle -----------------------------------------------------------------------------

    def start(self) -> threading.Thread:
        """Open, refresh and embed in a background thread; return the thread."""
        self._starting.set()
        thread = threading.Thread(target=self._open_refresh_embed, name="maguyva-index", daemon=True)
        thread.start()
        return thread

    def _open_refresh_embed(self) -> None:
        with self._refresh_lock:  # held from the start: a question meanwhile uses the opened index as it is
            self.open()
            try:
                self._refresh_locked(None)
            except Exception:  # noqa: BLE001, S110 - recorded in status and told through events.failure
                pass
            finally:
                self._starting.clear()
        if self._status.has_index:
            self.embed_in_background()  # also finishes what an earlier session left unembedded

    def open(self) -> bool:
        """Open the stored index without walking the disk; False when there is none or it is damaged.

        A damaged index is not an error here: the next refresh rebuilds it, with a notice.
        """
        try:
            opened = self.engine.open_existing()
        except Exception as exc:  # noqa: BLE001 - rebuilt by the refresh that follows
            self._tell(self.events.note, f"stored index unusable ({exc}); rebuilding")
            return False
        if opened:
            self._set(has_index=True, engines=JOIN_ORDER)
            self._ready.set()
            self._tell(self.events.ready, None)
        return opened

    def refresh(self, progress: Callable[[str, int, int], None] | None = None,
                lock_wait: float | None = None) -> IndexSummary:
        """Bring the index up to date with the disk, after any refresh already running (never two at once).

        A failure is kept in ``status.failure``, told to ``events.failure`` and raised. Another
        process's build of the index is waited for as long as it takes, said through
        ``events.waiting``; ``lock_wait`` bounds that wait (a refresh a question waits on:
        ``indexer.ANSWER_WAIT_S``) where an index can answer meanwhile, as :meth:`refresh_if_stale` does.
        """
        with self._refresh_lock:
            return self._refresh_locked(progress, lock_wait)

    def _refresh_locked(self, progress: Callable[[str, int, int], None] | None,
                        lock_wait: float | None = None) -> IndexSummary:
        before = self.freshness.before_refresh()

        def report(phase: str, done: int, total: int) -> None:
            self._set(phase=phase, done=done, total=total)
            for listener in (progress, self.events.progress):
                if listener is not None:
                    listener(phase, done, total)

        def joined(engines: tuple[str, ...]) -> None:
            self._set(has_index=True, engines=engines)
            self._tell(self.events.joined, engines)

        try:
            summary = self.engine.refresh(report, joined=joined, lock_wait=lock_wait, waiting=self._waiting)
        except Exception as exc:
            self._failed_at = self._clock()
            self._set(failure=f"indexing {self.root} failed: {type(exc).__name__}: {exc}")
            self._tell(self.events.failure, exc)
            raise
        finally:
            self._ready.set()
        from maguyva_tui.core.indexer import kept_out  # the engine has imported it

        if not kept_out(summary):  # kept out by another build: stamped, the edits made before it would not be retried
            self.freshness.after_refresh(before)
        self._failed_at = None
        self._set(has_index=True, failure=None, engines=JOIN_ORDER)
        self._note_tiers()
        if summary.parsed or summary.removed:
            self._tell(self.events.changed, summary)
        self._tell(self.events.ready, summary)
        return summary

    def _waiting(self, text: str) -> None:
        """Tell the front end that a refresh waits for another process's build (its log, where it
        has no status line to show it on)."""
        self._tell(self.events.waiting or self.events.note, text)

    def is_stale(self) -> bool:
        """Tell whether the index may lag the disk: an indexed file or a folder above one changed
        since the last refresh, none succeeded yet, or the last one failed :data:`RETRY_FAILED_S` ago
        or more (a few milliseconds of ``stat``). A failed refresh is tried again though no file
        differs from the last stamp: a repository renamed away and back, a mount dropped and
        restored, had kept its failure (and every answer's "answered from the index as it was")
        until some file changed."""
        if self.freshness.stale():
            return True
        failed_at = self._failed_at
        return failed_at is not None and self._clock() - failed_at >= RETRY_FAILED_S

    def refresh_if_stale(self, refreshed: list[IndexSummary] | None = None) -> bool:
        """Refresh before a question when the disk moved since the last refresh; True when files changed
        (its summary appended to ``refreshed``, given: a resident server's answer says what the
        refresh did, a wait for another build included, as the in-process command says it).

        Waits for a refresh already running (it may have walked before the edit) and checks again,
        except during the start-up refresh, when the stored index answers as it is. Never raises:
        a failure is in ``status.failure``. New chunks are then embedded in the background. Another
        process's build of the index is waited for :data:`~maguyva_tui.core.indexer.ANSWER_WAIT_S`
        at most: then the question reads the index as it is, said stale in the engine's notices
        (a stopped ``maguyva index`` had kept every question waiting), and the next one tries again.
        """
        if not self.is_stale() or not self._refresh_lock.acquire(blocking=not self._starting.is_set()):
            return False
        from maguyva_tui.core.indexer import ANSWER_WAIT_S  # the engine has imported it

        try:
            if not self.is_stale():  # a refresh that ran meanwhile caught up with the disk
                return False
            summary = self._refresh_locked(None, ANSWER_WAIT_S)
        except Exception:  # noqa: BLE001 - recorded in status and told through events.failure
            return False
        else:
            if refreshed is not None:
                refreshed.append(summary)
        finally:
            self._refresh_lock.release()
        changed = bool(summary.parsed or summary.removed)
        if changed:
            self.embed_in_background()
        return changed

    # -- embeddings --------------------------------------------------------------------------------

    def embed_in_background(self) -> None:
        """Embed new chunks behind the index: one thread at a time, run again when asked again."""
        if not self.embed or self.stopped.is_set():
            return
        self._embed_again.set()
        self._start_embedder()

    def _start_embedder(self) -> None:
        if self._embed_lock.acquire(blocking=False):
            self._set(embedding=True)
            thread = threading.Thread(target=self._embed_loop, name="maguyva-embed", daemon=True)
            thread.start()
            self._embed_thread = thread  # published once started: close() may join it at any moment

    def _embed_loop(self) -> None:
        try:
            while self._embed_again.is_set() and not self.stopped.is_set():
                self._embed_again.clear()
                report = self.engine.embed_pending(self._embed_progress, should_stop=self.stopped.is_set,
                                                   wait=False)  # another process fills: followed
                self._note_tiers()
                self._tell(self.events.embedded, report)
                if getattr(report, "busy", False) and self._follow():
                    self._embed_again.set()  # the other process is gone: fill what it left
        except Exception as exc:  # noqa: BLE001 - search still works on the other engines
            self._embed_again.clear()
            self._tell(self.events.embed_failure, exc)
        finally:
            self._set(embedding=False)
            self._embed_lock.release()
        if self._embed_again.is_set() and not self.stopped.is_set():
            self._start_embedder()  # asked again between the last pass and the release

    def _follow(self) -> bool:
        """Follow another process that fills the index: every :data:`FOLLOW_EVERY_S` while no
        question runs, read back the vectors it saved and probe its fill lock. True once the lock
        is free (this process fills what was left), False when closed."""
        self._set(following=True)
        self._tell(self.events.note, f"another process fills the transformer tier of {self.root}; "
                                     "its vectors are read back as it saves them")
        self._tell(self.events.tiers, self._status.tiers)
        try:
            while not self.stopped.wait(FOLLOW_EVERY_S):
                if self._asking:
                    continue
                free = not self.engine.filled_elsewhere()  # probed first: all it saved is then on disk
                if self.engine.pick_up_vectors():
                    self._note_tiers()
                    self._tell(self.events.tiers, self._status.tiers)
                if free:
                    self._tell(self.events.note, f"the other process filling {self.root} is gone; "
                                                 "this one fills what it left")
                    return True
            return False
        finally:
            self._set(following=False)

    def _note_tiers(self) -> None:
        """Read each semantic tier's coverage into the status (never fails a refresh or a pass)."""
        try:
            self._set(tiers=self.engine.coverage().tiers())
        except Exception:  # noqa: BLE001, S110 - the status line shows what it last knew
            pass

    def _embed_progress(self, done: int, total: int) -> None:
        self._set(embedded=done, embed_total=total)
        self._tell(self.events.embed_progress, done, total)

    def close(self, wait: float = STOP_WAIT_S) -> None:
        """Stop the background work and the engine's threads, waiting up to ``wait`` seconds for the
        embedding thread to reach a checkpoint. The vectors embedded by then are saved; a batch still
        being embedded is dropped (the store never holds half a batch), so a front end in a hurry
        to exit may pass ``wait=0``."""
        self.stopped.set()
        thread = self._embed_thread
        if thread is not None:
            thread.join(wait)
            if thread.is_alive():
                self.engine.save_vectors()
        self.engine.close()

    @staticmethod
    def _tell(listener: Callable[..., None] | None, *args: Any) -> None:
        if listener is not None:
            listener(*args)
