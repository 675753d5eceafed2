"""The explorer's own screen: Textual's, with frames drawn as soon as something changed.

Textual draws a screen's changes on a timer of 60 ticks a second, paused while nothing changes.
After a pause its tick skips one slot too many (the next tick lands on the second slot after the
late one, not the first): a key's echo drawn at once, its results ready 10 ms later waited 17-33
ms more for their frame (median 14 ms of the 35 from a key to its results on sympy). Here a frame
is drawn as soon as something changed, at most one every 1/60 s (``TEXTUAL_FPS``) as before.
"""

from __future__ import annotations

import asyncio

from textual import constants
from textual._time import get_time, sleep
from textual.screen import Screen
from textual.timer import EventTargetGone, Timer

FRAME_PERIOD = 1 / constants.MAX_FPS
"""The least time between two frames (Textual's own rate)."""


HELD_FRAMES_S = 0.05
"""How long a typed key's frame waits at most for its results (:meth:`FramePacer.hold`)."""

SETTLE_STEPS = 4
"""Turns of the event loop a released frame lets pass first: the answer's widgets tell the screen
what changed through their own queues (a widget's idle, the screen's update, the screen's idle)."""


class FramePacer(Timer):
    """A screen's update timer: each resume ticks at once, or one frame period after the last tick
    when that is later. Paused by its tick, resumed by the next change (as Textual's is).

    While held (:meth:`hold`: a key typed, its search running) it draws nothing until released or
    the hold runs out: the key's echo and its results are drawn in one frame. Drawn apart, the
    echo's frame took 10-20 ms of the app's thread while the search ran beside it (one interpreter
    lock), and the results' frame then waited out the rest of a frame period after it."""

    held_until = 0.0
    _released: asyncio.Event | None = None

    def hold(self, seconds: float | None = None) -> None:
        """Draw no frame until :meth:`release`, or for ``seconds`` at most (:data:`HELD_FRAMES_S`)."""
        self.held_until = get_time() + (HELD_FRAMES_S if seconds is None else seconds)

    def release(self) -> None:
        """Draw the changes waiting now (and any after) as soon as the pace allows."""
        self.held_until = 0.0
        if self._released is not None:
            self._released.set()

    async def _held(self) -> None:
        """Wait while held, then let the changes released reach the screen."""
        held = self.held_until - get_time()
        if held <= 0:
            return
        if self._released is None:
            self._released = asyncio.Event()
        self._released.clear()
        try:
            await asyncio.wait_for(self._released.wait(), held)
        except TimeoutError:
            self.held_until = 0.0
            return
        for _ in range(SETTLE_STEPS):
            await asyncio.sleep(0)

    async def _run(self) -> None:
        last = -self._interval
        while True:
            await self._active.wait()
            await self._held()
            wait = last + self._interval - get_time()
            if wait > 0:
                await sleep(wait)
                await self._active.wait()
            last = get_time()
            try:
                await self._tick(next_timer=last, count=0)
            except EventTargetGone:
                break


class ExplorerScreen(Screen[None]):
    """The explorer's screen (the app's first): Textual's, its frames paced by :class:`FramePacer`."""

    _pacer: FramePacer | None = None

    @property
    def _update_timer(self) -> Timer:
        """The timer that draws the screen's changes (Textual's property, with our timer)."""
        if self._pacer is None:
            self._pacer = FramePacer(self, FRAME_PERIOD, name="screen_update", callback=self._on_timer_update,
                                     pause=True)
            self._pacer._start()
            self._timers.add(self._pacer)
        return self._pacer

    def hold_frames(self) -> None:
        """Draw nothing until :meth:`release_frames` (a typed key's results), for a moment at most."""
        pacer = self._update_timer
        assert isinstance(pacer, FramePacer)
        pacer.hold()

    def release_frames(self) -> None:
        """Draw what changed, the results with the key's echo."""
        if self._pacer is not None:
            self._pacer.release()
