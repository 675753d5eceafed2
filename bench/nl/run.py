"""Ask every question of a repository in every mode and score the answers: one record per answer.

A record is a plain dict (JSON as it is): ``bench`` (``semble`` or ``docstring``), ``repo``,
``language``, ``half``, ``category``, ``query``, ``mode``, the scores (semble: ``ndcg10``,
``hit1``, the ``ranks`` the targets were found at and ``n_relevant``; docstring: ``rank``, ``rr``,
``hit10``), the ``top`` results (repository paths and lines), the path the product took
(``intent``, ``strategy``), ``ms`` and any ``error``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from bench.nl.modes import ENGINES, MINILM_TOKENS, Mode
from bench.nl.prepare import DocTree, SembleTree
from bench.nl.scoring import K, Span, answer_rank, hit_at_1, indexed_targets, reciprocal, semble_ndcg

Log = Callable[[str], None]


def open_engines(root: Any, modes: Sequence[Mode], semantic: bool, log: Log,
                 minilm_tokens: int = MINILM_TOKENS) -> dict[str, Any]:
    """One engine per build the modes need, each indexed (and embedded when ``semantic``), in the
    order the modes name them (the first fills what the later ones reuse)."""
    return {name: ENGINES[name](root, semantic, log, minilm_tokens) for name in dict.fromkeys(m.engine for m in modes)}


def close(engines: dict[str, Any]) -> None:
    """Stop every engine's threads."""
    for engine in engines.values():
        engine.close()


def ask(engine: Any, text: str, mode: Mode) -> dict[str, Any]:
    """One search as a user runs it: the top ``K`` spans (paths as indexed), the path taken, the time."""
    started = time.perf_counter()
    try:
        result = engine.search(text, limit=K, **mode.options)
    except Exception as exc:  # a refused or failing question is an empty answer, recorded
        return {"spans": [], "error": f"{type(exc).__name__}: {exc}", "intent": None, "strategy": None,
                "ms": round((time.perf_counter() - started) * 1000, 1)}
    return {"spans": [(r.path, r.start_line, r.end_line) for r in result.results], "error": None,
            "intent": result.intent, "strategy": result.fusion_strategy,
            "ms": round((time.perf_counter() - started) * 1000, 1)}


def chunk_spans(engine: Any, to_repo: Callable[[str], str]) -> dict[str, list[tuple[int, int]]]:
    """Every chunk of an engine's index, by repository path (what semble's ideal ranking counts)."""
    found: dict[str, list[tuple[int, int]]] = {}
    for item in engine.embedding_items():
        chunk = item.chunk
        found.setdefault(to_repo(chunk.path), []).append((chunk.start_line, chunk.end_line))
    return found


def run_semble(tree: SembleTree, engines: dict[str, Any], modes: Sequence[Mode], half: str, log: Log) -> list[dict[str, Any]]:
    """Every kept question of one semble repository, in every mode."""
    records = []
    chunks = chunk_spans(next(iter(engines.values())), tree.repo_path)
    started = time.perf_counter()
    for task in tree.kept:
        n_relevant = indexed_targets(chunks, task.all_relevant)
        for mode in modes:
            answer = ask(engines[mode.engine], task.query, mode)
            spans: list[Span] = [(tree.repo_path(p), s, e) for p, s, e in answer.pop("spans")]
            ndcg, ranks = semble_ndcg(spans, task, n_relevant)
            records.append({
                "bench": "semble", "repo": tree.repo.name, "language": tree.repo.language, "half": half,
                "category": task.category, "query": task.query, "mode": mode.name, "ndcg10": ndcg,
                "hit1": hit_at_1(spans, task), "ranks": ranks, "n_relevant": n_relevant,
                "targets": [t.path for t in task.all_relevant], "top": [list(s) for s in spans], **answer,
            })
    log(f"  {tree.repo.name}: {len(tree.kept)} questions x {len(modes)} modes, {time.perf_counter() - started:.0f} s")
    return records


def run_docstrings(tree: DocTree, engines: dict[str, Any], modes: Sequence[Mode], half: str, log: Log) -> list[dict[str, Any]]:
    """Every docstring question of one repository, in every mode."""
    records = []
    started = time.perf_counter()
    for question in tree.questions:
        for mode in modes:
            answer = ask(engines[mode.engine], question.query, mode)
            spans: list[Span] = answer.pop("spans")
            rank = answer_rank(spans, question.answer)
            records.append({
                "bench": "docstring", "repo": tree.repo.name, "language": "python", "half": half,
                "category": "docstring", "query": question.query, "mode": mode.name, "rank": rank,
                "rr": reciprocal(rank), "hit10": 0.0 if rank is None else 1.0, "answer": list(question.answer),
                "symbol": question.symbol, "top": [list(s) for s in spans], **answer,
            })
    log(f"  {tree.repo.name}: {len(tree.questions)} questions x {len(modes)} modes, "
        f"{time.perf_counter() - started:.0f} s")
    return records
