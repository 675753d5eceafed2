"""Literal search against ripgrep, frequent identifiers included (issue 19's first target).

    python -m bench.literal_speed [--corpus sympy] [--sub sympy] [--queries 100] [--limit 100] [--cli 10]
                                  [--server 40]

On sympy 1.13.3's ``sympy/`` folder: 100 identifiers, half drawn uniformly from the defined names
and half drawn by how often they occur in the code (``expand``, ``Add``, ``self`` are likely), each
asked of the text engine through the Engine facade (``modality="text"``, ``limit``), warm, in this
process; next to it ``rg -F`` as a whole process on the same tree, in the same run, interleaved
query by query so load on a shared machine falls on both. Prints the median, p90 and p99 of each
and their ratios (and, less moved by a loaded machine, the CPU each used: the engine's thread, rg's
user and system time), then the same for ``maguyva search`` as a whole process on a few queries: in
process (``MAGUYVA_NO_SERVER=1``), then through a resident server started for the run (warm: the
installed ``maguyva`` script, as a user types it), each interleaved with ``rg -F``; then where the
client's milliseconds go (the bare interpreter, this environment's ``site``, the server's round
trip, ``-X importtime`` of the client's own imports).

Every answer is also checked: the engine's top ``limit`` must be the first ``limit`` lines of its
whole ranked list (the text engine may stop reading early; it may never change the answer).
"""

from __future__ import annotations

import argparse
import collections
import os
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

import maguyva_tui
from bench.corpora import CACHE, corpus
from bench.text_speed import find_rg, pct
from maguyva_tui.core.engine import Engine
from maguyva_tui.locations import INDEX_DIR_ENV
from maguyva_tui.resident import client, place
from maguyva_tui.resident.filler import FILL_ENV

SEED = 20261201
WARM_UP = ("import", "return")
"""Asked before the timed questions, as a process that answers many would have: they touch what
every later question reads once per process."""
EVERY = 10**7
"""A limit no literal reaches: the engine's whole list, whose first lines each page must be."""
IDENT = re.compile(rb"[A-Za-z_][A-Za-z0-9_]{2,}")
CHECKOUT = Path(__file__).resolve().parent.parent
"""The code measured: the server, whose background process starts in ``/``, would otherwise import
the installed package (an editable install's checkout, maybe another one)."""


def rg_ms(rg: str, root: Path, literal: str) -> float:
    """Whole-process milliseconds of ``rg -F`` listing every line that holds the literal."""
    return rg_times(rg, root, literal)[0]


def rg_times(rg: str, root: Path, literal: str) -> tuple[float, float]:
    """Whole-process milliseconds of ``rg -F`` listing every line that holds the literal, and the
    CPU milliseconds it used (user and system, all its threads)."""
    cmd = [rg, "-n", "--hidden", "--no-require-git", "--no-config", "-F", "--", literal, "."]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(cmd, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    wall = (time.perf_counter() - started) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000


def draw(engine: Engine, count: int) -> list[tuple[str, str]]:
    """Half the identifiers uniformly from the defined names, half by occurrence in the code."""
    rng = random.Random(SEED)
    names = sorted({s.name for s in engine.snapshot.symbols if len(s.name) >= 4 and s.name.isidentifier()})
    counts: collections.Counter[bytes] = collections.Counter()
    for path in engine.snapshot.files:
        counts.update(IDENT.findall(engine.snapshot.raw(path)))
    words = sorted(counts)
    weights = [counts[w] for w in words]
    uniform = rng.sample(names, count // 2)
    frequent: list[str] = []
    while len(frequent) < count - len(uniform):
        word = rng.choices(words, weights)[0].decode()
        if word not in frequent and word not in uniform:
            frequent.append(word)
    return [(q, "uniform") for q in uniform] + [(q, "by frequency") for q in frequent]


def ms(fn, *args, **kwargs):  # type: ignore[no-untyped-def]
    """The result of one call and the milliseconds it took."""
    started = time.perf_counter()
    out = fn(*args, **kwargs)
    return out, (time.perf_counter() - started) * 1000


def cpu_ms(fn, *args, **kwargs):  # type: ignore[no-untyped-def]
    """The result of one call, the milliseconds it took and the CPU milliseconds of this thread in
    it (the engine answers one modality in the calling thread): what a loaded machine's waits
    leave out."""
    cpu = time.thread_time()
    out, took = ms(fn, *args, **kwargs)
    return out, took, (time.thread_time() - cpu) * 1000


def row(label: str, ours: list[float], theirs: list[float]) -> str:
    ratios = sorted(o / t for o, t in zip(ours, theirs))
    return (f"| {label} | {len(ours)} | {statistics.median(ours):.2f} | {pct(ours, 0.9):.2f} | {pct(ours, 0.99):.2f} | "
            f"{statistics.median(theirs):.1f} | {pct(theirs, 0.99):.1f} | "
            f"{statistics.median(ours) / statistics.median(theirs):.3f} | {pct(ours, 0.99) / pct(theirs, 0.99):.3f} | "
            f"{pct(ratios, 0.99):.3f} |")


def whole_ms(cmd: list[str], env: dict[str, str], cwd: Path | None = None) -> float:
    """Whole-process milliseconds of a command, its output thrown away."""
    started = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=env, cwd=cwd)
    return (time.perf_counter() - started) * 1000


def maguyva_script() -> list[str]:
    """The installed ``maguyva`` entry point beside this Python (not a shim that wraps it), else ``-m``."""
    script = Path(sysconfig.get_path("scripts")) / "maguyva"
    return [str(script)] if script.exists() else [sys.executable, "-m", "maguyva_tui"]


def plain_install(folder: Path, script: list[str]) -> list[str]:
    """The ``maguyva`` script as a plain install runs it: a new virtual environment whose
    site-packages has a path file to this checkout and the script pip wrote (its first line
    pointed at the new environment), so ``site`` runs without this environment's import hooks
    (the editable install's finder, a certificate hook). The lean client needs no dependency."""
    venv = folder / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    site_packages = next((venv / "lib").glob("python*/site-packages"))
    (site_packages / "maguyva-checkout.pth").write_text(str(CHECKOUT) + "\n")
    body = Path(script[0]).read_text().split("\n", 1)[1] if script[0] != sys.executable else \
        "import sys\nfrom maguyva_tui.__main__ import main\nsys.exit(main())\n"
    target = venv / "bin" / "maguyva"
    target.write_text(f"#!{venv / 'bin' / 'python'}\n{body}")
    target.chmod(0o755)
    return [str(target)]


class Resident:
    """A resident server started for the run in a private runtime folder, stopped at the end."""

    def __init__(self, root: Path, base: Path, fill: bool = False) -> None:
        self.runtime = Path(tempfile.mkdtemp(prefix="mls-", dir="/tmp"))
        self.env = {k: v for k, v in os.environ.items() if k != place.NO_SERVER_ENV}
        self.env.update({"XDG_RUNTIME_DIR": str(self.runtime), INDEX_DIR_ENV: str(base),
                         "PYTHONPATH": str(CHECKOUT)})  # the server (started from "/") and every client run this checkout
        if not fill:  # no transformer tier filled between the timed searches (nor written into the bench's index)
            self.env[FILL_ENV] = "0"
        self.root, self.base = root, base
        self.folder = place.runtime_dir(self.env)
        spec = place.index_spec(None, str(root), self.env)
        self.socket = place.socket_path(self.folder, place.identity(os.path.realpath(root), spec,
                                                                  place.relevant_env(self.env)))

    def start(self) -> None:
        done = subprocess.run([sys.executable, "-m", "maguyva_tui", "server", "start", "--repo", str(self.root)],
                              env=self.env, capture_output=True, text=True, check=False)
        if done.returncode:
            raise SystemExit(f"the resident server did not start: {done.stderr.strip()}")

    def searches(self) -> int:
        """How many searches the server answered (-1: it is gone)."""
        status = self.status()
        return int(status["searches"]) if status else -1

    def status(self) -> dict[str, object] | None:
        """The server's status (``None``: it is gone)."""
        from maguyva_tui.resident.command import ask

        return ask(self.folder, self.socket, "status")

    def round_trip_ms(self, argv: list[str]) -> float:
        """One request sent from this process: the socket and the server's work, no interpreter (NaN
        when the server did not answer: the caller's count of its answers says so)."""
        request = {"v": client.PROTOCOL, "op": "search", "argv": argv, "cwd": str(self.root),
                   "env": place.relevant_env(self.env), "index_dir_env": self.env[INDEX_DIR_ENV],
                   "encoding": ["utf-8", "utf-8"]}
        started = time.perf_counter()
        sock = client.connect(self.folder, self.socket)
        reply = client.exchange(sock, request) if sock else None
        took = (time.perf_counter() - started) * 1000
        return took if reply and reply.get("handled") else float("nan")

    def tiers(self) -> str:
        """The server's semantic tiers and whether its filler runs, in words."""
        status = self.status() or {}
        tiers = status.get("semantic_tiers")
        shares = ", ".join(f"{tier} {share:.1%}" for tier, share in tiers.items()) if isinstance(tiers, dict) else ""
        return f"{shares}{'; filling' if status.get('filling') else ''}"

    def stop(self) -> None:
        subprocess.run([sys.executable, "-m", "maguyva_tui", "server", "stop", "--repo", str(self.root)],
                       env=self.env, capture_output=True, check=False)
        shutil.rmtree(self.runtime, ignore_errors=True)


FILLING_WAIT_S = 120.0
"""How long ``--filling`` waits for the server's filler to start (it starts once no search came for
a few seconds)."""


def wait_filling(resident: Resident) -> str:
    """Wait, asking no search, until the server's filler runs; the tiers' coverage then, in words."""
    deadline = time.monotonic() + FILLING_WAIT_S
    while time.monotonic() < deadline:
        status = resident.status()
        if status and status.get("filling"):
            time.sleep(10.0)  # its chunks' texts made and the model loaded: embedding
            return resident.tiers()
        time.sleep(0.5)
    raise SystemExit(f"the server's filler did not start in {FILLING_WAIT_S:.0f} s; see {resident.runtime}")


def import_breakdown(python: str, args: list[str], env: dict[str, str]) -> str:
    """The client's imports by ``python -X importtime ARGS`` (cumulative): site, the client's own."""
    done = subprocess.run([python, "-X", "importtime", *args], env=env, capture_output=True, text=True, check=False)
    rows = {}
    for line in done.stderr.splitlines():
        if line.startswith("import time:") and "|" in line:
            _, cumulative, name = (part.strip() for part in line[len("import time:"):].split("|"))
            if not cumulative.isdigit():
                continue
            if name in ("site", "certifi", "re", "json", "_socket", "zlib", "maguyva_tui", "maguyva_tui.__main__",
                        "maguyva_tui.resident.client") or name.startswith("__editable__"):
                rows[name] = int(cumulative) / 1000
    return ", ".join(f"{name} {ms:.1f} ms" for name, ms in rows.items())


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.literal_speed", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", default="sympy")
    parser.add_argument("--sub", default="sympy", help="the folder of the corpus to search ('' for all of it)")
    parser.add_argument("--queries", type=int, default=100)
    parser.add_argument("--limit", type=int, default=100)
    parser.add_argument("--cli", type=int, default=10, help="queries also timed as whole `maguyva search` processes")
    parser.add_argument("--server", type=int, default=40,
                        help="queries timed as whole `maguyva search` processes answered by a resident server")
    parser.add_argument("--filling", action="store_true",
                        help="time the server while its filler fills the transformer tier (waits for it to start)")
    args = parser.parse_args()
    root = corpus(args.corpus) / args.sub if args.sub else corpus(args.corpus)
    base = CACHE / "literal-speed-index"
    rg = find_rg()
    engine = Engine(root, base, static=False)
    _, build = ms(engine.refresh, semantic=False)
    queries = draw(engine, args.queries)
    for word in WARM_UP:  # warm: the stored text, the tables of names (a page never builds the newline index)
        engine.search(word, modality="text", limit=args.limit)

    ours: dict[str, list[float]] = {"uniform": [], "by frequency": []}
    theirs: dict[str, list[float]] = {"uniform": [], "by frequency": []}
    our_cpu: dict[str, list[float]] = {"uniform": [], "by frequency": []}
    their_cpu: dict[str, list[float]] = {"uniform": [], "by frequency": []}
    inner: dict[str, list[float]] = {"uniform": [], "by frequency": []}
    wrong: list[str] = []
    for query, kind in queries:
        result, took, cpu = cpu_ms(engine.search, query, modality="text", limit=args.limit)
        ours[kind].append(took)
        our_cpu[kind].append(cpu)
        inner[kind].append(dict(result.timings_ms).get("text", 0.0))
        wall, rg_cpu = rg_times(rg, root, query)
        theirs[kind].append(wall)
        their_cpu[kind].append(rg_cpu)
        every = engine.search(query, modality="text", limit=EVERY).results[: args.limit]
        if [(r.path, r.start_line) for r in result.results] != [(r.path, r.start_line) for r in every]:
            wrong.append(query)

    cli_ours: list[float] = []
    cli_rg: list[float] = []
    search_args = ["search", "--modality", "text", "--limit", str(args.limit), "--json"]
    in_process = {**os.environ, INDEX_DIR_ENV: str(base), place.NO_SERVER_ENV: "1"}
    for query, _ in queries[: args.cli]:
        cli_ours.append(whole_ms([sys.executable, "-m", "maguyva_tui", *search_args, "--repo", str(root), "--", query],
                                 in_process))
        cli_rg.append(rg_ms(rg, root, query))
    served = serve(args, root, base, rg, queries, search_args) if args.server else None

    files = len(engine.snapshot.files)
    print(f"## Literal search on {args.corpus}/{args.sub} ({files} files), limit {args.limit}, warm\n")
    print(f"index (text, structural, graph; no embedding): {build / 1000:.1f} s; answers checked against the "
          f"exhaustive list: {len(queries) - len(wrong)}/{len(queries)} equal" + (f" (differ: {wrong[:5]})" if wrong else ""))
    print("\n| queries | n | maguyva median ms | p90 | p99 | rg median ms | rg p99 | median ratio | p99 ratio | "
          "p99 of per-query ratios |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for kind in ("uniform", "by frequency"):
        print(row(f"{kind} (engine, in process)", ours[kind], theirs[kind]))
    print(row("all (engine, in process)", ours["uniform"] + ours["by frequency"],
              theirs["uniform"] + theirs["by frequency"]))
    for kind in ("uniform", "by frequency"):
        print(row(f"{kind}, CPU: this thread's against rg's (user + system)", our_cpu[kind], their_cpu[kind]))
    print(row("all, CPU: this thread's against rg's (user + system)", our_cpu["uniform"] + our_cpu["by frequency"],
              their_cpu["uniform"] + their_cpu["by frequency"]))
    print(row("all, the text engine's own time (its timing; the rest is the results' making)",
              inner["uniform"] + inner["by frequency"], theirs["uniform"] + theirs["by frequency"]))
    if cli_ours:
        print(row(f"`maguyva search` whole process, in process ({len(cli_ours)} queries)", cli_ours, cli_rg))
    if served:
        for label, (mine, theirs) in served["rows"].items():
            print(row(label, mine, theirs))
        print("\n" + "\n".join(served["notes"]))
    slowest = sorted(((t, q) for (q, k), t in zip(queries, ours["uniform"] + ours["by frequency"])), reverse=True)[:5]
    print("\nslowest in process: " + ", ".join(f"{q!r} {t:.1f} ms" for t, q in slowest))
    engine.close()


def serve(args: argparse.Namespace, root: Path, base: Path, rg: str, queries: list[tuple[str, str]],
          search_args: list[str]) -> dict[str, object]:
    """Whole ``maguyva search`` processes answered by a resident server, interleaved with ``rg -F``;
    then the client's milliseconds taken apart."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(Path(maguyva_tui.__file__).parent)], check=False,
                   stdout=subprocess.DEVNULL)  # the bytecode an installed package has ($PYTHONDONTWRITEBYTECODE here)
    resident = Resident(root, base, fill=args.filling)
    resident.start()
    filling = wait_filling(resident) if args.filling else None
    try:
        script = maguyva_script()
        lean = [sys.executable, "-S", "-m", "maguyva_tui"]
        lean_env = {**resident.env, "PYTHONPATH": str(CHECKOUT)}
        plain = plain_install(resident.runtime, script)
        chosen = queries[: args.server]
        rows: dict[str, tuple[list[float], list[float]]] = {}
        script_label = f"`maguyva search` whole process, resident server ({len(chosen)} queries)"
        plain_label = "the same, a plain install's script (a new venv: no editable finder, no certificate hook)"
        lean_label = "the same, `python -S -m maguyva_tui` (no site at all)"
        trip_label = "the server's round trip alone (socket + search, from a warm process)"
        for label in (script_label, plain_label, lean_label, trip_label):
            rows[label] = ([], [])
        restarts = 0
        for query, _ in chosen:
            argv = [*search_args, "--repo", str(root), "--", query]
            runs = ((script_label, lambda argv=argv: whole_ms([*script, *argv], resident.env)),
                    (plain_label, lambda argv=argv: whole_ms([*plain, *argv], resident.env)),
                    (lean_label, lambda argv=argv: whole_ms([*lean, *argv], lean_env)),
                    (trip_label, lambda argv=argv: resident.round_trip_ms(argv)))
            for _ in range(3):
                before = resident.searches()
                times = [(label, run(), rg_ms(rg, root, query)) for label, run in runs]
                if resident.searches() == before + len(runs):
                    break
                restarts += 1  # the server stepped aside (its code changed under it): start it again, time again
                resident.start()
            else:
                raise SystemExit(f"the server kept stopping; see {resident.runtime}")
            for label, mine, theirs in times:
                rows[label][0].append(mine)
                rows[label][1].append(theirs)
        bare = [whole_ms([sys.executable, "-S", "-c", "pass"], resident.env) for _ in range(10)]
        with_site = [whole_ms([sys.executable, "-c", "pass"], resident.env) for _ in range(10)]
        plain_site = [whole_ms([str(Path(plain[0]).parent / "python"), "-c", "pass"], resident.env) for _ in range(10)]
        probe = [*search_args, "--repo", str(root), "--", chosen[0][0]]
        installed = [script[0], *probe] if script[0] != sys.executable else ["-m", "maguyva_tui", *probe]
        watching = (resident.status() or {}).get("watching")
        notes = [
            f"every timed search was answered by the server (checked by its count; {restarts} restarts after "
            f"its code changed); script {script[0]}",
            "the server " + ("watched its files with inotify (a question stats them only after a change)"
                             if watching else "stat'ed every indexed file before each question (no inotify watch: "
                             "a symbolic link, too many files with other names, the watch limit, or an older server)"),
            f"python start-up alone: `-S -c pass` median {statistics.median(bare):.1f} ms, `-c pass` "
            f"{statistics.median(with_site):.1f} ms (this environment's site), {statistics.median(plain_site):.1f} ms "
            "(the plain venv's)",
            "client imports, `-X importtime` (cumulative): " + import_breakdown(sys.executable, installed, resident.env),
            "client imports, plain install: " + import_breakdown(str(Path(plain[0]).parent / "python"), [*plain, *probe],
                                                                 resident.env),
            "client imports under -S: " + import_breakdown(sys.executable, [*lean[1:], *probe], lean_env),
        ]
        if filling is not None:
            notes.append(f"timed while the server's filler filled the transformer tier (paused while searches "
                         f"come): semantic tiers {filling} at the start, {resident.tiers()} at the end")
        return {"rows": rows, "notes": notes}
    finally:
        resident.stop()


if __name__ == "__main__":
    main()
