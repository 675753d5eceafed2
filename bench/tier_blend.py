"""How the two semantic tiers should combine, measured: docstring -> function questions at three
transformer coverages.

Every Python function of a pinned repository is a document (docstrings blanked, as in
``bench.semantic_quality``), embedded as the product embeds a chunk (its path, kind and name, then
its code); the first sentence of each docstring is a question whose one right answer is its
function. The static tier is fitted on the repository's own chunks (all of them, from a real
index, as ``maguyva index`` fits it) and covers every function; the transformer tier
(all-MiniLM-L6-v2) covers none, the most central 30 % (the order of the real fill-in: graph
centrality from a real index, definitions first) or all of them. Each rule of
``maguyva_tui.core.retrievers.semantic.TIER_RULES`` ranks every question through a real
``TieredRetriever``; "static alone" and "model alone" (the transformer over what it covers) frame
them.

    python -m bench.tier_blend                    # requests, flask, click
    python -m bench.tier_blend requests           # a subset

The transformer's vectors are kept in ``bench/.cache/tier-blend`` (keyed by content), so a second
run embeds nothing.
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from bench.corpora import CACHE, bench_parser, corpus, corpus_name
from bench.semantic_quality import CUTOFF, REPOSITORIES, Function, Scores, functions_of, rank_of
from maguyva_tui.core.embed.minilm import MiniLMProvider
from maguyva_tui.core.embed.progressive import embed_pending
from maguyva_tui.core.embed.store import VectorStore, content_hash
from maguyva_tui.core.indexer import update_index
from maguyva_tui.core.retrievers.semantic import TIER_RULES, SemanticRetriever, TieredRetriever
from maguyva_tui.core.semantic_index import EMBED_MAX_CHARS, EMBED_MAX_LINES, embedding_items
from maguyva_tui.core.types import Chunk, Query

COVERAGES = (0.0, 0.3, 1.0)
"""Fractions of the functions the transformer tier covers, most central first."""
METHODS = ("static alone", "model alone", *TIER_RULES)
VECTORS = CACHE / "tier-blend"


class Memo:
    """A provider whose query vectors are computed once per text (every rule asks the same questions)."""

    def __init__(self, inner: object) -> None:
        self.inner = inner
        self.id = inner.id  # type: ignore[attr-defined]
        self.dim = inner.dim  # type: ignore[attr-defined]
        self.stores_floats = inner.stores_floats  # type: ignore[attr-defined]
        self._queries: dict[str, npt.NDArray[np.float32]] = {}

    def embed_documents(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        """Embed documents with the wrapped provider."""
        return self.inner.embed_documents(texts)  # type: ignore[attr-defined, no-any-return]

    def embed_query(self, text: str) -> npt.NDArray[np.float32]:
        """Embed a query once."""
        if text not in self._queries:
            self._queries[text] = self.inner.embed_query(text)  # type: ignore[attr-defined]
        return self._queries[text]


@dataclass(frozen=True, slots=True)
class Repository:
    """One repository's functions, their embedding texts and keys, and the fill-in order."""

    functions: list[Function]
    texts: list[str]
    keys: list[str]
    order: list[int]
    """Function indices most central first, as the real fill-in orders chunks."""
    fit_texts: list[str]
    """Every chunk's embedding text from a real index: what the static weights are fitted on."""


def product_text(function: Function) -> str:
    """A function's text as the product embeds a chunk: ``path kind name``, then its first lines."""
    chunk = function.chunk
    lines = function.text.split("\n")[:EMBED_MAX_LINES]
    return (f"{chunk.path} {chunk.kind} {chunk.symbol}\n" + "\n".join(lines))[:EMBED_MAX_CHARS]


def repository(name: str, index_base: Path) -> Repository:
    """Read a repository's functions and index it for centrality and the static tier's fit."""
    root = corpus(name)
    functions = functions_of(root)
    snapshot, _ = update_index(root, index_base)
    importance = [snapshot.centrality.at(f.chunk.path, f.chunk.start_line, f.chunk.end_line) for f in functions]
    order = sorted(range(len(functions)), key=lambda i: (-importance[i], functions[i].chunk.path,
                                                         functions[i].chunk.start_line))
    texts = [product_text(f) for f in functions]
    fit_texts = [item.text for item in embedding_items(snapshot)]
    return Repository(functions, texts, [content_hash(t) for t in texts], order, fit_texts)


def filled(provider: Memo, folder: Path, repo: Repository) -> VectorStore:
    """A store holding every function's vector (embedded once, kept between runs)."""
    store = VectorStore.for_provider(folder, provider)  # type: ignore[arg-type]
    embed_pending(store, provider, list(zip(repo.keys, repo.texts)), batch_size=64)  # type: ignore[arg-type]
    return store


def partial(full: VectorStore, keys: list[str], folder: Path) -> VectorStore:
    """A store holding only ``keys``, copied from ``full`` (a transformer tier part-way through)."""
    store = VectorStore(folder, full.provider_id, full.dim, full.keep_floats)
    if keys:
        rows = full.lookup(keys)
        assert full.floats is not None
        store.add(keys, full.floats[rows].astype(np.float32))
    return store


def evaluate(name: str, static_model: object, minilm: Memo, work: Path) -> dict[tuple[float, str], list[int | None]]:
    """Rank every question of one repository by every method at every coverage."""
    repo = repository(name, work / "indexes")
    weights = static_model.fit_weights(repo.fit_texts)  # type: ignore[attr-defined]
    static = Memo(static_model.provider(weights))  # type: ignore[attr-defined]
    started = time.perf_counter()
    static_store = filled(static, work / "static" / name, repo)
    static_seconds = time.perf_counter() - started
    model_store = filled(minilm, VECTORS, repo)
    chunks: list[tuple[Chunk, str]] = [(f.chunk, k) for f, k in zip(repo.functions, repo.keys)]
    where = {(f.chunk.path, f.chunk.start_line): i for i, f in enumerate(repo.functions)}
    static_tier = SemanticRetriever(static, static_store, chunks)  # type: ignore[arg-type]
    ranks: dict[tuple[float, str], list[int | None]] = {}
    for coverage in COVERAGES:
        covered = [repo.keys[i] for i in repo.order[: round(coverage * len(repo.order))]]
        store = partial(model_store, covered, work / f"model-{name}-{coverage}")
        model_tier = SemanticRetriever(minilm, store, chunks)  # type: ignore[arg-type]
        retrievers = {"static alone": TieredRetriever(static_tier, None), "model alone": TieredRetriever(None, model_tier)}
        retrievers.update({rule: TieredRetriever(static_tier, model_tier, rule) for rule in TIER_RULES})
        for method, retriever in retrievers.items():
            found = ranks.setdefault((coverage, method), [])
            for target, function in enumerate(repo.functions):
                if function.query is not None:
                    hits = retriever.search(Query(function.query), CUTOFF)
                    found.append(rank_of(target, [where[(h.path, h.start_line)] for h in hits]))
    queries = sum(f.query is not None for f in repo.functions)
    print(f"{name}: {len(repo.functions)} functions, {queries} questions, static tier "
          f"{len(repo.functions) / max(static_seconds, 1e-9):,.0f} chunks/s", file=sys.stderr)
    return ranks


def table(ranks: dict[tuple[float, str], list[int | None]]) -> str:
    """MRR@10 (Recall@10) of every method at every coverage, as markdown."""
    head = "| method | " + " | ".join(f"model {c:.0%}: MRR@10 (R@10)" for c in COVERAGES) + " |"
    rows = [head, "|---|" + "---|" * len(COVERAGES)]
    for method in METHODS:
        cells = []
        for coverage in COVERAGES:
            s = Scores.of(ranks[(coverage, method)])
            cells.append(f"{s.mrr:.3f} ({s.recall:.3f})")
        rows.append(f"| {method} | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def main(names: list[str]) -> None:
    """Measure every rule on the named repositories and print one table each and one for all."""
    from maguyva_tui.core.embed.static import StaticModel

    static_model = StaticModel.load()
    minilm = Memo(MiniLMProvider())
    totals: dict[tuple[float, str], list[int | None]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            ranks = evaluate(name, static_model, minilm, Path(tmp))
            print(f"\n### {name}\n\n{table(ranks)}")
            for key, values in ranks.items():
                totals.setdefault(key, []).extend(values)
    print(f"\n### all ({', '.join(names)})\n\n{table(totals)}")


def arguments(argv: list[str]) -> list[str]:
    """The repositories a command line names (``--help`` had ended in ``KeyError: '--help'``)."""
    parser = bench_parser("bench.tier_blend", __doc__)
    parser.add_argument("names", nargs="*", type=corpus_name, metavar="NAME",
                        help=f"pinned corpora of bench/corpora.py (default: {', '.join(REPOSITORIES)})")
    return list(parser.parse_args(argv).names) or list(REPOSITORIES)


if __name__ == "__main__":
    names = arguments(sys.argv[1:])
    started = time.perf_counter()
    main(names)
    print(f"\n({time.perf_counter() - started:.0f} s in all)")
