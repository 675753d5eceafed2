"""Find which mechanism costs a fused answer its quality: re-fuse the same lists with one part off.

For a question that takes the fused path, the engines' own lists are fetched once (through
``Engine.retrieve``, over-fetched as the product does) and fused again with the product's own
pure :func:`maguyva_tui.core.fusion.fuse`, changing one thing at a time:

- ``as shipped``: nothing changed; must reproduce the product's list (checked and reported).
- ``intent forced``: the expected intent's profile instead of the classifier's.
- ``no per-file dedup``: every chunk stays, not only the best one of each file.
- ``no centrality boost``: every boost 1.
- ``no dedup, no boost``.
- ``dominant engine only``: the other engines' weights set to 0 (dedup and boost kept).
- ``dominant only, no dedup, no boost``: should match that engine alone (a sanity check).
- ``dominant engine picks the chunk``: each file shown by the chunk the dominant engine ranked best
  (the rule before the blend chose it), the file ranked by that chunk's score.
- ``text votes by line``: the text engine's list as it was before a sentence voted by chunk (the
  target's literal lines, else the question's code-like words line by line); the same for a
  question that is no sentence.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from bench.eval.metrics import Span
from maguyva_tui.core.fusion import Fused, demotion_for, fuse, no_centrality
from maguyva_tui.core.intent import Intent, Weights, classify, override, weights_for
from maguyva_tui.core.plan import MIN_FETCH, OVERFETCH, plan
from maguyva_tui.core.search import (
    FUSED_TEXT_FILES,
    SEMANTIC_STANDS_IN,
    named_files,
    names_count,
    quoted_code,
    quotes_count,
)
from maguyva_tui.core.types import MODALITIES, Hit, Query

ABLATIONS = ("as shipped", "intent forced", "no per-file dedup", "no centrality boost", "no dedup, no boost",
             "dominant engine only", "dominant only, no dedup, no boost", "dominant engine picks the chunk",
             "text votes by line")
"""Variants in report order."""


@dataclass(frozen=True, slots=True)
class Variant:
    """One way of fusing."""

    intent: Intent
    dedup: bool = True
    boost: bool = True
    only_dominant: bool = False
    dominant_picks: bool = False
    line_text: bool = False


def _variants(text: str, expected: str) -> dict[str, Variant]:
    found = classify(text)
    forced = found if found.name == expected else override(found, expected)
    return {
        "as shipped": Variant(found),
        "intent forced": Variant(forced),
        "no per-file dedup": Variant(found, dedup=False),
        "no centrality boost": Variant(found, boost=False),
        "no dedup, no boost": Variant(found, dedup=False, boost=False),
        "dominant engine only": Variant(found, only_dominant=True),
        "dominant only, no dedup, no boost": Variant(found, dedup=False, boost=False, only_dominant=True),
        "dominant engine picks the chunk": Variant(found, dominant_picks=True),
        "text votes by line": Variant(found, line_text=True),
    }


def _lists(engine: Any, text: str, intent: Intent, limit: int) -> Mapping[str, list[Hit]]:
    """The default preset's engines' own lists, fetched as the fused path fetches them."""
    fetch = max(limit * OVERFETCH, MIN_FETCH)
    modalities = plan(intent, "default", ordinary=False).modalities
    blended = len(modalities) > 1  # as the product's fused path asks: the text engine's work is bounded
    query = Query(text, target=intent.target, intent=intent.name, literal_first=intent.name == "exact_match")
    text_query = replace(query, max_files=FUSED_TEXT_FILES, word_votes=True,
                         code_words_only=engine.semantic_coverage() >= SEMANTIC_STANDS_IN) if blended else query
    return {m: engine.retriever(m).search(text_query if m == "text" else query, fetch) for m in modalities}


def _line_text(engine: Any, text: str, intent: Intent, limit: int) -> list[Hit]:
    """The text engine's blended list before sentences voted by chunk: the literal's lines, then,
    without a target, lines holding the question's words (code-like ones only once the semantic
    engine stands in)."""
    retriever = engine.retriever("text")
    fetch = max(limit * OVERFETCH, MIN_FETCH)
    literal = intent.target or text
    hits = [Hit(m.path, m.line, m.line, m.score) for m in retriever.literal_lines(literal, "sensitive", fetch, FUSED_TEXT_FILES)]
    if len(hits) < fetch and intent.target is None:
        seen = {(h.path, h.start_line) for h in hits}
        code_words_only = engine.semantic_coverage() >= SEMANTIC_STANDS_IN
        found = retriever.term_hits(text, fetch, FUSED_TEXT_FILES, code_words_only)
        hits += [h for h in found if (h.path, h.start_line) not in seen]
    return hits[:fetch]


def _weights(intent: Intent, only_dominant: bool) -> Weights:
    base = weights_for(intent.name)
    if not only_dominant:
        return base
    top = base.dominant()
    return Weights(**{m: (base.get(m) if m == top else 0.0) for m in MODALITIES})


def _fused(engine: Any, lists: Mapping[str, list[Hit]], v: Variant, limit: int, text: str) -> list[Span]:
    the_plan = plan(v.intent, "default", ordinary=False)
    generation = engine.generation
    named = named_files(text) if names_count(the_plan) else None
    quoted = quoted_code(generation, text) if quotes_count(the_plan) else None
    items = fuse(lists, _weights(v.intent, v.only_dominant), the_plan.k,
                 centrality=generation.centrality if v.boost else no_centrality, demotion=demotion_for,
                 locate=generation.locate, dedup_per_file=v.dedup and not v.dominant_picks,
                 file_decay=the_plan.file_decay, named=named, quoted=quoted,  # a one-function description credits no file
                 windows=the_plan.windows)  # and counts a line window at its factor
    if v.dominant_picks:
        items = _dominant_picks(items, weights_for(v.intent.name).dominant())
    return [item.key for item in items[:limit]]


def _dominant_picks(items: list[Fused], dominant: str) -> list[Fused]:
    """One item per file: the chunk the dominant engine ranked best (else the best-scoring one)."""
    def rank(item: Fused) -> int:
        part = item.contribution(dominant)
        return part.rank if part is not None else 1 << 30

    best: dict[str, Fused] = {}
    for item in sorted(items, key=lambda i: (rank(i), -i.score, i.key)):
        best.setdefault(item.key[0], item)
    return sorted(best.values(), key=lambda i: (-i.score, i.key))


def ablate(engine: Any, text: str, expected: str, limit: int) -> dict[str, list[Span]]:
    """Return each variant's fused list for one question (engines run once per distinct intent)."""
    cache: dict[str, Mapping[str, list[Hit]]] = {}
    out = {}
    for name, v in _variants(text, expected).items():
        if v.intent.name not in cache:
            cache[v.intent.name] = _lists(engine, text, v.intent, limit)
        lists = cache[v.intent.name]
        if v.line_text and "text" in lists:
            lists = {**lists, "text": _line_text(engine, text, v.intent, limit)}
        out[name] = _fused(engine, lists, v, limit, text)
    return out


def fused_path(answer: dict[str, Any]) -> bool:
    """Tell whether the product answered on the fused path (the only one ablations apply to)."""
    return answer.get("fusion_strategy") == "fused"
