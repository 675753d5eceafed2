"""Pause the cyclic garbage collector while a bulk build allocates many small containers.

Building the graph's tables allocates hundreds of thousands of lists, sets and tuples, none of
them cyclic garbage; each allocation burst triggers collections that walk every live object of the
process (a loaded index holds millions), which on sympy costs a sixth of a build. Collections
resume, and catch up, when the outermost build ends.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def bulk() -> Iterator[None]:
    """Run a block with automatic garbage collection paused (nesting and threads keep it paused
    until the block that paused it ends)."""
    paused = gc.isenabled()
    if paused:
        gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()
