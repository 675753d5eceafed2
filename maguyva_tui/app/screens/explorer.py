"""The explorer's own screen: Textual's, with frames drawn as soon as something changed.

Textual draws a screen's changes on a timer of 60 ticks a second, paused while nothing changes.
After a pause its tick skips one slot too many (the next tick lands on the second slot after the
late one, not the first): a key's echo drawn at once, its results ready 10 ms later waited 17-33
ms more for their frame (median 14 ms of the 35 from a key to its results on sympy). Here a frame
is drawn as soon as something changed, at most one every 1/60 s (``TEXTUAL_FPS``) as before.
"""

from __future__ import annotations

from textual import constants
from textual._time import get_time, sleep
from textual.screen import Screen
from textual.timer import EventTargetGone, Timer

FRAME_PERIOD = 1 / constants.MAX_FPS
"""The least time between two frames (Textual's own rate)."""


class FramePacer(Timer):
    """A screen's update timer: each resume ticks at once, or one frame period after the last tick
    when that is later. Paused by its tick, resumed by the next change (as Textual's is)."""

    async def _run(self) -> None:
        last = -self._interval
        while True:
            await self._active.wait()
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
