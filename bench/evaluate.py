"""End-to-end quality per intent, against rg, BM25 and each modality alone: one command.

    python -m bench.evaluate                         # requests, flask, click (~6 min warm on 2 cores)
    python -m bench.evaluate --quick                 # requests only, fewer questions (~1 min warm)
    python -m bench.evaluate --report-only bench/.cache/eval-details.json   # tables of the last run
    python -m bench.evaluate --repos requests,flask --details out.json

The first run fetches the pinned sdists (``bench/corpora.py``), asks jedi for every reference
(~30 s a repository) and embeds the ~1,400 chunks of the three packages with the local MiniLM
(a few minutes); both are cached under ``bench/.cache`` (``eval-work``, ``eval-index``), so later
runs spend their time on the questions only. Every question's record (truth, each method's
scores, each wording's intent, rule, target and path, the ablations) is written to ``--details``.
See :mod:`bench.eval` for the data path and :mod:`bench.eval.metrics` for the matching rules.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from bench.corpora import CACHE, PINNED
from bench.eval import report
from bench.eval.cases import QUICK, Caps
from bench.eval.runner import INDEXES, evaluate_repo, prepare_corpus

DEFAULT_REPOS = ("requests", "flask", "click")


def local_engine(root: Path) -> Any:
    """An engine over the work copy with the local MiniLM, whatever the environment says."""
    from maguyva_tui.core.embed.minilm import MiniLMProvider
    from maguyva_tui.core.engine import Engine

    return Engine(root, INDEXES, provider=MiniLMProvider())


def corpora_table(stats: dict[str, dict[str, Any]]) -> list[str]:
    """What was indexed and how far the oracles agree."""
    out = ["| repository | version | files indexed | chunks | semantic coverage | ast definitions | agreed by ctags |",
           "|---|---|---|---|---|---|---|"]
    for name, s in stats.items():
        agreed = "no ctags" if s.get("ctags_agreed") is None else str(s["ctags_agreed"])
        out.append(f"| {name} | {PINNED.get(name, '')} | {s['files']} | {s['chunks']} | {s['coverage']:.0%} "
                   f"| {s['definitions']} | {agreed} |")
    return out


def print_report(records: list[dict[str, Any]], out: Any = sys.stdout, stats: dict[str, Any] | None = None) -> None:
    """Print every table of the report."""
    sections = [] if not stats else [("Corpora (package source only, docstrings blanked)", corpora_table(stats))]
    sections += [
        ("Quality per intent (mean over questions; canonical wording)", report.headline(records)),
        ("Targets", report.targets(records)),
        ("Product per repository", report.per_repo(records)),
        ("Every wording, asked of the product", report.wordings(records)),
        ("Fused answers with one mechanism off (first metric)", report.ablations(records)),
        ("Fused answers worse than the best engine alone: which single change repairs them (questions; a "
         "question may be repaired by several)", report.attribution(records)),
    ]
    for title, lines in sections:
        print(f"\n### {title}\n", file=out)
        print("\n".join(lines), file=out)
    print("\nA result counts as correct when:\n" + "\n".join(report.rules()), file=out)


def main(argv: list[str] | None = None) -> int:
    """Run the evaluation and print the markdown report."""
    parser = argparse.ArgumentParser(prog="python -m bench.evaluate", description=__doc__.split("\n")[0])
    parser.add_argument("--repos", default=None, help=f"comma-separated, from {', '.join(PINNED)}")
    parser.add_argument("--quick", action="store_true", help="requests only, fewer questions per intent")
    parser.add_argument("--details", type=Path, default=CACHE / "eval-details.json",
                        help="where to write every question's record (JSON)")
    parser.add_argument("--report-only", type=Path, default=None, metavar="DETAILS",
                        help="print the report of an earlier run's details file; ask nothing")
    args = parser.parse_args(argv)
    if args.report_only is not None:
        saved = json.loads(args.report_only.read_text())
        print_report(saved["records"], stats=saved["stats"])
        return 0
    names = args.repos.split(",") if args.repos else (["requests"] if args.quick else list(DEFAULT_REPOS))
    caps = QUICK if args.quick else Caps()
    started = time.perf_counter()
    records: list[dict[str, Any]] = []
    stats = {}
    for name in names:
        repo = prepare_corpus(name, local_engine, log=_log)
        stats[name] = repo.stats
        records += evaluate_repo(repo, caps, log=_log)
        repo.engine.close()
    args.details.parent.mkdir(parents=True, exist_ok=True)
    args.details.write_text(json.dumps({"stats": stats, "records": records}, indent=1))
    print(f"\n`python -m bench.evaluate{' --quick' if args.quick else ''}"
          f"{' --repos ' + args.repos if args.repos else ''}` — {', '.join(names)}; "
          f"{len(records)} questions; {time.perf_counter() - started:.0f} s")
    print_report(records, stats=stats)
    return 0


def _log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


if __name__ == "__main__":
    sys.exit(main())
