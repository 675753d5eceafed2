"""How the blend turns the engines' lists into a page, measured: the blend's constants varied one
at a time, every question asked of ``Engine.search`` (default preset) as a user asks it.

Two sets of questions:

- ``--set nl`` (the default): issue 16's benchmark (:mod:`bench.nl_quality`): semble's labelled
  questions (NDCG@10 as semble scores it) and docstring -> function questions on six Python
  repositories new to the project (MRR@10, Hit@10). Choose constants on ``--half A`` only; half B
  is the report.
- ``--set eval``: the evaluation's docstring questions on requests, flask and click
  (:mod:`bench.eval`), scored on the function (the ``definition`` rule) and on its file.

A variant sets the module constants the product reads at question time (``--decays``: the file
credit's decay; ``--copies``: the copy threshold, above 1 none is folded; ``--fetches``: what
each engine returns for a page up to 50), asks every question, and is scored; the engines' own
lists are computed once per question and fetch, so a variant costs only its blending. Reference
rows: ``quick`` (semantic only), and each engine alone. ``--tiers static`` answers with the static
semantic tier alone (what ``maguyva index`` leaves on a fresh repository: seconds to build);
``both`` embeds every chunk with MiniLM too (minutes to hours the first time, cached).

It also checks the limit-prefix property on every question, as shipped and before: the page for
``--limit 10`` is the first 10 of the ``--limit 50`` page.

    python -m bench.blend_page --half A --decays 0,0.25,0.5 --copies 1.1,0.8 --fetches 60
    python -m bench.blend_page --half B --before              # the report: as shipped against before
    python -m bench.blend_page --set eval --repos requests --decays 0
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.corpora import CACHE
from maguyva_tui.core import duplicates, fusion, plan
from maguyva_tui.core import search as search_module

PAGE = 10  # semble's k and the evaluation's cutoff: the page scored
LONG_PAGE = 50  # the explorer's and the MCP server's page: the limit-prefix check's long page
INDEXES = CACHE / "blend-index"  # its own: never rebuilt under a running evaluation
REFERENCES = {"quick": {"preset": "quick"}, "semantic": {"modality": "semantic"},
              "text": {"modality": "text"}, "structural": {"modality": "structural"}}
"""Reference rows: asked once per question, whatever the variants."""


@dataclass(frozen=True, slots=True)
class Variant:
    """One setting of the blend's constants (``None``: as shipped)."""

    decay: float | None = None
    copies: float | None = None
    fetch: int | None = None
    before: bool = False
    """Issue 16's mechanisms off: no file credit, no copy folding, the fetch of old (the page
    alone, a blend three times the page and at least 60)."""

    def __str__(self) -> str:
        if self.before:
            return "default: before (no file credit, no copies, fetch by limit)"
        parts = [f"decay {self.decay:g}" if self.decay is not None else "",
                 f"copies {self.copies:g}" if self.copies is not None else "",
                 f"fetch {self.fetch}" if self.fetch is not None else ""]
        return "default: " + (", ".join(p for p in parts if p) or "as shipped")


def _old_fetch(limit: int) -> tuple[int, int]:
    return limit, max(limit * 3, 60)


@contextmanager
def applied(v: Variant) -> Iterator[None]:
    """Set the product's constants for one variant, restoring them after."""
    saved = (fusion.FILE_DECAY, duplicates.COPY_SIMILARITY, plan.MIN_FETCH, plan.fetch_for)
    try:
        if v.before:
            fusion.FILE_DECAY, duplicates.COPY_SIMILARITY = 0.0, 1.1  # type: ignore[misc]
            plan.fetch_for = _old_fetch  # type: ignore[assignment]
        if v.decay is not None:
            fusion.FILE_DECAY = v.decay  # type: ignore[misc]
        if v.copies is not None:
            duplicates.COPY_SIMILARITY = v.copies  # type: ignore[misc]
        if v.fetch is not None:
            plan.MIN_FETCH = v.fetch  # type: ignore[misc]
        yield
    finally:
        fusion.FILE_DECAY, duplicates.COPY_SIMILARITY, plan.MIN_FETCH, plan.fetch_for = saved  # type: ignore[misc]


@contextmanager
def engines_memoised() -> Iterator[None]:
    """Run each engine once per question and fetch: the variants re-blend the same lists."""
    original = search_module._run_engines
    memo: dict[Any, Any] = {}

    def run_once(parts: Any, the_plan: Any, query: Any) -> Any:
        key = (id(parts.generation), the_plan.modalities, the_plan.fetch, query)
        if key not in memo:
            memo[key] = original(parts, the_plan, query)
        done = memo[key]
        return search_module._Run(dict(done.lists), dict(done.timings), list(done.notices))

    search_module._run_engines = run_once  # type: ignore[assignment]
    try:
        yield
    finally:
        search_module._run_engines = original  # type: ignore[assignment]


@dataclass(frozen=True, slots=True)
class Question:
    """One question and what its answers are scored against (plain data: it pickles)."""

    bench: str
    """``semble``, ``docstring`` or ``eval docstring``: how a page is scored (:func:`score`)."""
    repo: str
    text: str
    truth: Any
    """semble: ``(task, findable targets, benchmark root)``; docstring: the answer's span; eval
    docstring: the evaluation's truth items."""

    def score(self, spans: list[tuple[str, int, int]]) -> dict[str, float]:
        """Score one page of ``(path, start, end)`` answers, as the question's benchmark does."""
        return SCORERS[self.bench](spans, self.truth)


def _semble(spans: list[tuple[str, int, int]], truth: Any) -> dict[str, float]:
    from bench.nl.prepare import joined
    from bench.nl.scoring import hit_at_1, semble_ndcg

    task, n, root = truth
    repo_spans = [(joined(root, p), s, e) for p, s, e in spans]
    return {"NDCG@10": semble_ndcg(repo_spans, task, n)[0], "Hit@1": hit_at_1(repo_spans, task)}


def _docstring(spans: list[tuple[str, int, int]], answer: Any) -> dict[str, float]:
    from bench.nl.scoring import answer_rank, reciprocal

    rank = answer_rank(spans, answer)
    listed = answer[0] in {p for p, _, _ in spans[:PAGE]}
    return {"MRR@10": reciprocal(rank), "Hit@10": float(rank is not None), "file Hit@10": float(listed)}


def _eval_docstring(spans: list[tuple[str, int, int]], truth: Any) -> dict[str, float]:
    from bench.eval.metrics import judge

    first = judge(spans[:PAGE], truth, "definition").first_rank()
    files = list(dict.fromkeys(s[0] for s in spans))[:PAGE]
    at = files.index(truth[0].path) + 1 if truth[0].path in files else None
    return {"MRR@10": 0.0 if first is None else 1 / first, "Hit@10": float(first is not None),
            "file MRR@10": 0.0 if at is None else 1 / at, "file Hit@10": float(at is not None)}


SCORERS: dict[str, Callable[[list[tuple[str, int, int]], Any], dict[str, float]]] = {
    "semble": _semble, "docstring": _docstring, "eval docstring": _eval_docstring}


@dataclass(slots=True)
class Tally:
    """Scores per benchmark for one method."""

    scores: dict[str, dict[str, list[float]]] = field(default_factory=dict)
    prefix_ok: int = 0
    prefix_n: int = 0

    def add(self, bench: str, values: dict[str, float]) -> None:
        """Keep one question's scores."""
        for name, value in values.items():
            self.scores.setdefault(bench, {}).setdefault(name, []).append(value)

    def mean(self, bench: str, name: str) -> float | None:
        """The mean of one score over the questions of one benchmark."""
        found = self.scores.get(bench, {}).get(name)
        return statistics.fmean(found) if found else None


# ---------------------------------------------------------------------------------------------
# Question sets: each yields (repository, engine, questions) one repository at a time.


def nl_repositories(names: str | None, half: str | None, tiers: str, cap: int) -> Iterator[tuple[str, Any, list[Question]]]:
    """issue 16's repositories (:mod:`bench.nl_quality`), each with its engine and questions."""
    from bench.nl.prepare import doc_tree, semble_tree
    from bench.nl.repos import DOC_REPOSITORIES, semble_repositories
    from bench.nl.run import chunk_spans
    from bench.nl.scoring import indexed_targets
    from bench.nl_quality import selected

    for name in selected(names, half):
        if name in DOC_REPOSITORIES:
            doc = doc_tree(DOC_REPOSITORIES[name], cap)
            yield name, _engine(doc.root, tiers), [Question("docstring", name, q.query, q.answer) for q in doc.questions]
            continue
        tree = semble_tree(semble_repositories()[name])
        engine = _engine(tree.root, tiers)
        chunks = chunk_spans(engine, tree.repo_path)
        root = tree.repo.benchmark_root
        yield name, engine, [Question("semble", name, t.query, (t, indexed_targets(chunks, t.all_relevant), root))
                             for t in tree.kept]


def eval_repositories(names: str | None, cap: int) -> Iterator[tuple[str, Any, list[Question]]]:
    """The evaluation's docstring questions on its pinned corpora (:mod:`bench.eval`)."""
    from bench.eval import cases as casegen
    from bench.eval.runner import prepare_corpus

    for name in (names or "requests,flask,click").split(","):
        repo = prepare_corpus(name, lambda root: _engine(root, "both"), log=_log)
        cases = casegen.language_cases(repo.defs, cap, name + "/nl")
        yield name, repo.engine, [Question("eval docstring", name, c.subject, c.truth) for c in cases]


def _engine(root: Path, tiers: str) -> Any:
    """An engine over a work tree: the static semantic tier alone, or both tiers filled."""
    from maguyva_tui.core.embed.minilm import MiniLMProvider
    from maguyva_tui.core.engine import Engine

    engine = Engine(root, INDEXES, provider=MiniLMProvider())
    started = time.perf_counter()
    engine.refresh()
    if tiers == "both":
        engine.embed_pending()
    _log(f"  {root.name}: indexed ({tiers}) in {time.perf_counter() - started:.0f} s")
    return engine


# ---------------------------------------------------------------------------------------------
# Asking.


def spans_of(result: Any) -> list[tuple[str, int, int]]:
    """The page as ``(path, start, end)``."""
    return [(r.path, r.start_line, r.end_line) for r in result.results]


def ask_all(source: Iterator[tuple[str, Any, list[Question]]], variants: Sequence[Variant],
            prefix: bool) -> dict[str, Tally]:
    """Ask every question of every repository: the references once, then every variant."""
    tallies: dict[str, Tally] = {}
    for name, engine, questions in source:
        started = time.perf_counter()
        with engines_memoised():
            for q in questions:
                for label, options in REFERENCES.items():
                    page = spans_of(engine.search(q.text, limit=PAGE, **options))
                    tallies.setdefault(label, Tally()).add(q.bench, q.score(page))
                for i, v in enumerate(variants):
                    with applied(v):
                        short = engine.search(q.text, limit=PAGE)
                        tally = tallies.setdefault(str(v), Tally())
                        tally.add(q.bench, q.score(spans_of(short)))
                        if prefix and (i == 0 or v.before):
                            long = engine.search(q.text, limit=LONG_PAGE)
                            tally.prefix_n += 1
                            tally.prefix_ok += spans_of(short) == spans_of(long)[:PAGE]
        engine.close()
        _log(f"  {name}: {len(questions)} questions, {time.perf_counter() - started:.0f} s")
    return tallies


def table(tallies: dict[str, Tally]) -> list[str]:
    """One row per method, one column per benchmark's score."""
    columns = sorted({(b, s) for t in tallies.values() for b, scores in t.scores.items() for s in scores})
    counts = {b: max(len(v) for t in tallies.values() for v in t.scores.get(b, {}).values() or [[]])
              for b, _ in columns}
    head = ["method", *(f"{b} {s} ({counts[b]})" for b, s in columns), "limit 10 = first 10 of 50"]
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for method, tally in tallies.items():
        cells = [(f"{m:.3f}" if (m := tally.mean(b, s)) is not None else "") for b, s in columns]
        prefix = f"{tally.prefix_ok}/{tally.prefix_n}" if tally.prefix_n else ""
        out.append("| " + " | ".join([method, *cells, prefix]) + " |")
    return out


def _floats(text: str) -> list[float]:
    return [float(x) for x in text.split(",") if x]


def main(argv: list[str] | None = None) -> int:
    """Parse the options and run."""
    parser = argparse.ArgumentParser(prog="python -m bench.blend_page", description=__doc__.split("\n")[0])
    parser.add_argument("--set", choices=("nl", "eval"), default="nl")
    parser.add_argument("--repos", default=None, help="comma-separated repository names")
    parser.add_argument("--half", choices=("A", "B"), default=None, help="nl: one half of the repositories")
    parser.add_argument("--tiers", choices=("static", "both"), default="static", help="nl: the semantic tiers")
    parser.add_argument("--decays", default="", help="file-credit decays to try (comma-separated)")
    parser.add_argument("--copies", default="", help="copy thresholds to try (above 1: no folding)")
    parser.add_argument("--fetches", default="", help="engine fetch sizes to try")
    parser.add_argument("--cap", type=int, default=100, help="docstring questions per repository at most")
    parser.add_argument("--no-prefix", action="store_true", help="skip the limit-prefix check")
    parser.add_argument("--before", action="store_true", help="also ask with issue 16's mechanisms off")
    args = parser.parse_args(argv if argv is not None else sys.argv[1:])
    variants = [Variant()] + ([Variant(before=True)] if args.before else [])
    variants += [Variant(decay=d) for d in _floats(args.decays)]
    variants += [Variant(copies=c) for c in _floats(args.copies)]
    variants += [Variant(fetch=int(f)) for f in _floats(args.fetches)]
    started = time.perf_counter()
    source = (nl_repositories(args.repos, args.half, args.tiers, args.cap) if args.set == "nl"
              else eval_repositories(args.repos, args.cap))
    tallies = ask_all(source, variants, not args.no_prefix)
    print(f"\n`python -m bench.blend_page {' '.join(argv if argv is not None else sys.argv[1:])}` "
          f"({time.perf_counter() - started:.0f} s)\n")
    print("\n".join(table(tallies)))
    return 0


def _log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


if __name__ == "__main__":
    sys.exit(main())
