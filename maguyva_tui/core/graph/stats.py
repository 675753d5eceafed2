"""How the references of each language resolved: the index summary's graph statistics."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping

import numpy as np
from numpy.typing import NDArray

from maguyva_tui.core.graph.sites import CALL, KIND_CODE, KINDS, OUTCOMES, Block, LooseBlock
from maguyva_tui.core.graph.spans import SpanMap

RESOLVED_KINDS = frozenset({"call", "inherit", "ref", "new"})
"""Reference kinds counted in the resolution statistics (imports are not references)."""
COUNTED = ("resolved", "external", "ambiguous", "unresolved", "function_value")
"""The outcomes counted; a call of a function value is in no share: neither resolved nor unknown."""


def per_language(blocks: Mapping[str, Block], loose: Mapping[str, LooseBlock],
                 languages: Mapping[str, str | None]) -> dict[str, dict[str, float]]:
    """Count, per language, the call/inherit/ref sites by outcome, and the unresolved rate."""
    found: dict[str, Counter[str]] = defaultdict(Counter)
    resolved_codes = [KIND_CODE[k] for k in RESOLVED_KINDS]
    blocks = _count_stored_sites(blocks, languages, found, resolved_codes)
    loose = _count_stored_loose(loose, languages, found)
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
    # files of no language (a README, go.mod) hold no sites: no "" entry of zeros
    return {name: _complete(counts) for name, counts in sorted(found.items()) if name or any(counts.values())}


def _count_stored_sites(blocks: Mapping[str, Block], languages: Mapping[str, str | None],
                        found: dict[str, Counter[str]], resolved_codes: list[int]) -> Mapping[str, Block]:
    """Count the sites of a stored graph's unchanged files from its columns at once (making a block
    per file cost seconds on 100,000 files); return the blocks left to count one by one."""
    if not isinstance(blocks, SpanMap) or (stored := blocks.stored_rows()) is None:
        return blocks
    bounds, files, keep, standing, rest = stored
    names, codes = _language_codes(bounds.files, languages)
    rows = codes[files[keep]]
    counts = np.bincount(rows * len(KINDS) + blocks.columns["kind"][keep].astype(np.int64),
                         minlength=len(names) * len(KINDS)).reshape(len(names), len(KINDS))
    for code in sorted(set(codes[standing].tolist())):
        language = found[names[code]]
        row = counts[code].tolist()
        language["resolved"] += sum(row[k] for k in resolved_codes)
        language["calls_resolved"] += row[CALL]
    return rest


def _count_stored_loose(loose: Mapping[str, LooseBlock], languages: Mapping[str, str | None],
                        found: dict[str, Counter[str]]) -> Mapping[str, LooseBlock]:
    """Count the loose sites of a stored graph's unchanged files from its columns (without decoding
    their names); return the blocks left to count one by one."""
    if not isinstance(loose, SpanMap) or (stored := loose.stored_rows()) is None:
        return loose
    bounds, files, keep, standing, rest = stored
    names, codes = _language_codes(bounds.files, languages)
    rows = codes[files[keep]]
    outcome = loose.columns["outcome"][keep].astype(np.int64)
    call = loose.columns["kind"][keep] == CALL
    width = len(OUTCOMES)
    outcomes = np.bincount(rows * width + outcome, minlength=len(names) * width).reshape(len(names), width)
    calls = np.bincount(rows[call] * width + outcome[call], minlength=len(names) * width).reshape(len(names), width)
    for code in sorted(set(codes[standing].tolist())):
        language = found[names[code]]
        for name, total, in_calls in zip(OUTCOMES, outcomes[code].tolist(), calls[code].tolist()):
            if total:
                language[name] += total
            if in_calls:
                language["calls_" + name] += in_calls
    return rest


def _language_codes(files: Mapping[str, int], languages: Mapping[str, str | None]
                    ) -> tuple[list[str], NDArray[np.int64]]:
    """Return the languages counted under (``""`` for none) and each stored file's code among them."""
    names: dict[str, int] = {}
    codes = [names.setdefault(languages.get(path) or "", len(names)) for path in files]
    return list(names), np.asarray(codes, dtype=np.int64)


def _complete(counts: Counter[str]) -> dict[str, float]:
    """Fill every outcome and add the unresolved rate (over sites that are not external)."""
    out: dict[str, float] = {k: counts.get(k, 0) for k in COUNTED}
    out.update({f"calls_{k}": counts.get(f"calls_{k}", 0) for k in COUNTED})
    internal = out["resolved"] + out["ambiguous"] + out["unresolved"]
    out["unresolved_rate"] = round((out["ambiguous"] + out["unresolved"]) / internal, 4) if internal else 0.0
    return out
