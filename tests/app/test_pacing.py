"""When the explorer draws and collects: a change drawn as soon as it is made (at most 60 frames
a second), and the collector's full passes moved to quiet moments."""

from __future__ import annotations

import asyncio
import gc
from typing import Any

import pytest

from maguyva_tui.app import heap
from maguyva_tui.app.heap import QuietCollector
from maguyva_tui.app.screens import explorer
from maguyva_tui.app.screens.explorer import FRAME_PERIOD, ExplorerScreen, FramePacer

pytestmark = pytest.mark.anyio


class _Target:
    """What a timer ticks for (held by a weak reference)."""


async def test_a_change_is_drawn_at_once_unless_a_frame_was_just_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    """Textual's timer drew the first change after a pause at once and the next one on the second
    slot after it (17-33 ms); the pacer draws each as soon as a frame period has passed."""
    clock = [100.0]
    slept: list[float] = []

    async def fake_sleep(seconds: float) -> None:
        slept.append(seconds)
        clock[0] += seconds

    monkeypatch.setattr(explorer, "get_time", lambda: clock[0])
    monkeypatch.setattr(explorer, "sleep", fake_sleep)
    target = _Target()
    pacer = FramePacer(target, FRAME_PERIOD, pause=True)  # type: ignore[arg-type]
    ticks: list[float] = []

    async def tick(**_: Any) -> None:
        ticks.append(clock[0])
        pacer.pause()  # as the screen's update does

    pacer._tick = tick  # type: ignore[method-assign]
    task = asyncio.create_task(pacer._run())

    async def change(after: float) -> None:
        clock[0] += after
        pacer.resume()
        for _ in range(5):
            await asyncio.sleep(0)

    try:
        await change(0.0)
        assert ticks == [100.0] and slept == []  # at once
        await change(0.005)  # 5 ms after a frame: waits for the rest of the period
        assert ticks[1] == pytest.approx(100.0 + FRAME_PERIOD) and slept == [pytest.approx(FRAME_PERIOD - 0.005)]
        await change(0.020)  # after the period: at once, whatever the slots
        assert ticks[2] == pytest.approx(100.0 + FRAME_PERIOD + 0.020) and len(slept) == 1
        await change(1.0)
        assert len(ticks) == 4 and len(slept) == 1
    finally:
        task.cancel()


async def test_the_explorer_screen_draws_with_the_pacer(make_app: Any) -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.pause()
        screen = app.screen_stack[0]
        assert isinstance(screen, ExplorerScreen)
        assert isinstance(screen._update_timer, FramePacer)


def test_full_passes_wait_for_a_quiet_moment(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [1000.0]
    passes: list[float] = []
    monkeypatch.setattr(heap.time, "monotonic", lambda: now[0])
    monkeypatch.setattr(heap.gc, "collect", lambda *_: passes.append(now[0]) or 0)
    monkeypatch.setattr(heap.gc, "get_count", lambda: (0, 0, 3))  # objects promoted since the last pass
    saved = gc.get_threshold()
    collector = QuietCollector()
    collector.start()
    try:
        assert gc.get_threshold()[2] == heap.NEVER and gc.get_threshold()[:2] == saved[:2]
        for _ in range(20):  # typing: a key every 0.2 s for 4 s
            now[0] += 0.2
            collector.busy()
            collector.tick()
        assert passes == []
        now[0] += heap.QUIET_S
        collector.tick()
        assert passes == [now[0]]  # quiet: collected
        now[0] += heap.QUIET_S
        collector.tick()
        assert len(passes) == 1  # not again so soon
        for _ in range(int(heap.LATEST_S / 0.2) + 1):  # typing without a pause
            now[0] += 0.2
            collector.busy()
            collector.tick()
        assert len(passes) == 2  # at the latest
    finally:
        collector.stop()
    assert gc.get_threshold() == saved
