"""Variants of the blend's constants on issue 16's questions, scored with leave-repositories-out.

    python -m bench.nl.diagnose --half A --variants "fusion.SIBLING_SHARE=1.1;fusion.SIBLING_SHARE=0.8"
    python -m bench.nl.diagnose --report /tmp/diag.json        # the tables of a saved run

Each variant is a ``;``-separated item of ``module.CONSTANT=value`` settings joined by ``,``
(modules: ``fusion``, ``duplicates``, ``plan``, ``search``, and the engines' ``structural``,
``text``, ``semantic`` and ``doc_comments``: the last at search time only, a doc comment's words
in BM25's counts are the index's); the first variant should be the product as shipped (an empty
item). Every question is
asked of ``Engine.search`` (default preset, a page of 10) with the engines' lists computed once
per question and setting of the engines' constants, so a variant of the blend costs only its
blending (one of an engine's constants runs the engines again). The engines
are the ones :mod:`bench.nl_quality` built (its cache: nothing is indexed or embedded again).

Constants are chosen with the repositories of one half split in two folds (alternately, by
name): the best variant on one fold is read on the other, both ways, so a constant that only
fits the repositories it was chosen on shows it. Never run this on half B to choose.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from bench.blend_page import Question, spans_of
from bench.nl.prepare import DOC_QUESTIONS
from maguyva_tui.core import doc_comments, duplicates, fusion, plan
from maguyva_tui.core import search as search_module
from maguyva_tui.core.retrievers import semantic, structural, text

MODULES = {"fusion": fusion, "duplicates": duplicates, "plan": plan, "search": search_module,
           "structural": structural, "text": text, "semantic": semantic, "doc_comments": doc_comments}
ENGINE_MODULES = (structural, text, semantic, doc_comments)
"""Modules whose constants change an engine's own list: a variant setting one runs the engines again."""
REFERENCES = {"semantic": {"modality": "semantic"}, "quick": {"preset": "quick"}}
PAGE = 10
METRICS = (("semble", "NDCG@10"), ("semble", "Hit@1"), ("docstring", "MRR@10"), ("docstring", "Hit@10"))

Setting = tuple[tuple[Any, str, float | int], ...]


def parse_variant(text: str) -> Setting:
    """``fusion.SIBLING_SHARE=0.8,fusion.FILE_DECAY=0.5`` as (module, name, value) triples."""
    out = []
    for item in filter(None, (p.strip() for p in text.split(","))):
        target, _, value = item.partition("=")
        module, _, name = target.partition(".")
        if module not in MODULES or not hasattr(MODULES[module], name):
            raise SystemExit(f"unknown constant {target!r}")
        kind = int if isinstance(getattr(MODULES[module], name), int) else float  # a count stays a count
        out.append((MODULES[module], name, kind(float(value))))
    return tuple(out)


@contextmanager
def engines_once(last: dict[str, Any]) -> Iterator[None]:
    """Run each engine once per question and fetch (the variants re-blend the same lists); keep
    the lists of the last blend in ``last`` (where each engine put the right answer)."""
    original = search_module._run_engines
    memo: dict[Any, Any] = {}

    def run_once(parts: Any, the_plan: Any, query: Any, checkpoint: Any = None) -> Any:
        engines = tuple(v for m in ENGINE_MODULES for n, v in sorted(vars(m).items())
                        if n.isupper() and isinstance(v, (int, float)))
        key = (id(parts.generation), the_plan.modalities, the_plan.fetch, query, engines)
        if key not in memo:
            memo[key] = original(parts, the_plan, query, checkpoint)
        done = memo[key]
        last.update(done.lists, generation=parts.generation)
        return search_module._Run(dict(done.lists), dict(done.timings), list(done.notices))

    search_module._run_engines = run_once
    try:
        yield
    finally:
        search_module._run_engines = original


def engine_ranks(last: dict[str, Any], answer: Any) -> dict[str, int | None]:
    """Each engine's 1-based rank of the first hit inside the answer's lines (``None``: not listed)."""
    path, start, end = answer
    out: dict[str, int | None] = {}
    for name, hits in last.items():
        if name == "generation":
            continue
        out[name] = next((i for i, h in enumerate(hits, 1) if h.path == path and not (h.end_line < start or h.start_line > end)), None)
    return out


@contextmanager
def applied(setting: Setting) -> Iterator[None]:
    """Set a variant's constants, restoring them after."""
    saved = [(m, n, getattr(m, n)) for m, n, _ in setting]
    try:
        for module, name, value in setting:
            setattr(module, name, value)
        yield
    finally:
        for module, name, value in saved:
            setattr(module, name, value)


def repositories(names: str | None, half: str | None, cap: int,
                 build: str = "both tiers") -> Iterator[tuple[str, Any, list[tuple[Question, str]]]]:
    """Each repository's engine (as :mod:`bench.nl_quality` built it: ``build`` names one of
    :data:`bench.nl.modes.ENGINES`) and questions with their category."""
    from bench.nl.modes import ENGINES
    from bench.nl.prepare import doc_tree, semble_tree
    from bench.nl.repos import DOC_REPOSITORIES, semble_repositories
    from bench.nl.run import chunk_spans
    from bench.nl.scoring import indexed_targets
    from bench.nl_quality import selected

    for name in selected(names, half):
        if name in DOC_REPOSITORIES:
            doc = doc_tree(DOC_REPOSITORIES[name], cap)
            engine = ENGINES[build](doc.root, True, _log)
            yield name, engine, [(Question("docstring", name, q.query, q.answer), "docstring") for q in doc.questions]
            continue
        tree = semble_tree(semble_repositories()[name])
        engine = ENGINES[build](tree.root, True, _log)
        chunks = chunk_spans(engine, tree.repo_path)
        root = tree.repo.benchmark_root
        yield name, engine, [(Question("semble", name, t.query, (t, indexed_targets(chunks, t.all_relevant), root)),
                              t.category) for t in tree.kept]


def ask(source: Iterator[tuple[str, Any, list[tuple[Question, str]]]], variants: Sequence[str],
        save: Path | None = None) -> list[dict[str, Any]]:
    """Every question in the references and every variant: one record per (question, method),
    written to ``save`` after each repository (a stopped run keeps its work)."""
    settings = [parse_variant(v) for v in variants]
    records: list[dict[str, Any]] = []
    for name, engine, questions in source:
        started = time.perf_counter()
        last: dict[str, Any] = {}
        with engines_once(last):
            for n, (q, category) in enumerate(questions):
                base = {"repo": name, "bench": q.bench, "category": category, "query": q.text, "n": n}
                for label, options in REFERENCES.items():
                    page = spans_of(engine.search(q.text, limit=PAGE, **options))
                    records.append({**base, "method": label, **q.score(page), "top": page})
                for label, setting in zip(variants, settings):
                    with applied(setting):
                        page = spans_of(engine.search(q.text, limit=PAGE))
                    records.append({**base, "method": label or "as shipped", **q.score(page), "top": page})
                if q.bench == "docstring":
                    records[-1]["engine_ranks"] = engine_ranks(last, q.truth)
        engine.close()
        if save is not None:
            save.write_text(json.dumps(records))
        _log(f"  {name}: {len(questions)} questions, {time.perf_counter() - started:.0f} s")
    return records


def mean_of(records: Sequence[dict[str, Any]], method: str, bench: str, metric: str, repos: set[str] | None = None,
            category: str | None = None) -> float | None:
    """A metric's mean over the questions of one method (of some repositories, one category)."""
    values = [r[metric] for r in records if r["method"] == method and r["bench"] == bench and metric in r
              and (repos is None or r["repo"] in repos) and (category is None or r["category"] == category)]
    return statistics.fmean(values) if values else None


def report(records: Sequence[dict[str, Any]]) -> list[str]:
    """The table of every method, then each fold's pick read on the other fold."""
    methods = list(dict.fromkeys(r["method"] for r in records))
    semble_repos = sorted({r["repo"] for r in records if r["bench"] == "semble"})
    folds = [set(semble_repos[0::2]), set(semble_repos[1::2])]
    categories = sorted({r["category"] for r in records if r["bench"] == "semble"})
    head = ["method", *(f"{b} {m}" for b, m in METRICS), *(f"NDCG {c}" for c in categories), "NDCG fold 1", "NDCG fold 2"]
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for method in methods:
        cells = [mean_of(records, method, b, m) for b, m in METRICS]
        cells += [mean_of(records, method, "semble", "NDCG@10", category=c) for c in categories]
        cells += [mean_of(records, method, "semble", "NDCG@10", fold) for fold in folds]
        out.append("| " + " | ".join([method, *(f"{c:.3f}" if c is not None else "" for c in cells)]) + " |")
    out.append("")
    variants = [m for m in methods if m not in REFERENCES]
    for fit, check in ((0, 1), (1, 0)):
        if not folds[check]:
            continue
        pick = max(variants, key=lambda m: _objective(records, m, folds[fit], fit))
        out.append(f"fold {fit + 1} ({', '.join(sorted(folds[fit]))}) picks {pick!r}: on fold {check + 1} NDCG@10 "
                   f"{mean_of(records, pick, 'semble', 'NDCG@10', folds[check]):.3f} (as shipped "
                   f"{mean_of(records, variants[0], 'semble', 'NDCG@10', folds[check]):.3f})")
    return out


def _objective(records: Sequence[dict[str, Any]], method: str, repos: set[str], fold: int) -> float:
    """What a fold picks by: semble NDCG@10 on its repositories plus docstring MRR@10 on its half of
    the docstring questions (half A has one docstring repository: its questions alternate)."""
    ndcg = mean_of(records, method, "semble", "NDCG@10", repos) or 0.0
    mrr = [r["MRR@10"] for r in records if r["method"] == method and r["bench"] == "docstring" and r["n"] % 2 == fold]
    return ndcg + (statistics.fmean(mrr) if mrr else 0.0)


def main(argv: list[str] | None = None) -> int:
    """Parse the options, run (or read a saved run) and print the tables."""
    parser = argparse.ArgumentParser(prog="python -m bench.nl.diagnose", description=__doc__.split("\n")[0])
    parser.add_argument("--repos", default=None, help="comma-separated repository names")
    parser.add_argument("--half", choices=("A", "B"), default=None)
    parser.add_argument("--variants", default="", help="';'-separated variants, each 'module.NAME=value,...'")
    parser.add_argument("--cap", type=int, default=DOC_QUESTIONS,
                        help="docstring questions per repository (another number re-embeds: the blanked docstrings change)")
    parser.add_argument("--engine", default="both tiers", choices=("both tiers", "static tier"),
                        help="the engine build asked (static tier: the state a fresh index leaves)")
    parser.add_argument("--json", type=Path, help="write every record to this file")
    parser.add_argument("--report", type=Path, help="print the tables of a saved --json file")
    args = parser.parse_args(argv)
    if args.report:
        records = json.loads(args.report.read_text())
    else:
        variants = [v.strip() for v in args.variants.split(";")]
        records = ask(repositories(args.repos, args.half, args.cap, args.engine), variants, args.json)
    print("\n".join(report(records)))
    return 0


def _log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


if __name__ == "__main__":
    sys.exit(main())
