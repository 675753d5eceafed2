"""``maguyva graph`` as a whole process, in process and through the resident server, beside ``rg``.

    python -m bench.graph_cli_speed --repo PATH [--action callers] [--questions 20]

Over any tree: ``--questions`` names defined in it that the graph ties a call to (drawn with a fixed
seed), each asked as ``maguyva graph ACTION NAME --repo PATH`` by the installed ``maguyva`` script
(and a plain install's, as :mod:`bench.literal_speed` builds it), once with no server
(``MAGUYVA_NO_SERVER=1``: what every graph question did before the server answered them) and once
through a resident server started for the run, each interleaved with ``rg -F NAME`` as a whole
process on the same tree (the peer, as ``bench.literal_speed --server`` has it). Every timed
question through the server is checked as answered by it (its count), and each name's ``--json``
answer is checked equal both ways once its timings are set aside.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
from pathlib import Path

import maguyva_tui
from bench.corpora import CACHE
from bench.literal_speed import Resident, maguyva_script, plain_install, rg_ms, row, whole_ms
from bench.text_speed import find_rg
from maguyva_tui.core.engine import Engine
from maguyva_tui.resident import place

SEED = 20261205
CALLABLE = ("function", "method")


def draw(engine: Engine, action: str, count: int) -> list[str]:
    """``count`` names of functions or methods the action finds something for, in a seeded order."""
    names = sorted({s.name for s in engine.snapshot.symbols if s.kind in CALLABLE and s.name.isidentifier()})
    random.Random(SEED).shuffle(names)
    chosen: list[str] = []
    for name in names:
        if len(chosen) == count:
            break
        if (engine.callees(name, 1) if action == "callees" else engine.callers(name, 1)).total:
            chosen.append(name)
    return chosen


def untimed(stdout: str) -> object:
    """A ``--json`` answer without its one timing."""
    found = json.loads(stdout)
    found.pop("elapsed_ms", None)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.graph_cli_speed", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repo", required=True, type=Path, help="the tree asked (indexed first when needed)")
    parser.add_argument("--action", default="callers", choices=("callers", "callees", "impact"))
    parser.add_argument("--questions", type=int, default=20)
    args = parser.parse_args()
    root = args.repo.resolve()
    base = CACHE / "graph-cli-index"
    rg = find_rg()
    engine = Engine(root, base, static=False)
    engine.refresh(semantic=False)
    names = draw(engine, args.action, args.questions)
    files = len(engine.snapshot.files)
    engine.close()
    if not names:
        raise SystemExit(f"the graph of {root} ties no call to any function: nothing to ask")
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(Path(maguyva_tui.__file__).parent)], check=False,
                   stdout=subprocess.DEVNULL)  # the bytecode an installed package has
    resident = Resident(root, base)
    resident.start()
    try:
        script = maguyva_script()
        plain = plain_install(resident.runtime, script)
        alone_env = {**resident.env, place.NO_SERVER_ENV: "1"}
        labels = (f"`maguyva graph {args.action}` whole process, no server ({len(names)} names)",
                  "the same through the resident server (the installed script)",
                  "the same through the resident server, a plain install's script")
        rows: dict[str, tuple[list[float], list[float]]] = {label: ([], []) for label in labels}
        restarts, unequal = 0, []
        for name in names:
            argv = ["graph", args.action, name, "--repo", str(root)]
            alone = subprocess.run([*script, *argv, "--json"], env=alone_env, capture_output=True, text=True, check=False)
            served = subprocess.run([*script, *argv, "--json"], env=resident.env, capture_output=True, text=True,
                                    check=False)
            if (untimed(alone.stdout), alone.stderr) != (untimed(served.stdout), served.stderr):
                unequal.append(name)
            for _ in range(3):
                before = resident.searches()
                times = [(labels[0], whole_ms([*script, *argv], alone_env), rg_ms(rg, root, name)),
                         (labels[1], whole_ms([*script, *argv], resident.env), rg_ms(rg, root, name)),
                         (labels[2], whole_ms([*plain, *argv], resident.env), rg_ms(rg, root, name))]
                if resident.searches() == before + 2:
                    break
                restarts += 1  # the server stepped aside (its code changed under it): start it again, time again
                resident.start()
            else:
                raise SystemExit(f"the server did not answer `maguyva graph` (or kept stopping); see {resident.runtime}")
            for label, mine, theirs in times:
                rows[label][0].append(mine)
                rows[label][1].append(theirs)
    finally:
        resident.stop()
    print(f"## `maguyva graph {args.action}` on {root} ({files} files), whole processes\n")
    print(f"answers equal in process and through the server (--json, timings aside): {len(names) - len(unequal)}"
          f"/{len(names)}" + (f" (differ: {unequal[:5]})" if unequal else ""))
    print(f"every timed question through the server was answered by it (its count; {restarts} restarts); "
          f"script {script[0]}\n")
    print("| questions | n | maguyva median ms | p90 | p99 | rg median ms | rg p99 | median ratio | p99 ratio | "
          "p99 of per-question ratios |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for label in labels:
        print(row(label, *rows[label]))
    served_ms, alone_ms = statistics.median(rows[labels[1]][0]), statistics.median(rows[labels[0]][0])
    print(f"\nthrough the server: median {served_ms:.1f} ms against {alone_ms:.1f} ms in process "
          f"({alone_ms / served_ms:.1f} × faster)")


if __name__ == "__main__":
    main()
