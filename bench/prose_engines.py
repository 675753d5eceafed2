"""What the text and structural engines add on a plain-English question, each engine's list scored.

For each pinned repository the package is copied with its docstrings blanked (``bench.eval.workcopy``)
and every function or method whose docstring's first sentence is unique gives a question; the
function is the one right answer (graded at the definition, as ``bench.evaluate`` grades its
natural-language questions). Each question is asked of:

- ``text vote``: the text engine as a blend asks it (``word_votes``, the blend's file budget), with
  the semantic engine standing in for meaning (``code_words_only``) and without it (an index not
  embedded yet), its hits located at their chunks as fusion locates them;
- ``structural`` and ``semantic``: ``Engine.search(..., modality=m)``;
- ``product``: ``Engine.search`` as a user calls it (the default preset).

    python -m bench.prose_engines                      # requests, flask, click
    python -m bench.prose_engines --repos flask --show 5
    python -m bench.prose_engines --methods "text vote (no embeddings),structural"   # no embedding
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from typing import Any

from bench.corpora import corpus
from bench.eval import cases as casegen
from bench.eval import metrics, oracles, workcopy
from bench.eval.runner import INDEXES, PACKAGES, WORK
from maguyva_tui.core.intent import classify
from maguyva_tui.core.types import Query

REPOSITORIES = ("requests", "flask", "click")
LIMIT = 20
TEXT_FILES = 60  # the blend's file budget for the text engine (search.FUSED_TEXT_FILES)
MAX_QUESTIONS = 10_000

Method = Callable[[Any, str], list[metrics.Span]]


def prepare(name: str, embed: bool = True) -> tuple[Any, list[casegen.Case]]:
    """The engine over the docstring-blanked copy (indexed, and embedded when ``embed``) and its questions."""
    from maguyva_tui.core.embed.minilm import MiniLMProvider
    from maguyva_tui.core.engine import Engine

    source = corpus(name)
    root = WORK / source.name
    files = workcopy.make_work_copy(source, PACKAGES[name], root)
    texts = oracles.python_files(root, files)
    defs = oracles.definitions(texts, oracles.python_files(source, files))
    engine = Engine(root, INDEXES, provider=MiniLMProvider())
    engine.refresh()
    if embed:
        engine.embed_pending()
    return engine, casegen.language_cases(defs, MAX_QUESTIONS, name + "/nl")


def text_vote(code_words_only: bool) -> Method:
    """The text engine's list as a blend asks for it, located at chunks, one entry per chunk."""

    def run(engine: Any, text: str) -> list[metrics.Span]:
        intent = classify(text)
        query = Query(text, target=intent.target, intent=intent.name, max_files=TEXT_FILES,
                      code_words_only=code_words_only, literal_first=intent.name == "exact_match", word_votes=True)
        generation = engine.generation
        spans = [generation.locate(h) for h in generation.retriever("text").search(query, LIMIT)]
        return list(dict.fromkeys(spans))

    return run


def engine_alone(modality: str | None) -> Method:
    """``Engine.search`` with one engine alone, or the product when ``modality`` is ``None``."""

    def run(engine: Any, text: str) -> list[metrics.Span]:
        result = engine.search(text, limit=LIMIT, modality=modality)
        return [(r.path, r.start_line, r.end_line) for r in result.results]

    return run


EMBEDDED = ("semantic", "product")
"""Methods that need the transformer tier's vectors (the others run on the index alone)."""

METHODS: dict[str, Method] = {
    "text vote (semantic present)": text_vote(True),
    "text vote (no embeddings)": text_vote(False),
    "structural": engine_alone("structural"),
    "semantic": engine_alone("semantic"),
    "product": engine_alone(None),
}


def evaluate(names: list[str], methods: list[str], show: int) -> None:
    """Ask every question of every method and print MRR@10, Hit@1, Hit@10 and the time per question."""
    totals: dict[str, list[tuple[float, float, float]]] = {m: [] for m in methods}
    times: dict[str, float] = dict.fromkeys(methods, 0.0)
    print("| repository | method | questions | MRR@10 | Hit@1 | Hit@10 | ms/question |")
    print("|---|---|---|---|---|---|---|")
    for name in names:
        engine, cases = prepare(name, embed=any(m in EMBEDDED for m in methods))
        for method in methods:
            scored: list[tuple[float, float, float]] = []
            started = time.perf_counter()
            misses = 0
            for case in cases:
                spans = METHODS[method](engine, case.subject)
                judged = metrics.judge(spans, case.truth, "definition")
                rank = judged.first_rank()
                scored.append((metrics.mrr(judged), metrics.hit_at_1(judged), float(rank is not None and rank <= 10)))
                if rank != 1 and misses < show:
                    misses += 1
                    print(f"  miss [{method}] {case.subject!r} -> {case.truth[0].path}:{case.truth[0].line}; "
                          f"got {spans[:3]}", file=sys.stderr)
            seconds = time.perf_counter() - started
            times[method] += seconds
            totals[method].extend(scored)
            print(_row(name, method, scored, seconds))
        engine.close()
    for method in methods:
        print(_row("**all**", method, totals[method], times[method]))


def _row(name: str, method: str, scored: list[tuple[float, float, float]], seconds: float) -> str:
    n = max(len(scored), 1)
    mrr, hit1, hit10 = (sum(s[i] for s in scored) / n for i in range(3))
    return f"| {name} | {method} | {len(scored)} | {mrr:.3f} | {hit1:.3f} | {hit10:.3f} | {1000 * seconds / n:.1f} |"


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run the evaluation."""
    parser = argparse.ArgumentParser(prog="python -m bench.prose_engines", description=__doc__.split("\n")[0])
    parser.add_argument("--repos", default=",".join(REPOSITORIES))
    parser.add_argument("--methods", default=",".join(METHODS), help=f"comma-separated, from {', '.join(METHODS)}")
    parser.add_argument("--show", type=int, default=0, help="print this many misses per method and repository")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    evaluate(args.repos.split(","), args.methods.split(","), args.show)
    print(f"\n({time.perf_counter() - started:.0f} s in all)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
