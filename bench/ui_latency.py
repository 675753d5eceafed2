"""The explorer's latency as a person feels it, on a big repository, with another process busy.

    python -m bench.ui_latency [--corpus sympy] [--rounds 2] [--no-load]

Drives the real app headless (Textual's pilot) on a pinned corpus (sympy 1.13.3, ~33 MB) while a
busy loop it starts keeps one core busy, and times every figure to the *frame* that shows it: the
app's compositor hands each frame to the driver (headless, the same update a terminal would get
is composed and dropped), and the bench notes what the frame held. Figures:

1. **keystroke -> results**, two ways: the last key of a question after a pause (``last key``), and
   the last key of a question typed at a typist's pace (``typed``: a key every ``GAP_S``, each one
   starting a search the next makes stale). Peer: the same question through the engine, without
   the UI, timed in the same round right after (``engine``).
2. **j/k -> preview**: a key in the results list to the first frame showing the newly selected
   file (``first draw``), and to the first frame with its visible lines coloured (``coloured``);
   ``misplaced`` counts new files first drawn at another scroll position than their own. Peer: the
   same key to the frame where the list's cursor moved.
3. **new question -> coloured preview**: the last key of a question to the first frame with the
   top result's preview coloured. Peer: the same key to the results frame.

4. **UI thread CPU**: the CPU time of the app's thread (Textual's loop: handling keys and answers,
   layout, composing frames) per key of a typed question and per j/k move, up to the frame with
   the preview coloured. Wall times on a shared machine follow the load; this follows the code.
   Beside it, the frames composed and the screen layouts (every widget placed again) per typed key.

``--profile FILE`` runs cProfile on the app's thread for the whole run, writes its statistics to
FILE (``python -m pstats FILE``) and prints the functions that cost the most.

Target (issue 19, item 4): keystroke -> results p90 <= 50 ms with one core busy; preview draws in
<= 50 ms, never misplaced. The load average is printed beside the figures (the machine is shared).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

QUESTIONS = [
    "ValueError",
    '"could not"',
    "def sympify",
    "class Matrix",
    "TypeError",
    "def simplify",
    '"is not"',
    "class Symbol",
    "NotImplementedError",
    "def solve",
    "KeyError",
    "def integrate",
    "class Poly",
    '"must be"',
    "def expand",
    "AttributeError",
]
"""Literals, error names and definitions: the questions typed into the box."""

GAP_S = 0.09
"""Between keys when a question is typed (about 11 keys a second: a quick typist)."""

MOVES = 4
"""j/k presses per question in the preview figure."""

TIMEOUT_S = 30.0


@dataclass
class Frame:
    at: float
    began: float
    """When the screen began composing it (every changed line drawn)."""
    seq: int
    """The request whose answer the list showed."""
    cursor: int
    shown: Any
    """The preview's ``(path, start, end)``."""
    scroll: int
    target: int | None
    """Where the preview should be scrolled for what it shows."""
    coloured: Any
    """The ``shown`` whose visible lines are coloured, else ``None``."""


@dataclass
class Frames:
    """Every frame the app composed, with what the list and the preview held."""

    app: Any
    frames: list[Frame] = field(default_factory=list)
    layouts: int = 0
    """Layouts of the main screen so far (``Screen._refresh_layout``: every widget placed again)."""
    composed: asyncio.Event = field(default_factory=asyncio.Event)
    """Set by each frame composed."""
    tick_at: float = 0.0
    """When the screen began composing its latest frame."""
    stages: list[list[float]] = field(default_factory=list)
    """Per last key measured: the ms of each of :data:`STAGES`."""

    asked: dict[int, tuple[float, float]] = field(default_factory=dict)
    """Per request number: when the search thread began and ended asking the source (answered or given up)."""
    shown: dict[int, tuple[float, float]] = field(default_factory=dict)
    """Per request number: when the app's thread began and ended showing its answer (the widgets given it)."""

    def install(self) -> None:
        from maguyva_tui.app.widgets.preview import Preview
        from maguyva_tui.app.widgets.results import ResultsTable

        app = self.app
        source_ask = app.source.ask

        def ask_spy(request: Any, *args: Any, **kwargs: Any) -> Any:
            began = time.perf_counter()
            try:
                return source_ask(request, *args, **kwargs)
            finally:
                self.asked[request.seq] = (began, time.perf_counter())

        app.source.ask = ask_spy
        show_answer = app._show_answer

        def show_spy(answer: Any) -> None:
            began = time.perf_counter()
            show_answer(answer)
            if answer is not None:
                self.shown.setdefault(answer.request.seq, (began, time.perf_counter()))

        app._show_answer = show_spy
        table = app.part(ResultsTable)
        preview = app.part(Preview)
        display = app._display

        def spy(screen: Any, renderable: Any) -> None:
            display(screen, renderable)
            if renderable is None or screen is not app.screen_stack[0]:
                return
            answer = table.answer
            self.frames.append(
                Frame(
                    time.perf_counter(),
                    self.tick_at,
                    answer.request.seq if answer is not None else 0,
                    table.cursor_row,
                    preview.shown,
                    round(preview.scroll_y),
                    getattr(preview, "target_y", None),
                    getattr(preview, "coloured", None),
                )
            )
            self.composed.set()

        app._display = spy
        screen = app.screen_stack[0]
        refresh_layout = screen._refresh_layout

        def layout_spy(*args: Any, **kwargs: Any) -> Any:
            self.layouts += 1
            return refresh_layout(*args, **kwargs)

        screen._refresh_layout = layout_spy
        compositor_refresh = screen._compositor_refresh

        def refresh_spy(*args: Any, **kwargs: Any) -> Any:
            self.tick_at = time.perf_counter()
            return compositor_refresh(*args, **kwargs)

        screen._compositor_refresh = refresh_spy

    async def first(self, after: float, test: Any, timeout: float = TIMEOUT_S) -> Frame:
        """Wait for the first frame composed after ``after`` that passes ``test`` (woken by each
        frame: polling every millisecond took the interpreter from the search thread it measures)."""
        deadline = time.perf_counter() + timeout
        index = 0
        while True:
            while index < len(self.frames):
                frame = self.frames[index]
                index += 1
                if frame.at >= after and test(frame):
                    return frame
            self.composed.clear()
            try:
                await asyncio.wait_for(self.composed.wait(), max(deadline - time.perf_counter(), 0))
            except TimeoutError:
                raise TimeoutError("no such frame") from None


def instrument_old_preview() -> None:
    """Give a preview without ``target_y``/``coloured`` (the version before them) the same two
    attributes, so that one bench measures both versions."""
    from maguyva_tui.app.widgets import preview

    module: Any = preview  # an older version's names (``top_level_before``, ``_swap``) are looked up
    cls: Any = module.Preview
    if not hasattr(cls, "_swap"):  # this version has them
        return
    show, swap = cls.show, cls._swap

    def show_spy(self: Any, path: str, text: str, start: int, end: int, *args: Any, **kwargs: Any) -> None:
        if self.shown != (path, start, end):
            lines = text.splitlines()
            first = module.top_level_before(lines, max(start - 1 - module.CONTEXT_BEFORE, 0))
            self.target_y = max(start - 1 - first - module.SCROLL_MARGIN, 0)
            self.coloured = None
        show(self, path, text, start, end, *args, **kwargs)

    def swap_spy(self: Any, shown: Any, content: Any) -> None:
        swap(self, shown, content)
        if self.shown == shown:
            self.coloured = shown

    cls.show, cls._swap = show_spy, swap_spy
    cls.target_y, cls.coloured = None, None


def clamp_target(app: Any, frame: Frame) -> int | None:
    """The scroll a frame should show: the target, clamped as the scroll is (a short file)."""
    from maguyva_tui.app.widgets.preview import Preview

    if frame.target is None:
        return None
    return min(frame.target, round(app.part(Preview).max_scroll_y))  # type: ignore[no-any-return]


class Busy:
    """Another process keeping one core busy, for the whole run."""

    def __enter__(self) -> Busy:
        self.proc = subprocess.Popen([sys.executable, "-c", "while True: pass"])
        self.started = time.monotonic()
        return self

    def cpu_share(self) -> float:
        """The share of one core the busy loop got so far."""
        try:
            with open(f"/proc/{self.proc.pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            ticks = int(fields[11]) + int(fields[12])
        except OSError:
            return float("nan")
        return ticks / os.sysconf("SC_CLK_TCK") / max(time.monotonic() - self.started, 1e-9)

    def __exit__(self, *exc: object) -> None:
        self.proc.kill()
        self.proc.wait()


async def _fill(app: Any, pilot: Any, text: str) -> None:
    """Put ``text`` in the box at once and wait for its answer and a settled preview."""
    from maguyva_tui.app.widgets.query import QueryInput

    box = app.part("#query", QueryInput)
    box.focus()
    box.value = text
    box.cursor_position = len(text)
    await pilot.pause()
    deadline = time.perf_counter() + 600
    while app.shown_seq != app.seq:
        if time.perf_counter() > deadline:
            raise TimeoutError("no answer")
        await asyncio.sleep(0.002)
    await pilot.pause(0.4)  # the preview settles, as a typist's pause would let it


def _key(ch: str) -> str:
    return {" ": "space", '"': "quotation_mark"}.get(ch, ch)


@dataclass
class PerKey:
    """What a typed question cost the UI thread, per key, up to its coloured preview."""

    cpu_ms: float
    frames: float
    layouts: float


STAGES = ("key -> its search began", "its search", "search ended -> app shows it", "app gives the widgets the answer",
          "-> its frame's composing began", "composing its frame", "  (frames composed since the key)")
"""What a keystroke's wait for its results frame is made of (:func:`stages`)."""


def stages(frames: Frames, started: float, seq: int, frame: Frame) -> list[float]:
    """The ms of each of :data:`STAGES` for the request ``seq`` typed at ``started``."""
    began, ended = frames.asked.get(seq, (started, started))
    shown, given = frames.shown.get(seq, (ended, ended))
    between = sum(1 for f in frames.frames if started <= f.at < frame.at)
    return [(began - started) * 1000, (ended - began) * 1000, (shown - ended) * 1000, (given - shown) * 1000,
            (frame.began - given) * 1000, (frame.at - frame.began) * 1000, float(between)]


async def last_key(app: Any, frames: Frames, pilot: Any, question: str, typed: bool) -> tuple[float, float, PerKey]:
    """Return ms from the last key of ``question`` to its results frame and to its coloured preview,
    and the UI thread's CPU ms, frames and layouts per key from the first key to the coloured preview."""
    cpu, composed, layouts = time.thread_time(), len(frames.frames), frames.layouts
    if typed:
        await _fill(app, pilot, "")
        cpu, composed, layouts = time.thread_time(), len(frames.frames), frames.layouts
        for ch in question[:-1]:
            await pilot.press(_key(ch))
            await asyncio.sleep(GAP_S)
    else:
        await _fill(app, pilot, question[:-1])
    started = time.perf_counter()
    await pilot.press(_key(question[-1]))
    seq = app.seq
    results = await frames.first(started, lambda f: f.seq == seq)
    top = app.answer.rows[0] if app.answer is not None and app.answer.rows else None
    coloured = results
    if top is not None:
        want = (top.path, top.start_line, top.end_line)
        coloured = await frames.first(started, lambda f: f.seq == seq and f.coloured == want)
    keys = len(question) if typed else 1
    frames.stages.append(stages(frames, started, seq, results))
    per_key = PerKey((time.thread_time() - cpu) * 1000 / keys, (len(frames.frames) - composed) / keys,
                     (frames.layouts - layouts) / keys)
    return (results.at - started) * 1000, (coloured.at - started) * 1000, per_key


async def moves(app: Any, frames: Frames, pilot: Any, question: str) -> list[tuple[float, float, float, bool, float]]:
    """Press j (then k) in the results; per key: ms to the list's cursor frame, to the preview's
    first frame of the new file, to its coloured frame, whether that first frame was misplaced,
    and the UI thread's CPU ms from the key to the coloured frame."""
    from maguyva_tui.app.widgets.results import ResultsTable

    await _fill(app, pilot, question)
    table = app.part(ResultsTable)
    table.focus()
    await pilot.pause(0.1)
    out = []
    for i in range(MOVES):
        key = "j" if i < MOVES - 1 else "k"
        row = table.cursor_row + (1 if key == "j" else -1)
        if not 0 <= row < len(app.answer.rows):
            break
        target = app.answer.rows[row]
        want = (target.path, target.start_line, target.end_line)
        started, cpu = time.perf_counter(), time.thread_time()
        await pilot.press(key)
        cursor = await frames.first(started, lambda f, row=row: f.cursor == row)
        drawn = await frames.first(started, lambda f, want=want: f.shown == want)
        coloured = await frames.first(started, lambda f, want=want: f.shown == want and f.coloured == want)
        cpu_ms = (time.thread_time() - cpu) * 1000
        misplaced = drawn.target is not None and drawn.scroll != clamp_target(app, drawn)
        out.append(
            (
                (cursor.at - started) * 1000,
                (drawn.at - started) * 1000,
                (coloured.at - started) * 1000,
                misplaced,
                cpu_ms,
            )
        )
        await pilot.pause(0.3)
    return out


def engine_ms(app: Any, question: str) -> float:
    """The same question through the engine alone (the UI's source), best of two."""
    from maguyva_tui.app.session import Request

    times = []
    for _ in range(2):
        started = time.perf_counter()
        app.source.ask(Request(question))
        times.append((time.perf_counter() - started) * 1000)
    return min(times)


async def run(root: Path, rounds: int, questions: list[str], each: bool = False) -> dict[str, list[float]]:
    from maguyva_tui.app import MaguyvaApp
    from maguyva_tui.core.engine import Engine

    instrument_old_preview()
    engine = Engine(root)
    started = time.perf_counter()
    engine.refresh()
    print(f"index ready in {time.perf_counter() - started:.1f} s ({len(engine.snapshot.files):,} files)",
          file=sys.stderr)
    app = MaguyvaApp(engine, watch=False, embed=False)
    out: dict[str, list[float]] = {k: [] for k in (
        "last key", "last key engine", "typed", "typed engine", "query coloured", "query results",
        "cursor", "first draw", "coloured", "misplaced", "typed cpu", "move cpu", "typed frames",
        "typed layouts")}
    async with app.run_test(size=(140, 40)) as pilot:
        while not app.index_ready or any(not w.is_finished for w in app.workers if w.group == "index"):
            await asyncio.sleep(0.05)  # the index brought up to date: no refresh under the figures
        frames = Frames(app)
        frames.install()
        for question in questions[:3]:  # warm: load what the first questions load
            await last_key(app, frames, pilot, question, typed=False)
            engine_ms(app, question)
        for r in range(rounds):
            for question in questions:
                results, coloured, _ = await last_key(app, frames, pilot, question, typed=False)
                out["last key"].append(results)
                out["query results"].append(results)
                out["query coloured"].append(coloured)
                out["last key engine"].append(engine_ms(app, question))
                results, _, per_key = await last_key(app, frames, pilot, question, typed=True)
                out["typed"].append(results)
                out["typed cpu"].append(per_key.cpu_ms)
                out["typed frames"].append(per_key.frames)
                out["typed layouts"].append(per_key.layouts)
                out["typed engine"].append(engine_ms(app, question))
                if each:
                    print(f"  {question!r:<22} last key {out['last key'][-1]:6.1f} (engine {out['last key engine'][-1]:5.1f})"
                          f"  typed {out['typed'][-1]:6.1f} (engine {out['typed engine'][-1]:5.1f}) ms",
                          file=sys.stderr)
                if r == 0:
                    for cursor, drawn, coloured, misplaced, cpu in await moves(app, frames, pilot, question):
                        out["move cpu"].append(cpu)
                        out["cursor"].append(cursor)
                        out["first draw"].append(drawn)
                        out["coloured"].append(coloured)
                        out["misplaced"].append(float(misplaced))
            print(f"round {r + 1}/{rounds} done", file=sys.stderr)
    warm = 3  # the warming questions' keys are not figures
    for i, name in enumerate(STAGES):
        out[f"stage {name}"] = [row[i] for row in frames.stages[warm:]]
    return out


async def profiled(work: Any, path: str | None) -> Any:
    """Await ``work``, under cProfile on this thread (the app's) when ``path`` is given: the
    statistics are written there and the costliest functions printed (to stderr)."""
    if path is None:
        return await work
    import cProfile
    import pstats

    profile = cProfile.Profile()
    profile.enable()
    try:
        return await work
    finally:
        profile.disable()
        profile.dump_stats(path)
        stats = pstats.Stats(path, stream=sys.stderr).sort_stats("tottime")
        stats.print_stats(30)


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(int(q * len(ordered)), len(ordered) - 1)]


def _row(name: str, values: list[float], peer: list[float] | None = None, peer_name: str = "") -> str:
    line = f"  {name:<34} n={len(values):>3}  median {statistics.median(values):7.1f}  p90 {_p(values, 0.9):7.1f} ms"
    if peer:
        line += (f"   | {peer_name}: median {statistics.median(peer):6.1f}  p90 {_p(peer, 0.9):6.1f} ms"
                 f"  (ratio of medians {statistics.median(values) / max(statistics.median(peer), 1e-9):.2f}x)")
    return line


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.ui_latency", description=__doc__.split("\n")[0])
    parser.add_argument("--corpus", default="sympy")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--questions", type=int, default=len(QUESTIONS), help="how many of the questions")
    parser.add_argument("--no-load", action="store_true", help="do not start the busy loop")
    parser.add_argument("--profile", metavar="FILE", help="cProfile the app's thread; statistics to FILE")
    parser.add_argument("--each", action="store_true", help="print each question's keystroke figures (to stderr)")
    args = parser.parse_args()
    from bench.corpora import corpus

    root = corpus(args.corpus)
    load_before = os.getloadavg()
    busy: Busy | None = None
    try:
        if not args.no_load:
            busy = Busy().__enter__()
        results = asyncio.run(profiled(run(root, args.rounds, QUESTIONS[: args.questions], args.each), args.profile))
        share = busy.cpu_share() if busy else 0.0
    finally:
        if busy is not None:
            busy.__exit__()
    load_after = os.getloadavg()
    print(f"explorer latency, {args.corpus}, {args.rounds} round(s), {args.questions} questions, 140x40, "
          f"{os.cpu_count()} cores")
    print(f"  busy loop: {'off' if busy is None else f'on, got {share:.0%} of a core'}; "
          f"load average {load_before[0]:.2f} before, {load_after[0]:.2f} after (1 min)")
    print("keystroke -> results frame (target p90 <= 50 ms)")
    print(_row("last key after a pause", results["last key"], results["last key engine"], "engine alone"))
    print(_row(f"last key, typed every {GAP_S * 1000:.0f} ms", results["typed"], results["typed engine"],
               "engine alone"))
    print("  where a last key's wait goes (both ways together):")
    for name in STAGES:
        print("  " + _row(name, results[f"stage {name}"]))
    print("j/k in the list -> preview frame (target: first draw <= 50 ms, never misplaced)")
    print(_row("first draw of the new file", results["first draw"], results["cursor"], "list cursor"))
    print(_row("visible lines coloured", results["coloured"], results["cursor"], "list cursor"))
    misplaced = results["misplaced"]
    print(f"  misplaced first draws: {int(sum(misplaced))} of {len(misplaced)}")
    print("UI thread CPU (the app's own work on its thread: the load and the busy core change it little)")
    print(_row("per key typed, to its coloured preview", results["typed cpu"]))
    print(_row("per j/k move, to its coloured preview", results["move cpu"]))
    print(f"  per key typed: {statistics.mean(results['typed frames']):.2f} frames, "
          f"{statistics.mean(results['typed layouts']):.2f} screen layouts (mean)")
    print("new question -> preview of the top result coloured")
    print(_row("last key -> coloured preview", results["query coloured"], results["query results"],
               "results frame"))


if __name__ == "__main__":
    main()
