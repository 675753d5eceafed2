"""Docstring -> function retrieval: the semantic modality against a BM25 baseline, same run.

For each pinned repository every Python function is a document whose docstrings are blanked
out (line numbers kept); every function with a docstring gives a query, the first sentence of
that docstring, and the function itself is the one right answer. Semantic search runs through
the real path (``embed_pending`` into a ``VectorStore``, then ``SemanticRetriever``: Hamming
top-100 and float16 rescoring); BM25 ranks the same documents by identifier-split tokens.

    python -m bench.semantic_quality                    # requests, flask, click
    python -m bench.semantic_quality requests flask     # a subset
    python -m bench.semantic_quality --max-tokens 64 128 192 256   # quality against truncation
"""

from __future__ import annotations

import argparse
import ast
import random
import re
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from bench.corpora import corpus
from bench.eval.baselines import BM25Index
from bench.semantic_speed import speed_rows
from maguyva_tui.core.embed.codes import as_words, cosine, hamming, pack, top_k
from maguyva_tui.core.embed.minilm import MiniLMProvider
from maguyva_tui.core.embed.progressive import embed_pending
from maguyva_tui.core.embed.store import VectorStore, content_hash
from maguyva_tui.core.retrievers.semantic import SemanticRetriever
from maguyva_tui.core.types import Chunk, Query

REPOSITORIES = ("requests", "flask", "click")
MAX_FUNCTIONS = 1500  # per repository: bounds the embedding time on a 2-core machine
CUTOFF = 10  # MRR@10 and Recall@10
MIN_QUERY_WORDS = 3  # "Return it." says nothing a search could use
BOOTSTRAP = 2000  # resamples for the paired intervals of the truncation sweep
SEED = 20261201
_SENTENCE_END = re.compile(r"(?<!\be\.g\.)(?<!\bi\.e\.)(?<=[.!?])\s+(?=[A-Z`'\"(])")


@dataclass(frozen=True, slots=True)
class Function:
    """One indexed function and, when it had a docstring, the query that should find it."""

    chunk: Chunk
    text: str
    query: str | None


def first_sentence(docstring: str) -> str:
    """Return the first sentence of a docstring's first paragraph, whitespace collapsed."""
    paragraph = " ".join(docstring.strip().split("\n\n")[0].split())
    match = _SENTENCE_END.search(paragraph)
    return paragraph[: match.start()] if match else paragraph


def blank_docstrings(source: str, tree: ast.AST) -> list[str]:
    """Return the file's lines with every docstring replaced by blanks (lines and columns kept)."""
    lines = source.splitlines()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not (isinstance(body, list) and body and isinstance(body[0], ast.Expr)):
            continue
        value = body[0].value
        if not (isinstance(value, ast.Constant) and isinstance(value.value, str)):
            continue
        first, last = value.lineno - 1, (value.end_lineno or value.lineno) - 1
        head, tail = lines[first][: value.col_offset], lines[last][value.end_col_offset or 0 :]
        for i in range(first, last + 1):
            lines[i] = ""
        lines[first] = head.rstrip() if first != last else (head + tail).rstrip()
        if first != last:
            lines[last] = tail.strip()
    return lines


def functions_of(root: Path) -> list[Function]:
    """Return every function of a source tree, at most ``MAX_FUNCTIONS`` (a fixed sample)."""
    found: list[Function] = []
    for path in sorted(root.rglob("*.py")):
        try:
            source = path.read_text("utf-8")
            tree = ast.parse(source)
        except (SyntaxError, UnicodeDecodeError, ValueError):
            continue
        lines = blank_docstrings(source, tree)
        rel = path.relative_to(root).as_posix()
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                found.append(_function(rel, node, lines))
    if len(found) > MAX_FUNCTIONS:
        found = sorted(random.Random(0).sample(found, MAX_FUNCTIONS), key=lambda f: (f.chunk.path, f.chunk.start_line))
    return _unique_queries(found)


def _function(path: str, node: ast.FunctionDef | ast.AsyncFunctionDef, lines: list[str]) -> Function:
    start = min([node.lineno] + [d.lineno for d in node.decorator_list])
    end = node.end_lineno or node.lineno
    doc = ast.get_docstring(node)
    query = first_sentence(doc) if doc else None
    if query is not None and len(query.split()) < MIN_QUERY_WORDS:
        query = None
    chunk = Chunk(path, start, end, "function", node.name, "python")
    return Function(chunk, "\n".join(lines[start - 1 : end]), query)


def _unique_queries(functions: list[Function]) -> list[Function]:
    """Drop queries that several functions share: they have no single right answer."""
    counts = Counter(f.query for f in functions if f.query)
    return [f if counts[f.query] <= 1 else Function(f.chunk, f.text, None) for f in functions]


@dataclass(frozen=True, slots=True)
class Scores:
    """MRR@10 and Recall@10 of one method over some queries."""

    mrr: float
    recall: float

    @classmethod
    def of(cls, ranks: list[int | None]) -> Scores:
        """Summarise 1-based ranks of the right answer (``None``: not in the top ten)."""
        hits = [r for r in ranks if r is not None and r <= CUTOFF]
        return cls(sum(1 / r for r in hits) / len(ranks), len(hits) / len(ranks))


def rank_of(target: int, ranking: list[int]) -> int | None:
    """Return the 1-based position of ``target`` in ``ranking``, or ``None``."""
    return ranking.index(target) + 1 if target in ranking else None


def evaluate(name: str, provider: MiniLMProvider, folder: Path) -> tuple[dict[str, list[int | None]], dict[str, float]]:
    """Embed one repository's functions and rank every query by each method."""
    functions = functions_of(corpus(name))
    items = [(content_hash(f.text), f.text) for f in functions]
    store = VectorStore.for_provider(folder / name, provider)
    report = embed_pending(store, provider, items, batch_size=64)
    retriever = SemanticRetriever(provider, store, [(f.chunk, h) for f, (h, _) in zip(functions, items)])
    where = {(f.chunk.path, f.chunk.start_line): i for i, f in enumerate(functions)}
    bm25 = BM25Index([f.text for f in functions])
    floats = store.floats[store.lookup(h for h, _ in items)].astype(np.float32)
    words = as_words(pack(floats))
    ranks: dict[str, list[int | None]] = {"semantic": [], "bm25": [], "float": [], "binary": []}
    for target, function in enumerate(functions):
        if function.query is None:
            continue
        hits = retriever.search(Query(function.query), CUTOFF)
        ranks["semantic"].append(rank_of(target, [where[(h.path, h.start_line)] for h in hits]))
        ranks["bm25"].append(rank_of(target, bm25.rank(function.query, CUTOFF)))
        q = provider.embed_query(function.query)
        ranks["float"].append(rank_of(target, np.argsort(-cosine(floats, q), kind="stable")[:CUTOFF].tolist()))
        ranks["binary"].append(rank_of(target, top_k(hamming(words, as_words(pack(q))), CUTOFF).tolist()))
    counts = np.array(provider.token_counts([t for _, t in items]))
    stats = {"functions": len(functions), "queries": len(ranks["semantic"]), "seconds": report.seconds,
             "embedded": report.embedded, "tokens": float(counts.mean()),
             "truncated": float((counts >= provider.max_tokens).mean())}
    return ranks, stats


def sweep(names: list[str], lengths: list[int]) -> None:
    """Evaluate the semantic path at each truncation length; print one row per length and repository,
    then each length against the longest on the same questions (paired, with a bootstrap interval)."""
    print("| max tokens | repository | queries | semantic MRR@10 | semantic R@10 | float MRR@10 | float R@10 "
          "| functions truncated | tokens/function | chunks/s |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    per_length: dict[int, list[int | None]] = {}
    for length in lengths:
        provider = MiniLMProvider(max_tokens=length)
        totals: dict[str, list[int | None]] = {}
        embedded, seconds = 0, 0.0
        with tempfile.TemporaryDirectory() as tmp:
            for name in names:
                ranks, stats = evaluate(name, provider, Path(tmp))
                for method, values in ranks.items():
                    totals.setdefault(method, []).extend(values)
                embedded += int(stats["embedded"])
                seconds += stats["seconds"]
                print(_sweep_row(length, name, ranks, stats["embedded"] / stats["seconds"], stats), flush=True)
        print(_sweep_row(length, "**all**", totals, embedded / seconds, None), flush=True)
        per_length[length] = totals["semantic"]
    longest = max(lengths)
    print(f"\n| max tokens | MRR@10 | MRR@10 - MRR@10 at {longest} (95% CI) | R@10 | R@10 - R@10 at {longest} (95% CI) |")
    print("|---|---|---|---|---|")
    for length in lengths:
        (mrr, mrr_ci), (recall, recall_ci) = paired_difference(per_length[length], per_length[longest])
        scores = Scores.of(per_length[length])
        print(f"| {length} | {scores.mrr:.3f} | {mrr:+.3f} ({mrr_ci[0]:+.3f} to {mrr_ci[1]:+.3f}) "
              f"| {scores.recall:.3f} | {recall:+.3f} ({recall_ci[0]:+.3f} to {recall_ci[1]:+.3f}) |")


Interval = tuple[float, tuple[float, float]]


def paired_difference(ranks: list[int | None], reference: list[int | None],
                      resamples: int = BOOTSTRAP) -> tuple[Interval, Interval]:
    """Return the MRR@10 and Recall@10 differences of two methods on the same questions, each with a
    95% bootstrap interval (questions resampled with replacement, a fixed seed)."""
    def per_question(values: list[int | None]) -> tuple[np.ndarray, np.ndarray]:
        rr = np.array([1 / r if r is not None and r <= CUTOFF else 0.0 for r in values])
        return rr, (rr > 0).astype(np.float64)

    (rr, hit), (rr0, hit0) = per_question(ranks), per_question(reference)
    picks = np.random.default_rng(SEED).integers(0, len(rr), (resamples, len(rr)))
    out = []
    for diff in (rr - rr0, hit - hit0):
        means = diff[picks].mean(axis=1)
        out.append((float(diff.mean()), (float(np.percentile(means, 2.5)), float(np.percentile(means, 97.5)))))
    return out[0], out[1]


def _sweep_row(length: int, name: str, ranks: dict[str, list[int | None]], rate: float,
               stats: dict[str, float] | None) -> str:
    s, f = Scores.of(ranks["semantic"]), Scores.of(ranks["float"])
    share = "" if stats is None else f"{stats['truncated']:.0%}"
    tokens = "" if stats is None else f"{stats['tokens']:.0f}"
    return (f"| {length} | {name} | {len(ranks['semantic'])} | {s.mrr:.3f} | {s.recall:.3f} | {f.mrr:.3f} "
            f"| {f.recall:.3f} | {share} | {tokens} | {rate:.1f} |")


def main(names: list[str]) -> None:
    """Run the evaluation and print markdown tables."""
    provider = MiniLMProvider()
    provider.load()
    print("| repository | functions | queries | semantic MRR@10 | semantic R@10 | BM25 MRR@10 | BM25 R@10 "
          "| float (no binary) MRR@10 | binary only MRR@10 | chunks/s | tokens/chunk |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    totals: dict[str, list[int | None]] = {}
    embedded, seconds = 0, 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            ranks, stats = evaluate(name, provider, Path(tmp))
            for method, values in ranks.items():
                totals.setdefault(method, []).extend(values)
            embedded += int(stats["embedded"])
            seconds += stats["seconds"]
            print(_row(name, ranks, int(stats["functions"]), stats["embedded"] / stats["seconds"], stats["tokens"]))
    print(_row("**all**", totals, None, embedded / seconds, None))
    ratio = Scores.of(totals["semantic"]).mrr / max(Scores.of(totals["bm25"]).mrr, 1e-9)
    print(f"\nsemantic MRR@10 / BM25 MRR@10 = {ratio:.2f} (target >= 1.25)\n")
    print("| measure | value |\n|---|---|")
    for measure, value in speed_rows(provider):
        print(f"| {measure} | {value} |")


def _row(name: str, ranks: dict[str, list[int | None]], functions: int | None, rate: float,
         tokens_per_chunk: float | None) -> str:
    s, b = Scores.of(ranks["semantic"]), Scores.of(ranks["bm25"])
    f, o = Scores.of(ranks["float"]), Scores.of(ranks["binary"])
    count = "" if functions is None else str(functions)
    tok = "" if tokens_per_chunk is None else f"{tokens_per_chunk:.0f}"
    return (f"| {name} | {count} | {len(ranks['semantic'])} | {s.mrr:.3f} | {s.recall:.3f} | {b.mrr:.3f} "
            f"| {b.recall:.3f} | {f.mrr:.3f} | {o.mrr:.3f} | {rate:.1f} | {tok} |")


if __name__ == "__main__":
    started = time.perf_counter()
    parser = argparse.ArgumentParser(prog="python -m bench.semantic_quality", description=__doc__.split("\n")[0])
    parser.add_argument("repositories", nargs="*", default=list(REPOSITORIES))
    parser.add_argument("--max-tokens", type=int, nargs="+", help="sweep these truncation lengths instead")
    args = parser.parse_args()
    if args.max_tokens:
        sweep(args.repositories, args.max_tokens)
    else:
        main(args.repositories)
    print(f"\n({time.perf_counter() - started:.0f} s in all)")
