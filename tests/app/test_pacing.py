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


async def test_a_held_pacer_draws_when_released_or_when_the_hold_runs_out() -> None:
    """A typed key holds the frames until its results are given (one frame for the echo and the
    results), or for a moment at most (a slow search: the echo is drawn then)."""
    target = _Target()
    pacer = FramePacer(target, FRAME_PERIOD, pause=True)  # type: ignore[arg-type]
    ticks: list[float] = []

    async def tick(**_: Any) -> None:
        ticks.append(explorer.get_time())
        pacer.pause()

    pacer._tick = tick  # type: ignore[method-assign]
    task = asyncio.create_task(pacer._run())

    async def turns(n: int = 20) -> None:
        for _ in range(n):
            await asyncio.sleep(0)

    try:
        pacer.hold(5.0)
        pacer.resume()  # the echo's change
        await turns()
        await asyncio.sleep(0.05)
        assert ticks == [], "held: nothing drawn before the results"
        pacer.release()
        await turns()
        assert len(ticks) == 1, "released: drawn at once"
        await asyncio.sleep(FRAME_PERIOD)
        held = explorer.get_time()
        pacer.hold(0.03)
        pacer.resume()
        await turns()
        assert len(ticks) == 1
        await asyncio.sleep(0.1)
        assert len(ticks) == 2 and ticks[1] - held >= 0.03, "the hold ran out: drawn then"
        pacer.release()  # a late release draws nothing more
        pacer.resume()
        await asyncio.sleep(FRAME_PERIOD * 2)
        assert len(ticks) == 3
    finally:
        task.cancel()


@pytest.mark.slow  # over 2 s on 2 cores: the slow pass (.ci/run) runs it
async def test_a_typed_key_and_its_results_are_drawn_in_one_frame(make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from maguyva_tui.app.widgets.results import ResultsTable
    from tests.app.conftest import ready, settle

    monkeypatch.setattr(explorer, "HELD_FRAMES_S", 10.0)  # however slow the search here
    app = make_app()
    async with app.run_test() as pilot:
        await ready(pilot)
        box = app.part("#query")
        box.focus()
        await pilot.press(*"parse_confi")
        await settle(pilot)
        table = app.query_one(ResultsTable)
        frames: list[tuple[str, int]] = []
        display = app._display

        def spy(screen: Any, renderable: Any) -> None:
            display(screen, renderable)
            if renderable is not None and screen is app.screen_stack[0]:
                frames.append((box.value, table.answer.request.seq if table.answer is not None else 0))

        app._display = spy
        await pilot.press("g")
        await settle(pilot)
        first = next(frame for frame in frames if frame[0] == "parse_config")
        assert first == ("parse_config", app.seq), "the key's echo was drawn before its results"


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
