"""Graph engine speed on a real ~30 MB repository (sympy by default).

    python -m bench.graph_speed            # sympy
    python -m bench.graph_speed requests   # any corpus of bench/corpora.py
    python -m bench.graph_speed --cold     # also a cold index with and without the graph's work
    python -m bench.graph_speed --cold-languages   # only that, on the real repository of each language

Measures, single-threaded and in CPU seconds (other work on a shared machine barely moves CPU
time, unlike wall time): the cold cost of parse + definitions (what indexing pays anyway) against
what the graph adds (reference extraction from the same trees as the rows the index stores, the
Reference objects today's ``extract_facts`` wraps them in, resolution + PageRank); an incremental
update of a leaf file and of a hub; pickling and loading the graph, and the first question after
loading; warm callers, impact and callees latency over the most central symbols and a
deterministic sample of the rest. ``--cold`` runs the real indexer (its process pool included)
three times per variant and reports the wall time and the CPU the graph adds to a cold index;
``--cold-languages`` does that alone on each language's repository of ``bench.graph_quality``.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any
from unittest.mock import patch

from bench.corpora import bench_parser, corpus, corpus_name
from maguyva_tui.core.graph import queries as q
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.symbols import to_row
from maguyva_tui.core.parsing.definitions import extract_definitions
from maguyva_tui.core.parsing.facts import extract_rows
from maguyva_tui.core.parsing.languages import language_for, parse
from maguyva_tui.core.store.facts import FactsTable
from maguyva_tui.core.types import Import, Reference

SAMPLE = 200  # symbols asked about: the 100 most central (the slow, popular ones) and 100 at random
SEED = 7
IMPACT_DEPTH = 3
MAX_FILE_BYTES = 2_000_000
HUB = "sympy/core/basic.py"
"""The incremental update of a file many others read (the most read file when absent)."""
clock = time.process_time


def analyze_timed(root: Path) -> tuple[FactsTable, dict[str, float]]:
    """Parse every structural file once, timing definitions and graph extraction separately."""
    rows: dict[str, tuple[Any, ...]] = {}
    spent = {"parse": 0.0, "definitions": 0.0, "extract": 0.0, "objects": 0.0, "bytes": 0.0}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        language = language_for(rel)
        if language is None or not path.is_file() or path.stat().st_size > MAX_FILE_BYTES:
            continue
        source = path.read_bytes()
        t0 = clock()
        tree = parse(language, source)
        t1 = clock()
        _, symbols = extract_definitions(tree, source, language, rel)
        t2 = clock()
        refs, imports = extract_rows(tree, source, language, rel, symbols)
        t3 = clock()
        [Reference(k, n, rel, line, s) for k, n, line, s in refs], [Import(rel, *i) for i in imports]
        t4 = clock()
        spent["parse"] += t1 - t0
        spent["definitions"] += t2 - t1
        spent["extract"] += t3 - t2
        spent["objects"] += t4 - t3
        spent["bytes"] += len(source)
        rows[rel] = (language, (), tuple(to_row(s) for s in symbols), tuple(refs), tuple(imports))
    return FactsTable(rows), spent


def latencies(graph: CodeGraph) -> dict[str, list[float]]:
    """Time callers and impact (milliseconds) over central and random symbols."""
    ranked = sorted(graph.symbols, key=lambda n: -graph.node_centrality(n))
    rest = ranked[SAMPLE // 2:]
    chosen = ranked[: SAMPLE // 2] + random.Random(SEED).sample(rest, min(len(rest), SAMPLE // 2))
    out: dict[str, list[float]] = {"callers": [], "impact": [], "callees": []}
    for node in chosen:
        name = graph.symbols[node].qualname
        for label, run in (("callers", q.callers), ("impact", q.impact), ("callees", q.callees)):
            run(graph, name)  # warm
            start = clock()
            run(graph, name)
            out[label].append((clock() - start) * 1000)
    return out


def arguments(argv: list[str]) -> argparse.Namespace:
    """Read the command line (``--help`` had run the whole benchmark, reading no flag it did not know)."""
    parser = bench_parser("bench.graph_speed", __doc__)
    parser.add_argument("name", nargs="?", default="sympy", type=corpus_name,
                        help="a pinned corpus of bench/corpora.py (default: sympy)")
    parser.add_argument("--cold", action="store_true",
                        help="also a cold index with and without the graph's work")
    parser.add_argument("--cold-languages", action="store_true",
                        help="only the cold index, on the real repository of each language")
    parser.add_argument("--cold-run", nargs=2, metavar=("VARIANT", "ROOT"), help=argparse.SUPPRESS)  # one child's build
    return parser.parse_args(argv)


def main(argv: list[str]) -> int:
    """Print the measurements as markdown."""
    args = arguments(argv)
    if args.cold_run:
        cold_run(args.cold_run[0], Path(args.cold_run[1]))
        return 0
    if args.cold_languages:
        cold_languages()
        return 0
    name = args.name
    root = corpus(name)
    facts, spent = analyze_timed(root)
    start = clock()
    graph = CodeGraph.build(facts)
    build = clock() - start
    base = spent["parse"] + spent["definitions"]
    stats = graph.stats
    print(f"## {name}: {len(facts)} files, {spent['bytes'] / 1e6:.1f} MB, {stats['nodes']} nodes, "
          f"{stats['edges']} edges, {len(graph.merged().line)} sites\n")
    print("| step (CPU) | seconds | / parse + definitions |\n|---|---|---|")
    for label, value in (("tree-sitter parse", spent["parse"]), ("definitions", spent["definitions"]),
                         ("graph: extract references (rows)", spent["extract"]),
                         ("graph: resolve + PageRank", build),
                         ("**graph added**", spent["extract"] + build),
                         ("(Reference objects, as extract_facts returns them)", spent["objects"])):
        print(f"| {label} | {value:.2f} | {value / base:.0%} |")
    print()
    print_operations(graph, facts)
    print("| query (warm, 200 symbols) | median ms | p95 ms | max ms |\n|---|---|---|---|")
    for label, values in latencies(graph).items():
        values.sort()
        p95 = values[int(len(values) * 0.95) - 1]
        print(f"| {label} | {statistics.median(values):.2f} | {p95:.2f} | {values[-1]:.2f} |")
    if args.cold:
        print()
        cold_index(root)
    return 0


def print_operations(graph: CodeGraph, facts: FactsTable) -> None:
    """Time PageRank, two incremental updates, pickling, loading and the first question after it."""
    start = clock()
    graph._recompute_centrality()
    pagerank_ms = (clock() - start) * 1000
    leaf = max(facts, key=lambda p: len(graph.deps.get(p, ())) and len(facts.rows[p][3]))
    hub = HUB if HUB in facts else max(facts, key=lambda p: len(graph.dependents.get("file:" + p, ())))
    updates = []
    for one in (leaf, hub):
        start = clock()
        resolved = graph.update({one: facts[one]}, ())
        updates.append((one, len(resolved), (clock() - start) * 1000))
    with tempfile.TemporaryDirectory() as folder:
        stored = Path(folder) / "graph.npz"
        start = clock()
        graph.save(stored)
        dump_ms = (clock() - start) * 1000
        size = stored.stat().st_size
        start = clock()
        loaded = CodeGraph.open(stored, facts)
        load_ms = (clock() - start) * 1000
    top = max(loaded.symbols, key=loaded.node_centrality)
    start = clock()
    q.callers(loaded, top)
    q.impact(loaded, top, IMPACT_DEPTH)
    first_ms = (clock() - start) * 1000
    print("| operation | ms |\n|---|---|")
    print(f"| PageRank recompute (transition + power iteration) | {pagerank_ms:.0f} |")
    for one, affected, update_ms in updates:
        print(f"| update one file ({one}, {affected} files re-resolved) | {update_ms:.0f} |")
    print(f"| save graph.npz ({size / 1e6:.1f} MB) | {dump_ms:.0f} |")
    print(f"| open graph.npz | {load_ms:.0f} |")
    print(f"| first callers + impact after loading (most central symbol) | {first_ms:.0f} |\n")


def cold_index(root: Path, rounds: int = 3) -> None:
    """Index a corpus cold with the real indexer, with and without reference extraction (the graph
    is then built from definitions alone, nearly free); report the wall time a user waits and the
    CPU of the indexing process and its workers (the graph's own process included), best of
    ``rounds``."""
    (wall, cpu), (bare_wall, bare_cpu), paired = cold_best(root, rounds)
    print(f"| cold index (best of {rounds}) | wall seconds | CPU seconds |\n|---|---|---|")
    print(f"| without reference extraction | {bare_wall:.2f} | {bare_cpu:.2f} |")
    print(f"| with the graph | {wall:.2f} | {cpu:.2f} |")
    print(f"| **graph added to the cold index** | **{(wall - bare_wall) / bare_wall:.0%}** | "
          f"{(cpu - bare_cpu) / bare_cpu:.0%} |")
    print(f"\nWall time added, round by round (each round indexes without, then with): "
          f"{', '.join(f'{r:.0%}' for r in paired)}.")


def cold_languages(rounds: int = 3) -> None:
    """``cold_index`` on the real repository of each language, one row each."""
    from bench.graph_quality import LANGUAGE_SOURCES, fetch

    print("| language (repository) | MB | wall without | wall with | graph added (wall) | CPU added |\n"
          "|---|---|---|---|---|---|")
    for language, source in LANGUAGE_SOURCES.items():
        root = fetch(source) / source.under
        size = sum(p.stat().st_size for p in root.rglob("*") if p.is_file() and not p.is_symlink())
        (wall, cpu), (bare_wall, bare_cpu), _ = cold_best(root, rounds)
        print(f"| {language} ({source.name}) | {size / 1e6:.1f} | {bare_wall:.2f} s | {wall:.2f} s | "
              f"{(wall - bare_wall) / bare_wall:.0%} | {(cpu - bare_cpu) / bare_cpu:.0%} |", flush=True)


def cold_best(root: Path, rounds: int) -> tuple[tuple[float, float], tuple[float, float], list[float]]:
    """Return the best (wall, CPU) seconds of ``rounds`` cold indexes with the graph, then without,
    then the wall time the graph added in each round (a round indexes without, then with: a slow
    spell of a shared machine hits both halves of one round more often than two rounds). Each
    index is built by a fresh interpreter, as ``maguyva index`` is: forking this process, which may
    hold a whole graph by now, would make every worker's garbage collector walk it."""
    runs: dict[str, list[tuple[float, float]]] = {"without": [], "with": []}
    for _ in range(rounds):
        for variant, spent in runs.items():
            out = subprocess.run([sys.executable, "-m", "bench.graph_speed", "--cold-run", variant, str(root)],
                                 check=True, capture_output=True, text=True).stdout
            wall, cpu = json.loads(out.splitlines()[-1])
            spent.append((wall, cpu))
    best = {variant: (min(w for w, _ in spent), min(c for _, c in spent)) for variant, spent in runs.items()}
    paired = [w / bare - 1 for (w, _), (bare, _) in zip(runs["with"], runs["without"])]
    return best["with"], best["without"], paired


def cold_run(variant: str, root: Path) -> None:
    """Build one cold index in this (fresh) process; print [wall seconds, CPU seconds] as JSON."""
    from maguyva_tui.core.indexer import update_index
    from maguyva_tui.core.parsing import analyze

    with tempfile.TemporaryDirectory() as base, ExitStack() as patches:
        if variant == "without":
            patches.enter_context(patch.object(analyze, "extract_rows", _no_references))
        cpu, wall = _cpu(), time.perf_counter()
        update_index(root, Path(base))
        print(json.dumps([time.perf_counter() - wall, _cpu() - cpu]))


def _no_references(*_: object) -> tuple[list[object], list[object]]:
    """Extract nothing (the cold index without the graph's work)."""
    return [], []


def _cpu() -> float:
    """Return the CPU seconds of this process and its finished workers."""
    own, workers = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
