"""The explanation of a search as readable text: the same numbers as the JSON, term by term."""

from __future__ import annotations

from typing import Any

from maguyva_tui.core.types import MODALITIES

BAR_WIDTH = 10
"""Characters of a weight or confidence bar."""


def bar(value: float, width: int = BAR_WIDTH) -> str:
    """Draw a 0..1 value as a bar of block characters."""
    filled = round(max(0.0, min(value, 1.0)) * width)
    return "█" * filled + "·" * (width - filled)


def header_text(result: dict[str, Any]) -> str:
    """Describe how the question was read and what ran."""
    weights = result.get("weights", {})
    lines = [
        f"query       {result.get('query')!r}",
        f"intent      {result.get('intent')}  {bar(result.get('confidence', 0))} {result.get('confidence', 0):.2f}"
        f"  (rule: {result.get('rule')})",
        f"target      {result.get('target')!r}",
        f"strategy    {result.get('fusion_strategy')}  preset {result.get('preset')}  k={result.get('k')}",
        "weights     " + "  ".join(f"{m} {bar(weights.get(m, 0), 5)} {weights.get(m, 0):.1f}" for m in MODALITIES),
        "timings     " + "  ".join(f"{m} {ms:.1f} ms" for m, ms in result.get("timings_ms", {}).items()),
        f"semantic    {result.get('semantic_coverage', 0) * 100:.0f}% of chunks embedded",
    ]
    lines += [f"notice      {n}" for n in result.get("notices", [])]
    return "\n".join(lines)


def result_text(rank: int, r: dict[str, Any], k: int) -> str:
    """Explain one result: each engine's term, the boost, the demotion, the sum."""
    where = f"{r['path']}:{r['start_line']}-{r['end_line']}"
    symbol = f"  {r['symbol']} ({r['kind']})" if r.get("symbol") else ""
    lines = [f"#{rank + 1}  {where}{symbol}  score {r['score']:.6f}"]
    terms = []
    for name in MODALITIES:
        part = r["modalities"].get(name, "absent")
        if part == "absent":
            continue
        if part is None:
            lines.append(f"    {name:<10} not found")
            continue
        lines.append(
            f"    {name:<10} rank {part['rank']:<4} {part['weight']:.1f} / ({k} + {part['rank']} + 1)"
            f" × boost {r.get('boost', 1.0):.3f} = {part['contribution']:.6f}   {part.get('reason', '')}"
        )
        terms.append(f"{part['contribution']:.6f}")
    lines.append(
        f"    centrality {r.get('centrality', 0.0):.3f} → boost min(1 + 0.3 ln(1 + c), 1.5) = {r.get('boost', 1.0):.3f}"
    )
    demotion = r.get("demotion", 1.0)
    folded = r.get("folded", 0)
    lines.append(f"    ({' + '.join(terms) or '0'}) × demotion {demotion:g} = {r['score']:.6f}"
                 + (f"   [{folded} more chunk(s) of this file folded in]" if folded else ""))
    return "\n".join(lines)


def explain_text(result: dict[str, Any]) -> str:
    """The whole explanation: the question read back, then every result's arithmetic."""
    k = int(result.get("k", 0))
    parts = [header_text(result), ""]
    parts += [result_text(i, r, k) for i, r in enumerate(result.get("results", []))]
    if not result.get("results"):
        parts.append("no results")
    return "\n".join(parts)
