"""Why the blend misses a docstring question's function: every question's page, engines' lists and votes, saved.

    python -m bench.nl.misses --half A --json /tmp/misses.json     # ask (the engines bench.nl_quality built)
    python -m bench.nl.misses --report /tmp/misses.json            # the counts of causes of a saved run

For each docstring question the blend's whole list (up to ``plan.MAX_PREFIX_LIMIT``), each result's
votes and lifts, the semantic engine alone, and each engine's first hit in the answer's lines are
kept; the report counts, over the questions whose answer is not first, what stands above it: a
function of the same file, a test, a chunk of another file, and which engine's votes put it there.
Half B is held out: never asked here.

Half A at ``51d3ad34`` (253 questions; 147 first, 37 at 2-3, 33 at 4-10, 13 at 11-50, 23 not in the
first 50; 60 won and 44 lost against the semantic engine alone): in 82 of the 93 misses of a question
read as one function's description a function of the answer's own file stands above it; of all 106
misses, 41 have the answer below the semantic engine's 5th or not in its list and no text or
structural vote for it (no blend can lift it); in the 44 losses the results that jumped over the answer had a text vote (30 at rank 4 or
below, 25 at 1-3), a structural vote (17), the file credit of a question not read as one function
(11) or the quoted lift (6). Where the text engine's first and the semantic engine's first are two
chunks of one file (81 questions), the semantic engine's is right 35 times, the text engine's 19.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from bench.nl.diagnose import engine_ranks, engines_once, repositories
from maguyva_tui.core.plan import MAX_PREFIX_LIMIT

ENGINES = ("semantic", "text", "structural")


def _item(result: Any) -> dict[str, Any]:
    return {"path": result.path, "start": result.start_line, "end": result.end_line, "symbol": result.symbol,
            "kind": result.kind, "score": result.score, "demotion": result.demotion, "lift": result.lift,
            "quoted_lift": result.quoted_lift, "name_lift": result.name_lift, "file_credit": result.file_credit,
            "votes": {m: None if v is None else {"rank": v.rank, "score": v.score, "contribution": v.contribution,
                                                 "reason": v.reason} for m, v in result.votes}}


def _hit(hit: Any) -> dict[str, Any]:
    return {"path": hit.path, "start": hit.start_line, "end": hit.end_line, "symbol": hit.symbol, "kind": hit.kind,
            "score": hit.score, "reason": hit.reason}


def ask(half: str | None, names: str | None) -> list[dict[str, Any]]:
    """Every docstring question of the repositories asked: one record each."""
    from bench.nl.prepare import DOC_QUESTIONS
    from bench.nl.repos import DOC_REPOSITORIES
    from bench.nl_quality import selected

    records = []
    docs = ",".join(n for n in selected(names, half) if n in DOC_REPOSITORIES)
    for name, engine, questions in repositories(docs, None, DOC_QUESTIONS):
        last: dict[str, Any] = {}
        with engines_once(last):
            for n, (q, _) in enumerate(questions):
                alone = engine.search(q.text, limit=MAX_PREFIX_LIMIT, modality="semantic")
                semantic = [(r.path, r.start_line, r.end_line) for r in alone.results]
                result = engine.search(q.text, limit=MAX_PREFIX_LIMIT)
                ranks = engine_ranks(last, q.truth)
                records.append({
                    "repo": name, "n": n, "query": q.text, "answer": list(q.truth), "rule": result.rule,
                    "k": result.k, "faded": [list(f) for f in result.faded],
                    "page": [_item(r) for r in result.results], "semantic_alone": semantic, "engine_ranks": ranks,
                    "lists": {m: [_hit(h) for h in last.get(m, [])[:30]] for m in ENGINES},
                })
        engine.close()
        print(f"  {name}: {len(questions)} questions", file=sys.stderr, flush=True)
    return records


def rank_of(spans: list[Any], answer: list[Any]) -> int | None:
    """The 1-based rank of the first span overlapping the answer's lines (as the benchmark scores)."""
    path, start, end = answer
    for i, span in enumerate(spans, 1):
        p, s, e = (span["path"], span["start"], span["end"]) if isinstance(span, dict) else span
        if p == path and not (e < start or s > end):
            return i
    return None


def cause(above: dict[str, Any], target: dict[str, Any] | None, answer: list[Any]) -> tuple[str, str]:
    """What one result above the answer is (its relation) and which engine's votes lift it most over the answer."""
    if above["path"] == answer[0]:
        relation = "sibling"
    elif above["demotion"] < 1:
        relation = "demoted"
    else:
        relation = "other file"
    if target is None:
        return relation, "answer unlisted"
    if above["lift"] != 1.0 and target["lift"] == 1.0:
        return relation, "confident lift"
    if above["quoted_lift"] > target["quoted_lift"]:
        return relation, "quoted lift"
    gains = {}
    for m in ENGINES:
        a = (above["votes"].get(m) or {}).get("contribution", 0.0)
        t = (target["votes"].get(m) or {}).get("contribution", 0.0)
        gains[m] = a - t
    gains["credit"] = above["file_credit"] - target["file_credit"]
    best = max(gains, key=lambda m: gains[m])
    return relation, best


def lifted_by(above: dict[str, Any], target: dict[str, Any] | None) -> list[str]:
    """What a result that jumped over the answer had: its lifts and the other engines' votes."""
    votes = above["votes"]
    tags = [name for name, on in (("confident lift", above["lift"] > 1),
                                  ("quoted lift", above["quoted_lift"] > (target["quoted_lift"] if target else 1.0)),
                                  ("file credit", above["file_credit"] > 0)) if on]
    if votes.get("text"):
        tags.append("text vote 1-3" if votes["text"]["rank"] < 3 else "text vote 4+")
    if votes.get("structural"):
        tags.append("structural vote")
    return tags or ["semantic engine alone"]


def report(records: list[dict[str, Any]]) -> list[str]:
    """Counts of where the answer stands and what stands above it."""
    out = []
    ranks: Counter[str] = Counter()
    causes: Counter[tuple[str, str]] = Counter()
    first_cause: Counter[tuple[str, str]] = Counter()
    engine_first: Counter[str] = Counter()
    jumpers: Counter[str] = Counter()
    losses = wins = 0
    for r in records:
        fused = rank_of(r["page"], r["answer"])
        alone = rank_of(r["semantic_alone"], r["answer"])
        ranks["1" if fused == 1 else "2-3" if fused and fused <= 3 else "4-10" if fused and fused <= 10
              else "11-50" if fused else "unlisted"] += 1
        if (alone or 99) < (fused or 99):
            losses += 1
            target = r["page"][fused - 1] if fused else None
            below = {tuple(s) for s in r["semantic_alone"][(alone or 99) - 1:]}  # at or below the answer alone
            listed = {tuple(s) for s in r["semantic_alone"]}
            jumpers.update({tag for a in r["page"][: (fused or 51) - 1]
                            if (key := (a["path"], a["start"], a["end"])) in below or key not in listed
                            for tag in lifted_by(a, target)})
        elif (fused or 99) < (alone or 99):
            wins += 1
        if fused == 1:
            continue
        target = r["page"][fused - 1] if fused else None
        for i, above in enumerate(r["page"][: (fused or 11) - 1]):
            c = cause(above, target, r["answer"])
            causes[c] += 1
            if i == 0:
                first_cause[c] += 1
        er = r["engine_ranks"]
        engine_first[",".join(f"{m}={'1' if er.get(m) == 1 else '2-5' if er.get(m) and er[m] <= 5 else '6+' if er.get(m) else '-'}"
                              for m in ENGINES)] += 1
    out.append(f"questions {len(records)}; blend rank {dict(ranks)}; against semantic alone: {wins} won, {losses} lost")
    out.append("first result above the answer (relation, engine lifting it most):")
    out += [f"  {n:4d}  {a} / {b}" for (a, b), n in first_cause.most_common()]
    out.append("every result above the answer:")
    out += [f"  {n:4d}  {a} / {b}" for (a, b), n in causes.most_common()]
    out.append("misses by the engines' own rank of the answer:")
    out += [f"  {n:4d}  {k}" for k, n in engine_first.most_common()]
    out.append(f"the {losses} losses to the semantic engine alone, by what the results that jumped over the answer had:")
    out += [f"  {n:4d}  {k}" for k, n in jumpers.most_common()]
    return out


def main(argv: list[str] | None = None) -> int:
    """Ask (or read a saved run) and print the counts."""
    parser = argparse.ArgumentParser(prog="python -m bench.nl.misses", description=__doc__.split("\n")[0])
    parser.add_argument("--half", choices=("A",), default=None, help="half B is held out: never analysed here")
    parser.add_argument("--repos", default=None)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--report", type=Path)
    args = parser.parse_args(argv)
    if args.report:
        records = json.loads(args.report.read_text())
    else:
        records = ask(args.half, args.repos)
        if args.json:
            args.json.write_text(json.dumps(records))
    print("\n".join(report(records)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
