"""Literal search against ripgrep, frequent identifiers included (issue 19's first target).

    python -m bench.literal_speed [--corpus sympy] [--sub sympy] [--queries 100] [--limit 100] [--cli 10]

On sympy 1.13.3's ``sympy/`` folder: 100 identifiers, half drawn uniformly from the defined names
and half drawn by how often they occur in the code (``expand``, ``Add``, ``self`` are likely), each
asked of the text engine through the Engine facade (``modality="text"``, ``limit``), warm, in this
process; next to it ``rg -F`` as a whole process on the same tree, in the same run, interleaved
query by query so load on a shared machine falls on both. Prints the median, p90 and p99 of each
and their ratios, then the same for ``maguyva search`` as a whole process on a few queries.

Every answer is also checked: the engine's top ``limit`` must be the first ``limit`` lines of its
whole ranked list (the text engine may stop reading early; it may never change the answer).
"""

from __future__ import annotations

import argparse
import collections
import os
import random
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

from bench.corpora import CACHE, corpus
from bench.text_speed import find_rg, pct
from maguyva_tui.core.engine import Engine
from maguyva_tui.locations import INDEX_DIR_ENV

SEED = 20261201
WARM_UP = ("import", "return")
"""Asked before the timed questions, as a process that answers many would have: they touch what
every later question reads once per process."""
EVERY = 10**7
"""A limit no literal reaches: the engine's whole list, whose first lines each page must be."""
IDENT = re.compile(rb"[A-Za-z_][A-Za-z0-9_]{2,}")


def rg_ms(rg: str, root: Path, literal: str) -> float:
    """Whole-process milliseconds of ``rg -F`` listing every line that holds the literal."""
    cmd = [rg, "-n", "--hidden", "--no-require-git", "--no-config", "-F", "--", literal, "."]
    started = time.perf_counter()
    subprocess.run(cmd, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return (time.perf_counter() - started) * 1000


def draw(engine: Engine, count: int) -> list[tuple[str, str]]:
    """Half the identifiers uniformly from the defined names, half by occurrence in the code."""
    rng = random.Random(SEED)
    names = sorted({s.name for s in engine.snapshot.symbols if len(s.name) >= 4 and s.name.isidentifier()})
    counts: collections.Counter[bytes] = collections.Counter()
    for path in engine.snapshot.files:
        counts.update(IDENT.findall(engine.snapshot.raw(path)))
    words = sorted(counts)
    weights = [counts[w] for w in words]
    uniform = rng.sample(names, count // 2)
    frequent: list[str] = []
    while len(frequent) < count - len(uniform):
        word = rng.choices(words, weights)[0].decode()
        if word not in frequent and word not in uniform:
            frequent.append(word)
    return [(q, "uniform") for q in uniform] + [(q, "by frequency") for q in frequent]


def ms(fn, *args, **kwargs):  # type: ignore[no-untyped-def]
    """The result of one call and the milliseconds it took."""
    started = time.perf_counter()
    out = fn(*args, **kwargs)
    return out, (time.perf_counter() - started) * 1000


def row(label: str, ours: list[float], theirs: list[float]) -> str:
    ratios = sorted(o / t for o, t in zip(ours, theirs))
    return (f"| {label} | {len(ours)} | {statistics.median(ours):.2f} | {pct(ours, 0.9):.2f} | {pct(ours, 0.99):.2f} | "
            f"{statistics.median(theirs):.1f} | {pct(theirs, 0.99):.1f} | "
            f"{statistics.median(ours) / statistics.median(theirs):.3f} | {pct(ours, 0.99) / pct(theirs, 0.99):.3f} | "
            f"{pct(ratios, 0.99):.3f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", default="sympy")
    parser.add_argument("--sub", default="sympy", help="the folder of the corpus to search ('' for all of it)")
    parser.add_argument("--queries", type=int, default=100)
    parser.add_argument("--limit", type=int, default=100)
    parser.add_argument("--cli", type=int, default=10, help="queries also timed as whole `maguyva search` processes")
    args = parser.parse_args()
    root = corpus(args.corpus) / args.sub if args.sub else corpus(args.corpus)
    base = CACHE / "literal-speed-index"
    rg = find_rg()
    engine = Engine(root, base, static=False)
    _, build = ms(engine.refresh, semantic=False)
    queries = draw(engine, args.queries)
    for word in WARM_UP:  # warm: the stored text, the tables of names, the whole text's newline index
        engine.search(word, modality="text", limit=args.limit)

    ours: dict[str, list[float]] = {"uniform": [], "by frequency": []}
    theirs: dict[str, list[float]] = {"uniform": [], "by frequency": []}
    wrong: list[str] = []
    for query, kind in queries:
        result, took = ms(engine.search, query, modality="text", limit=args.limit)
        ours[kind].append(took)
        theirs[kind].append(rg_ms(rg, root, query))
        every = engine.search(query, modality="text", limit=EVERY).results[: args.limit]
        if [(r.path, r.start_line) for r in result.results] != [(r.path, r.start_line) for r in every]:
            wrong.append(query)

    cli_ours: list[float] = []
    cli_rg: list[float] = []
    env_cmd = [sys.executable, "-m", "maguyva_tui", "search", "--modality", "text", "--limit", str(args.limit), "--json"]
    for query, _ in queries[: args.cli]:
        started = time.perf_counter()
        subprocess.run([*env_cmd, "--repo", str(root), "--", query], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       check=False, env={**os.environ, INDEX_DIR_ENV: str(base)})
        cli_ours.append((time.perf_counter() - started) * 1000)
        cli_rg.append(rg_ms(rg, root, query))

    files = len(engine.snapshot.files)
    print(f"## Literal search on {args.corpus}/{args.sub} ({files} files), limit {args.limit}, warm\n")
    print(f"index (text, structural, graph; no embedding): {build / 1000:.1f} s; answers checked against the "
          f"exhaustive list: {len(queries) - len(wrong)}/{len(queries)} equal" + (f" (differ: {wrong[:5]})" if wrong else ""))
    print("\n| queries | n | maguyva median ms | p90 | p99 | rg median ms | rg p99 | median ratio | p99 ratio | "
          "p99 of per-query ratios |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for kind in ("uniform", "by frequency"):
        print(row(f"{kind} (engine, in process)", ours[kind], theirs[kind]))
    print(row("all (engine, in process)", ours["uniform"] + ours["by frequency"],
              theirs["uniform"] + theirs["by frequency"]))
    if cli_ours:
        print(row(f"`maguyva search` whole process ({len(cli_ours)} queries)", cli_ours, cli_rg))
    slowest = sorted(((t, q) for (q, k), t in zip(queries, ours["uniform"] + ours["by frequency"])), reverse=True)[:5]
    print("\nslowest in process: " + ", ".join(f"{q!r} {t:.1f} ms" for t, q in slowest))
    engine.close()


if __name__ == "__main__":
    main()
