"""Keystroke to updated result list in the terminal UI, on a big repository.

    python -m bench.ui_latency [--corpus sympy] [--rounds 3]

Drives the real app headless (Textual's pilot) on a pinned corpus (sympy, ~33 MB) and measures,
for each keystroke, the time from the key press to the moment the results table holds the answer
for the text now in the box (the key event, the debounce, the search in its worker, the message
back and the table rebuild; the terminal paint that follows is one frame, not measured). Two kinds of question:

- text: literals and error names that the classifier sends to the trigram engine
  (``exact_match``, direct path);
- structural: ``def name`` / ``class Name`` questions sent to the structural engine (direct path).

For each question the box is filled with all but its last character, then the last key is timed;
that is what a user waits for after every key once a question takes shape. The semantic fill-in is
off so that the figure is the UI's and the engines', not the embedder's. Target: p90 <= 50 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

TEXT = [
    '"ECONNREFUSED"',
    "ValueError",
    "TypeError",
    "NotImplementedError",
    '"could not"',
    "ZeroDivisionError",
    '"is not"',
    "KeyError",
    '"unexpected keyword"',
    "IndexError",
    '"must be"',
    "AttributeError",
]
STRUCTURAL = [
    "def sympify",
    "class Matrix",
    "def simplify",
    "class Symbol",
    "def solve",
    "def integrate",
    "class Poly",
    "def factor",
    "def expand",
    "class Basic",
    "def diff",
    "def series",
]


async def _settle(app, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while app.shown_seq != app.seq:
        if time.monotonic() > deadline:
            raise TimeoutError("no answer")
        await asyncio.sleep(0.0005)


async def _measure(app, pilot, question: str, timeout: float = 30.0) -> tuple[float, str, float]:
    """Fill all but the last character, then time the last key; return (ms, strategy, engine ms)."""
    box = app.part("#query")
    box.value = question[:-1]
    await pilot.pause()
    await _settle(app, timeout)
    await pilot.pause(0.3)  # let the preview of the filled text finish, as a typist's pause would
    started = time.perf_counter()
    await pilot.press(question[-1])
    await _settle(app, timeout)
    elapsed = (app.shown_at - started) * 1000  # when the table got the rows, not when the pilot returned
    answer = app.answer
    strategy = answer.strategy if answer else "error"
    engine_ms = float(answer.data.get("elapsed_ms", 0.0)) if answer else 0.0
    return elapsed, strategy, engine_ms


async def run(root: Path, rounds: int) -> dict[str, list[tuple[float, str, float]]]:
    from maguyva_tui.app import MaguyvaApp
    from maguyva_tui.core.engine import Engine

    engine = Engine(root)
    started = time.perf_counter()
    engine.refresh()
    print(
        f"index ready in {time.perf_counter() - started:.1f} s ({len(engine.snapshot.files):,} files)",
        file=sys.stderr,
    )
    app = MaguyvaApp(engine, watch=False, embed=False)
    out: dict[str, list[tuple[float, str, float]]] = {"text": [], "structural": []}
    async with app.run_test(size=(160, 45)) as pilot:
        while not app.index_ready:
            await asyncio.sleep(0.05)
        for question in (
            "how does warm up work",
            TEXT[0],
            STRUCTURAL[0],
        ):  # load models, build retrievers
            await _measure(app, pilot, question, timeout=600)
        for _ in range(rounds):
            for kind, questions in (("text", TEXT), ("structural", STRUCTURAL)):
                for q in questions:
                    out[kind].append(await _measure(app, pilot, q))
    return out


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(int(q * len(ordered)), len(ordered) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corpus", default="sympy")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    from bench.corpora import corpus

    results = asyncio.run(run(corpus(args.corpus), args.rounds))
    print(f"keystroke -> updated list, {args.corpus}, {args.rounds} rounds")
    print(f"{'kind':<11} {'n':>4} {'median ms':>10} {'p90 ms':>8} {'engine median':>14}  strategies")
    for kind, rows in results.items():
        ms = [r[0] for r in rows]
        engine = [r[2] for r in rows]
        strategies = sorted({r[1] for r in rows})
        print(
            f"{kind:<11} {len(ms):>4} {statistics.median(ms):>10.1f} {_p(ms, 0.9):>8.1f} "
            f"{statistics.median(engine):>14.1f}  {','.join(strategies)}"
        )
        for strategy in strategies if len(strategies) > 1 else ():
            part = [r for r in rows if r[1] == strategy]
            print(
                f"  {strategy:<9} {len(part):>4} {statistics.median(r[0] for r in part):>10.1f} "
                f"{_p([r[0] for r in part], 0.9):>8.1f} {statistics.median(r[2] for r in part):>14.1f}"
            )


if __name__ == "__main__":
    main()
