"""Python's cyclic garbage collector, turned off or on for a block and given back afterwards,
whatever other threads' blocks do meanwhile.

A build pauses it while it allocates many small containers (:func:`paused`: a graph's tables), and
an index build keeps it on while it parses and writes (:func:`collecting`: a one-question search
turns it off for its process). Each block had saved ``gc.isenabled()`` and set it back: run in
threads of one process (the explorer's background build beside a search that loads the graph, a
test suite), a block that began while another thread's had paused the collector saved "off" and
set it back last, and the process ran without the collector from then on. Here the blocks are
counted, under a lock: a pause wins while any is running, else a block that collects turns it on,
and the state the first block found is given back when the last one ends.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_pauses = 0
_collecting = 0
_before: bool | None = None
"""The collector's state when the first running block began (``None``: no block is running)."""


def _enter(pause: bool) -> None:
    global _pauses, _collecting, _before
    with _lock:
        if _before is None:
            _before = gc.isenabled()
        if pause:
            _pauses += 1
        else:
            _collecting += 1
        _settle()


def _leave(pause: bool) -> None:
    global _pauses, _collecting
    with _lock:
        if pause:
            _pauses -= 1
        else:
            _collecting -= 1
        _settle()


def _settle() -> None:
    """Set the collector as the running blocks ask (the lock held); none left: as the first found it."""
    global _before
    if _pauses:
        gc.disable()
    elif _collecting:
        gc.enable()
    elif _before is not None:
        (gc.enable if _before else gc.disable)()
        _before = None


@contextmanager
def paused() -> Iterator[None]:
    """Run a block with the automatic collections off (they resume, and catch up, when the last
    paused block of the process ends)."""
    _enter(pause=True)
    try:
        yield
    finally:
        _leave(pause=True)


@contextmanager
def collecting() -> Iterator[None]:
    """Run a block with the collector on (unless a block of another thread pauses it meanwhile),
    the process's own choice given back when the last block ends."""
    _enter(pause=False)
    try:
        yield
    finally:
        _leave(pause=False)
