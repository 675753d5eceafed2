"""The explanation of a search as readable text: the same numbers as the JSON, term by term."""

from __future__ import annotations

import math
import re
from typing import Any, Final

from maguyva_tui.core import fusion
from maguyva_tui.core.fusion import FILE_DECAY
from maguyva_tui.core.intent import LITERAL_RULES
from maguyva_tui.core.types import MODALITIES, Ranked, SearchResult

BAR_WIDTH = 10
"""Characters of a weight or confidence bar."""


def bar(value: float, width: int = BAR_WIDTH) -> str:
    """Draw a 0..1 value as a bar of block characters."""
    filled = round(max(0.0, min(value, 1.0)) * width)
    return "█" * filled + "·" * (width - filled)


def header_text(result: SearchResult) -> str:
    """Describe how the question was read and what ran."""
    lines = [
        f"query       {result.query!r}",
        f"intent      {result.intent}  {bar(result.confidence)} {result.confidence:.2f}  (rule: {result.rule})",
        f"target      {result.target!r}",
        f"strategy    {result.fusion_strategy}  preset {result.preset}  k={result.k}",
        "weights     " + "  ".join(map(lambda m: _weight(result, m), MODALITIES)),
        "timings     " + "  ".join(f"{m} {ms:.1f} ms" for m, ms in result.timings_ms),
        f"semantic    {_coverage(result) if 'semantic' in result.modalities_run else 'not run; ' + _coverage(result)}",
    ]
    lines[5:5] = [faded_text(result, name, factor, why) for name, factor, why in result.faded]
    lines += [f"notice      {n}" for n in result.notices]
    return "\n".join(lines)


def faded_text(result: SearchResult, name: str, factor: float, why: str) -> str:
    """The line saying why an engine's votes weigh less than its plan's weight (:attr:`SearchResult.faded`):
    ``faded       text 0.2 × 0.5 = 0.1: its first answer lies in ...``; its votes had shown 0.1
    under a weight of 0.2 without a word."""
    weight = result.weight(name)
    return f"faded       {name} {weight:.1f} × {factor:g} = {weight * factor:.2g}: {why}"


def _weight(result: SearchResult, modality: str) -> str:
    """One engine's weight, or that it did not run: a direct answer's line had shown the plan's
    four weights (zerolog's "who calls Msgf": semantic 0.1, text 0.2, ...) where the graph's alone
    ranked anything."""
    if modality not in result.modalities_run:
        return f"{modality} not run"
    return f"{modality} {bar(result.weight(modality), 5)} {result.weight(modality):.1f}"


def _coverage(result: SearchResult) -> str:
    """How far the semantic engine reaches: any tier, then each tier on its own."""
    text = f"{result.semantic_coverage * 100:.0f}% of chunks rankable"
    if result.semantic_tiers:
        text += " (" + " · ".join(f"{name} {share * 100:.0f}%" for name, share in result.semantic_tiers) + ")"
    return text


DEMOTION_WORDS: Final = {"vendored": "vendored, built or generated", "secondary": "a test, example or doc",
                         "template": "a macro's template of a name defined elsewhere",
                         "window": "code outside any function, for a question describing one"}
"""How the explanation says each of :data:`~maguyva_tui.core.fusion.DEMOTION_KINDS` (the JSON's ``demoted_as``)."""


def demotion_why(path: str, factor: float, template: bool = False, kinds: tuple[str, ...] | None = None) -> str:
    """Say why a result's score was multiplied by ``factor`` (its path's kinds, as the fusion reads
    them, and ``template``: a macro template's definition; :func:`~maguyva_tui.core.fusion.demotion_kinds`);
    "" at 1. The explanation had printed ``× demotion 0.5`` with no word of why. ``kinds``: the
    result's own ``demoted_as`` where it has them (a line window's kind is not its path's)."""
    if factor >= 1.0:
        return ""
    kinds = kinds or fusion.demotion_kinds(path, factor, template)
    return "; ".join(DEMOTION_WORDS[kind] for kind in kinds) or "its path's kind"


PHRASE_MATCHES: Final = {"whole identifier": "whole words", "word boundary": "one end inside a word",
                          "substring": "both ends inside words"}
"""The text engine's match tiers as said of a phrase (a literal of more than one identifier): its
tier names (the reason in the JSON, the score's tier) speak of one identifier, and "Brazilian
postal" in a docstring had read "whole identifier", "valid email" inside "Invalid email" "word
boundary"."""
_IDENTIFIER = re.compile(r"\w+")


def asks_phrase(result: SearchResult) -> bool:
    """Whether the question is a string to find as typed that is not one identifier (``"valid
    email"``, ``"a@b.org"``): the text engine's tiers are then said as :data:`PHRASE_MATCHES`."""
    return result.rule in LITERAL_RULES and bool(result.target) and not _IDENTIFIER.fullmatch(result.target or "")


def text_reason(reason: str, phrase: bool) -> str:
    """The text engine's reason as a person reads it: of a phrase (:func:`asks_phrase`), its tier
    said in words (``"whole words, definition"``); else as it is."""
    if phrase:
        for tier, said in PHRASE_MATCHES.items():
            if reason == tier or reason.startswith(tier + ","):
                return said + reason[len(tier):]
    return reason


def result_text(rank: int, r: Ranked, k: int, alone: bool = False, phrase: bool = False, asked: int = 0) -> str:
    """Explain one result: each engine's term, the boost, the demotion, the sum (``alone``: one
    engine's list, where centrality orders ties and boosts nothing; ``phrase``: the text engine's
    tier said of a phrase, :func:`text_reason`; ``asked``: the question's content words, what a
    file's name lift is a share of, 0 when unknown)."""
    symbol = f"  {r.symbol} ({r.kind})" if r.symbol else ""
    lines = [f"#{rank + 1}  {r.path}:{r.start_line}-{r.end_line}{symbol}  score {r.score:.6f}"]
    terms = []
    for name, vote in r.votes:
        if vote is None:
            lines.append(f"    {name:<10} not found")
            continue
        lines.append(
            f"    {name:<10} rank {vote.rank:<4} {vote.weight:.1f} / ({k} + {vote.rank} + 1)"
            f" × boost {r.boost:.3f} = {vote.contribution:.6f}   {text_reason(vote.reason or '', phrase and name == 'text')}"
        )
        terms.append(f"{vote.contribution:.6f}")
    if r.file_credits:
        shares = "  ".join(f"{name} {credit:.6f}" for name, credit in r.file_credits)
        lines.append(f"    file       {shares}  = {r.file_credit:.6f}   (its other chunks, each engine's"
                     f" j-th best × {FILE_DECAY:g}^j)")
        terms.append(f"{r.file_credit:.6f}")
    how = "one engine alone: centrality orders its ties, boost" if alone else "boost min(1 + 0.3 ln(1 + c), 1.5) ="
    lines.append(f"    centrality {r.centrality:.3f} → {how} {r.boost:.3f}")
    lift = f" × lift {r.lift:g} (the leading engine's clear first answer)" if r.lift != 1.0 else ""
    if r.name_lift != 1.0:
        lift += f" × name {r.name_lift:.4g} (the file's name says {'+'.join(r.name_words)}{_shared(r, asked)})"
    if r.quoted_lift != 1.0:
        lift += f" × quoted {r.quoted_lift:.4g} (its code spells {', '.join(r.quoted_names)}, quoted in the question)"
    why = demotion_why(r.path, r.demotion, "template" in r.demoted_as, r.demoted_as)
    demoted = f"{r.demotion:g} ({why})" if why else f"{r.demotion:g}"
    signed = ""
    if r.signature:
        lines.append(f"    {'signature':<10} rank {r.signature_rank:<4} {signature_formula(r)} = {r.signature:.6f}"
                     f"   ({SIGNATURE_WORDS}, cosine {r.signature_cosine:.2f})")
        signed = f" + signature {r.signature:.6f}"
    lines.append(f"    ({' + '.join(terms) or '0'}) × demotion {demoted}{lift}{signed} = {r.score:.6f}"
                 + (f"   [{r.folded} more chunk(s) of this file folded in]" if r.folded else ""))
    lines += [f"    also in    {path}:{start}-{end}   (a near copy of this code)" for path, start, end in r.copies]
    return "\n".join(lines)


SIGNATURE_WORDS: Final = "its kind, name and first line against the question"
"""What the signature vote compared (``fusion.signature_vote``), said beside its term."""


def signature_formula(r: Ranked) -> str:
    """The signature vote's term as arithmetic: ``0.2 / (20 + 3 + 1)``."""
    return f"{fusion.SIGNATURE_WEIGHT:.1f} / ({fusion.SIGNATURE_K} + {r.signature_rank} + 1)"


SHARED_NAME_WORDS: Final = ", words other files' names say too, each counted as its share among them"
"""Said of a file's name lift below its words' whole share of the question's (``fusion.NAME_RARITY``)."""


def _shared(r: Ranked, asked: int) -> str:
    """:data:`SHARED_NAME_WORDS` where the file's name words counted less than whole, else nothing."""
    whole = 1.0 + fusion.NAME_LIFT * len(r.name_words) / asked if asked else r.name_lift
    return SHARED_NAME_WORDS if r.name_lift < whole and not math.isclose(r.name_lift, whole) else ""


def name_said(result: SearchResult, r: Ranked) -> str:
    """What a result's file-name lift says, as ``--explain`` says it: the words its name says, and
    where other files' names say them too, that each counted as its share (the explorer's panel)."""
    return f"the file's name says {'+'.join(r.name_words)}{_shared(r, _asked(result.query))}"


def _asked(query: str) -> int:
    """The question's content words as a file's name is read against them (``search.named_files``)."""
    from maguyva_tui.core.retrievers.text import body_stems

    return len(set(body_stems(query)))


def explain_text(result: SearchResult) -> str:
    """The whole explanation: the question read back, then every result's arithmetic."""
    parts = [header_text(result), ""]
    alone = result.fusion_strategy in ("direct", "single")
    phrase = asks_phrase(result)
    asked = _asked(result.query) if any(r.name_lift != 1.0 for r in result.results) else 0
    parts += [result_text(i, r, result.k, alone, phrase, asked) for i, r in enumerate(result.results)]
    if not result.results:
        parts.append("no results")
    return "\n".join(parts)


def described_json(result: SearchResult) -> dict[str, Any]:
    """``result.to_json()``, each text vote of a phrase's results (:func:`asks_phrase`) with
    ``described`` beside its ``reason``: the tier said in words (``"whole words"``), the reason
    kept as the tier's name for scripts that read it."""
    out = result.to_json()
    if asks_phrase(result):
        for hit in out["results"]:
            vote = hit.get("modalities", {}).get("text")
            if vote and vote.get("reason"):
                vote["described"] = text_reason(vote["reason"], True)
    return out
