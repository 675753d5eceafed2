"""How the references of each language resolved: the index summary's graph statistics."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping

import numpy as np

from maguyva_tui.core.graph.sites import CALL, KIND_CODE, KINDS, OUTCOMES, Block, LooseBlock

RESOLVED_KINDS = frozenset({"call", "inherit", "ref"})
"""Reference kinds counted in the resolution statistics (imports are not references)."""
COUNTED = ("resolved", "external", "ambiguous", "unresolved")


def per_language(blocks: Mapping[str, Block], loose: Mapping[str, LooseBlock],
                 languages: Mapping[str, str | None]) -> dict[str, dict[str, float]]:
    """Count, per language, the call/inherit/ref sites by outcome, and the unresolved rate."""
    found: dict[str, Counter[str]] = defaultdict(Counter)
    resolved_codes = [KIND_CODE[k] for k in RESOLVED_KINDS]
    for path, block in blocks.items():
        counts = np.bincount(block.kind, minlength=len(KINDS)).tolist()
        language = found[languages.get(path) or ""]
        language["resolved"] += sum(counts[code] for code in resolved_codes)
        language["calls_resolved"] += counts[CALL]
    for path, items in loose.items():
        language = found[languages.get(path) or ""]
        outcomes = np.bincount(items.outcome, minlength=len(OUTCOMES)).tolist()
        calls = np.bincount(items.outcome[items.kind == CALL], minlength=len(OUTCOMES)).tolist()
        for name, total, call in zip(OUTCOMES, outcomes, calls):
            if total:
                language[name] += total
            if call:
                language["calls_" + name] += call
    return {name: _complete(counts) for name, counts in sorted(found.items())}


def _complete(counts: Counter[str]) -> dict[str, float]:
    """Fill every outcome and add the unresolved rate (over sites that are not external)."""
    out: dict[str, float] = {k: counts.get(k, 0) for k in COUNTED}
    out.update({f"calls_{k}": counts.get(f"calls_{k}", 0) for k in COUNTED})
    internal = out["resolved"] + out["ambiguous"] + out["unresolved"]
    out["unresolved_rate"] = round((out["ambiguous"] + out["unresolved"]) / internal, 4) if internal else 0.0
    return out
