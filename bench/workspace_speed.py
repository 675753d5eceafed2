"""Workspace search against its slowest repository alone (issue 21's first target).

    python -m bench.workspace_speed [--rounds 5]

Eight repositories from the pinned sdists: click, flask, requests and five sympy packages (core,
printing, solvers, matrices, functions), ~13 MB of source, each indexed into its own index under
``bench/.cache/workspace-index`` (text, structural, graph; the semantic engine runs without
vectors: this measures the fan-out and merge, not embedding). For each question, warm, in this
process, interleaved round by round: every repository alone through its Engine, and the
workspace of all eight through the coordinator. Prints per question the median of each, the
workspace's ratio to the slowest repository alone, and the median ratio over the questions (the
target: at most 1.5), then the same for the cost of merging (the workspace against the sum of the
repositories alone: what one core would pay for them in turn).
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path
from typing import Any

import numpy as np

from bench.corpora import CACHE, corpus
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.workspace import Coordinator, SearchRequest, Shard
from maguyva_tui.core.workspace.listing import labels_for

SYMPY_PACKAGES = ("core", "printing", "solvers", "matrices", "functions")
QUESTIONS = (
    "Session",
    "simplify",
    '"ValueError"',
    "who calls expand",
    "where is Matrix defined",
    "how are command line options parsed",
    "send the request again after a redirect",
    "render a template with the request context",
    "print an expression as latex",
    "solve a system of linear equations",
)


class NoVectors:
    """A provider with no vectors stored: the semantic engine runs and finds nothing, at no cost."""

    id = "bench:none:8"
    dim = 8
    stores_floats = True

    def embed_documents(self, texts: Any) -> np.ndarray:
        return np.zeros((len(texts), self.dim), np.float32)

    def embed_query(self, text: str) -> np.ndarray:
        return np.zeros(self.dim, np.float32)


def roots() -> list[Path]:
    """The eight repositories' folders."""
    sympy = corpus("sympy") / "sympy"
    return [corpus("click"), corpus("flask"), corpus("requests"), *(sympy / p for p in SYMPY_PACKAGES)]


def ms(call: Any, *args: Any) -> float:
    started = time.perf_counter()
    call(*args)
    return (time.perf_counter() - started) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    base = CACHE / "workspace-index"
    folders = roots()
    labels = labels_for(folders)
    engines = {labels[f]: Engine(f, base, provider=NoVectors(), static=False) for f in folders}
    for label, engine in engines.items():
        took = ms(engine.refresh, None, False)
        print(f"index {label:<10} {len(engine.snapshot.files):>5} files  {took / 1000:6.1f} s")
    coordinator = Coordinator([Shard(label, engine) for label, engine in engines.items()])
    ratios, sums = [], []
    print(f"\n{'question':<42} {'slowest alone':>13} {'workspace':>10} {'ratio':>6} {'/ sum':>6}  results")
    for text in QUESTIONS:
        request = SearchRequest(text)
        alone: dict[str, list[float]] = {label: [] for label in engines}
        together: list[float] = []
        for _ in range(args.rounds + 1):  # the first round warms every engine; not counted
            for label, engine in engines.items():
                alone[label].append(ms(engine.search, text))
            together.append(ms(coordinator.search, request))
        medians = {label: statistics.median(v[1:]) for label, v in alone.items()}
        slowest, total, workspace = max(medians.values()), sum(medians.values()), statistics.median(together[1:])
        answer = coordinator.search(request)
        repos = len(set(answer.repos))
        ratios.append(workspace / slowest)
        sums.append(workspace / total)
        print(f"{text[:42]:<42} {slowest:10.1f} ms {workspace:7.1f} ms {workspace / slowest:6.2f} {workspace / total:6.2f}"
              f"  {len(answer.result.results)} from {repos} repositories{' (capped)' if answer.capped else ''}")
    print(f"\nmedian over {len(QUESTIONS)} questions: workspace / slowest alone {statistics.median(ratios):.2f} "
          f"(target <= 1.5), workspace / sum alone {statistics.median(sums):.2f}")
    coordinator.close()


if __name__ == "__main__":
    main()
