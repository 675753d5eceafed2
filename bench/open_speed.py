"""Cost of opening an index and answering one literal: time and resident memory, in fresh processes.

    python -m bench.open_speed ROOT LITERAL [--index-dir DIR] [--rounds 5]

Indexes ROOT first if needed (that build is not timed), then, in a fresh interpreter per round,
times ``open_snapshot`` (what every command does first) and one ``TextRetriever.literal_lines``
(limit 20), and reads the process's resident memory (``VmRSS``) before the open, after it and after
the search; then times the graph's first load (its modules imported beforehand) and first callers
question in other fresh processes.
Prints the median of each and the size of the live generation's files. The machine's load average
is printed too: on a shared machine it is the largest source of variance.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

PROBE = r"""
import json, sys, time
from pathlib import Path
from maguyva_tui.core.indexer import open_snapshot
from maguyva_tui.core.retrievers.text import TextRetriever

def rss(field="VmRSS"):
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) / 1024 for line in status if line.startswith(field))

root, base, literal, graph = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3], sys.argv[4] == "graph"
if graph:
    from maguyva_tui.core.graph.queries import callers  # imported apart: networkx alone takes ~0.5 s
before = rss()
start = time.perf_counter()
snap = open_snapshot(root, base)
opened = time.perf_counter()
after_open = rss()
if graph:
    loaded = snap.graph
    ready = time.perf_counter()
    callers(loaded, literal)
    done = time.perf_counter()
    print(json.dumps({"graph_ms": 1000 * (ready - opened), "callers_ms": 1000 * (done - ready), "graph_rss": rss() - before}))
else:
    hits = TextRetriever(snap).literal_lines(literal, limit=20)
    done = time.perf_counter()
    print(json.dumps({"open_ms": 1000 * (opened - start), "search_ms": 1000 * (done - opened),
                      "open_rss": after_open - before, "search_rss": rss() - before, "hits": len(hits),
                      "peak_mb": rss("VmHWM")}))  # not ru_maxrss: a forked child starts from its parent's
"""


def main() -> None:
    """Measure, print a table."""
    parser = argparse.ArgumentParser(prog="python -m bench.open_speed", description=__doc__.splitlines()[0])
    parser.add_argument("root", type=Path)
    parser.add_argument("literal")
    parser.add_argument("--index-dir", type=Path, default=Path(".bench-index"))
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    from maguyva_tui.core.indexer import index_folder, update_index
    from maguyva_tui.core.store.format import current_generation

    root = args.root.resolve()
    update_index(root, args.index_dir)
    print(f"load average {os.getloadavg()[0]:.2f}")
    runs = [_probe(root, args, "text") for _ in range(args.rounds)]
    graphs = [_probe(root, args, "graph") for _ in range(max(1, args.rounds // 2))]
    print("| measure | median |\n|---|---|")
    for key, unit in (("open_ms", "ms"), ("search_ms", "ms"), ("open_rss", "MB"), ("search_rss", "MB"),
                      ("peak_mb", "MB")):
        print(f"| {key} | {statistics.median(r[key] for r in runs):.1f} {unit} |")
    for key, unit in (("graph_ms", "ms"), ("callers_ms", "ms"), ("graph_rss", "MB")):
        print(f"| {key} | {statistics.median(g[key] for g in graphs):.1f} {unit} |")
    gen = current_generation(index_folder(root, args.index_dir))
    sizes = {p.name: p.stat().st_size for p in sorted(gen.iterdir())}
    print(f"index {sum(sizes.values()) / 1e6:.1f} MB: " + ", ".join(f"{n} {s / 1e6:.2f}" for n, s in sizes.items()))
    print(f"load average {os.getloadavg()[0]:.2f}")


def _probe(root: Path, args: argparse.Namespace, kind: str) -> dict[str, float]:
    """Run the probe in a fresh interpreter; return its figures."""
    out = subprocess.run([sys.executable, "-c", PROBE, str(root), str(args.index_dir), args.literal, kind],
                         capture_output=True, text=True, check=True)
    return dict(json.loads(out.stdout.splitlines()[-1]))


if __name__ == "__main__":
    main()
