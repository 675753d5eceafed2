"""Pause the cyclic garbage collector while a bulk build allocates many small containers.

Building the graph's tables allocates hundreds of thousands of lists, sets and tuples, none of
them cyclic garbage; each allocation burst triggers collections that walk every live object of the
process (a loaded index holds millions), which on sympy costs a sixth of a build. Collections
resume, and catch up, when the outermost build ends.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from maguyva_tui.core.collector import paused


@contextmanager
def bulk() -> Iterator[None]:
    """Run a block with automatic garbage collection paused (nesting and threads keep it paused
    until the last paused block ends: :func:`maguyva_tui.core.collector.paused`)."""
    with paused():
        yield
