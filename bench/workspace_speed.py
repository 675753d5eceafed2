"""Workspace search against its slowest repository alone, and through Ray (issue 21's targets).

    python -m bench.workspace_speed [--rounds 5] [--ray] [--hosts N] [--workers N ...]

Eight repositories from the pinned sdists: click, flask, requests and five sympy packages (core,
printing, solvers, matrices, functions), ~13 MB of source, each indexed into its own index under
``bench/.cache/workspace-index`` (text, structural, graph; the semantic engine runs without
vectors: this measures the fan-out and merge, not embedding). For each question, warm, in this
process, interleaved round by round: every repository alone through its Engine, and the
workspace of all eight through the coordinator (and, with ``--ray``, the same workspace through
a one-node Ray cluster started here, one actor per repository).

Prints per question the median of each and the workspace's ratio to the slowest repository
alone (and the same by this process's CPU time, which other work on the machine stretches less
than wall time); then over every question and round: the p50 of the workspace, the p50 of the slowest
repository alone (per round, the slowest of the eight), their ratio (target: at most 1.5), the
median per-question ratio, and the workspace against the eight alone one after another; with ``--ray``, the p50 through Ray and its overhead over the
in-process workspace measured in the same run (target: at most 10 ms), and the round trips to
the actors each question cost. With ``--workers 2 8``, the same workspace held by 2 (then 8)
worker processes of this machine (``open_workspace(workers=N)``), against the slowest repository
alone and the in-process workspace, interleaved with the rest.

:func:`measure_queries` is the reusable part: the median time of each question on any
``search(question)`` callables, interleaved round by round in one run.
"""

from __future__ import annotations

import argparse
import math
import statistics
import subprocess
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from bench.corpora import CACHE, corpus
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.types import QueryError
from maguyva_tui.core.workspace import Coordinator, SearchRequest, Shard, open_workspace
from maguyva_tui.core.workspace.listing import labels_for

SYMPY_PACKAGES = ("core", "printing", "solvers", "matrices", "functions")
QUESTIONS = (
    "Session",
    "simplify",
    '"ValueError"',
    "who calls expand",
    "where is Matrix defined",
    "how are command line options parsed",
    "send the request again after a redirect",
    "render a template with the request context",
    "print an expression as latex",
    "solve a system of linear equations",
)
INDEX_BASE = CACHE / "workspace-index"


class NoVectors:
    """A provider with no vectors stored: the semantic engine runs and finds nothing, at no cost."""

    id = "bench:none:8"
    dim = 8
    stores_floats = True

    def embed_documents(self, texts: Any) -> np.ndarray:
        return np.zeros((len(texts), self.dim), np.float32)

    def embed_query(self, text: str) -> np.ndarray:
        return np.zeros(self.dim, np.float32)


def roots() -> list[Path]:
    """The eight repositories' folders."""
    sympy = corpus("sympy") / "sympy"
    return [corpus("click"), corpus("flask"), corpus("requests"), *(sympy / p for p in SYMPY_PACKAGES)]


def ms(call: Callable[..., Any], *args: Any) -> float:
    """Milliseconds one call takes."""
    started = time.perf_counter()
    call(*args)
    return (time.perf_counter() - started) * 1000


@dataclass(frozen=True, slots=True)
class Timings:
    """Per question, each contender's time of every counted round, in milliseconds."""

    questions: tuple[str, ...]
    rounds: dict[str, dict[str, list[float]]]
    """``rounds[contender][question]``: one time per counted round, in order."""
    cpu: dict[str, dict[str, list[float]]] | None = None
    """The same rounds' CPU time of this process (every thread's), in milliseconds: the work of a
    contender answering in this process. A loaded machine stretches wall times unevenly (a lone
    repository's question waits for a core more often than eight shards' threads do); CPU time
    it stretches less, though not never (measured here at load 6 to 14: the workspace's CPU
    ratio 2.0 to 3.1, its wall ratio 1.5 to 2.9)."""

    def median(self, contender: str, question: str) -> float:
        """A contender's median time on one question."""
        return statistics.median(self.rounds[contender][question])

    def p50(self, contender: str) -> float:
        """A contender's median over every question and round."""
        return statistics.median(t for q in self.questions for t in self.rounds[contender][q])

    def slowest(self, contenders: Sequence[str], cpu: bool = False) -> list[float]:
        """Per question and round, the slowest of ``contenders`` (the repositories alone); with
        ``cpu``, by CPU time."""
        rounds = self.cpu if cpu and self.cpu is not None else self.rounds
        return [max(rounds[c][q][i] for c in contenders)
                for q in self.questions for i in range(len(rounds[contenders[0]][q]))]

    def cpu_p50(self, contender: str) -> float:
        """A contender's median CPU time over every question and round."""
        assert self.cpu is not None
        return statistics.median(t for q in self.questions for t in self.cpu[contender][q])

    def cpu_median(self, contender: str, question: str) -> float:
        """A contender's median CPU time on one question."""
        assert self.cpu is not None
        return statistics.median(self.cpu[contender][question])

    def total(self, contenders: Sequence[str]) -> list[float]:
        """Per question and round, the sum of ``contenders``' times (what one core pays for them in turn)."""
        return [sum(self.rounds[c][q][i] for c in contenders)
                for q in self.questions for i in range(len(self.rounds[contenders[0]][q]))]


def measure_queries(contenders: Mapping[str, Callable[[str], Any]], questions: Sequence[str], rounds: int,
                    warm: int = 1) -> Timings:
    """Time every contender on every question, interleaved round by round (each question's rounds
    one after another, every contender in turn within a round, so load drifts hit all alike);
    the first ``warm`` rounds are not counted."""
    out: dict[str, dict[str, list[float]]] = {name: {q: [] for q in questions} for name in contenders}
    cpu: dict[str, dict[str, list[float]]] = {name: {q: [] for q in questions} for name in contenders}
    for question in questions:
        for at in range(warm + rounds):
            for name, call in contenders.items():
                started = time.process_time()
                took = ms(call, question)
                if at >= warm:
                    out[name][question].append(took)
                    cpu[name][question].append((time.process_time() - started) * 1000)
    return Timings(tuple(questions), out, cpu)


def engines_alone(folders: Sequence[Path], base: Path = INDEX_BASE) -> dict[str, Engine]:
    """Each repository's engine, its index built or brought up to date (said on stdout)."""
    labels = labels_for(list(folders))
    engines = {labels[f]: Engine(f, base, provider=NoVectors(), static=False) for f in folders}
    for label, engine in engines.items():
        took = ms(engine.refresh, None, False)
        print(f"index {label:<16} {len(engine.snapshot.files):>5} files  {took / 1000:6.1f} s")
    return engines


def _search(coordinator: Coordinator) -> Callable[[str], Any]:
    return lambda text: coordinator.search(SearchRequest(text))


def hosts_of(coordinator: Coordinator) -> list[Any]:
    """The distinct processes (Ray actors) holding a coordinator's shards."""
    return list({id(h): h for h in (getattr(s, "host", None) for s in coordinator.shards) if h is not None}.values())


def _ping(cluster: Any, coordinator: Coordinator) -> Callable[[str], Any]:
    """A bare round trip to every shard actor at once (the floor of one step of a question)."""
    hosts = hosts_of(coordinator)
    return lambda _: cluster.ray.get([host.ping() for host in hosts])


def _open_ray(folders: Sequence[Path], hosts: int | None) -> tuple[Any, Coordinator]:
    from maguyva_tui.core.workspace.cluster import LOCAL, connect, open_cluster_workspace

    started = time.perf_counter()
    cluster = connect(LOCAL)
    coordinator = open_cluster_workspace(cluster, folders, INDEX_BASE, provider=NoVectors(), static=False,
                                         hosts=hosts)
    print(f"ray: one-node cluster and {len(hosts_of(coordinator))} actors holding {len(folders)} shards ready in "
          f"{time.perf_counter() - started:.1f} s")
    return cluster, coordinator


def _same_lists(here: Coordinator, there: Coordinator, questions: Sequence[str]) -> int:
    """How many questions give a different list in-process and through Ray (0 expected)."""
    def key(c: Coordinator, q: str) -> list[tuple[str, str, int, float]]:
        a = c.search(SearchRequest(q))
        return [(repo, r.path, r.start_line, round(r.score, 12)) for r, repo in zip(a.result.results, a.repos)]

    return sum(key(here, q) != key(there, q) for q in questions)


def _report(t: Timings, labels: list[str], answers: Mapping[str, Any], ray: bool) -> None:
    print(f"\n{'question':<42} {'slowest alone':>13} {'workspace':>10} {'ratio':>6} {'CPU ratio':>9}"
          + (f" {'ray':>9} {'+ms':>6} {'calls':>5}" if ray else "") + "  results")
    ratios = []
    for q in t.questions:
        slowest = max(t.median(label, q) for label in labels)
        here = t.median("workspace", q)
        ratios.append(here / slowest)
        cpu = t.cpu_median("workspace", q) / max(t.cpu_median(label, q) for label in labels) if t.cpu else math.nan
        line = f"{q[:42]:<42} {slowest:10.1f} ms {here:7.1f} ms {here / slowest:6.2f} {cpu:9.2f}"
        if ray:
            there = t.median("ray", q)
            line += f" {there:6.1f} ms {there - here:6.1f} {answers['calls'][q]:5d}"
        answer = answers[q]
        print(line + f"  {len(answer.result.results)} from {len(set(answer.repos))} repositories"
              + (" (capped)" if answer.capped else ""))
    slowest_p50 = statistics.median(t.slowest(labels))
    here = t.p50("workspace")
    print(f"\nover {len(t.questions)} questions x {len(t.rounds['workspace'][t.questions[0]])} rounds:")
    print(f"  in-process workspace of {len(labels)} p50 {here:.1f} ms; slowest repository alone p50 "
          f"{slowest_p50:.1f} ms; ratio {here / slowest_p50:.2f} (target <= 1.5); "
          f"median per-question ratio {statistics.median(ratios):.2f}")
    total = statistics.median(t.total(labels))
    print(f"  the {len(labels)} repositories alone one after another p50 {total:.1f} ms: the workspace takes "
          f"{here / total:.2f}x their sum (its shards' threads share one interpreter)")
    if t.cpu is not None:
        cpu_slowest = statistics.median(t.slowest(labels, cpu=True))
        cpu_here = t.cpu_p50("workspace")
        per = [t.cpu_median("workspace", q) / max(t.cpu_median(label, q) for label in labels) for q in t.questions]
        print(f"  CPU time of this process (load stretches it less than wall time): workspace p50 {cpu_here:.1f} ms, slowest "
              f"repository alone p50 {cpu_slowest:.1f} ms, ratio {cpu_here / cpu_slowest:.2f}; median per-question "
              f"ratio {statistics.median(per):.2f}")
    if ray:
        there = t.p50("ray")
        overheads = [t.median("ray", q) - t.median("workspace", q) for q in t.questions]
        print(f"  through Ray on one node p50 {there:.1f} ms: overhead {there - here:.1f} ms over in-process "
              f"(target <= 10); per question median {statistics.median(overheads):.1f} ms, "
              f"max {max(overheads):.1f} ms; round trips per question median "
              f"{statistics.median(answers['calls'].values()):.0f}")
        print(f"  a bare round trip to the actors at once (a no-op call each), p50 "
              f"{t.p50('ping'):.1f} ms: a question takes 1 such step (a symbol question, its engine foreseen) or 2 (a "
              "blend: the start with every engine's lists, then the lines and signatures copy folding compares; 3 "
              "when its lists were not foreseen)")


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.workspace_speed", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--ray", action="store_true", help="also through a one-node Ray cluster started here")
    parser.add_argument("--workers", type=int, nargs="*", default=[],
                        help="also the workspace held by each of these numbers of worker processes "
                             "(open_workspace(workers=N), maguyva search's MAGUYVA_WORKERS)")
    parser.add_argument("--hosts", type=int, default=None,
                        help="Ray actors holding the shards (default: as many as the cluster's CPUs)")
    args = parser.parse_args()
    try:
        folders = roots()
        engines = engines_alone(folders)
    except (OSError, RuntimeError, subprocess.CalledProcessError) as exc:  # a corpus not downloaded or unpacked whole
        raise SystemExit(f"workspace_speed: {exc} (remove bench/.cache/<corpus> to unpack it again)") from None
    coordinator = Coordinator([Shard(label, engine) for label, engine in engines.items()])
    contenders: dict[str, Callable[[str], Any]] = {label: engine.search for label, engine in engines.items()}
    contenders["workspace"] = _search(coordinator)
    cluster = remote = None
    pools: dict[int, Coordinator] = {}
    for count in args.workers:
        started = time.perf_counter()
        pools[count] = open_workspace(folders, INDEX_BASE, provider=NoVectors(), static=False, workers=count)
        print(f"workers: {len(hosts_of(pools[count]))} worker processes holding {len(folders)} shards ready in "
              f"{time.perf_counter() - started:.1f} s (started, imported, indexes opened)")
        contenders[f"workers {count}"] = _search(pools[count])
    if args.ray:
        try:
            cluster, remote = _open_ray(folders, args.hosts)
        except QueryError as exc:  # no Ray installed, a cluster that cannot start: one line
            coordinator.close()
            raise SystemExit(f"workspace_speed: {exc}") from None
        contenders["ray"] = _search(remote)
        contenders["ping"] = _ping(cluster, remote)
    try:
        timings = measure_queries(contenders, QUESTIONS, args.rounds)
        answers: dict[str, Any] = {q: coordinator.search(SearchRequest(q)) for q in QUESTIONS}
        for count, pooled in pools.items():
            differ = _same_lists(coordinator, pooled, QUESTIONS)
            print(f"workers {count}: {differ} of {len(QUESTIONS)} questions list differently than in-process "
                  "(0 expected)")
        if remote is not None:
            answers["calls"] = {q: _count_calls(remote, q) for q in QUESTIONS}
            differ = _same_lists(coordinator, remote, QUESTIONS)
            print(f"ray: {differ} of {len(QUESTIONS)} questions list differently than in-process (0 expected)")
        _report(timings, list(engines), answers, remote is not None)
        for count in pools:
            _report_workers(timings, list(engines), count)
    finally:
        coordinator.close()
        for pooled in pools.values():
            pooled.close()
        if remote is not None:
            remote.close()
        if cluster is not None:
            cluster.close()


def _report_workers(t: Timings, labels: list[str], workers: int) -> None:
    slowest_p50 = statistics.median(t.slowest(labels))
    name = f"workers {workers}"
    pooled, here = t.p50(name), t.p50("workspace")
    ratios = [t.median(name, q) / max(t.median(label, q) for label in labels) for q in t.questions]
    print(f"  held by {workers} worker processes p50 {pooled:.1f} ms: {pooled / slowest_p50:.2f}x the slowest "
          f"repository alone (target <= 1.5; median per-question ratio {statistics.median(ratios):.2f}), "
          f"{pooled / here:.2f}x the in-process workspace")


def _count_calls(coordinator: Coordinator, question: str) -> int:
    """Round trips to the actors one question costs (warm)."""
    hosts = hosts_of(coordinator)
    before = sum(h.round_trips for h in hosts)
    coordinator.search(SearchRequest(question))
    return int(sum(h.round_trips for h in hosts) - before)


if __name__ == "__main__":
    main()
