"""Graph engine speed on a real ~30 MB repository (sympy by default).

    python -m bench.graph_speed            # sympy
    python -m bench.graph_speed requests   # any corpus of bench/corpora.py

Measures, single-threaded and in CPU seconds: the cold cost of parse + definitions (what indexing pays anyway) against
what the graph adds (reference extraction from the same trees + resolution + PageRank); warm
callers and impact latency over the most central symbols and a deterministic sample of the rest;
an incremental update of one file; pickling the graph.
"""

from __future__ import annotations

import pickle
import random
import statistics
import sys
import time
from pathlib import Path

from bench.corpora import corpus
from maguyva_tui.core.graph import queries as q
from maguyva_tui.core.graph.extract import extract_facts
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.parsing.definitions import extract_definitions
from maguyva_tui.core.parsing.languages import language_for, parse
from maguyva_tui.core.types import FileFacts

SAMPLE = 200  # symbols asked about: the 100 most central (the slow, popular ones) and 100 at random
SEED = 7
IMPACT_DEPTH = 3
MAX_FILE_BYTES = 2_000_000
clock = time.process_time
"""CPU time of this process: other work on a shared machine barely moves it, unlike wall time."""


def analyze_timed(root: Path) -> tuple[dict[str, FileFacts], dict[str, float]]:
    """Parse every structural file once, timing definitions and graph extraction separately."""
    facts: dict[str, FileFacts] = {}
    spent = {"parse": 0.0, "definitions": 0.0, "extract": 0.0, "bytes": 0.0}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        language = language_for(rel)
        if language is None or not path.is_file() or path.stat().st_size > MAX_FILE_BYTES:
            continue
        source = path.read_bytes()
        t0 = clock()
        tree = parse(language, source)
        t1 = clock()
        chunks, symbols = extract_definitions(tree, source, language, rel)
        t2 = clock()
        refs, imports = extract_facts(tree, source, language, rel, symbols)
        t3 = clock()
        spent["parse"] += t1 - t0
        spent["definitions"] += t2 - t1
        spent["extract"] += t3 - t2
        spent["bytes"] += len(source)
        facts[rel] = FileFacts(rel, language, tuple(chunks), tuple(symbols), tuple(refs), tuple(imports))
    return facts, spent


def latencies(graph: CodeGraph) -> dict[str, list[float]]:
    """Time callers and impact (milliseconds) over central and random symbols."""
    ranked = sorted(graph.symbols, key=lambda n: -graph.node_centrality(n))
    rest = ranked[SAMPLE // 2:]
    chosen = ranked[: SAMPLE // 2] + random.Random(SEED).sample(rest, min(len(rest), SAMPLE // 2))
    out: dict[str, list[float]] = {"callers": [], "impact": [], "callees": []}
    for node in chosen:
        name = graph.symbols[node].qualname
        for label, run in (("callers", lambda: q.callers(graph, name)),
                           ("impact", lambda: q.impact(graph, name, IMPACT_DEPTH)),
                           ("callees", lambda: q.callees(graph, name))):
            run()  # warm
            start = clock()
            run()
            out[label].append((clock() - start) * 1000)
    return out


def main(argv: list[str]) -> int:
    """Print the measurements as markdown."""
    name = argv[0] if argv else "sympy"
    root = corpus(name)
    facts, spent = analyze_timed(root)
    start = clock()
    graph = CodeGraph.build(facts)
    build = clock() - start
    base = spent["parse"] + spent["definitions"]
    added = spent["extract"] + build
    stats = graph.stats
    print(f"## {name}: {len(facts)} files, {spent['bytes'] / 1e6:.1f} MB, {stats['nodes']} nodes, "
          f"{stats['edges']} edges, {len(graph.merged().line)} sites\n")
    print("| step | seconds |\n|---|---|")
    for label, value in (("tree-sitter parse", spent["parse"]), ("definitions", spent["definitions"]),
                         ("graph: extract references", spent["extract"]), ("graph: resolve + PageRank", build)):
        print(f"| {label} | {value:.2f} |")
    print(f"| **graph added to parse + definitions** | **{added / base:.0%}** |")
    print(f"| graph extraction / parse | {spent['extract'] / spent['parse']:.0%} |\n")
    start = clock()
    graph._recompute_centrality()
    pagerank_ms = (clock() - start) * 1000
    one = max(facts, key=lambda p: len(graph.deps.get(p, ())) and len(facts[p].references))
    start = clock()
    affected = graph.update({one: facts[one]}, ())
    update_ms = (clock() - start) * 1000
    start = clock()
    blob = pickle.dumps(graph, protocol=pickle.HIGHEST_PROTOCOL)
    dump_ms = (clock() - start) * 1000
    start = clock()
    loaded = pickle.loads(blob)
    load_ms = (clock() - start) * 1000
    top = max(loaded.symbols, key=loaded.node_centrality)
    start = clock()
    q.callers(loaded, top)
    q.impact(loaded, top, IMPACT_DEPTH)
    first_ms = (clock() - start) * 1000
    print("| operation | ms |\n|---|---|")
    print(f"| PageRank recompute (transition + power iteration) | {pagerank_ms:.0f} |")
    print(f"| update one file ({one}, {len(affected)} files re-resolved) | {update_ms:.0f} |")
    print(f"| pickle dump ({len(blob) / 1e6:.1f} MB) | {dump_ms:.0f} |")
    print(f"| pickle load | {load_ms:.0f} |")
    print(f"| first callers + impact after loading (most central symbol) | {first_ms:.0f} |\n")
    print("| query (warm, 200 symbols) | median ms | p95 ms | max ms |\n|---|---|---|---|")
    for label, values in latencies(graph).items():
        values.sort()
        p95 = values[int(len(values) * 0.95) - 1]
        print(f"| {label} | {statistics.median(values):.2f} | {p95:.2f} | {values[-1]:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
