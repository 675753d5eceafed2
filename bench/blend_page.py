"""How the blend turns the engines' lists into a page, measured: docstring -> function questions
asked of ``Engine.search`` (default preset), the blend's constants varied one at a time.

The repositories are the evaluation's work copies (``bench.eval``: package source only, every
docstring blanked, indexed and embedded once, cached under ``bench/.cache``); every question is
the first sentence of a function's docstring, its one right answer that function. A variant sets
the module constants the product reads at question time (the file credit's decay, the copy
threshold, the engines' fetch), asks every question, and is scored on the function (the
evaluation's ``definition`` rule) and on its file (semble's unit: the file at its first rank).
``semantic alone`` frames it: the same questions with ``modality="semantic"``.

    python -m bench.blend_page                                   # requests, flask, click
    python -m bench.blend_page --repos requests --decays 0,0.5 --copies 1.1,0.7 --fetches 60,150
    python -m bench.blend_page --half A                          # every other question only (B: the rest)

It also checks the limit-prefix property on every question: the page for ``--limit 10`` is the
first 10 of the ``--limit 50`` page.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.corpora import CACHE
from bench.eval import cases as casegen
from bench.eval.metrics import judge
from bench.eval.runner import prepare_corpus
from maguyva_tui.core import duplicates, fusion, plan

CUTOFF = 10
PAGE = 50  # the explorer's and the MCP server's page: the limit-prefix check's long page
INDEXES = CACHE / "blend-index"  # its own: never rebuilt under a running evaluation


def local_engine(root: Path) -> Any:
    """An engine over the work copy with the local MiniLM, whatever the environment says."""
    from maguyva_tui.core.embed.minilm import MiniLMProvider
    from maguyva_tui.core.engine import Engine

    return Engine(root, INDEXES, provider=MiniLMProvider())


@dataclass(frozen=True, slots=True)
class Variant:
    """One setting of the blend's constants (``None``: as shipped)."""

    decay: float | None = None
    copies: float | None = None
    fetch: int | None = None

    def __str__(self) -> str:
        parts = [f"decay {self.decay:g}" if self.decay is not None else "",
                 f"copies {self.copies:g}" if self.copies is not None else "",
                 f"fetch {self.fetch}" if self.fetch is not None else ""]
        return ", ".join(p for p in parts if p) or "as shipped"


@contextmanager
def applied(v: Variant) -> Iterator[None]:
    """Set the product's constants for one variant, restoring them after."""
    saved = (fusion.FILE_DECAY, duplicates.COPY_SIMILARITY, plan.MIN_FETCH)
    try:
        if v.decay is not None:
            fusion.FILE_DECAY = v.decay  # type: ignore[misc]
        if v.copies is not None:
            duplicates.COPY_SIMILARITY = v.copies  # type: ignore[misc]
        if v.fetch is not None:
            plan.MIN_FETCH = v.fetch  # type: ignore[misc]
        yield
    finally:
        fusion.FILE_DECAY, duplicates.COPY_SIMILARITY, plan.MIN_FETCH = saved  # type: ignore[misc]


@dataclass(slots=True)
class Tally:
    """Sums over questions for one method."""

    n: int = 0
    mrr: float = 0.0
    hit1: int = 0
    hit10: int = 0
    file_mrr: float = 0.0
    file_hit10: int = 0
    prefix_ok: int = 0
    prefix_n: int = 0
    seconds: float = 0.0

    def add(self, spans: Sequence[tuple[str, int, int]], truth: Any) -> None:
        """Score one page against one question's truth."""
        self.n += 1
        first = judge(list(spans[:CUTOFF]), truth, "definition").first_rank()
        if first is not None:
            self.mrr += 1 / first
            self.hit1 += first == 1
            self.hit10 += 1
        files = list(dict.fromkeys(s[0] for s in spans))[:CUTOFF]
        path = truth[0].path
        if path in files:
            self.file_mrr += 1 / (files.index(path) + 1)
            self.file_hit10 += 1

    def row(self, name: str) -> str:
        """One markdown row."""
        n = max(self.n, 1)
        prefix = f"{self.prefix_ok}/{self.prefix_n}" if self.prefix_n else ""
        return (f"| {name} | {self.n} | {self.mrr / n:.3f} | {self.hit1 / n:.3f} | {self.hit10 / n:.3f} "
                f"| {self.file_mrr / n:.3f} | {self.file_hit10 / n:.3f} | {prefix} | {1000 * self.seconds / n:.0f} |")


def spans_of(result: Any) -> list[tuple[str, int, int]]:
    """The page as ``(path, start, end)``."""
    return [(r.path, r.start_line, r.end_line) for r in result.results]


def run(repos: Sequence[str], variants: Sequence[Variant], half: str | None, cap: int, prefix: bool) -> None:
    """Ask every question of every repository under every variant and print the table."""
    tallies: dict[str, Tally] = {}
    for name in repos:
        repo = prepare_corpus(name, local_engine, log=_log)
        questions = casegen.language_cases(repo.defs, cap, name + "/nl")
        if half is not None:
            questions = questions[(0 if half == "A" else 1) :: 2]
        _log(f"{name}: {len(questions)} questions")
        for case in questions:
            _ask(repo.engine, case, tallies.setdefault("semantic alone", Tally()), modality="semantic")
            for v in variants:
                with applied(v):
                    _ask(repo.engine, case, tallies.setdefault(str(v), Tally()), check_prefix=prefix)
        repo.engine.close()
    print(f"\n`python -m bench.blend_page --repos {','.join(repos)}{' --half ' + half if half else ''}`\n")
    print("| method | questions | MRR@10 | Hit@1 | Hit@10 | file MRR@10 | file Hit@10 | limit 10 = first 10 of 50 | ms |")
    print("|---|---|---|---|---|---|---|---|---|")
    for method, tally in tallies.items():
        print(tally.row(method))


def _ask(engine: Any, case: Any, tally: Tally, modality: str | None = None, check_prefix: bool = False) -> None:
    started = time.perf_counter()
    short = engine.search(case.subject, limit=CUTOFF, modality=modality)
    tally.seconds += time.perf_counter() - started
    tally.add(spans_of(short), case.truth)
    if check_prefix:
        long = engine.search(case.subject, limit=PAGE, modality=modality)
        tally.prefix_n += 1
        tally.prefix_ok += spans_of(short) == spans_of(long)[:CUTOFF]


def _floats(text: str) -> list[float]:
    return [float(x) for x in text.split(",") if x]


def main(argv: list[str] | None = None) -> int:
    """Parse the options and run."""
    parser = argparse.ArgumentParser(prog="python -m bench.blend_page", description=__doc__.split("\n")[0])
    parser.add_argument("--repos", default="requests,flask,click")
    parser.add_argument("--decays", default="", help="file-credit decays to try (comma-separated)")
    parser.add_argument("--copies", default="", help="copy thresholds to try (above 1: no folding)")
    parser.add_argument("--fetches", default="", help="engine fetch sizes to try")
    parser.add_argument("--half", choices=("A", "B"), default=None)
    parser.add_argument("--cap", type=int, default=10_000, help="questions per repository at most")
    parser.add_argument("--prefix", action="store_true", help="also check page(10) == page(50)[:10]")
    args = parser.parse_args(argv)
    variants = [Variant()]
    variants += [Variant(decay=d) for d in _floats(args.decays)]
    variants += [Variant(copies=c) for c in _floats(args.copies)]
    variants += [Variant(fetch=int(f)) for f in _floats(args.fetches)]
    started = time.perf_counter()
    run(args.repos.split(","), variants, args.half, args.cap, args.prefix)
    print(f"\n({time.perf_counter() - started:.0f} s)")
    return 0


def _log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


if __name__ == "__main__":
    sys.exit(main())
