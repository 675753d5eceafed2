"""Ask the product again the questions of a saved ``bench.evaluate --details`` file, one intent at a
time, and compare with the saved run: a change to the classifier or the blend read in minutes
instead of the whole evaluation's quarter of an hour.

    python -m bench.eval.ask_again --details out.json [--intent understand_code]

The engines are the evaluation's own (its cached work copies and index, ``bench/.cache``); each
question is asked in its canonical wording and scored with the evaluation's matching rule. Prints
the mean of the first metric now, as saved, and for the semantic engine alone as saved, overall
and by the rule the classifier used then and now, then every question whose rule changed.
"""

from __future__ import annotations

import argparse
import ast
import collections
import json
import statistics
from pathlib import Path
from typing import Any

from bench.corpora import PINNED
from bench.eval.metrics import Truth
from bench.eval.runner import INDEXES, LIMIT, WORK, scores

FIRST_METRIC = {"understand_code": "MRR@10", "find_definition": "Hit@1", "find_references": "R@20",
                "impact_analysis": "nDCG@10", "exact_match": "recall"}


def _first_line(root: Path, path: str, line: int) -> int:
    """The first decorator's line of the definition on ``line`` (the line itself if none)."""
    for node in ast.walk(ast.parse((root / path).read_text(encoding="utf-8"))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.lineno == line:
            return min([line] + [d.lineno for d in node.decorator_list])
    return line


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.eval.ask_again", description=__doc__.split("\n\n")[0])
    parser.add_argument("--details", type=Path, required=True, help="a bench.evaluate --details file")
    parser.add_argument("--intent", default="understand_code", choices=sorted(FIRST_METRIC))
    args = parser.parse_args()
    from maguyva_tui.core.embed.minilm import MiniLMProvider
    from maguyva_tui.core.engine import Engine

    metric = FIRST_METRIC[args.intent]
    records = [r for r in json.loads(args.details.read_text())["records"] if r["intent"] == args.intent]
    roots = [WORK / f"{name}-{version}" for name, version in PINNED.items()]
    roots = [root for root in roots if root.is_dir()]
    out: list[dict[str, Any]] = []
    for root in roots:
        mine = [r for r in records if (root / r["truth"][0][0]).is_file()]
        if not mine:
            continue
        engine = Engine(root, INDEXES, provider=MiniLMProvider())
        engine.refresh()
        for r in mine:
            truth = tuple(Truth(p, line, _first_line(root, p, line) if p.endswith(".py") else line, grade)
                          for p, line, grade in r["truth"])
            wording = r["phrasings"][0]
            answer = engine.search(wording["text"], limit=LIMIT).to_json()
            spans = [(h["path"], int(h["start_line"]), int(h["end_line"])) for h in answer["results"]]
            out.append({"then": wording["rule"], "now": answer["rule"], "text": wording["text"],
                        "score": scores(args.intent, spans, truth)[metric],
                        "saved": r["methods"]["product"][metric], "semantic": r["methods"]["semantic"][metric]})
        engine.close()
    if not out:
        raise SystemExit("no question of that intent found in the work copies under bench/.cache")

    def means(rows: list[dict[str, Any]]) -> str:
        keys = ("score", "saved", "semantic")
        return " ".join(f"{key} {statistics.fmean(row[key] for row in rows):.3f}" for key in keys)

    print(f"{args.intent}, {len(out)} questions, {metric}: now/saved/semantic alone: {means(out)}")
    groups: dict[tuple[str, str], list[dict[str, Any]]] = collections.defaultdict(list)
    for row in out:
        groups[(row["then"], row["now"])].append(row)
    for (then, now), rows in sorted(groups.items()):
        print(f"  rule {then} -> {now}: {len(rows)} questions, {means(rows)}")
    for row in out:
        if row["then"] != row["now"]:
            print(f"    {row['saved']:.2f} -> {row['score']:.2f} (semantic {row['semantic']:.2f}) {row['text'][:90]}")


if __name__ == "__main__":
    main()
