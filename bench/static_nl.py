"""The static tier alone against MiniLM alone on issue 16's questions, by exact cosine: a quick probe.

    python -m bench.static_nl --half A                  # choose on half A
    python -m bench.static_nl --half B                  # then read half B once
    python -m bench.static_nl --repos boltons,express   # a few repositories
    python -m bench.static_nl --half A --set NAME_WEIGHT=2,3,4 --set TF_POWER=0.5,1
                                                        # the static module's constants, each combination

``python -m bench.nl_quality --modes "static tier,model tier"`` asks the real engine (binary
codes, float16 rescoring, its cached indexes); this probe ranks the same chunks by exact cosine
instead, so a variant of the static tier costs seconds, not an indexing run. Each repository's
chunks (their embedding texts and spans, from the engine's index), MiniLM's cached vectors of them
(the "model tier" store, 256 tokens: never recomputed here; a repository whose store is not
complete is skipped) and MiniLM's vectors of the questions are gathered once into
``bench/.cache/static_quality/nl-<name>.pkl``. Scores as :mod:`bench.nl.run` scores: semble's
NDCG@10 over the top ten chunks, and MRR@10 of the docstring questions.
"""

from __future__ import annotations

import argparse
import itertools
import pickle
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from bench.nl.modes import INDEX, MINILM_TOKENS
from bench.nl.prepare import DOC_QUESTIONS, doc_tree, semble_tree
from bench.nl.repos import DOC_REPOSITORIES, semble_repositories
from bench.nl.scoring import K, answer_rank, reciprocal, semble_ndcg
from bench.nl_quality import selected
from bench.static_quality import CACHE
from maguyva_tui.core.embed import static

Matrix = npt.NDArray[np.float32]


@dataclass(frozen=True, slots=True)
class Probe:
    """One repository's chunks and questions, with MiniLM's vectors of both."""

    name: str
    bench: str
    """``semble`` or ``docstring``."""
    texts: list[str]
    spans: list[tuple[str, int, int]]
    """Each chunk's repository path and lines."""
    minilm: npt.NDArray[np.float16]
    queries: list[str]
    minilm_queries: Matrix
    targets: list[Any]
    """Docstring: the answer span; semble: (task, findable targets)."""

    def score(self, top: npt.NDArray[np.intp]) -> list[float]:
        """Each question's score from its top chunks (rows of ``top``)."""
        scores = []
        for target, row in zip(self.targets, top.tolist()):
            spans = [self.spans[i] for i in row]
            if self.bench == "docstring":
                scores.append(reciprocal(answer_rank(spans, target)))
            else:
                scores.append(semble_ndcg(spans, target[0], target[1])[0])
        return scores


class _ProbeUnpickler(pickle.Unpickler):
    """Reads a probe pickled by ``python -m bench.static_nl`` (its class then lived in ``__main__``) from any
    importer, and refuses every other class a cache file could name."""

    def find_class(self, module: str, name: str) -> Any:
        if name == "Probe" and module in ("__main__", __name__):
            return Probe
        if module.split(".")[0] in ("bench", "numpy", "builtins", "copyreg", "collections"):
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"a probe cache may not name {module}.{name}")


def gather(name: str) -> Probe | None:
    """Read a repository's chunks and vectors from its cached index (once; then from the probe cache)."""
    path = CACHE / f"nl-{name}.pkl"
    if path.exists():
        with path.open("rb") as handle:
            probe: Probe = _ProbeUnpickler(handle).load()
            return probe
    from bench.nl.run import chunk_spans
    from bench.nl.scoring import indexed_targets
    from maguyva_tui.core.embed.minilm import MiniLMProvider
    from maguyva_tui.core.engine import Engine

    doc = name in DOC_REPOSITORIES
    tree: Any = doc_tree(DOC_REPOSITORIES[name], DOC_QUESTIONS) if doc else semble_tree(semble_repositories()[name])
    provider = MiniLMProvider(max_tokens=MINILM_TOKENS)
    engine = Engine(tree.root, INDEX, provider=provider, static=False)
    try:
        engine.refresh(semantic=False)
        items = engine.embedding_items()
        store = engine.vector_store()
        rows = store.lookup(i.key for i in items)
        if (rows < 0).any() or store.floats is None:
            print(f"{name}: MiniLM's store lacks {(rows < 0).sum()} of {len(rows)} chunks; skipped", file=sys.stderr)
            return None
        minilm = np.array(store.floats[rows], np.float16)
        to_repo = (lambda p: p) if doc else tree.repo_path
        spans = [(to_repo(i.chunk.path), i.chunk.start_line, i.chunk.end_line) for i in items]
        if doc:
            queries = [q.query for q in tree.questions]
            targets: list[Any] = [q.answer for q in tree.questions]
        else:
            chunks = chunk_spans(engine, tree.repo_path)
            queries = [t.query for t in tree.kept]
            targets = [(t, indexed_targets(chunks, t.all_relevant)) for t in tree.kept]
        vectors = np.vstack([provider.embed_query(q) for q in queries]).astype(np.float32)
    finally:
        engine.close()
    probe = Probe(name, "docstring" if doc else "semble", [i.text for i in items], spans, minilm, queries,
                  vectors, targets)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        pickle.dump(probe, handle)
    return probe


def top(docs: Matrix, queries: Matrix, k: int = K) -> npt.NDArray[np.intp]:
    """The ``k`` rows of ``docs`` nearest each query by cosine, best first (the retriever's cosine: a static
    document's crowding dimension lengthens its row)."""
    norms = np.linalg.norm(docs, axis=1)
    scores = (queries / np.maximum(np.linalg.norm(queries, axis=1, keepdims=True), 1e-12)) @ docs.T
    scores /= np.maximum(norms, 1e-12)[None, :]
    part = np.argpartition(-scores, min(k, scores.shape[1] - 1), axis=1)[:, :k]
    order = np.take_along_axis(scores, part, axis=1).argsort(axis=1, kind="stable")[:, ::-1]
    result: npt.NDArray[np.intp] = np.take_along_axis(part, order, axis=1)
    return result


def static_scores(probe: Probe, model: static.StaticModel) -> list[float]:
    """The static tier's scores on one repository (fitted on its chunks, as the index fits it)."""
    provider = model.provider(model.fit(probe.texts))
    docs = provider.embed_documents(probe.texts)
    queries = np.vstack([provider.embed_query(q) for q in probe.queries])
    return probe.score(top(docs, queries))


def minilm_scores(probe: Probe) -> list[float]:
    """MiniLM's scores on one repository (its cached vectors)."""
    return probe.score(top(probe.minilm.astype(np.float32), probe.minilm_queries))


def table(probes: Sequence[Probe], variants: dict[str, Callable[[Probe], list[float]]]) -> None:
    """Print each variant's mean score per benchmark and its ratio to MiniLM."""
    base = {p.name: minilm_scores(p) for p in probes}
    print("| variant | semble NDCG@10 | x MiniLM | docstring MRR@10 | x MiniLM | s |")
    print("|---|---:|---:|---:|---:|---:|")
    reference = {b: _mean([v for p in probes if p.bench == b for v in base[p.name]]) for b in ("semble", "docstring")}
    print(f"| MiniLM | {reference['semble']:.3f} | 1 | {reference['docstring']:.3f} | 1 | |")
    for name, scores_of in variants.items():
        started = time.perf_counter()
        found = {p.name: scores_of(p) for p in probes}
        cells = []
        for bench in ("semble", "docstring"):
            value = _mean([v for p in probes if p.bench == bench for v in found[p.name]])
            cells += [f"{value:.3f}", f"{value / reference[bench]:.3f}" if reference[bench] else "-"]
        print(f"| {name} | " + " | ".join(cells) + f" | {time.perf_counter() - started:.0f} |", flush=True)


def _mean(values: Sequence[float]) -> float:
    return float(np.mean(values)) if values else 0.0


def probes(repos: str | None, half: str | None) -> list[Probe]:
    """The repositories a command line asks for, gathered."""
    found = []
    for name in selected(repos, half):
        probe = gather(name)
        if probe is not None:
            found.append(probe)
    return found


def settings(pairs: Sequence[str]) -> list[dict[str, float]]:
    """Every combination of the constants a command line sets (``NAME=v1,v2``); one empty one when none."""
    grid: dict[str, list[float]] = {}
    for pair in pairs:
        name, _, values = pair.partition("=")
        if not hasattr(static, name) or not values:
            raise SystemExit(f"--set {pair}: expected NAME=v1,v2 with NAME a constant of maguyva_tui.core.embed.static")
        try:
            grid[name] = [float(v) for v in values.split(",")]
        except ValueError:
            raise SystemExit(f"--set {pair}: the values must be numbers") from None
    return [dict(zip(grid, combination)) for combination in itertools.product(*grid.values())]


def variant(model: static.StaticModel, setting: dict[str, float]) -> Callable[[Probe], list[float]]:
    """Score a repository with the static module's constants set as given (restored afterwards)."""
    def scores(probe: Probe) -> list[float]:
        saved = {name: getattr(static, name) for name in setting}
        try:
            for name, value in setting.items():
                setattr(static, name, type(saved[name])(value))
            weights = static.zipf_weights(len(model.vectors), static.ZIPF_A)
            changed = static.StaticModel(model.vectors, weights, model._words.tokenizer, model.split_identifiers,
                                         model.basis)
            changed._words = model._words  # the same tokenisation: share the words it has learnt
            return static_scores(probe, changed)
        finally:
            for name, value in saved.items():
                setattr(static, name, value)
    return scores


def main(argv: list[str] | None = None) -> int:
    """Print the static tier (its defaults, or each combination of ``--set``) against MiniLM."""
    parser = argparse.ArgumentParser(prog="python -m bench.static_nl", description=__doc__.split("\n")[0])
    parser.add_argument("--repos")
    parser.add_argument("--half", choices=("A", "B"))
    parser.add_argument("--set", action="append", default=[], metavar="NAME=v1,v2",
                        help="a constant of maguyva_tui.core.embed.static and the values to try")
    args = parser.parse_args(argv)
    grid = settings(args.set)
    chosen = probes(args.repos, args.half)
    model = static.StaticModel.load()
    label = f"static v{static.STATIC_VERSION}"
    table(chosen, {" ".join([label] + [f"{k}={v:g}" for k, v in s.items()]): variant(model, s) for s in grid})
    return 0


if __name__ == "__main__":
    sys.exit(main())
