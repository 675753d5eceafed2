"""The answers to a fixed set of questions, saved as JSON, to compare two versions of the index.

    python -m bench.same_answers --tree T --index-dir D --out answers.json   # builds D from nothing
    cmp old.json new.json

Builds the index of ``T`` (``--no-semantic``) in ``D`` with ``maguyva index``, then asks every
question in one ``maguyva search --batch - --json`` process (no resident server): the literal
benchmark's 100 identifiers at ``--limit 100`` (:func:`bench.literal_speed.draw`), literals that are
not identifiers, regular expressions, case-insensitive literals, plain-English questions and
``def``/callers/impact questions. The JSON lines are saved with their timings taken out, so that
two indexes that answer alike save the same bytes (format 72's compressed texts against 71's
plain ones were compared so).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from bench.literal_speed import draw
from maguyva_tui.core.engine import Engine
from maguyva_tui.resident import place

LITERALS = ["def __init__(self", "return self", "raise ValueError(", "import numpy as np", "x**2 + 1",
            "# XXX", "TODO", "@property", "==", "\"\"\"", "sympy.core.add", "lambda x:", "1/2", "self.args[0]"]
REGEXES = [r"def \w+_matrix\(", r"class \w+\(Expr\)", r"^\s+raise NotImplementedError", r"\d+\.\d+e-\d+",
           r"is_(zero|positive)\b", r"__\w+__"]
INSENSITIVE = ["matrix", "SIMPLIFY", "Dummy", "latex", "todo"]
PLAIN = ["solve a system of linear equations", "print an expression as latex", "how are integrals computed",
         "simplify trigonometric expressions", "where is the matrix determinant computed",
         "parse a string into an expression", "gaussian elimination", "cache results of a function"]
STRUCTURED = ["def expand", "def Matrix", "def simplify", "who calls expand", "callers of sympify",
              "impact of Basic", "what breaks if I change Add", "class Symbol", "def solve"]

TIMED = ("ms", "seconds", "took", "elapsed")


def questions(engine: Engine) -> list[dict[str, Any]]:
    """The fixed questions, as ``--batch`` lines."""
    out: list[dict[str, Any]] = [{"query": q, "modality": "text", "limit": 100} for q, _ in draw(engine, 100)]
    out += [{"query": q, "limit": 50} for q in LITERALS]
    out += [{"query": q, "modality": "text", "limit": 50} for q in LITERALS]
    out += [{"query": q, "regex": True, "limit": 50} for q in REGEXES]
    out += [{"query": q, "ignore_case": True, "limit": 50} for q in INSENSITIVE]
    out += [{"query": q, "limit": 20} for q in PLAIN]
    out += [{"query": q, "limit": 20} for q in STRUCTURED]
    out += [{"query": q, "modality": "text", "limit": 10**6} for q in ("expand", "Add", "self")]  # every line
    return [dict(line, id=i) for i, line in enumerate(out)]


def untimed(value: Any) -> Any:
    """A JSON value with every timing taken out."""
    if isinstance(value, dict):
        return {k: untimed(v) for k, v in value.items() if not any(t in k for t in TIMED)}
    if isinstance(value, list):
        return [untimed(v) for v in value]
    return value


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.same_answers", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tree", type=Path, required=True)
    parser.add_argument("--index-dir", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    shutil.rmtree(args.index_dir, ignore_errors=True)
    env = {**os.environ, place.NO_SERVER_ENV: "1"}
    subprocess.run([sys.executable, "-m", "maguyva_tui", "index", str(args.tree), "--no-semantic", "--index-dir",
                    str(args.index_dir)], check=True, env=env, stdout=subprocess.DEVNULL)
    engine = Engine(args.tree, args.index_dir, static=False)
    engine.refresh(semantic=False)
    lines = "".join(json.dumps(q) + "\n" for q in questions(engine))
    engine.close()
    done = subprocess.run([sys.executable, "-m", "maguyva_tui", "search", "--batch", "-", "--json", "--repo",
                           str(args.tree), "--index-dir", str(args.index_dir)], input=lines, capture_output=True,
                          text=True, env=env, check=True)
    answers = [untimed(json.loads(line)) for line in done.stdout.splitlines() if line.strip()]
    args.out.write_text("".join(json.dumps(a, sort_keys=True) + "\n" for a in answers))
    results = sum(len(a.get("results", [])) for a in answers)
    print(f"{len(answers)} answers, {results} results -> {args.out}")


if __name__ == "__main__":
    main()
