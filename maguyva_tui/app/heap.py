"""When the explorer lets Python's cyclic collector make its full passes: while nobody types.

A full pass stops every thread while it walks every tracked object. On sympy it took 17-113 ms of
the interpreter (35-670 ms wall with a core busy), about every 4 s while typing: the slowest keys
were those it landed on. Here the objects alive once the index is open (the index, the modules,
the widgets) are left out of every later pass (``gc.freeze``), and the full passes run when the
explorer has been quiet a moment (no question asked, no result chosen), or at the latest every
30 s. The young generations are collected as Python does, in every thread.
"""

from __future__ import annotations

import gc
import time

QUIET_S = 1.0
"""No question nor move for this long: a full pass now is never in the way."""

SOONEST_S = 5.0
"""A full pass at most this often while quiet (work in the background promotes objects all along:
Python's own passes came about every 4 s while typing)."""

LATEST_S = 30.0
"""A full pass at least this often, quiet or not (cyclic garbage does not wait for long)."""

TICK_S = 0.5
"""How often the explorer asks whether a full pass is due."""

NEVER = 1 << 30
"""The full pass's threshold while the explorer runs: never started by an allocation."""


class QuietCollector:
    """The cyclic collector's full passes, moved to when the explorer is quiet."""

    def __init__(self) -> None:
        self.active_at = self.collected_at = time.monotonic()
        self._saved: tuple[int, int, int] | None = None

    def start(self) -> None:
        """Take over the full passes (undone by :meth:`stop`)."""
        if self._saved is None:
            self._saved = gc.get_threshold()
            gc.set_threshold(self._saved[0], self._saved[1], NEVER)

    def stop(self) -> None:
        """Give the full passes back to Python."""
        if self._saved is not None:
            gc.set_threshold(*self._saved)
            self._saved = None

    def busy(self) -> None:
        """Note a question or a move: the next full pass waits for quiet."""
        self.active_at = time.monotonic()

    def settle(self) -> None:
        """Collect everything once, then leave every object alive now out of later passes (an
        index just opened). Unfrozen first, so that a generation replaced since is collected."""
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        self.collected_at = time.monotonic()

    def tick(self) -> None:
        """Make the full pass when it is due: after a quiet moment (not twice within
        :data:`SOONEST_S`), or at the latest."""
        now = time.monotonic()
        if gc.get_count()[2] == 0:
            return  # nothing promoted since the last pass
        since = now - self.collected_at
        if (now - self.active_at >= QUIET_S and since >= SOONEST_S) or since >= LATEST_S:
            gc.collect()
            self.collected_at = now
