"""Markdown tables from the per-answer records: each half apart (and group C where the records hold
it), then all, every mode side by side.

A cell is the mean over the questions of its row, for that mode. Plain-English questions are
semble's questions of every category but ``symbol``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np

from bench.nl.halves import GROUPS, HALVES

Record = dict[str, Any]
ALL = "all"

TARGETS = (
    ("semble NDCG@10, default", ">= 0.87"),
    ("plain-English NDCG@10: default >= every engine alone and quick", "default - best other >= 0"),
    ("docstring MRR@10: default >= 1.1 x semantic alone", "ratio >= 1.1"),
    ("docstring Hit@10: default >= semantic alone", "difference >= 0"),
    ("symbol Hit@1, default", ">= 0.99"),
)
"""Issue 16's targets, read on one half (the held-out one)."""

TIER_TARGETS = (
    ("static tier alone >= 0.9 x MiniLM alone", "static tier", "model tier", 0.9),
    ("both tiers together >= MiniLM alone", "semantic", "model tier", 1.0),
)
"""Issue 15's quality targets: (name, mode, reference mode, least ratio of their means)."""
TIER_BENCHES = (("semble", "NDCG@10", "ndcg10"), ("docstring", "MRR@10", "rr"))
"""Where issue 15's targets are read: each benchmark with its metric."""
RESAMPLES = 2000  # bootstrap resamples of the questions for a ratio's 95 % interval (seeded: the tables repeat)


def mean(values: Sequence[float]) -> float:
    """Arithmetic mean; 0 for none."""
    return sum(values) / len(values) if values else 0.0


def modes_of(records: Iterable[Record]) -> list[str]:
    """The modes present, in the order first met (the run's order)."""
    return list(dict.fromkeys(r["mode"] for r in records))


def table(records: Sequence[Record], rows: Sequence[tuple[str, Callable[[Record], bool]]], metric: str,
          modes: Sequence[str]) -> list[str]:
    """One row per (label, filter): the question count, then the metric's mean per mode."""
    out = ["| | questions | " + " | ".join(modes) + " |", "|---|---:|" + "---:|" * len(modes)]
    for label, keep in rows:
        chosen = [r for r in records if keep(r)]
        if not chosen:
            continue
        by_mode = {m: [float(r[metric]) for r in chosen if r["mode"] == m] for m in modes}
        count = max(len(v) for v in by_mode.values())
        out.append(f"| {label} | {count} | " + " | ".join(_fmt(by_mode[m]) for m in modes) + " |")
    return out


def _fmt(values: Sequence[float]) -> str:
    return f"{mean(values):.3f}" if values else "–"


def scope(half: str) -> str:
    """A group's name in the tables: ``half A``, ``half B``, ``group C``."""
    return f"half {half}" if half in HALVES else f"group {half}"


def present(records: Iterable[Record]) -> list[str]:
    """Halves A and B, then group C where a record is in it."""
    seen = {r["half"] for r in records}
    return [h for h in GROUPS if h in HALVES or h in seen]


def by_half(extra: Callable[[Record], bool] = lambda r: True) -> list[tuple[str, Callable[[Record], bool]]]:
    """Rows for half A, half B, group C and all (a row no record is in is left out)."""
    return [(scope(h), lambda r, h=h: r["half"] == h and extra(r)) for h in GROUPS] + [(ALL, extra)]


def by_key(records: Sequence[Record], key: str) -> list[tuple[str, Callable[[Record], bool]]]:
    """Rows for each value of ``key`` within half A, half B, group C and all."""
    values = sorted({r[key] for r in records})
    rows: list[tuple[str, Callable[[Record], bool]]] = []
    for half in (*GROUPS, ALL):
        for v in values:
            rows.append((f"{half} · {v}", lambda r, h=half, v=v: r[key] == v and (h == ALL or r["half"] == h)))
    return rows


def repo_mean_row(records: Sequence[Record], modes: Sequence[str], metric: str) -> str:
    """semble's own average: the mean over repositories of each repository's mean."""
    cells = []
    repos = sorted({r["repo"] for r in records})
    for mode in modes:
        per_repo = [mean([r[metric] for r in records if r["repo"] == name and r["mode"] == mode]) for name in repos]
        cells.append(f"{mean(per_repo):.3f}")
    return f"| all, mean of {len(repos)} repositories (semble's average) | | " + " | ".join(cells) + " |"


def repositories(stats: Sequence[dict[str, Any]]) -> list[str]:
    """What was indexed and asked, repository by repository."""
    out = ["| benchmark | repository | language | half | pinned package(s) | files indexed | chunks | kept | dropped "
           "| why dropped | note |", "|---|---|---|---|---|---:|---:|---:|---:|---|---|"]
    for s in stats:
        out.append(f"| {s['bench']} | {s['repo']} | {s['language']} | {s['half']} | {s['version']} | {s['files']} "
                   f"| {s.get('chunks', '')} | {s['kept']} | {s['dropped']} | {s.get('why', '')} | {s.get('note', '')} |")
    return out


def targets(records: Sequence[Record]) -> list[str]:
    """Issue 16's targets on each half (and group C), with the figures they are read from."""
    groups = present(records)
    out = ["| target | wanted | " + " | ".join(scope(h) for h in groups) + " |", "|---|---|" + "---|" * len(groups)]
    figures = {h: _target_figures([r for r in records if r["half"] == h]) for h in groups}
    for i, (name, wanted) in enumerate(TARGETS):
        out.append(f"| {name} | {wanted} | " + " | ".join(figures[h][i] for h in groups) + " |")
    return out


def _target_figures(records: Sequence[Record]) -> list[str]:
    semble = [r for r in records if r["bench"] == "semble"]
    docs = [r for r in records if r["bench"] == "docstring"]
    prose = [r for r in semble if r["category"] != "symbol"]
    symbols = [r for r in semble if r["category"] == "symbol"]

    def m(rs: Sequence[Record], mode: str, metric: str) -> float | None:
        values = [r[metric] for r in rs if r["mode"] == mode]
        return mean(values) if values else None

    default = m(semble, "default", "ndcg10")
    others = {mode: m(prose, mode, "ndcg10") for mode in ("quick", "text", "structural", "semantic", "graph")}
    others = {k: v for k, v in others.items() if v is not None}
    prose_default = m(prose, "default", "ndcg10")
    best = max(others.items(), key=lambda kv: kv[1]) if others else None
    mrr_d, mrr_s = m(docs, "default", "rr"), m(docs, "semantic", "rr")
    hit_d, hit_s = m(docs, "default", "hit10"), m(docs, "semantic", "hit10")
    sym = m(symbols, "default", "hit1")
    return [
        _verdict(default, default is not None and default >= 0.87, f"{default:.3f}" if default is not None else ""),
        _verdict(prose_default if best else None, best is not None and prose_default is not None and prose_default >= best[1],
                 f"{prose_default:.3f} vs {best[0]} {best[1]:.3f}" if best and prose_default is not None else ""),
        _verdict(mrr_d if mrr_s else None, bool(mrr_d is not None and mrr_s and mrr_d >= 1.1 * mrr_s),
                 f"{mrr_d:.3f} / {mrr_s:.3f} = {mrr_d / mrr_s:.2f}" if mrr_d is not None and mrr_s else ""),
        _verdict(hit_d if hit_s is not None else None, bool(hit_d is not None and hit_s is not None and hit_d >= hit_s),
                 f"{hit_d:.3f} vs {hit_s:.3f}" if hit_d is not None and hit_s is not None else ""),
        _verdict(sym, sym is not None and sym >= 0.99, f"{sym:.3f}" if sym is not None else ""),
    ]


def tier_targets(records: Sequence[Record]) -> list[str]:
    """Issue 15's targets on half A, half B (group C) and all: the ratio of the two modes' means, with
    a 95 % interval from resampling the questions (paired: both modes answered the same questions)."""
    scopes = [*present(records), ALL]
    out = ["| target | benchmark | " + " | ".join(scope(h) if h != ALL else ALL for h in scopes) + " |",
           "|---|---|" + "---|" * len(scopes)]
    for bench, label, metric in TIER_BENCHES:
        for name, mode, reference, least in TIER_TARGETS:
            cells = []
            for where in scopes:
                chosen = [r for r in records if r["bench"] == bench and (where == ALL or r["half"] == where)]
                cells.append(_ratio_cell(chosen, mode, reference, metric, least))
            out.append(f"| {name} | {bench} {label} | " + " | ".join(cells) + " |")
    return out


def paired(records: Sequence[Record], mode: str, reference: str, metric: str) -> tuple[list[float], list[float]]:
    """The metric of each question both modes answered, in one order: (mode's, reference's)."""
    by_mode: dict[str, dict[tuple[str, str], list[float]]] = {mode: {}, reference: {}}
    for r in records:
        if r["mode"] in by_mode:
            by_mode[r["mode"]].setdefault((r["repo"], r["query"]), []).append(float(r[metric]))
    keys = sorted(set(by_mode[mode]) & set(by_mode[reference]))
    return [mean(by_mode[mode][k]) for k in keys], [mean(by_mode[reference][k]) for k in keys]


def ratio_interval(values: Sequence[float], reference: Sequence[float], seed: int = 0) -> tuple[float, float]:
    """A 95 % bootstrap interval of ``mean(values) / mean(reference)`` over paired questions."""
    a, b = np.asarray(values, float), np.asarray(reference, float)
    picks = np.random.default_rng(seed).integers(0, len(a), (RESAMPLES, len(a)))
    top, bottom = a[picks].mean(axis=1), b[picks].mean(axis=1)
    ratios = top[bottom > 0] / bottom[bottom > 0]
    if not len(ratios):
        return float("nan"), float("nan")
    low, high = np.percentile(ratios, [2.5, 97.5])
    return float(low), float(high)


def _ratio_cell(records: Sequence[Record], mode: str, reference: str, metric: str, least: float) -> str:
    values, base = paired(records, mode, reference, metric)
    if not values or mean(base) == 0:
        return "not measured"
    ratio = mean(values) / mean(base)
    low, high = ratio_interval(values, base)
    verdict = "met" if ratio >= least else "not met"
    return (f"{verdict}: {mean(values):.3f} / {mean(base):.3f} = {ratio:.3f} "
            f"[{low:.2f}, {high:.2f}], {len(values)} q")


def _verdict(value: float | None, ok: bool, text: str) -> str:
    if value is None:
        return "not measured"
    return f"{'met' if ok else 'not met'}: {text}"


def print_report(records: Sequence[Record], stats: Sequence[dict[str, Any]], out: Any) -> None:
    """Print every table."""
    modes = modes_of(records)
    semble = [r for r in records if r["bench"] == "semble"]
    docs = [r for r in records if r["bench"] == "docstring"]
    sections: list[tuple[str, list[str]]] = [("Repositories", repositories(stats))]
    if semble:
        overall = table(semble, by_half(), "ndcg10", modes) + [repo_mean_row(semble, modes, "ndcg10")]
        sections += [
            ("semble's questions: NDCG@10 (semble's scoring)", overall),
            ("semble's questions by category: NDCG@10", table(semble, by_key(semble, "category"), "ndcg10", modes)),
            ("semble's questions by language: NDCG@10", table(semble, by_key(semble, "language"), "ndcg10", modes)),
            ("semble's symbol questions: Hit@1", table(semble, by_half(lambda r: r["category"] == "symbol"), "hit1", modes)),
            ("semble's questions per repository: NDCG@10", table(semble, _per_repo(semble), "ndcg10", modes)),
        ]
    if docs:
        sections += [
            ("Docstring→function questions: MRR@10", table(docs, by_half() + _per_repo(docs), "rr", modes)),
            ("Docstring→function questions: Hit@10", table(docs, by_half() + _per_repo(docs), "hit10", modes)),
        ]
    if semble or docs:
        sections.append(("Issue 16's targets, per half (read them on the held-out half)", targets(records)))
    if {"static tier", "model tier"} <= set(modes):
        sections.append(("Issue 15's targets: the semantic engine's tiers, mean ratio [95 % interval, questions "
                         "resampled]", tier_targets(records)))
    for title, lines in sections:
        print(f"\n### {title}\n", file=out)
        print("\n".join(lines), file=out)
    errors = [r for r in records if r.get("error")]
    if errors:
        print(f"\n{len(errors)} answers failed; the first: {errors[0]['mode']} {errors[0]['query']!r}: "
              f"{errors[0]['error']}", file=out)


def _per_repo(records: Sequence[Record]) -> list[tuple[str, Callable[[Record], bool]]]:
    names = sorted({(r["half"], r["language"], r["repo"]) for r in records})
    return [(f"{name} ({language}, {half})", lambda r, n=name: r["repo"] == n) for half, language, name in names]
