"""Launch to first result on a repository never indexed: how long a newcomer waits.

    python -m bench.first_result [--repo PATH | --corpus NAME] [--query TEXT] [--rounds 3]
    python -m bench.first_result --repo werkzeug-3.0.1 --query parse_options_header

Drives the real app headless (Textual's pilot) with a question already in the box, on an empty
index folder each round, and reports, from the moment the app is made:

- ``first``: the results table first holds rows for the question;
- ``engines``: which engines that first answer ran on (the rest joined later);
- ``complete``: the whole index (text, structural, graph, the static semantic tier) is built,
  and the answer to the question on it is shown;
- ``cpu``: the process's CPU seconds by then (the parse and graph processes' not counted), which
  a loaded machine inflates less than the wall time: what answering early costs the build.

The transformer tier's fill-in is off (it runs behind, for minutes, and never delays a result),
and so is the disk watcher. The static model is derived once per machine: derive it first
(any ``maguyva index``) so that the figure is the repository's, not the machine's first run.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

DEFAULT_QUERY = "class Session"
"""A definition in the default corpus (requests); pass one the repository defines with ``--repo``."""


async def _round(root: Path, query: str, timeout: float) -> tuple[float, tuple[str, ...], float, float]:
    """One launch on an empty index folder: seconds to first rows, the engines then, seconds to
    complete and CPU seconds by then."""
    from maguyva_tui.app import MaguyvaApp
    from maguyva_tui.core.engine import Engine

    with tempfile.TemporaryDirectory(prefix="maguyva-first-") as base:
        started, cpu = time.perf_counter(), time.process_time()
        app = MaguyvaApp(Engine(root, Path(base)), watch=False, embed=False, query=query)
        first: float | None = None
        engines: tuple[str, ...] = ()
        whole: int | None = None
        """The request number asked once every engine was ready: its answer is the complete one."""
        async with app.run_test(size=(160, 45)):
            deadline = time.monotonic() + timeout
            while True:
                if time.monotonic() > deadline:
                    raise TimeoutError(f"no complete answer within {timeout:.0f} s")
                answer = app.answer
                if first is None and answer is not None and answer.rows and app.shown_seq == app.seq:
                    first = app.shown_at - started
                    engines = _ready(app)
                if whole is None and app.index_ready and _ready(app) == _ALL and not app.part("#status").has_class(
                    "-indexing"
                ):
                    whole = app.seq
                if first is not None and whole is not None and app.shown_seq >= whole and app.shown_seq == app.seq:
                    return first, engines, app.shown_at - started, time.process_time() - cpu
                await asyncio.sleep(0.005)


def _ready(app: object) -> tuple[str, ...]:
    """The engines the searched generation has ready (all of them before progressive indexing)."""
    generation = app.engine._generation  # type: ignore[attr-defined]
    return _ALL if generation is None else tuple(getattr(generation, "ready", _ALL))


_ALL = ("text", "structural", "graph", "semantic")


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.first_result", description=__doc__.split("\n")[0])
    parser.add_argument("--repo", type=Path, help="a repository folder (default: the corpus)")
    parser.add_argument("--corpus", default="requests")
    parser.add_argument("--query", default=DEFAULT_QUERY)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=600.0)
    args = parser.parse_args()
    if args.repo is not None:
        root = args.repo
    else:
        from bench.corpora import corpus

        root = corpus(args.corpus)
    rows = [asyncio.run(_round(root, args.query, args.timeout)) for _ in range(args.rounds)]
    firsts, completes = [r[0] for r in rows], [r[2] for r in rows]
    print(f"launch -> first result, {root.name}, query {args.query!r}, {args.rounds} rounds", file=sys.stderr)
    for first, engines, complete, cpu in rows:
        print(f"  first {first:6.2f} s on {'+'.join(engines) or '?'}   complete {complete:6.2f} s   cpu {cpu:6.2f} s")
    print(f"median: first {statistics.median(firsts):.2f} s, complete {statistics.median(completes):.2f} s, "
          f"cpu {statistics.median(r[3] for r in rows):.2f} s")


if __name__ == "__main__":
    main()
