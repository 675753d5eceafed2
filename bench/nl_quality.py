"""Plain-English questions on code the project was never tuned on (issue 16): one command.

    python -m bench.nl_quality                              # everything (hours the first time)
    python -m bench.nl_quality --repos express,redux,marshmallow   # a few small repositories
    python -m bench.nl_quality --half B --json /tmp/nl.json # one half, every answer saved
    python -m bench.nl_quality --half C                     # group C: semble's Java repositories
    python -m bench.nl_quality --no-semantic                # the engines that need no embeddings
    python -m bench.nl_quality --modes default,quick,semantic
    python -m bench.nl_quality --modes "semantic,static tier,model tier"   # issue 15's tiers
    python -m bench.nl_quality --minilm-tokens 128          # MiniLM as the product truncates it
    python -m bench.nl_quality --index-dir /tmp/nl-index    # indexes elsewhere (a copy: no other run touches it)
    python -m bench.nl_quality --report-only /tmp/nl.json   # the tables of a saved run

Two sets of questions, neither written by this project:

- semble's labelled questions (``bench/data/semble``, MinishLab/semble's benchmark, MIT) on 28 of
  its repositories in 10 languages, each fetched as the pinned registry package closest to semble's
  revision (:mod:`bench.nl.repos`), indexed where semble indexes (``benchmark_root``) and scored
  exactly as semble scores (:mod:`bench.nl.scoring`): NDCG@10, and Hit@1 for symbol questions;
- docstring→function questions on 6 pinned Python repositories new to the project, docstrings
  blanked in the indexed copy (:mod:`bench.nl.prepare`): MRR@10 and Hit@10.

Every mode of :data:`bench.nl.modes.MODES` asks the real engine in-process. The repositories are
split into two fixed halves balanced by language (:mod:`bench.nl.halves`): choose constants on
one, report the other; semble's Java repositories, added later, are a third group C that nothing
was chosen on (``--half C``); the tables show A, B, C and all. fastapi and pydantic are held out: never
downloaded, indexed or asked. Indexes and vectors are cached under ``bench/.cache/nl`` (or
``$MAGUYVA_CORPUS_CACHE/nl``): a second run embeds nothing.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from bench.nl import modes as nl_modes
from bench.nl.halves import GROUPS, split
from bench.nl.prepare import DOC_QUESTIONS, doc_tree, semble_tree
from bench.nl.report import print_report
from bench.nl.repos import DOC_REPOSITORIES, HELD_OUT, NOTES, semble_repositories
from bench.nl.run import close, open_engines, run_docstrings, run_semble


def halves() -> dict[str, str]:
    """Every repository's half, from the whole list (fixed, whatever subset a run asks for)."""
    semble = [("semble", r.language, r.name) for r in semble_repositories().values()]
    docs = [("docstring", r.language, r.name) for r in DOC_REPOSITORIES.values()]
    return split(semble + docs)


def selected(names: str | None, half: str | None) -> list[str]:
    """The repositories a command line asks for, semble's (by language, name) then the docstring ones."""
    semble = sorted(semble_repositories().values(), key=lambda r: (r.language, r.name))
    every = [r.name for r in semble] + sorted(DOC_REPOSITORIES)
    if names:
        wanted = [n.strip() for n in names.split(",") if n.strip()]
        held = sorted(set(wanted) & HELD_OUT)
        if held:
            raise SystemExit(f"{', '.join(held)}: held out of this benchmark (issue 16), never run here")
        unknown = sorted(set(wanted) - set(every))
        if unknown:
            raise SystemExit(f"unknown repositories {', '.join(unknown)}; choose from {', '.join(every)}")
        every = [n for n in every if n in wanted]
    if half:
        half_of = halves()
        every = [n for n in every if half_of[n] == half]
    return every


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its markdown tables."""
    args = _parser().parse_args(argv)
    if args.report_only is not None:
        saved = json.loads(args.report_only.read_text())
        print_report(saved["records"], saved["repositories"], sys.stdout)
        return 0
    if args.index_dir is not None:
        nl_modes.INDEX = args.index_dir
    modes = nl_modes.chosen(args.modes, semantic=not args.no_semantic)
    if not modes:
        raise SystemExit("no mode left to run (every mode asked for needs embeddings)")
    names, half_of = selected(args.repos, args.half), halves()
    started = time.perf_counter()
    records: list[dict[str, Any]] = []
    stats: list[dict[str, Any]] = []
    if args.prepare:
        for name in names:
            _prepare(name, half_of[name], modes, not args.no_semantic, args.minilm_tokens, args.questions)
        print(f"prepared {len(names)} repositories in {time.perf_counter() - started:.0f} s; nothing asked")
        return 0
    for name in names:
        records_, stat = _one(name, half_of[name], modes, not args.no_semantic, args.minilm_tokens, args.questions)
        records += records_
        stats.append(stat)
        if args.json:
            _save(args.json, records, stats, args.minilm_tokens)
    print(f"`python -m bench.nl_quality {' '.join(argv if argv is not None else sys.argv[1:])}` — "
          f"{len(names)} repositories, {len({(r['repo'], r['query']) for r in records})} questions, "
          f"modes {', '.join(m.name for m in modes)}; MiniLM at {args.minilm_tokens} tokens; "
          f"{time.perf_counter() - started:.0f} s")
    print_report(records, stats, sys.stdout)
    return 0


def _one(name: str, half: str, modes: tuple[nl_modes.Mode, ...], semantic: bool, tokens: int,
         cap: int) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Prepare, index and question one repository; return its records and its row of the first table."""
    _log(f"{name} (half {half})")
    if name in DOC_REPOSITORIES:
        doc = doc_tree(DOC_REPOSITORIES[name], cap)
        engines = open_engines(doc.root, modes, semantic, _log, tokens)
        try:
            records = run_docstrings(doc, engines, modes, half, _log)
            chunks = len(next(iter(engines.values())).embedding_items())
        finally:
            close(engines)
        stat = {"bench": "docstring", "repo": name, "language": "python", "half": half, "version": doc.repo.version,
                "files": sum(1 for _ in doc.root.rglob("*.py")), "chunks": chunks, "kept": len(doc.questions),
                "dropped": doc.candidates - len(doc.questions),
                "why": f"sample of {len(doc.questions)} from {doc.candidates} documented functions ({doc.functions} in all)"}
        return records, stat
    tree = semble_tree(semble_repositories()[name])
    engines = open_engines(tree.root, modes, semantic, _log, tokens)
    try:
        records = run_semble(tree, engines, modes, half, _log)
        chunks = len(next(iter(engines.values())).embedding_items())
    finally:
        close(engines)
    why = sorted({d.reason for d in tree.dropped})
    stat = {"bench": "semble", "repo": name, "language": tree.repo.language, "half": half, "version": tree.repo.version,
            "files": len(tree.files), "chunks": chunks, "kept": len(tree.kept), "dropped": len(tree.dropped),
            "why": "; ".join(why), "note": NOTES.get(name, "")}
    return records, stat


def _prepare(name: str, half: str, modes: tuple[nl_modes.Mode, ...], semantic: bool, tokens: int, cap: int) -> None:
    """Download, copy, index and embed one repository, asking it nothing: a held-out half's caches
    are built ahead of the one run that reads its figures."""
    _log(f"{name} (half {half}): preparing")
    root = doc_tree(DOC_REPOSITORIES[name], cap).root if name in DOC_REPOSITORIES else \
        semble_tree(semble_repositories()[name]).root
    close(open_engines(root, modes, semantic, _log, tokens))


def _save(path: Path, records: list[dict[str, Any]], stats: list[dict[str, Any]], tokens: int) -> None:
    """Write every answer so far (rewritten after each repository, so a stopped run keeps its work)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    settings = {"minilm_tokens": tokens}
    tmp.write_text(json.dumps({"settings": settings, "repositories": stats, "records": records}))
    tmp.replace(path)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bench.nl_quality", description=__doc__.split("\n")[0])
    parser.add_argument("--repos", help="comma-separated repository names (default: all)")
    parser.add_argument("--half", choices=GROUPS,
                        help="only the repositories of one half (A, B), or of group C (semble's Java repositories)")
    parser.add_argument("--modes", help=f"comma-separated, from {', '.join(nl_modes.BY_NAME)} (default: all)")
    parser.add_argument("--no-semantic", action="store_true", help="skip the modes that need embeddings")
    parser.add_argument("--json", type=Path, help="write every answer (per question and mode) to this file")
    parser.add_argument("--questions", type=int, default=DOC_QUESTIONS,
                        help=f"docstring questions per repository (default {DOC_QUESTIONS})")
    parser.add_argument("--minilm-tokens", type=_tokens, default=nl_modes.MINILM_TOKENS,
                        help=f"tokens MiniLM keeps per chunk (default {nl_modes.MINILM_TOKENS}: the cached vectors; "
                             "the product keeps 128)")
    parser.add_argument("--index-dir", type=Path, help=f"where the indexes and vectors live (default {nl_modes.INDEX})")
    parser.add_argument("--prepare", action="store_true",
                        help="download, index and embed the repositories, ask nothing and print no figure")
    parser.add_argument("--report-only", type=Path, metavar="JSON", help="print the tables of a saved --json file")
    return parser


def _tokens(text: str) -> int:
    """A MiniLM truncation length, 2 to 256 tokens."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of tokens: {text!r}") from None
    if not 2 <= value <= 256:
        raise argparse.ArgumentTypeError(f"MiniLM keeps 2 to 256 tokens, not {value}")
    return value


def _log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


if __name__ == "__main__":
    sys.exit(main())
