"""How indexing fans out over a cluster's CPUs: one core per task, the largest work first.

Brief overview::

    one_core()          a task's work held to the one CPU it asked Ray for: files parsed and the
                        graph built in the task's own process, BLAS on one thread
    largest_first()     repositories ordered by the work they hold (bytes of source), largest
                        first, so the last task to start is a small one (no core idles at the end
                        while one large repository finishes alone)
    submit_bounded()    at most ``workers`` tasks in flight, the next started as one finishes

Why one core: the indexer of one machine parses in a pool of a process per core and builds a cold
graph in a process beside the trigram postings. Each Ray task asks for one CPU; two tasks on two
cores that each start their own pool and graph process run four to six processes on two cores
(and a Ray worker has threads, so each fork copies a threaded process). Held to one process, N
tasks use N cores and no more. Nothing here imports Ray: the functions take what they submit.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from typing import Any, Final

SKIPPED_DIRS: Final = frozenset({".git", ".hg", ".svn", "node_modules", "__pycache__", ".venv", "venv"})
"""Folders whose bytes do not count as a repository's work (the walk skips them as well)."""


@contextmanager
def one_core() -> Iterator[None]:
    """Hold the indexing done inside the block to this process and one BLAS thread."""
    from maguyva_tui.core import indexer

    saved = indexer.PARALLEL_MIN_FILES, indexer.GRAPH_PROCESS_MIN_FILES
    # read at each build: no pool of parsing processes, no graph process beside, whatever the size
    indexer.PARALLEL_MIN_FILES = indexer.GRAPH_PROCESS_MIN_FILES = sys.maxsize
    try:
        with ExitStack() as stack:
            try:
                from threadpoolctl import threadpool_limits
            except ImportError:  # no BLAS control to be had: Ray's OMP_NUM_THREADS=1 stands
                pass
            else:
                stack.enter_context(threadpool_limits(limits=1))
            yield
    finally:
        indexer.PARALLEL_MIN_FILES, indexer.GRAPH_PROCESS_MIN_FILES = saved


@contextmanager
def one_embedding_thread(provider: Any) -> Iterator[None]:
    """Hold a transformer provider's embedding inside the block to one thread: the local MiniLM
    splits a batch over a pool of one thread per usable core (its matrix products release the
    GIL, so a 1-CPU Ray task kept two cores busy), and the tokenizer over a Rayon pool of its own.
    The provider is the task's own copy (unpickled in its process), its pool rebuilt with one
    thread; the tokenizer is told not to parallelise. A provider without a pool is left as it is."""
    saved_env = {name: os.environ.get(name) for name in ("TOKENIZERS_PARALLELISM", "RAYON_NUM_THREADS")}
    os.environ["TOKENIZERS_PARALLELISM"] = "false"  # read by each batch the tokenizer encodes
    os.environ["RAYON_NUM_THREADS"] = "1"  # read when a process's Rayon pool starts
    pooled = hasattr(provider, "_workers_count") and hasattr(provider, "_pool")
    saved = (provider._workers_count, provider._pool) if pooled else None
    if pooled:  # MiniLMProvider's worker count (a constructor argument): no public setter to hold it after
        provider._workers_count, provider._pool = 1, None
    try:
        yield
    finally:
        if saved is not None:
            if provider._pool is not None:
                provider._pool.shutdown(wait=False)
            provider._workers_count, provider._pool = saved
        set_environment(saved_env)


def set_environment(values: dict[str, str | None]) -> None:
    """Set each variable (``None``: unset it): to put back what a block changed."""
    for name, value in values.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


def source_bytes(root: str) -> int:
    """The bytes of a repository's files (a stat of each; 0 for a folder that cannot be read)."""
    total = 0
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in SKIPPED_DIRS]
        for name in files:
            try:
                total += os.lstat(os.path.join(folder, name)).st_size
            except OSError:
                pass
    return total


def largest_first(roots: Sequence[str], size: Callable[[str], int] = source_bytes) -> list[int]:
    """The positions of ``roots`` ordered by ``size``, largest first (ties in the order given)."""
    sizes = [size(root) for root in roots]
    return sorted(range(len(roots)), key=lambda i: -sizes[i])


def submit_bounded(ray: Any, starts: Sequence[Callable[[], Any]], workers: int | None) -> list[Any]:
    """Call each start (a ``task.remote(...)``) in order, at most ``workers`` unfinished at once
    (``None``: all at once, Ray queues them for free CPUs); return their references in order."""
    if workers is None or workers >= len(starts):
        return [start() for start in starts]
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    refs: list[Any] = []
    running: list[Any] = []
    for start in starts:
        if len(running) >= workers:
            _, running = ray.wait(running, num_returns=1)
        ref = start()
        refs.append(ref)
        running.append(ref)
    return refs
