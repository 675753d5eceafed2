"""Markdown tables from the per-question records of :mod:`bench.eval.runner`."""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from collections.abc import Iterable
from typing import Any

from bench.eval.ablation import ABLATIONS
from bench.eval.cases import INTENTS, RULE
from bench.eval.metrics import mean
from bench.eval.runner import METHODS
from maguyva_tui.core.types import MODALITIES

METRICS = {
    "find_definition": ("Hit@1", "MRR@10"),
    "exact_match": ("recall", "precision"),
    "find_references": ("R@20", "R@20 exact line"),
    "impact_analysis": ("nDCG@10", "R@20"),
    "understand_code": ("MRR@10", "nDCG@10", "MRR@10 span rule"),
}
"""The metrics shown per intent; the first is the one compared against the best single modality."""

LABEL = {
    "find_definition": "definitions",
    "exact_match": "exact strings",
    "find_references": "references",
    "impact_analysis": "impact",
    "understand_code": "natural language",
}


def _by_intent(records: Iterable[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    grouped: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        grouped[r["intent"]].append(r)
    return grouped


def method_mean(records: list[dict[str, Any]], method: str, metric: str) -> float | None:
    """Mean of one metric of one method over questions (``None`` when the method never answered)."""
    values = [r["methods"][method][metric] for r in records if method in r["methods"]]
    return mean(values) if values else None


def accuracy(records: list[dict[str, Any]]) -> float:
    """Share of all wordings the classifier gave the expected intent."""
    asked = [p for r in records for p in r["phrasings"]]
    return mean([1.0 if p["intent"] == p["expected"] else 0.0 for p in asked])


def target_accuracy(records: list[dict[str, Any]]) -> float | None:
    """Share of wordings whose extracted target is the subject (not for sentences)."""
    asked = [p for r in records for p in r["phrasings"] if r["intent"] != "understand_code"]
    return mean([1.0 if p["target_ok"] else 0.0 for p in asked]) if asked else None


def _fmt(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.3f}"


def headline(records: list[dict[str, Any]]) -> list[str]:
    """The main table: each intent's metrics for the product, each modality alone and the baselines."""
    out = [
        "| intent | n | metric | **product** | semantic | text | structural | graph | rg | BM25 "
        "| best single | product ≥ best single | intent accuracy |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    grouped = _by_intent(records)
    for intent in INTENTS:
        rows = grouped.get(intent, [])
        if not rows:
            continue
        for i, metric in enumerate(METRICS[intent]):
            values = {m: method_mean(rows, m, metric) for m in METHODS}
            best = max(MODALITIES, key=lambda m: values[m] or 0.0)
            product, top = values["product"] or 0.0, values[best] or 0.0
            verdict = "yes" if product >= top - 1e-9 else f"no ({product - top:+.3f})"
            cells = " | ".join(_fmt(values[m]) for m in METHODS[1:])
            first = i == 0
            out.append(
                f"| {LABEL[intent] if first else ''} | {len(rows) if first else ''} | {metric} "
                f"| **{_fmt(values['product'])}** | {cells} | {best} {top:.3f} | {verdict} "
                f"| {_fmt(accuracy(rows)) if first else ''} |"
            )
    return out


def targets(records: list[dict[str, Any]]) -> list[str]:
    """The issue's targets, met or not."""
    g = _by_intent(records)
    checks = []

    def add(name: str, value: float | None, goal: str, ok: bool) -> None:
        checks.append(f"| {name} | {_fmt(value)} | {goal} | {'met' if ok else '**missed**'} |")

    if g.get("find_definition"):
        v = method_mean(g["find_definition"], "product", "Hit@1") or 0.0
        add("definitions Hit@1", v, "≥ 0.95", v >= 0.95)
    if g.get("exact_match"):
        for metric in ("recall", "precision"):
            v = method_mean(g["exact_match"], "product", metric) or 0.0
            add(f"exact strings {metric}", v, "= 1.0", v >= 1.0 - 1e-9)
    if g.get("find_references"):
        v = method_mean(g["find_references"], "product", "R@20") or 0.0
        add("references Recall@20", v, "≥ 0.90", v >= 0.90)
    if g.get("understand_code"):
        v = method_mean(g["understand_code"], "product", "MRR@10") or 0.0
        b = method_mean(g["understand_code"], "bm25", "MRR@10") or 0.0
        add("natural language MRR@10 / BM25", v / b if b else None, "≥ 1.3", b > 0 and v / b >= 1.3)
    for intent in INTENTS:
        rows = g.get(intent)
        if rows:
            metric = METRICS[intent][0]
            product = method_mean(rows, "product", metric) or 0.0
            best = max((method_mean(rows, m, metric) or 0.0, m) for m in MODALITIES)
            add(f"{LABEL[intent]}: product vs best single ({best[1]}), {metric}", product - best[0], "≥ 0",
                product >= best[0] - 1e-9)
    return ["| target | value | goal | status |", "|---|---|---|---|", *checks]


def per_repo(records: list[dict[str, Any]]) -> list[str]:
    """The product's first metric per intent, per repository."""
    repos = sorted({r["repo"] for r in records}, key=lambda n: [r["repo"] for r in records].index(n))
    head = " | ".join(f"{LABEL[i]} {METRICS[i][0]}" for i in INTENTS)
    out = [f"| repository | {head} | intent accuracy |", "|---" * (len(INTENTS) + 2) + "|"]
    for repo in repos:
        mine = [r for r in records if r["repo"] == repo]
        g = _by_intent(mine)
        cells = " | ".join(_fmt(method_mean(g.get(i, []), "product", METRICS[i][0])) for i in INTENTS)
        out.append(f"| {repo} | {cells} | {accuracy(mine):.3f} |")
    return out


def wordings(records: list[dict[str, Any]]) -> list[str]:
    """Per wording: what the classifier said, which path ran, and the product's first metric."""
    out = ["| intent | wording | n | expected intent | target extracted | direct path | first metric "
           "| when classified right | when classified wrong | median ms | most common other intent |",
           "|---|---|---|---|---|---|---|---|---|---|---|"]
    for intent, rows in ((i, _by_intent(records).get(i, [])) for i in INTENTS):
        by_template: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for r in rows:
            for p in r["phrasings"]:
                by_template[p["template"]].append(p)
        for template, asked in by_template.items():
            ok = mean([1.0 if p["intent"] == intent else 0.0 for p in asked])
            tgt = "–" if intent == "understand_code" else f"{mean([1.0 if p['target_ok'] else 0.0 for p in asked]):.2f}"
            direct = mean([1.0 if p["strategy"] == "direct" else 0.0 for p in asked])
            metric = METRICS[intent][0]
            first = mean([p["scores"][metric] for p in asked])
            right = [p["scores"][metric] for p in asked if p["intent"] == intent]
            wrong_scores = [p["scores"][metric] for p in asked if p["intent"] != intent]
            wrong = Counter(f"{p['intent']}" for p in asked if p["intent"] != intent).most_common(1)
            ms = statistics.median([sum((p["timings_ms"] or {}).values()) for p in asked])
            other = f"{wrong[0][0]} ({wrong[0][1]})" if wrong else "–"
            split = f"{_fmt(mean(right) if right else None)} | {_fmt(mean(wrong_scores) if wrong_scores else None)}"
            out.append(f"| {LABEL[intent]} | `{template}` | {len(asked)} | {ok:.2f} | {tgt} | {direct:.2f} "
                       f"| {first:.3f} | {split} | {ms:.1f} | {other} |")
    return out


def ablations(records: list[dict[str, Any]]) -> list[str]:
    """Fused answers re-fused with one mechanism off: which one costs the quality."""
    head = " | ".join(ABLATIONS)
    out = [f"| intent | wording | metric | n fused | reproduced | {head} |", "|---" * (len(ABLATIONS) + 5) + "|"]
    for intent in INTENTS:
        rows = [r for r in records if r["intent"] == intent and r.get("ablations")]
        templates = list(dict.fromkeys(t for r in rows for t in r["ablations"]))
        for template in templates:
            done = [r["ablations"][template] for r in rows if template in r["ablations"]]
            for metric in METRICS[intent][:1]:
                cells = " | ".join(_fmt(mean([d["scores"][a][metric] for d in done]) if a in done[0]["scores"] else None)
                                   for a in ABLATIONS)
                same = mean([1.0 if d["reproduces"] else 0.0 for d in done])
                out.append(f"| {LABEL[intent]} | `{template}` | {metric} | {len(done)} | {same:.2f} | {cells} |")
    return out


SWITCHES = ("intent forced", "no per-file dedup", "no centrality boost", "dominant engine only")
"""Single changes tried on a fused answer that lost to the best engine alone."""


def attribution(records: list[dict[str, Any]]) -> list[str]:
    """For fused answers worse than the best engine alone: which single change alone repairs them."""
    out = [f"| intent | wording | fused answers | worse than best engine alone | {' | '.join(SWITCHES)} "
           "| none of these alone |", "|---" * (len(SWITCHES) + 5) + "|"]
    for intent in INTENTS:
        metric = METRICS[intent][0]
        rows = [r for r in records if r["intent"] == intent and r.get("ablations")]
        for template in dict.fromkeys(t for r in rows for t in r["ablations"]):
            done = [(r, r["ablations"][template]["scores"]) for r in rows if template in r["ablations"]]
            worse = [(r, a) for r, a in done
                     if a["as shipped"][metric] < max(r["methods"][m][metric] for m in MODALITIES) - 1e-9]
            counts: Counter[str] = Counter()
            for r, a in worse:
                best = max(r["methods"][m][metric] for m in MODALITIES)
                fixed = [s for s in SWITCHES if a[s][metric] >= best - 1e-9]
                counts.update(fixed or ["none"])
            cells = " | ".join(str(counts[s]) for s in SWITCHES)
            out.append(f"| {LABEL[intent]} | `{template}` | {len(done)} | {len(worse)} | {cells} | {counts['none']} |")
    return out


def rules() -> list[str]:
    """How a result counts as correct, per intent."""
    text = {
        "definition": "same path; the result starts between the first decorator and the def/class line "
                      "and spans that line (an enclosing class or window does not count)",
        "span": "same path; the result's span holds the truth line",
    }
    extra = {
        "find_references": "; `R@20 exact line`: a result starting on the call line itself",
        "understand_code": "; `MRR@10 span rule`: any result whose span holds the def line (an enclosing "
                           "class counts)",
        "impact_analysis": "; grades 3/2/1 for jedi dependents at depth 1/2/3",
        "exact_match": "; precision = results holding an occurrence / results returned (at most 20)",
    }
    return [f"- {LABEL[i]}: {text[RULE[i]]}{extra.get(i, '')}" for i in INTENTS]
