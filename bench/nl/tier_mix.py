"""How the two semantic tiers should mix, on issue 16's questions: the semantic engine alone.

    python -m bench.nl.tier_mix --half A --weights 0.65,0.8,0.9,1.0
    python -m bench.nl.tier_mix --repos express,boltons --weights 0.65,0.9

The semantic engine mixes the static tier's and MiniLM's normalised cosines where MiniLM has a
chunk (:func:`maguyva_tui.core.retrievers.semantic.combine`, rule ``mix``), MiniLM's share being
``MIX_MODEL_WEIGHT``. Each weight is set on the module, then every question is asked of the real
engine (``modality="semantic"``, the "both tiers" build of :mod:`bench.nl.modes`, its cached
vectors), beside MiniLM alone (the "model tier" build). A query's vectors are embedded once (the
providers' query caches), so a weight costs only its ranking. Choose on half A; read half B.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from bench.nl import modes as nl_modes
from bench.nl.modes import MINILM_TOKENS, Mode
from bench.nl.prepare import DOC_QUESTIONS, doc_tree, semble_tree
from bench.nl.report import mean
from bench.nl.repos import DOC_REPOSITORIES, semble_repositories
from bench.nl.run import close, open_engines, run_docstrings, run_semble
from bench.nl_quality import halves, selected
from maguyva_tui.core.retrievers import semantic

MODEL = Mode("model tier", {"modality": "semantic"}, engine="model tier")


@contextmanager
def mix_weight(weight: float) -> Iterator[None]:
    """Mix MiniLM's normalised cosine with this share (the spread that keeps scales comparable follows)."""
    saved = semantic.MIX_MODEL_WEIGHT, semantic._MIX_SPREAD
    semantic.MIX_MODEL_WEIGHT = weight
    semantic._MIX_SPREAD = (weight**2 + (1 - weight) ** 2) ** 0.5
    try:
        yield
    finally:
        semantic.MIX_MODEL_WEIGHT, semantic._MIX_SPREAD = saved


def sweep(name: str, half: str, weights: Sequence[float], log: Any) -> list[dict[str, Any]]:
    """Every question of one repository: MiniLM alone, then the semantic engine at each weight."""
    modes = [Mode(f"mix {w:g}", {"modality": "semantic"}) for w in weights]
    doc = name in DOC_REPOSITORIES
    tree: Any = doc_tree(DOC_REPOSITORIES[name], DOC_QUESTIONS) if doc else semble_tree(semble_repositories()[name])
    engines = open_engines(tree.root, [modes[0], MODEL], True, log, MINILM_TOKENS)
    run = run_docstrings if doc else run_semble
    try:
        records = run(tree, engines, (MODEL,), half, log)
        for weight, mode in zip(weights, modes):
            with mix_weight(weight):
                records += run(tree, engines, (mode,), half, log)
    finally:
        close(engines)
    return records


def main(argv: list[str] | None = None) -> int:
    """Print semble NDCG@10 and docstring MRR@10 per weight, against MiniLM alone."""
    parser = argparse.ArgumentParser(prog="python -m bench.nl.tier_mix", description=__doc__.split("\n")[0])
    parser.add_argument("--repos")
    parser.add_argument("--half", choices=("A", "B"))
    parser.add_argument("--weights", default="0.65,0.8,0.9,1.0")
    parser.add_argument("--index-dir", type=Path, help=f"where the indexes and vectors live (default {nl_modes.INDEX})")
    args = parser.parse_args(argv)
    if args.index_dir is not None:
        nl_modes.INDEX = args.index_dir
    weights = [float(w) for w in args.weights.split(",")]
    half_of, records = halves(), []
    for name in selected(args.repos, args.half):
        print(name, file=sys.stderr, flush=True)
        records += sweep(name, half_of[name], weights, lambda m: print(m, file=sys.stderr, flush=True))
    print("| semantic engine | semble NDCG@10 | x MiniLM | docstring MRR@10 | x MiniLM |\n|---|---:|---:|---:|---:|")
    base = {b: mean([r[m] for r in records if r["bench"] == b and r["mode"] == "model tier"])
            for b, m in (("semble", "ndcg10"), ("docstring", "rr"))}
    for mode in ["model tier"] + [f"mix {w:g}" for w in weights]:
        cells = []
        for bench, metric in (("semble", "ndcg10"), ("docstring", "rr")):
            values = [r[metric] for r in records if r["bench"] == bench and r["mode"] == mode]
            value = mean(values)
            cells += [f"{value:.3f}" if values else "–", f"{value / base[bench]:.3f}" if values and base[bench] else "–"]
        print(f"| {mode} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
