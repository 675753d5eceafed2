"""Build or update a repository's index: walk, re-read only what changed, write a new generation.

A file is reused without being read when its size and modification time are unchanged, and
without being re-parsed when its content hash is unchanged. Changed files get a fresh document
id; the trigram postings are updated in place and compacted by a full rebuild once too many dead
ids accumulate.

A first build (no live generation to answer meanwhile) hands a searchable snapshot to its caller
as soon as the text and structural indexes are written (``early``), before the graph is built:
the explorer's first results need not wait for the graph and the semantic tier. That snapshot lives
in memory only; the generation on disk is published whole, as ever.

Only a build that writes takes the index's lock: a repository unchanged since its live generation
is answered from it as it is, so a read-only index, or another user's, still answers. When files
changed but the index cannot be written (read-only, a full disk), the live generation answers and
the summary says why; a half-written generation is removed.
"""

from __future__ import annotations

import errno
import json
import os
import signal
import stat
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, ExitStack, contextmanager
from dataclasses import dataclass, field, replace
from functools import partial
from itertools import accumulate
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, TypeAlias

from maguyva_tui.core.collector import collecting, paused
from maguyva_tui.core.heap import release
from maguyva_tui.core.store.centrality import (
    FUSION_SCALE,
    CentralityTable,
    centrality_columns,
    load_centrality,
    save_centrality,
)
from maguyva_tui.core.store.facts import FactsTable, PackedRow, Row
from maguyva_tui.core.store.facts_files import StoredRows, load_facts, save_facts
from maguyva_tui.core.store.file_table import content_end, save_files
from maguyva_tui.core.store.format import (
    FileEntry,
    IndexUnavailable,
    Manifest,
    content_hash,
    discard,
    live_name,
    new_generation,
    publish,
    repo_dir,
)
from maguyva_tui.core.store.lock import LockTimeout, holder_command, index_lock, lock_holder
from maguyva_tui.core.store.positional import read_all as _read_all  # module names the tests replace
from maguyva_tui.core.store.positional import spill_file as _temporary
from maguyva_tui.core.store.positional import write_all as _write_all
from maguyva_tui.core.store.snapshot import (
    CONTENT_STAT,
    Snapshot,
    content_intact,
    content_stat,
    map_content,
    symbol_columns,
)
from maguyva_tui.core.store.texts import SAMPLE_BLOCKS, TRAIN_MIN_BYTES, TextsWriter, cut, train
from maguyva_tui.core.store.tokens import TokenBuilder, TokenIndex
from maguyva_tui.core.store.walk_stamp import abandon, begin, check_stamp, disk_as_stamped, write_stamp
from maguyva_tui.core.trigram.index import TrigramIndex, text_trigrams
from maguyva_tui.core.types import STALE_INDEX, IndexNotWritable
from maguyva_tui.core.walk import MAX_FILE_BYTES, Candidate, SourceFile, WalkReport, read_source, walk
from maguyva_tui.locations import default_index_base

if TYPE_CHECKING:
    import subprocess
    from concurrent.futures import Future
    from multiprocessing.context import BaseContext

    from maguyva_tui.core.chunk_words import StoredFile
    from maguyva_tui.core.graph.model import CodeGraph

# What only a build needs (parsing, the word tables' writer, its worker processes: multiprocessing,
# concurrent.futures' process pool and subprocess, 8-9 ms of a process's CPU) is imported where it is
# used: a search whose index is as stamped never loads it (see ``Engine._first_answer``).

Progress = Callable[[str, int, int], None]
"""Called as ``progress(phase, done, total)`` while indexing."""

Early = Callable[[Snapshot], None]
"""Called by a first build with a snapshot whose text and structural indexes can be searched, before
its graph is built (its centrality is empty and its graph ``None`` until the build publishes)."""

Stored: TypeAlias = tuple[str, Callable[[], tuple[FileEntry, bytes]]]
"""A file of the generation being written: its path, and what makes its entry (offset and length
still to fill) and its text when ``content.bin`` is written, so that no more than one file's text
is held at a time from then on."""

Kept: TypeAlias = tuple[FileEntry, "int | None"]
"""A file reused from the live generation: its entry and, when the walk read it anyway (a changed
stat, the same hash), its text's ticket in the build's :class:`_Spill`; ``None``: the live
generation's stored text, read when a build writes."""

COMPACT_DEAD_RATIO = 0.25
"""Rebuild the trigram postings from scratch once a quarter of the ids in them are dead."""

PARALLEL_MIN_FILES = 64
"""Parse in a process pool only when enough files changed to pay for starting it."""

PARSE_BATCH = 32
"""Files handed to a parsing worker at once."""

PARSE_IN_FLIGHT = 3
"""Batches handed to the pool per worker before the first is collected: the texts being parsed are
read from the spill as they are handed out, never all at once."""

GRAPH_PROCESS_MIN_FILES = PARALLEL_MIN_FILES
"""A cold graph is built in a process of its own, beside the trigram postings, from this many files."""


@dataclass(slots=True)
class IndexSummary:
    """What one build did, for the command line and the UI."""

    files: int = 0
    chunks: int = 0
    symbols: int = 0
    reused: int = 0
    parsed: int = 0
    removed: int = 0
    unwritten: int = 0
    """Files changed, added or removed that the index could not record (see ``stale_because``)."""
    skipped: dict[str, int] = field(default_factory=dict)
    skipped_examples: dict[str, str] = field(default_factory=dict)
    """One path per reason in ``skipped`` (the first met), so a person learns which file was left out:
    ``{"too_large": "big.min.js", "unreadable": "secret.py"}``; empty where the walk was spared."""
    noticed: dict[str, int] = field(default_factory=dict)
    """Files with something unusual about them (``crlf``, ``utf16``, ``invalid_utf8``) among those this
    run read: an update reads only what changed, so these count what it read, not the whole index."""
    noticed_examples: dict[str, str] = field(default_factory=dict)
    """One path per reason in ``noticed`` (the first met): ``{"utf16": "data/names.txt"}``."""
    seconds: float = 0.0
    corpus_bytes: int = 0
    trigram_bytes: int = 0
    rebuilt_because: str | None = None
    """Set when an existing index could not be used (corrupt, other version)."""
    stale_because: str | None = None
    """Set when files changed but the index could not be written (read-only, another user's, a
    full disk): the live generation answered as it was."""
    graph: dict[str, object] = field(default_factory=dict)
    embedded: dict[str, object] = field(default_factory=dict)
    """Filled by the caller that embeds after indexing: ``chunks``, then per tier (``static``,
    ``transformer``) the chunks embedded ``new`` and the ``seconds`` it took."""
    phases: dict[str, float] = field(default_factory=dict)
    """Seconds per phase, filled by whoever ran it: ``index`` (walk, parse, text, structural and
    graph), ``static model`` (the static model's one-off derivation), ``static``, ``transformer``;
    ``seconds`` is the whole run."""

    def to_dict(self) -> dict[str, object]:
        """Return the summary as plain JSON values."""
        return {name: getattr(self, name) for name in self.__slots__}


def index_folder(root: Path, base: Path | None = None) -> Path:
    """Return where a repository's index lives."""
    return repo_dir(base or default_index_base(), root.resolve())


def open_snapshot(root: Path, base: Path | None = None) -> Snapshot:
    """Open the live index of a repository, or raise IndexUnavailable."""
    snap = Snapshot.load(index_folder(root, base), open_graph)
    if snap.root != root.resolve():
        raise IndexUnavailable("the index belongs to another folder; rebuilding it")
    return snap


def update_index(
    root: Path,
    base: Path | None = None,
    progress: Progress | None = None,
    max_bytes: int = MAX_FILE_BYTES,
    early: Early | None = None,
    rebuild: bool = False,
    waiting: Callable[[str], None] | None = None,
    lock_wait: float | None = None,
) -> tuple[Snapshot, IndexSummary]:
    """Bring a repository's index up to date and return the new snapshot and what was done
    (the live one as it was, with ``stale_because`` set, when the index cannot be written;
    IndexNotWritable when there is none). A first build calls ``early`` with a text-and-structure
    snapshot before it builds the graph (see :data:`Early`). ``rebuild`` parses every file anew
    as a first build does, whatever the live generation holds (``maguyva index --rebuild``); the
    live generation answers until the new one is published, and the semantic vectors, keyed by
    each chunk's content, are kept. ``waiting`` is told, in one line, when the build waits for
    another process's build of the same index (:func:`waiting_text`). ``lock_wait`` (a question's
    update: :data:`ANSWER_WAIT_S`) bounds that wait where a live generation can answer: past it,
    the live one is returned as it is, said stale (:func:`busy_text`); a first build waits for the
    other as long as it takes, there being nothing to answer from."""
    root = root.resolve()
    return _Build(root, index_folder(root, base), progress or _quiet, max_bytes, early, rebuild, waiting,
                  lock_wait).run()


ANSWER_WAIT_S = 3.0
"""How long a question's update waits for another process's build of the index (a ``maguyva
index`` that is stopped, or slow) before the question is answered from the live generation, said
stale: an ordinary update takes about a second, and a search had waited for a stopped build forever."""


def _holder(pid: int | None) -> str:
    """`` (pid 123: maguyva index .)``: the build holding the lock, where known; empty where not."""
    command = holder_command(pid) if pid is not None else ""
    return f" (pid {pid}: {command})" if command else f" (pid {pid})" if pid is not None else ""


BUSY = f"{STALE_INDEX}: another build of this index"
"""How :func:`busy_text` begins."""


def busy_text(pid: int | None) -> str:
    """What an answer says when another process's build kept its update out (:data:`ANSWER_WAIT_S`)."""
    return (f"{BUSY}{_holder(pid)} is writing it; answers come from the index as it was, and may miss the "
            "latest edits until that build ends")


def kept_out(summary: IndexSummary) -> bool:
    """Whether another process's build kept this update out (:func:`busy_text`): the disk is still
    to be indexed, by the next question's update."""
    return (getattr(summary, "stale_because", None) or "").startswith(BUSY)  # a front end's stand-in may have none


WAITING = "another build of this index"
"""How :func:`waiting_text` begins."""


def waiting_text(pid: int | None) -> str:
    """What a build says while it waits for another process's build of its index: which, where known
    (a command at a terminal adds how to stop waiting; the explorer's status line and a server's log
    have no Ctrl-C to offer)."""
    return f"{WAITING}{_holder(pid)} is writing it; waiting for it to finish"


def open_unchanged(root: Path, base: Path | None = None, max_bytes: int = MAX_FILE_BYTES
                   ) -> tuple[Snapshot, IndexSummary, Callable[[], bool]] | None:
    """Return the live generation at once when its walk stamp's folders and watched files are as
    recorded, with the verdict on the indexed files, compared meanwhile in a child process where
    that can be (``walk_stamp.check_stamp``): an answer read from the snapshot stands only once the
    verdict is true; when it is false, :func:`update_index` brings the index up to date. ``None``
    when the stamp cannot spare the walk (no index, another format, a folder changed...).

    The child is started as soon as the file table is read, before the rest of the generation is
    opened (its postings, facts, centrality): it stats on the other core meanwhile (100,000 files:
    forked at ~135 ms of the process's CPU, not ~235)."""
    started = time.perf_counter()
    root = root.resolve()
    verdicts: list[bool | Callable[[], bool]] = []

    def compare(gen: Path, manifest: Manifest) -> None:
        if Path(manifest.root) == root and content_intact(gen, manifest):
            verdicts.append(check_stamp(gen, root, manifest.files, max_bytes, aside=True))

    try:
        build = _Build(root, index_folder(root, base), _quiet, max_bytes, read=compare)
    except BaseException:
        for verdict in verdicts:
            abandon(verdict)
        raise
    prev = build.previous
    verdict = verdicts[0] if verdicts else False
    if prev is None or prev.generation is None or verdict is False:
        abandon(verdict)
        return None
    snapshot, summary = build._as_is(started, walked=False)
    return snapshot, summary, (lambda: True) if verdict is True else verdict


GRAPH_STATS = "graph-stats.json"
"""What a graph built beside leaves for the build that waits on it (removed before publishing)."""


def open_graph(path: Path, facts: FactsTable) -> CodeGraph:
    """Read a generation's graph when a question first needs it (the graph's modules load then)."""
    from maguyva_tui.core.graph import open_graph as read_graph

    return read_graph(path, facts)


def centrality_table(graph: CodeGraph) -> CentralityTable:
    """Read every symbol's and file's centrality out of a graph into the table fusion reads (as
    columns: a stored graph's unchanged files are not decoded, ``graph/ranks.py``)."""
    from maguyva_tui.core.graph.ranks import rank_columns

    found = rank_columns(graph, FUSION_SCALE)
    return centrality_columns(found.paths, found.file_values, found.counts, found.spans, found.values)


def build_graph_files(gen: str, rows: dict[str, Row] | None) -> None:
    """Build a cold graph from a generation's facts and write ``graph.npz``, ``centrality.npz``
    and its statistics into the generation (run in a process of its own).

    ``rows`` are the facts when the process was forked with them; else they are read back from
    the generation's facts files."""
    from maguyva_tui.core.graph import CodeGraph

    folder = Path(gen)
    facts = FactsTable(rows) if rows is not None else load_facts(folder)
    if isinstance(facts.rows, StoredRows):
        facts.rows.decode_strings()  # every file is read, most strings of them
    graph = CodeGraph.build(facts, lean=True)  # what a build alone reads let go before PageRank
    graph.detach()
    del facts  # its mapped pages and decoded strings, before the graph is written (the process's peak)
    stats = graph.stats
    graph.forget_derived()  # before the tables are written
    save_centrality(folder / "centrality.npz", centrality_table(graph))
    graph.save(folder / "graph.npz")
    (folder / GRAPH_STATS).write_text(json.dumps(stats))


def graph_process(gen: str, rows: dict[str, Row] | None) -> None:
    """The graph process's work: ``build_graph_files`` with the garbage collector off, which in a
    process that only builds, writes and exits would walk every object it was forked with and
    every table it makes (a sixth of its time on sympy), to free nothing. Paused for the build
    alone: run in a thread of a longer-lived process, it had left that process without the
    collector."""
    with paused():
        build_graph_files(gen, rows)


def _collecting() -> AbstractContextManager[None]:
    """Python's cyclic garbage collector on while a build parses and writes, as it was: a
    one-question ``search`` turns it off (``maguyva_tui.__main__``), and a first search that must
    index 100,000 files makes and drops far more than a question; its parsing pool, forked here,
    collects as before. The graph process turns it off itself (:func:`graph_process`). Counted
    with the other threads' blocks (:mod:`maguyva_tui.core.collector`): a build that began while a
    search's graph load had paused the collector had turned it off for good when it ended."""
    return collecting()


@dataclass(frozen=True, slots=True)
class _Fresh:
    """A file to parse, as the walk read it: its text held in the build's :class:`_Spill`."""

    path: str
    ticket: int
    """Where its UTF-8 text is in the spill."""
    size: int
    mtime_ns: int
    inode: int
    ctime_ns: int
    included_as: str | None = None
    """The language of the C/C++ files that ``#include`` it, for a file of no language of its own."""


class _Spill:
    """The texts the walk read, held until ``content.bin`` is written: in an unlinked temporary file
    beside the index (gone with the process, however it ends), read back by positional reads, so
    that the build does not hold the corpus (+485 MB on the 450 MB corpus); in memory where no such
    file can be made or written (a read-only base, a full disk)."""

    def __init__(self, near: Path) -> None:
        self._file = _temporary(near)
        self._writing = self._file is not None
        """Whether texts still go to the file (not once a write failed: a full disk)."""
        self._end = 0
        self._spans: list[tuple[int, int]] = []
        self._held: dict[int, bytes] = {}

    def put(self, data: bytes) -> int:
        """Keep a text; return its ticket."""
        ticket = len(self._spans)
        self._spans.append((self._end, len(data)))
        if self._writing and self._file is not None:
            try:
                _write_all(self._file.fileno(), data, self._end)
                self._end += len(data)
                return ticket
            except OSError:  # the disk is full: what comes next is held in memory
                self._writing = False
        self._held[ticket] = data
        return ticket

    def get(self, ticket: int) -> bytes:
        """A text kept."""
        held = self._held.get(ticket)
        if held is not None:
            return held
        assert self._file is not None
        offset, length = self._spans[ticket]
        return _read_all(self._file.fileno(), offset, length, "the build's spill file")

    def drop(self, ticket: int) -> None:
        """Let go of a text once written where it belongs."""
        self._held.pop(ticket, None)

    def close(self) -> None:
        """Remove the file (what it held is no longer needed)."""
        if self._file is not None:
            self._file.close()
            self._file = None


@dataclass(slots=True)
class _Beside:
    """A graph being built in another process: a fresh interpreter reading the facts from the
    generation, once written. Not forked: a forked child's resident size counts every page of the
    builder it was forked from, and the pages it shared became its own as it read the facts (the
    150 MB corpus: its largest process 817 -> 731 MB, the tree's PSS 1,204 -> 1,048 MB); nor
    forked from a threaded process (that can deadlock), nor ``multiprocessing``'s spawn (the UI's
    redirected streams upset it)."""

    child: subprocess.Popen[bytes]

    @classmethod
    def start(cls, gen: Path) -> _Beside:
        """Start the build (the caller writes the facts first)."""
        import subprocess

        child = subprocess.Popen(
            [sys.executable, "-c", _GRAPH_MAIN, str(gen)],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        return cls(child)

    def wait(self) -> bool:
        """Wait for the build; tell whether it succeeded."""
        return self.child.wait() == 0


_FULL_DISK = frozenset({errno.ENOSPC, errno.EDQUOT})
"""The write errors a full disk or an exhausted quota raises: freeing space, not permissions, cures them."""

_GRAPH_MAIN = "import sys; from maguyva_tui.core.indexer import graph_process; graph_process(sys.argv[1], None)"
"""What the fresh interpreter runs (``python -c``) to build a graph beside."""


def _can_fork() -> bool:
    """Whether forking is safe and possible: a single thread (the command line, not the app),
    on a platform that forks."""
    import multiprocessing

    return threading.active_count() == 1 and "fork" in multiprocessing.get_all_start_methods()


def _pool_context() -> BaseContext | None:
    """Fork the parsing workers when :func:`_can_fork` (on any Python: 3.14 no longer forks by
    default); in a process with other threads (a workspace's shards, the explorer, the MCP server)
    from a single-threaded fork server, never from the threaded process itself: a worker forked
    while another thread imported a module got that module's import lock held by a thread it does
    not have, waited forever at its first import of it (the parser is imported in the worker), and
    the command waited forever on the worker at 0 % CPU. Else the platform's default start method."""
    import multiprocessing

    if _can_fork():
        return multiprocessing.get_context("fork")
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(list(_POOL_PRELOAD))  # imported once by the server, not by each worker
        return context
    return multiprocessing.get_context("spawn") if "spawn" in multiprocessing.get_all_start_methods() else None


_POOL_PRELOAD: Final = ("maguyva_tui.core.indexer", "maguyva_tui.core.parsing.analyze")
"""What the fork server imports before it forks a parsing worker (a module that fails to import is skipped)."""


PR_SET_PDEATHSIG = 1
"""Linux's ``prctl`` option: the signal a process gets when the thread that made it ends."""


def _leave_interrupts_to_the_command(command: int | None = None) -> None:
    """Ignore SIGINT in a parsing worker: Ctrl-C reaches the whole process group, and a worker
    waiting for its next batch printed a ``KeyboardInterrupt`` traceback under the command's own
    "interrupted"; the command stops, and its pool ends the workers. A worker forked from the
    command (process ``command``) also dies with it, where the system can say so."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if command is not None:
        _die_with(command)


def _die_with(command: int) -> None:
    """Have the kernel kill this worker when the command that forked it dies (Linux). A forked
    worker shares the command's descriptors, the index's ``LOCK`` among them: after a ``kill -9``
    of ``maguyva index`` its workers, waiting on a pipe that never closes (each holds its write
    end too), lived on and held the lock, and every search waited 600 s for it, then failed."""
    import ctypes

    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):  # not Linux: the worker ends with its pool, as before
        return
    prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != command:  # the command died before the request took hold
        os._exit(1)


@contextmanager
def _usable_streams() -> Iterator[None]:
    """While worker processes start, give ``sys.stdout``/``sys.stderr`` real descriptors when a
    running app replaced them with streams that have none (``multiprocessing`` hands
    ``sys.stderr.fileno()`` to its helper process and fails on ``-1``)."""
    swapped = {}
    for name in ("stdout", "stderr"):
        stream, original = getattr(sys, name), getattr(sys, f"__{name}__")
        if original is not None and stream is not original and _fileno(stream) < 0 <= _fileno(original):
            swapped[name] = stream
            setattr(sys, name, original)
    try:
        yield
    finally:
        for name, stream in swapped.items():
            setattr(sys, name, stream)


def _fileno(stream: object) -> int:
    """A stream's file descriptor, -1 when it has none."""
    try:
        return int(stream.fileno())  # type: ignore[attr-defined]
    except Exception:  # io.UnsupportedOperation, AttributeError, a closed file
        return -1


def _quiet(phase: str, done: int, total: int) -> None:
    """Ignore progress."""


class _Build:
    """One index build, from the walk to the published generation."""

    def __init__(self, root: Path, folder: Path, progress: Progress, max_bytes: int, early: Early | None = None,
                 rebuild: bool = False, waiting: Callable[[str], None] | None = None,
                 lock_wait: float | None = None, read: Callable[[Path, Manifest], None] | None = None) -> None:
        self.root = root
        self.waiting = waiting
        """Told once when the lock is another build's for a while (:func:`waiting_text`)."""
        self.lock_wait = lock_wait
        """How long to wait for another build's lock when a live generation can answer instead."""
        self.folder = folder
        self.progress = progress
        self.max_bytes = max_bytes
        self.early = early
        """Told of the text-and-structure snapshot of a first build (an update keeps the live one)."""
        self.rebuild = rebuild
        """Build as if there were no live generation (it still answers until this one is published)."""
        self._read = read
        """Told of the live generation's manifest as its first load reads it (``Snapshot.load``)."""
        self._reset()

    def _reset(self) -> None:
        """Start from the live generation (again, when another build published one meanwhile)."""
        self.report = WalkReport()
        self.walk_started = 0
        """When the last walk began (``time.time_ns``): what its stamp is measured against."""
        self.summary = IndexSummary()
        self.repaired = 0
        """Files whose stored text no longer matched its hash and were read again."""
        self.seen = live_name(self.folder)
        """What CURRENT named when this build looked: it writes only on top of that generation."""
        self.previous = self._previous()
        self.spill: _Spill | None = None
        """The texts the last walk read (made by :meth:`_classify`, closed once written)."""

    def _previous(self) -> Snapshot | None:
        read, self._read = self._read, None
        if self.rebuild:
            return None
        try:
            snap = Snapshot.load(self.folder, open_graph, read)
        except IndexUnavailable as exc:
            if str(exc) != "no index yet":
                self.summary.rebuilt_because = str(exc)
            return None
        if snap.root != self.root:
            self.summary.rebuilt_because = "the index belongs to another folder; rebuilding it"
            return None
        return snap

    def run(self) -> tuple[Snapshot, IndexSummary]:
        """Compare the disk with the live generation without the lock; write a new one under it."""
        started = time.perf_counter()
        if self._as_stamped():
            return self._as_is(started, walked=False)
        try:
            return self._run(started)
        finally:
            if self.spill is not None:
                self.spill.close()

    def _run(self, started: float) -> tuple[Snapshot, IndexSummary]:
        kept, fresh = self._scan()
        if self._unchanged(kept, fresh):
            self._restamp()
            return self._as_is(started)
        # a first build has nothing to answer from: it waits for the other as long as it takes, saying so
        wait = self.lock_wait if self.previous is not None else None
        with ExitStack() as stack:
            try:  # bounded: said once given up (busy_text)
                stack.enter_context(index_lock(self.folder, waiting=self._waiting) if wait is None
                                    else index_lock(self.folder, wait=wait))
            except LockTimeout as exc:
                said = None if wait is None else busy_text(lock_holder(self.folder))
                return self._stale(exc, started, (kept, fresh), written=False, said=said)
            except OSError as exc:  # a read-only index, another user's, a full disk
                return self._stale(exc, started, (kept, fresh), written=False)
            if live_name(self.folder) != self.seen:  # another build published meanwhile: start from it
                self._reset()
                kept, fresh = self._scan()
                if self._unchanged(kept, fresh):
                    return self._as_is(started)
            return self._update(kept, fresh, started)

    def _waiting(self, pid: int | None) -> None:
        if self.waiting is not None:
            self.waiting(waiting_text(pid))

    def _as_stamped(self) -> bool:
        """Whether the live generation's walk stamp says the disk is as it was walked, so that it
        answers without a walk (``core/store/walk_stamp.py``)."""
        prev = self.previous
        return (prev is not None and prev.generation is not None and prev.content_intact()
                and disk_as_stamped(prev.generation, self.root, prev.manifest.files, self.max_bytes))

    def _restamp(self) -> None:
        """After a walk that found the live generation as it is (its stamp missing, or differing
        from a disk that changed back, or not vouching for a folder changed just before it was
        taken): stamp it anew with this walk, so that the next search need not walk."""
        prev = self.previous
        if prev is not None and prev.generation is not None and self.report.trace is not None:
            write_stamp(prev.generation, self.root, self.report.trace, self.walk_started, self.max_bytes)
            if not prev.content_intact():  # the walk checked every stored text against its hash: all matched
                prev.record_content_verified()

    def _scan(self) -> tuple[list[Kept], list[_Fresh]]:
        """Walk the repository and split it into files reused as stored and files to parse."""
        self.progress("walk", 0, 0)
        self.report.trace, self.walk_started = begin()
        # the index never indexes itself, should its folder or its base be inside the repository
        candidates = list(walk(self.root, self.report, self.max_bytes, skip=(self.folder.parent, self.folder)))
        return self._classify(candidates)

    def _update(self, kept: list[Kept], fresh: list[_Fresh], started: float) -> tuple[Snapshot, IndexSummary]:
        """Parse what changed and publish a new generation (the lock held); on a write that fails,
        remove the half-written generation and answer from the live one."""
        with _collecting():
            kept, fresh = self._included(kept, fresh)
            new_facts = self._parse(fresh)
            gen = None
            try:
                gen = new_generation(self.folder)
                snap = self._write(gen, kept, fresh, new_facts)
            except BaseException as exc:
                if gen is not None:
                    discard(self.folder, gen)
                if not isinstance(exc, OSError):
                    raise
                return self._stale(exc, started, (kept, fresh), written=gen is not None)
        self.summary.seconds = round(time.perf_counter() - started, 3)
        return snap, self.summary

    def _as_is(self, started: float, walked: bool = True) -> tuple[Snapshot, IndexSummary]:
        """Answer with the live generation as it is (what the walk skipped as it recorded it, when
        its stamp spared the walk)."""
        assert self.previous is not None
        self._summarize(self.previous.manifest.files, self.previous.facts, [], as_is=True)
        # the live generation's sizes, as its build said them: an unchanged repository had said 0 and 0
        self.summary.corpus_bytes = content_end(self.previous.manifest.files)
        self.summary.trigram_bytes = self.previous.trigrams.stored_bytes()
        if not walked:
            self.summary.skipped = dict(self.previous.manifest.skipped)
            self.summary.noticed = dict(self.previous.manifest.noticed)
        self.summary.graph = dict(self.previous.manifest.stats.get("graph", {}))
        self.summary.seconds = round(time.perf_counter() - started, 3)
        return self.previous, self.summary

    def _stale(self, exc: OSError, started: float, walked: tuple[list[Kept], list[_Fresh]], written: bool,
               said: str | None = None) -> tuple[Snapshot, IndexSummary]:
        """Answer from the live generation when the index cannot be written, and say why (``said``,
        else ``exc``; and how many of the ``walked`` files changed and were not written); with no
        live generation to answer from, the error stands."""
        if self.previous is None:
            raise IndexNotWritable(self._unwritable(exc)) from exc
        if written:  # the failed write may have updated the live postings in memory: read them again
            try:
                self.previous = Snapshot.load(self.folder, open_graph)
            except IndexUnavailable:
                raise exc from None
        snap, summary = self._as_is(started)
        kept, fresh = walked
        seen = {entry.path for entry, _ in kept} | {f.path for f in fresh}
        summary.reused = len(kept)  # not the live generation's every file: those that changed were not written
        summary.unwritten = len(fresh) + sum(1 for path in snap.files if path not in seen)
        summary.stale_because = said or (
            f"{STALE_INDEX} ({exc.strerror or exc}: {self.folder}); answers come from it as it was"
        )
        return snap, summary

    def _unwritable(self, exc: OSError) -> str:
        """One line for an index that cannot be written and has no live generation to answer
        from: a damaged one (or another format's) says so, and what to do, where it had said only
        that it could not be written."""
        why = exc.strerror or str(exc)
        blocker = _not_a_folder(self.folder)
        if blocker is not None:  # "make that folder writable" had been the advice for a file in the way
            return (f"cannot write the index at {self.folder}: {blocker} is not a folder; keep the index in "
                    "a folder (--index-dir, $MAGUYVA_INDEX_DIR)")
        damaged = self.summary.rebuilt_because
        if not damaged:
            return f"cannot write the index at {self.folder} ({why})"
        damaged = damaged.removesuffix("; rebuilding it")
        # a full disk (or quota) had been told to "make that folder writable", which it already is
        remedy = "free space on its disk" if exc.errno in _FULL_DISK else "make that folder writable"
        return (f"{damaged}, and it cannot be rebuilt at {self.folder} ({why}): {remedy}, "
                "or keep the index in another (--index-dir, $MAGUYVA_INDEX_DIR)")

    def _unchanged(self, kept: list[Kept], fresh: list[_Fresh]) -> bool:
        """Tell whether the walk found exactly what the live generation already holds."""
        prev = self.previous
        if prev is None or fresh or self.repaired or len(kept) != len(prev.files):
            return False
        if _told(self.report.skipped) != _told(prev.manifest.skipped):
            return False  # a file newly too large or unreadable (or no longer): the manifest that says so is rewritten
        return all(prev.files.get(e.path) == e for e, _ in kept)

    def _classify(self, candidates: list[Candidate]) -> tuple[list[Kept], list[_Fresh]]:
        """Split candidates into reused entries and files to parse. An unchanged file's stored text
        is neither read nor held: it is verified by its hash only when ``content.bin`` is not as
        its build wrote it (:meth:`Snapshot.content_intact`), and read again when a build writes.
        The texts read are kept in the spill (:class:`_Spill`), not in memory."""
        kept: list[Kept] = []
        fresh: list[_Fresh] = []
        prev = self.previous
        if self.spill is not None:
            self.spill.close()
        spill = self.spill = _Spill(self.folder.parent)
        trusted = prev is not None and prev.content_intact()
        for i, cand in enumerate(candidates):
            if i % 200 == 0:
                self.progress("read", i, len(candidates))
            old = prev.files.get(cand.path) if prev else None
            if old and prev and _same_stat(old, cand):
                if trusted or _stored_hash(prev, old.path) == old.hash:
                    kept.append((old, None))
                    continue
                self.repaired += 1  # the stored text was damaged on disk: read the file again
            source = read_source(cand, self.report, self.max_bytes)
            if source is None:
                continue
            data = source.text.encode("utf-8", errors="surrogatepass")
            if old and prev and old.hash == content_hash(data):
                kept.append((_restat(old, source), spill.put(data)))
            else:
                fresh.append(_Fresh(source.path, spill.put(data), source.size, source.mtime_ns, source.inode,
                                    source.ctime_ns))
        self.progress("read", len(candidates), len(candidates))  # its end said: a log's last line had read 0 %
        return kept, fresh

    def _included(self, kept: list[Kept], fresh: list[_Fresh]) -> tuple[list[Kept], list[_Fresh]]:
        """Mark the files of no language that changed C/C++ files ``#include`` as C/C++
        (:mod:`~maguyva_tui.core.parsing.c_includes`), an unchanged one among them parsed again;
        a changed one the live generation read so keeps its language while its includers stay."""
        from maguyva_tui.core.parsing.c_includes import C_FAMILY, included_languages
        from maguyva_tui.core.parsing.languages import language_for, language_of

        spill, prev = self.spill, self.previous
        assert spill is not None
        plain = [f.path for f in fresh if language_for(f.path) is None]
        plain += [e.path for e, _ in kept if e.language is None and language_for(e.path) is None]
        if not plain:
            return kept, fresh
        includers = ((f.path, language_of(f.path, data) or "c", data)
                     for f in fresh if language_for(f.path) in C_FAMILY for data in (spill.get(f.ticket),))
        found = included_languages(includers, plain)
        if prev is not None:
            for f in fresh:
                old = prev.files.get(f.path)
                if f.path not in found and old is not None and old.language in C_FAMILY and language_for(f.path) is None:
                    found[f.path] = old.language
        if not found:
            return kept, fresh
        fresh = [replace(f, included_as=found.get(f.path)) for f in fresh]
        still: list[Kept] = []
        for entry, known in kept:
            language = found.get(entry.path) if entry.language is None else None
            if language is None:
                still.append((entry, known))
                continue
            assert prev is not None  # only a previous generation's files are kept
            ticket = spill.put(prev.raw(entry.path)) if known is None else known
            fresh.append(_Fresh(entry.path, ticket, entry.size, entry.mtime_ns, entry.inode, entry.ctime_ns, language))
        return still, fresh

    def _parse(self, fresh: list[_Fresh]) -> list[PackedRow]:
        """Parse changed files into stored rows (packed: :class:`PackedRow`), in a process pool when
        there are many; their texts read from the spill a batch at a time."""
        from concurrent.futures.process import BrokenProcessPool

        total = len(fresh)
        if total >= PARALLEL_MIN_FILES and (os.cpu_count() or 1) >= 2:
            try:
                return self._parse_in_pool(fresh)
            except (OSError, ValueError, EOFError, BrokenProcessPool):  # no worker processes to be had here
                pass  # (EOFError: the fork server that starts them ended, killed, before it answered)
        out: list[PackedRow] = []
        for batch in self._batches(fresh):
            self.progress("parse", len(out), total)
            out.extend(_analyze_batch(batch))
        self.progress("parse", total, total)
        return out

    def _batches(self, fresh: list[_Fresh]) -> Iterator[list[tuple[str, bytes, str | None]]]:
        """The files to parse, :data:`PARSE_BATCH` at a time, each with its text as read and the
        language of the C/C++ files that include it."""
        assert self.spill is not None
        for i in range(0, len(fresh), PARSE_BATCH):
            yield [(f.path, self.spill.get(f.ticket), f.included_as) for f in fresh[i : i + PARSE_BATCH]]

    def _parse_in_pool(self, fresh: list[_Fresh]) -> list[PackedRow]:
        from concurrent.futures import ProcessPoolExecutor

        total = len(fresh)
        workers = min(os.cpu_count() or 2, 4)
        out: list[PackedRow] = []
        context = _pool_context()
        forked = context is not None and context.get_start_method() == "fork"  # a child of this process
        with _usable_streams(), ProcessPoolExecutor(max_workers=workers, mp_context=context,
                                                    initializer=_leave_interrupts_to_the_command,
                                                    initargs=(os.getpid() if forked else None,)) as pool:
            waiting: deque[Future[list[PackedRow]]] = deque()
            try:
                for batch in self._batches(fresh):
                    waiting.append(pool.submit(_analyze_batch, batch))
                    if len(waiting) >= workers * PARSE_IN_FLIGHT:
                        out.extend(waiting.popleft().result())
                        self.progress("parse", len(out), total)
                while waiting:
                    out.extend(waiting.popleft().result())
                    self.progress("parse", len(out), total)
            except BaseException:  # Ctrl-C: the batches queued are dropped, not parsed before the command stops
                pool.shutdown(wait=False, cancel_futures=True)
                raise
        return out

    def _write(
        self, gen: Path, kept: list[Kept], fresh: list[_Fresh], new_rows: list[PackedRow]
    ) -> Snapshot:
        """Write every part of a new generation into its folder and publish it."""
        from maguyva_tui.core.chunk_words import save_generation

        self.progress("write", 0, 0)
        prev = self.previous
        next_id = prev.manifest.next_doc_id if prev else 0
        spill = self.spill
        assert spill is not None
        rows: list[Stored] = []
        fact_rows: dict[str, Any] = {}  # a kept file's stored row, a parsed one's packed row
        for entry, known in kept:
            assert prev is not None  # only a previous generation's files are kept
            rows.append((entry.path, partial(_kept_file, prev, entry, spill, known)))
            fact_rows[entry.path] = prev.facts.rows[entry.path]
        added: list[int] = []
        for src, row in zip(fresh, new_rows):
            rows.append((src.path, partial(_fresh_file, spill, src, next_id, row.language)))
            fact_rows[src.path] = row
            added.append(next_id)
            next_id += 1
        new_rows.clear()  # the caller's list: each row is held once, by ``fact_rows``
        facts = FactsTable(fact_rows)
        rows.sort(key=lambda r: r[0])
        entries = self._write_content(gen, rows)
        del rows
        spill.close()  # every text is in content.bin now
        _release()
        live_ids = {e.doc_id for e in entries}
        save_facts(gen, fact_rows)  # the graph's process reads them from there
        beside = self._start_graph(gen, facts)
        del fact_rows
        if beside is not None:  # the graph is built beside: from here on the facts are read where written
            facts = load_facts(gen)  # mapped, decoded where read: every file's rows as tuples go
            _release()
        with _ContentReader(gen / RAW_TEXTS) as stored:
            trigrams, dead = self._trigrams(entries, stored, added, live_ids)
            _release()
            self.summary.trigram_bytes = trigrams.save(gen)
            trigrams = TrigramIndex.load(gen)  # mapped, as a later process opens it: the postings built here go
            _release()
            added_ids = set(added)
            self._tokens(entries, stored, added_ids, gen).save(gen)
            _release()
            tokens = TokenIndex.load(gen)  # mapped, as a later process opens it
            save_generation(gen, _word_files(self._counted("words", entries), stored, _counted_rows(gen, facts, beside),
                                             added_ids), prev.generation if prev else None)
        (gen / RAW_TEXTS).unlink()
        _release()
        _keep_name_stats(gen, facts)  # while a graph built beside is still being built; before an early answer
        content = map_content(gen / "content.bin")  # mapped, not a second copy of every text
        if prev is None and self.early is not None:  # a first build: text and structure answer now
            manifest = self._manifest(gen, entries, next_id, dead)
            self.early(Snapshot(self.root, self.folder, manifest, content, facts, trigrams, CentralityTable({}), None, gen,
                                tokens=tokens))
        graph, centrality = self._finish_graph(beside, gen, facts, fresh)
        manifest = self._manifest(gen, entries, next_id, dead)
        digest = save_files(gen, entries)
        if self.report.trace is not None:
            write_stamp(gen, self.root, self.report.trace, self.walk_started, self.max_bytes)
        (gen / "manifest.json").write_text(manifest.to_json(digest))  # last: a generation with one is complete
        publish(self.folder, gen)
        self._summarize(entries, facts, fresh)
        return Snapshot(self.root, self.folder, manifest, content, facts, trigrams, centrality, graph, gen, open_graph,
                        tokens)

    def _write_content(self, gen: Path, rows: list[Stored]) -> list[FileEntry]:
        """Write every file's text in path order into :data:`RAW_TEXTS` (the build reads them back
        from there, then lets it go), then compressed into ``content.bin``; return the entries."""
        entries = []
        offset = 0
        with open(gen / RAW_TEXTS, "wb") as out:
            for _, make in rows:
                entry, data = make()
                out.write(data)
                entries.append(replace(entry, offset=offset, length=len(data)))
                offset += len(data)
        self.summary.corpus_bytes = offset
        self._pack(gen, entries)
        return entries

    def _pack(self, gen: Path, entries: list[FileEntry]) -> None:
        """Compress the texts of :data:`RAW_TEXTS` into ``content.bin``: with the live generation's
        dictionary when at least half the bytes are its unchanged files' (whose frames are copied
        as they are: an edit of one file compresses one file), else with one trained on these."""
        prev = self.previous
        packed = prev.packed_texts if prev is not None and prev.content_intact() else None
        old: Mapping[str, FileEntry] = prev.files if prev is not None and packed is not None else {}
        unchanged = [e for e in entries if (o := old.get(e.path)) is not None and o.hash == e.hash
                     and o.length == e.length]
        total = sum(e.length for e in entries)
        with _ContentReader(gen / RAW_TEXTS) as stored:
            if packed is not None and 2 * sum(e.length for e in unchanged) >= total and (
                    packed.dictionary is not None or total < TRAIN_MIN_BYTES):
                dictionary, copied = packed.dictionary, {e.path for e in unchanged}
            else:
                dictionary = _dictionary(stored, entries, total)
                copied = set()
            writer = TextsWriter(gen / "content.bin", dictionary)
            try:
                for entry in entries:
                    if entry.path in copied:
                        was = old[entry.path]
                        writer.copy(packed, was.offset, was.length)  # type: ignore[arg-type]
                    else:
                        writer.add(stored.raw(entry))
            finally:
                writer.close()

    def _trigrams(
        self,
        entries: list[FileEntry],
        stored: _ContentReader,
        added: list[int],
        live_ids: set[int],
    ) -> tuple[TrigramIndex, int]:
        """Update the postings in place, or rebuild them when there is no base or too much garbage."""
        prev = self.previous
        dead = (prev.manifest.stats.get("dead_docs", 0) if prev else 0)
        if prev is not None:
            removed = [doc for doc in prev.trigrams.live if doc not in live_ids]
            dead += len(removed)
            total = len(live_ids) + dead
            if total and dead / total <= COMPACT_DEAD_RATIO:
                index = prev.trigrams
                for doc in removed:
                    index.remove(doc)
                by_id = {e.doc_id: e for e in entries}
                for i, doc in enumerate(added):
                    if i % 100 == 0:
                        self.progress("trigrams", i, len(added))
                    index.add(doc, text_trigrams(stored.text(by_id[doc])))
                self.progress("trigrams", len(added), len(added))
                return index, dead
        docs = ((entry.doc_id, text_trigrams(stored.text(entry))) for entry in self._counted("trigrams", entries))
        return TrigramIndex.build(docs), 0

    def _counted(self, phase: str, entries: list[FileEntry]) -> Iterator[FileEntry]:
        """Each entry in turn, ``phase``'s progress said every 100 files (a phase said once at 0 %
        read 0 % for all its seconds: 16 s of trigrams and words over pygments' 2,572 files), and
        its end (a log's last lines had read ``trigrams 0% (0/91)``, as if stalled)."""
        for i, entry in enumerate(entries):
            if i % 100 == 0:
                self.progress(phase, i, len(entries))
            yield entry
        self.progress(phase, len(entries), len(entries))

    def _tokens(self, entries: list[FileEntry], stored: _ContentReader, added: set[int], gen: Path) -> TokenIndex:
        """The whole identifiers of every file: an unchanged file's carried over from the previous
        generation (same document id), the others read; their places wait in a file on the
        index's disk (a system temporary folder may be memory: tmpfs)."""
        builder = TokenBuilder(gen)
        previous = self.previous.tokens if self.previous is not None else None
        if previous is not None:
            builder.keep(previous, (e.doc_id for e in entries if e.doc_id not in added))
        for entry in self._counted("tokens", entries):
            if previous is None or entry.doc_id in added:
                builder.add(entry.doc_id, stored.raw(entry))
        return builder.finish()

    def _start_graph(self, gen: Path, facts: FactsTable) -> _Beside | None:
        """Start building a cold graph in a process of its own (the facts written), so that it runs
        beside the trigram postings on a second core; ``None`` when it is better built here (an
        update, a small repository, one core, or no process could be started)."""
        if self.previous is not None or len(facts) < GRAPH_PROCESS_MIN_FILES or (os.cpu_count() or 1) < 2:
            return None
        try:
            return _Beside.start(gen)
        except (OSError, ValueError):  # no process to be had: build it here
            return None

    def _finish_graph(
        self, beside: _Beside | None, gen: Path, facts: FactsTable, fresh: list[_Fresh]
    ) -> tuple[object | None, CentralityTable]:
        """Wait for the graph built beside, or build it here; write it; return it and its centrality.

        A graph built beside stays on disk until a question needs it (``Snapshot.graph``)."""
        self.progress("graph", 0, 0)  # one step of unknown length: 0 of 1 read 0 % for seconds
        if beside is not None:
            stats_file = gen / GRAPH_STATS
            if beside.wait() and stats_file.is_file():
                self.summary.graph = json.loads(stats_file.read_text())
                stats_file.unlink()
                return None, load_centrality(gen / "centrality.npz")
        graph = self._graph(facts, fresh)
        centrality = centrality_table(graph)
        self.summary.graph = dict(graph.stats)
        save_centrality(gen / "centrality.npz", centrality)
        graph.save(gen / "graph.npz")
        return graph, centrality

    def _graph(self, facts: FactsTable, fresh: list[_Fresh]) -> CodeGraph:
        """Build or update the dependency graph from the stored facts."""
        from maguyva_tui.core.graph import build_graph

        previous = self.previous.graph if self.previous else None
        if previous is not None and not previous.facts and self.previous is not None:
            previous.attach(self.previous.facts)  # an opened graph needs its facts to be updated
        changed = FactsTable({src.path: facts.rows[src.path] for src in fresh})
        removed = [p for p in (self.previous.files if self.previous else {}) if p not in facts]
        return build_graph(facts, previous, changed, removed)

    def _manifest(self, gen: Path, entries: list[FileEntry], next_id: int, dead: int) -> Manifest:
        stats = {"dead_docs": dead, "built_at": time.time(), "graph": self.summary.graph,
                 CONTENT_STAT: content_stat(gen / "content.bin")}
        return Manifest(
            str(self.root),
            entries,
            dict(self.report.skipped),
            dict(self.report.noticed),
            stats,
            next_id,
        )

    def _summarize(self, entries: Sequence[FileEntry], facts: FactsTable, fresh: list[_Fresh],
                   as_is: bool = False) -> None:
        s = self.summary
        s.files = len(entries)
        s.chunks = facts.chunk_count()
        s.symbols = facts.symbol_count()
        s.parsed = len(fresh)
        s.reused = len(entries) - len(fresh)
        s.removed = 0 if as_is else len([p for p in (self.previous.files if self.previous else {}) if p not in facts])
        s.skipped = dict(self.report.skipped)
        s.skipped_examples = {reason: path for reason, path in self.report.examples.items() if reason in s.skipped}
        s.noticed = dict(self.report.noticed)
        s.noticed_examples = {reason: path for reason, path in self.report.examples.items() if reason in s.noticed}


def _told(skipped: Mapping[str, int]) -> tuple[int, int]:
    """Return how many files a walk left out for their size and how many paths it could not read:
    the skip counts an answer tells (``no indexed line holds it (1 file over 1 MiB and 1 unreadable
    path not indexed)``), read from the manifest. Other counts (binary files, ignored paths) come
    and go with build outputs (``__pycache__``) and do not get a generation written for them alone."""
    return skipped.get("too_large", 0), skipped.get("unreadable", 0)


def _keep_name_stats(gen: Path, facts: FactsTable) -> None:
    """Count the name words of a generation being written, over its facts as stored (the string ids
    a search reads), and keep them there: the first sentence asked of it then reads them (100,000
    files: 0.7-1.3 s of CPU that question no longer pays)."""
    from maguyva_tui.core.retrievers.structural import keep_name_stats

    try:  # reading the facts back is part of it: a failed read fails no build either
        table = symbol_columns(facts if isinstance(facts.rows, StoredRows) else load_facts(gen))
        if table is not None:
            keep_name_stats(gen, table)
    except Exception:  # noqa: BLE001 - never a failed build for them: the first sentence counts them instead
        return


def _counted_rows(gen: Path, facts: FactsTable, beside: _Beside | None) -> Callable[[], Mapping[str, Row]]:
    """What the word counting reads the files' chunk rows from: where the facts are read where written
    (a graph built beside), a reader of its own, whose decompressed tables (the chunks' and the
    strings': 12.7 MB on the 150 MB corpus) go when the counting ends, before the postings are
    inverted; they had stayed with the build's own facts through the rest of the build."""
    if beside is None:
        return lambda: facts.rows
    return lambda: load_facts(gen).rows


def _word_files(entries: Iterable[FileEntry], stored: _ContentReader, rows: Callable[[], Mapping[str, Row]],
                added: set[int]) -> Iterator[StoredFile]:
    """The files of a generation as the chunk index counts them, each text read when counted (the
    chunk rows read from ``rows()``, opened at the first file and let go after the last)."""
    from maguyva_tui.core.chunk_words import StoredFile

    facts = rows()
    for entry in entries:
        yield StoredFile(entry.path, entry.doc_id, facts[entry.path][1], partial(stored.text, entry), entry.doc_id not in added)
    del facts
    _release()  # the heap gives back what the reader's tables held (freed amid it, it stays the process's otherwise)


def _stored_hash(prev: Snapshot, path: str) -> str | None:
    """The hash of a file's stored text, ``None`` where its blocks cannot be read (damaged)."""
    try:
        return content_hash(prev.raw(path))
    except IndexUnavailable:
        return None


RAW_TEXTS = "content.raw"
"""The texts of a generation being built, uncompressed, read back by the build's later steps (the
trigrams, the tokens, the words) and removed before it is published."""


def _dictionary(stored: _ContentReader, entries: list[FileEntry], total: int) -> bytes | None:
    """A zstd dictionary trained on :data:`~maguyva_tui.core.store.texts.SAMPLE_BLOCKS` blocks
    taken evenly over the texts; ``None`` for texts under
    :data:`~maguyva_tui.core.store.texts.TRAIN_MIN_BYTES`."""
    if total < TRAIN_MIN_BYTES:
        return None
    blocks = sum(len(cut(e.length)) for e in entries)
    stride = max(1, blocks // SAMPLE_BLOCKS)
    samples: list[bytes] = []
    seen = 0
    for entry in entries:
        sizes = cut(entry.length)
        picked = [k for k in range(len(sizes)) if (seen + k) % stride == 0]
        seen += len(sizes)
        if picked:
            data = stored.raw(entry)
            starts = [0, *accumulate(sizes)]
            samples.extend(data[starts[k] : starts[k + 1]] for k in picked)
    return train(samples)


def _kept_file(prev: Snapshot, entry: FileEntry, spill: _Spill, known: int | None) -> tuple[FileEntry, bytes]:
    """A reused file's entry and text (read from the live generation when the walk did not read it)."""
    if known is None:
        return entry, prev.raw(entry.path)
    data = spill.get(known)
    spill.drop(known)
    return entry, data


def _fresh_file(spill: _Spill, src: _Fresh, doc_id: int, language: str | None) -> tuple[FileEntry, bytes]:
    """A changed file's entry and text, read from the spill and let go there (from here on the
    build reads it back from ``content.bin``, one file at a time)."""
    data = spill.get(src.ticket)
    spill.drop(src.ticket)
    entry = FileEntry(src.path, doc_id, content_hash(data), src.size, src.mtime_ns, language, 0, 0,
                      src.inode, src.ctime_ns)
    return entry, data


class _ContentReader:
    """Read files back from a ``content.bin`` being written, one at a time, with positional reads
    (not a map: a build that touched every page of a mapped copy would hold the corpus again)."""

    def __init__(self, path: Path) -> None:
        self._fd = os.open(path, os.O_RDONLY)

    def text(self, entry: FileEntry) -> str:
        """A file's stored text."""
        return self.raw(entry).decode("utf-8", errors="replace")

    def raw(self, entry: FileEntry) -> bytes:
        """A file's stored UTF-8 bytes."""
        return os.pread(self._fd, entry.length, entry.offset)

    def __enter__(self) -> _ContentReader:
        return self

    def __exit__(self, *exc: object) -> None:
        os.close(self._fd)


def _release() -> None:
    """Hand the heap's free memory back to the system between the build's steps (glibc keeps what
    large temporaries freed otherwise, and the process stays at its highest step's size)."""
    release()


def _same_stat(entry: FileEntry, candidate: Candidate) -> bool:
    """Tell whether a walked file is the one indexed, unchanged, without reading it: same size,
    modification time, inode and status-change time (as git compares them), so a same-size file
    swapped in with ``mv`` or edited and ``touch -r``-ed back is read again."""
    return (entry.size, entry.mtime_ns, entry.inode, entry.ctime_ns) == (
        candidate.size, candidate.mtime_ns, candidate.inode, candidate.ctime_ns
    )


def _restat(entry: FileEntry, source: SourceFile) -> FileEntry:
    """Carry an unchanged file's entry over with its new stat."""
    return replace(entry, mtime_ns=source.mtime_ns, inode=source.inode, ctime_ns=source.ctime_ns)


def _analyze_batch(batch: list[tuple[str, bytes, str | None]]) -> list[PackedRow]:
    """Parse a batch of files (their UTF-8 texts as read, the language of the files that include
    them) in a worker process, into the rows the index stores, packed (:class:`PackedRow`: a few
    bytes a fact to ship and to hold)."""
    from maguyva_tui.core.parsing.analyze import analyze_row

    return [PackedRow.of(analyze_row(path, data.decode("utf-8", errors="surrogatepass"), included_as))
            for path, data, included_as in batch]


def _not_a_folder(folder: Path) -> Path | None:
    """The nearest of ``folder`` and the folders above it that exists and is not a folder (a file
    named as the index folder, ``--index-dir /dev/null``), or ``None``."""
    for place in (folder, *folder.parents):
        try:
            mode = place.stat().st_mode
        except OSError:  # missing (made when written) or unreadable: not the file in the way
            continue
        return None if stat.S_ISDIR(mode) else place
    return None
