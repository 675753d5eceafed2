"""One question, end to end: classify, plan, run the engines in parallel, fuse, explain.

The data path: the classifier reads the question's intent and target; the plan picks the
engines (the dominant one alone on the direct path, the preset's weighted ones otherwise); each
engine runs in a thread with its time recorded, over-fetched so fusion has material; weighted RRF
blends the lists; the result carries every number that ranked it.
"""

from __future__ import annotations

import time
from concurrent.futures import Executor
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from maguyva_tui.core.fusion import Fused, demotion_for, direct, fuse, plan
from maguyva_tui.core.intent import INTENTS, Intent, Weights, classify, override, weights_for
from maguyva_tui.core.results import hit_json
from maguyva_tui.core.types import MODALITIES, Hit, Query, QueryError

if TYPE_CHECKING:
    from maguyva_tui.core.engine import Engine

OVERFETCH = 3
"""Each engine returns this many times the asked-for results before fusion, and at least MIN_FETCH."""

MIN_FETCH = 60
"""So that agreement between engines below the visible page can still lift a result."""

GROUNDED_RULES = ("identifier", "fallback")
"""Classifier rules whose answer the index may confirm (a lone identifier, a lone plain word)."""

CONF_KNOWN_SYMBOL = 0.90
"""A lone word that is exactly a symbol's name: as sure as an explicit "where is X defined"."""

MAX_QUERY_CHARS = 64 * 1024
"""Longer questions are refused: nothing in a code base is worth a 64 KiB needle."""

CASE_MODES = ("sensitive", "insensitive", "smart")
PRESETS = ("quick", "default", "thorough")


@dataclass(frozen=True, slots=True)
class SearchRequest:
    """Everything a caller may say about a search."""

    text: str
    limit: int = 20
    modality: str | None = None
    """Run this engine alone (``--modality``)."""
    regex: bool = False
    case: str = "sensitive"
    intent: str | None = None
    """Override the classifier."""
    preset: str = "default"
    weights: dict[str, float] | None = None
    """Override the weight profile (what-if); forces the fused path."""
    depth: int | None = None
    """Maximum depth for impact questions."""

    def validate(self) -> None:
        """Refuse requests that cannot run, with a message for the user."""
        if not self.text or not self.text.strip():
            raise QueryError("empty query")
        if len(self.text) > MAX_QUERY_CHARS:
            raise QueryError(f"query too long ({len(self.text)} characters; the limit is {MAX_QUERY_CHARS})")
        if self.depth is not None and (not isinstance(self.depth, int) or self.depth < 1):
            raise QueryError("--depth must be a whole number of at least 1")
        if self.limit < 1:
            raise QueryError("--limit must be at least 1")
        if self.case not in CASE_MODES:
            raise QueryError(f"unknown case mode {self.case!r}")
        if self.preset not in PRESETS:
            raise QueryError(f"unknown preset {self.preset!r} (choose from {', '.join(PRESETS)})")
        if self.modality is not None and self.modality not in MODALITIES:
            raise QueryError(f"unknown modality {self.modality!r} (choose from {', '.join(MODALITIES)})")
        if self.intent is not None and self.intent not in INTENTS:
            raise QueryError(f"unknown intent {self.intent!r} (choose from {', '.join(INTENTS)})")
        if self.weights is not None and set(self.weights) - set(MODALITIES):
            raise QueryError(f"unknown modality in weights: {', '.join(sorted(set(self.weights) - set(MODALITIES)))}")


@dataclass(slots=True)
class _Run:
    """The engines' lists and timings for one question."""

    lists: dict[str, list[Hit]] = field(default_factory=dict)
    timings: dict[str, float] = field(default_factory=dict)
    notices: list[str] = field(default_factory=list)


def run_search(engine: Engine, req: SearchRequest, pool: Executor) -> dict[str, Any]:
    """Answer one request and return the JSON result with its explanation."""
    started = time.perf_counter()
    req.validate()
    intent = _ground(engine, _intent(req), req)
    weights = _weights(intent, req)
    query = Query(req.text, regex=req.regex, case=req.case, target=intent.target)
    ordinary = req.weights is None and req.modality is None and intent.target is not None
    the_plan = plan(intent, req.preset, ordinary=ordinary)
    modalities = (req.modality,) if req.modality else the_plan.modalities
    strategy = "single" if req.modality else the_plan.strategy
    fetch = req.limit if strategy in ("direct", "single") else max(req.limit * OVERFETCH, MIN_FETCH)
    run = _run_engines(engine, modalities, query, intent, req, fetch, pool)
    if strategy in ("direct", "single") and not run.lists.get(modalities[0]) and not req.modality and not req.regex:
        run.notices.append(f"the {modalities[0]} engine alone found nothing; blending the engines instead")
        the_plan = plan(intent, req.preset, ordinary=False)
        modalities, strategy = the_plan.modalities, the_plan.strategy
        fetch = max(req.limit * OVERFETCH, MIN_FETCH)
        run = _merge(run, _run_engines(engine, modalities, query, intent, req, fetch, pool))
    fused = _combine(engine, strategy, modalities, run, weights, the_plan.k)[: req.limit]
    out = _header(req, intent, weights, strategy, the_plan.preset, the_plan.k, modalities, run)
    out["semantic_coverage"] = engine.semantic_coverage()
    out["notices"] = engine.notices_for_search() + run.notices
    focus = None if req.regex else intent.target  # the literal or symbol a long line is cut around
    out["results"] = [_result_json(engine, item, run, focus) for item in fused]
    out["elapsed_ms"] = round((time.perf_counter() - started) * 1000, 3)
    return out


def _intent(req: SearchRequest) -> Intent:
    if req.regex:
        return Intent("exact_match", 1.0, req.text, "regex flag")
    intent = classify(req.text)
    return override(intent, req.intent) if req.intent else intent


def _ground(engine: Engine, intent: Intent, req: SearchRequest) -> Intent:
    """Let the index confirm a lone word: when it is the exact name of a symbol, the question is
    where that symbol is defined (``host``, ``Session``, ``parse_config``), asked with confidence."""
    if req.intent or req.regex or req.modality or intent.rule not in GROUNDED_RULES:
        return intent
    word = req.text.strip().strip("`").removesuffix("()")
    if not word or len(word.split()) != 1:
        return intent
    if not engine.retriever("structural").lookup(word):  # type: ignore[attr-defined]
        return intent
    return Intent("find_definition", CONF_KNOWN_SYMBOL, word, "known_symbol")


def _weights(intent: Intent, req: SearchRequest) -> Weights:
    base = weights_for(intent.name)
    if req.weights is None:
        return base
    values = {m: float(req.weights.get(m, base.get(m))) for m in MODALITIES}
    return Weights(**values)


def _run_engines(
    engine: Engine, modalities: tuple[str, ...], query: Query, intent: Intent, req: SearchRequest, fetch: int, pool: Executor
) -> _Run:
    run = _Run()
    blended = len(modalities) > 1
    futures = {m: pool.submit(_timed, engine, m, query, intent, req, fetch, blended) for m in modalities}
    for name, future in futures.items():
        try:
            hits, ms = future.result()
        except QueryError:
            raise
        except Exception as exc:  # one engine failing must not sink the others
            run.notices.append(f"the {name} engine failed: {exc}")
            hits, ms = [], 0.0
        run.lists[name] = hits
        run.timings[name] = ms
    return run


def _merge(first: _Run, second: _Run) -> _Run:
    second.notices = first.notices + second.notices
    for name, ms in first.timings.items():
        second.timings[name] = second.timings.get(name, 0.0) + ms
    return second


def _timed(
    engine: Engine, name: str, query: Query, intent: Intent, req: SearchRequest, fetch: int, blended: bool
) -> tuple[list[Hit], float]:
    started = time.perf_counter()
    hits = engine.retrieve(name, query, intent, fetch, req.depth, blended)
    return hits, round((time.perf_counter() - started) * 1000, 3)


def _combine(
    engine: Engine, strategy: str, modalities: tuple[str, ...], run: _Run, weights: Weights, k: int
) -> list[Fused]:
    if strategy in ("direct", "single"):
        name = modalities[0]
        return direct(name, run.lists.get(name, []), weights.get(name), k)
    return fuse(
        {m: run.lists.get(m, []) for m in modalities},
        weights,
        k,
        centrality=engine.centrality,
        demotion=demotion_for,
        locate=engine.locate,
    )


def _header(
    req: SearchRequest,
    intent: Intent,
    weights: Weights,
    strategy: str,
    preset: str,
    k: int,
    modalities: tuple[str, ...],
    run: _Run,
) -> dict[str, Any]:
    return {
        "query": req.text,
        "parsed": str(Query(req.text, regex=req.regex, case=req.case, target=intent.target)),
        "intent": intent.name,
        "confidence": intent.confidence,
        "target": intent.target,
        "rule": intent.rule,
        "weights": weights.as_dict(),
        "fusion_strategy": strategy,
        "preset": preset,
        "k": k,
        "modalities_run": list(modalities),
        "timings_ms": run.timings,
    }


def _result_json(engine: Engine, item: Fused, run: _Run, focus: str | None = None) -> dict[str, Any]:
    """One result: the location, then every number that ranked it and each engine's own reason."""
    modalities: dict[str, Any] = {}
    match_lines: set[int] = set()
    for name, part in item.contributions:
        if part is None:
            modalities[name] = None
            continue
        entry: dict[str, Any] = dict(part.to_dict())
        own = run.lists.get(name, [])
        if part.rank < len(own):
            entry["reason"] = own[part.rank].reason
            if own[part.rank].start_line == own[part.rank].end_line:
                match_lines.add(own[part.rank].start_line)
            if own[part.rank].depth is not None:
                entry["depth"] = own[part.rank].depth
        modalities[name] = entry
    out = hit_json(engine.snapshot, _displayed(engine, item), item.score, modalities, focus)
    out.update(centrality=item.centrality, boost=item.boost, demotion=item.demotion, folded=item.folded)
    out["match_lines"] = sorted(match_lines)
    return out


def _displayed(engine: Engine, item: Fused) -> Hit:
    """Point a fused item at the definition it stands for; a line in a plain window stays a line."""
    hit = item.hit
    path, start, end = item.key
    if (start, end) == (hit.start_line, hit.end_line):
        return hit
    chunk = engine.chunk_at(path, hit.start_line)
    if chunk is None or chunk.symbol is None or (chunk.start_line, chunk.end_line) != (start, end):
        return hit
    return replace(hit, start_line=start, end_line=end, symbol=chunk.symbol, kind=chunk.kind)
