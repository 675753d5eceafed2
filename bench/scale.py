"""Scale (issue 21.4): fan-out overhead, indexing with 1 and 2 Ray workers, memory per shard, 100 GB.

    python -m bench.scale [--rounds 5] [--index-rounds 2] [--only index|fanout]
                          [--repo-mb 50] [--node-cores 32] [--node-memory-gb 256] [--embed-sample 48]

The eight repositories of ``bench.workspace_speed`` (click, flask, requests and five sympy
packages, pinned sdists under ``bench/.cache``), on a one-node Ray cluster on 127.0.0.1 started
here with this machine's cores (``ray.init`` is timed apart and counted nowhere). In one run:

a. **Fan-out.** Warm questions over the workspace of eight, in this process and through as many
   actors as the cluster's CPUs (each holding several repositories), alternated question by question (text, structural, graph; the semantic engine
   without vectors, as ``workspace_speed`` measures): the median of each, Ray's overhead, and
   whether both gave the same list. For reference: a bare round trip to as many idle actors and to
   eight, and
   the merge of the eight shards' lists (every ``merge_lists`` call of a question, replayed).
b. **Indexing.** The eight indexed from nothing (the default index: text, structural, graph and
   the static tier) with at most 1 and at most 2 Ray tasks at once, and by ``maguyva index A B
   ...`` in a process of its own (one machine's indexer: a parsing pool per core, the graph
   beside) as the peer; the three alternated round by round, the load average said. Each Ray
   task holds to the one CPU it asks for (``core/workspace/fanout.py``); the workers are started
   (and the static model loaded in each) before the first timed run. The tasks' CPU-seconds give
   the most 2 workers can gain (the schedule they run in); on a machine other sessions load,
   Linux shares the CPU between sessions (autogroup), so a second worker gets no more of it and
   the measured ratio says so little that the projection uses that bound instead.
c. **Memory per shard.** Through one actor per repository (opened for this), each actor's
   resident memory after the warm questions, an idle actor's
   for reference, each index's size on disk (the fan-out's and the default one), and the line
   fitted through them (MB per MB of source, MB a shard holds whatever its size); the whole sympy
   package (33 MB) joins as a ninth shard, opened alone, so the line spans more than one size.
d. **A projection to 100 GB of code**, from this run's figures: index on disk, warm memory (in
   repositories of ``--repo-mb`` each: every shard holds its own engine), CPU-seconds to index,
   chunks and, with ``--embed-sample``, the transformer's CPU-seconds per chunk (MiniLM on one
   thread); nodes of ``--node-cores`` and ``--node-memory-gb`` that hold every shard warm, and
   the hours they take to index it. Printed as a Markdown table for the README.
"""

from __future__ import annotations

import argparse
import math
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any
from unittest.mock import patch

from bench.corpora import CACHE, corpus
from bench.workspace_speed import QUESTIONS, NoVectors, roots
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.store.format import repo_dir
from maguyva_tui.core.workspace import SearchRequest, open_workspace
from maguyva_tui.core.workspace import coordinator as coordinator_module
from maguyva_tui.core.workspace.cluster import LOCAL, connect, index_on_cluster, open_cluster_workspace
from maguyva_tui.core.workspace.fanout import largest_first, source_bytes
from maguyva_tui.core.workspace.merge import merge_lists

MB = 1024 * 1024
TARGET_GB = 100
"""The organisation's code the projection is for (issue 21)."""
USABLE_MEMORY = 0.8  # a node's memory actors may fill: the OS, Ray's own processes, headroom for a question
ROUND_TRIPS = 50  # bare round trips to the eight actors timed


@dataclass(frozen=True, slots=True)
class PerMB:
    """What one MB of source costs, measured in this run."""

    index_mb: float
    """MB of index on disk (the default index: text, structural, graph, static tier)."""
    warm_mb: float
    """MB of warm shard memory per MB of source (the slope of a line fitted over the shards)."""
    shard_mb: float
    """MB each shard holds whatever its size: an idle actor and the fitted line's intercept."""
    cpu_s: float
    """CPU-seconds to build the default index (one core per task)."""
    chunks: float
    """Chunks the semantic engine embeds."""
    embed_cpu_s_per_chunk: float | None = None
    """CPU-seconds of the transformer per chunk, when measured."""


@dataclass(frozen=True, slots=True)
class Node:
    """A machine of the cluster the projection packs shards onto."""

    cores: int
    memory_gb: float


@dataclass(frozen=True, slots=True)
class Projection:
    """The cost of ``code_gb`` of source at the per-MB rates, on nodes of one size."""

    code_gb: float
    shards: int
    """Repositories (one actor each) the code is split into."""
    index_gb: float
    warm_gb: float
    index_core_hours: float
    embed_core_hours: float | None
    nodes: int
    """Nodes whose usable memory holds every shard warm."""
    index_hours: float
    """Wall hours to build the default index on those nodes, every core busy at ``efficiency``."""
    embed_hours: float | None


def project(rate: PerMB, code_gb: float, repo_mb: float, node: Node, efficiency: float) -> Projection:
    """Scale the per-MB figures to ``code_gb`` of source in repositories of ``repo_mb`` each, and
    count the nodes that hold every shard warm."""
    code_mb = code_gb * 1024
    shards = max(1, math.ceil(code_mb / repo_mb))
    warm_gb = (shards * rate.shard_mb + rate.warm_mb * code_mb) / 1024
    nodes = max(1, math.ceil(warm_gb / (node.memory_gb * USABLE_MEMORY)))
    index_core_hours = rate.cpu_s * code_mb / 3600
    embed = None if rate.embed_cpu_s_per_chunk is None else rate.embed_cpu_s_per_chunk * rate.chunks * code_mb / 3600
    cores = nodes * node.cores * efficiency
    return Projection(code_gb, shards, rate.index_mb * code_mb / 1024, warm_gb, index_core_hours, embed, nodes,
                      index_core_hours / cores, None if embed is None else embed / cores)


def fit(xs: Sequence[float], ys: Sequence[float]) -> tuple[float, float]:
    """The least-squares line through points: its slope and intercept."""
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    spread = sum((x - mx) ** 2 for x in xs)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / spread if spread else 0.0
    return slope, my - slope * mx


def table(rate: PerMB, p: Projection, repo_mb: float, node: Node, efficiency: float) -> str:
    """The projection as a Markdown table: each figure, the per-MB rate it came from."""
    rows = [
        ("index on disk", f"{rate.index_mb:.2f} MB", f"{p.index_gb:,.0f} GB"),
        (f"shards (repositories of {repo_mb:g} MB)", "", f"{p.shards:,}"),
        ("warm shard memory", f"{rate.warm_mb:.2f} MB + {rate.shard_mb:.0f} MB a shard", f"{p.warm_gb:,.0f} GB"),
        ("indexing CPU (default index)", f"{rate.cpu_s:.2f} CPU-s", f"{p.index_core_hours:,.1f} core-hours"),
        ("chunks", f"{rate.chunks:,.0f}", f"{rate.chunks * p.code_gb * 1024 / 1e6:,.0f} million"),
    ]
    if p.embed_core_hours is not None and rate.embed_cpu_s_per_chunk is not None:
        rows.append(("transformer embedding CPU", f"{rate.embed_cpu_s_per_chunk * rate.chunks:,.1f} CPU-s",
                     f"{p.embed_core_hours:,.0f} core-hours"))
    rows.append((f"nodes of {node.cores} cores, {node.memory_gb:g} GB ({USABLE_MEMORY:.0%} for shards)", "",
                 f"{p.nodes}"))
    rows.append((f"default index on those nodes ({efficiency:.0%} of each core)", "", f"{p.index_hours:,.2f} h"))
    if p.embed_hours is not None:
        rows.append((f"transformer tier on those nodes ({efficiency:.0%} of each core)", "", f"{p.embed_hours:,.1f} h"))
    lines = [f"| figure | per MB of code | {p.code_gb:g} GB of code |", "|---|---|---|"]
    lines += [f"| {name} | {per} | {total} |" for name, per, total in rows]
    return "\n".join(lines)


def median_ms(samples: Sequence[float]) -> float:
    """The median of samples in seconds, in milliseconds."""
    return statistics.median(samples) * 1000


def timed(call: Callable[[], Any]) -> tuple[float, Any]:
    """Seconds a call took, and its answer."""
    started = time.perf_counter()
    answer = call()
    return time.perf_counter() - started, answer


def load() -> str:
    """The 1-minute load average, for the record."""
    return f"{os.getloadavg()[0]:.1f}"


def folder_mb(folder: Path) -> float:
    """A folder's size on disk in MB (apparent bytes)."""
    return source_bytes(str(folder)) / MB if folder.is_dir() else 0.0


def listing(answer: Any) -> list[tuple[str, int]]:
    """A workspace answer's results as (path, line), to compare in-process and cluster lists."""
    return [(r.path, r.start_line) for r in answer.result.results]


# -- a. fan-out ---------------------------------------------------------------------------------


def fan_out(cluster: Any, folders: list[Path], base: Path, rounds: int) -> Any:
    """Print the in-process and cluster medians per question; return the cluster coordinator."""
    from bench.workspace_speed import measure_queries  # its timing, shared with that benchmark

    for folder in folders:  # the fan-out's indexes, shared with bench.workspace_speed
        Engine(folder, base, provider=NoVectors(), static=False).refresh(None, False)
    local = open_workspace(folders, base, provider=NoVectors(), static=False)
    remote = open_cluster_workspace(cluster, folders, base, provider=NoVectors(), static=False)
    actors = len({id(shard.host) for shard in remote.shards})
    print(f"\n## a. fan-out over {len(folders)} repositories ({actors} actors, as many as the cluster's CPUs, "
          f"each holding several), {rounds} rounds (load {load()})")
    timings = measure_queries({"in-process": lambda q: local.search(SearchRequest(q)),
                               "ray": lambda q: remote.search(SearchRequest(q))}, QUESTIONS, rounds)
    print(f"{'question':<42} {'in-process':>11} {'ray':>9} {'overhead':>9} {'merge':>8}  same list")
    overheads, merges = [], []
    for text in QUESTIONS:
        request = SearchRequest(text)
        same = listing(local.search(request)) == listing(remote.search(request))
        merge = merge_seconds(local, request) * 1000
        here, there = timings.median("in-process", text), timings.median("ray", text)
        overheads.append(there - here)
        merges.append(merge)
        print(f"{text[:42]:<42} {here:8.1f} ms {there:6.1f} ms {there - here:6.1f} ms {merge:5.2f} ms  "
              f"{'yes' if same else 'NO'}")
    print(f"p50 over every question and round: in-process {timings.p50('in-process'):.1f} ms, ray "
          f"{timings.p50('ray'):.1f} ms; median overhead per question {statistics.median(overheads):.1f} ms "
          f"(target <= 10); merge {statistics.median(merges):.2f} ms (load {load()})")
    bare_round_trip(cluster, actors)
    bare_round_trip(cluster, len(folders))
    local.close()
    remote.close()
    alone = open_cluster_workspace(cluster, folders, base, provider=NoVectors(), static=False, hosts=len(folders))
    for _ in range(2):  # warm, as the questions above warmed the others: what section c reads
        for text in QUESTIONS:
            alone.search(SearchRequest(text))
    return alone  # one actor per repository: each actor's memory is its shard's


def merge_seconds(workspace: Any, request: Any) -> float:
    """Seconds of the ``merge_lists`` calls one question makes, replayed from a recording."""
    calls: list[tuple[Any, ...]] = []
    original = merge_lists

    def recording(*args: Any) -> Any:
        calls.append(args)
        return original(*args)

    with patch.object(coordinator_module, "merge_lists", recording):  # the coordinator's own name for it
        workspace.search(request)
    samples = [timed(lambda: [original(*args) for args in calls])[0] for _ in range(20)]
    return statistics.median(samples)


class Idle:
    """An actor that answers at once: the bare round trip, and an idle actor's memory."""

    def ping(self) -> int:
        return 0

    def rss(self) -> int:
        return resident()


def resident(pid: int | str = "self") -> int:
    """A process's resident memory in bytes (Linux: ``/proc/PID/statm``)."""
    pages = int(Path(f"/proc/{pid}/statm").read_text().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE")


def bare_round_trip(cluster: Any, count: int) -> None:
    """Print the median of a round trip to ``count`` idle actors at once."""
    ray = cluster.ray
    actors = [ray.remote(Idle).options(num_cpus=0).remote() for _ in range(count)]
    ray.get([a.ping.remote() for a in actors])
    samples = [timed(lambda: ray.get([a.ping.remote() for a in actors]))[0] for _ in range(ROUND_TRIPS)]
    print(f"bare round trip to {count} idle actors: p50 {median_ms(samples):.1f} ms "
          f"(p90 {statistics.quantiles(samples, n=10)[-1] * 1000:.1f} ms)")
    for actor in actors:
        ray.kill(actor)


# -- b. indexing --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Run:
    """One indexing of the eight from nothing."""

    how: str
    seconds: float
    tasks: tuple[float, ...]
    """CPU-seconds of each task, in the order the tasks started (one for ``maguyva index``)."""
    load: str

    @property
    def cpu_s(self) -> float:
        """CPU-seconds of the run."""
        return sum(self.tasks)


def makespan(seconds: Sequence[float], workers: int) -> float:
    """The time ``workers`` take for tasks of these lengths, each started in the order given on
    the first worker free (as ``submit_bounded`` starts them)."""
    free = [0.0] * workers
    for length in seconds:
        at = free.index(min(free))
        free[at] += length
    return max(free)


def index_runs(cluster: Any, folders: list[Path], rounds: int) -> tuple[list[Run], Path]:
    """Index the eight from nothing ``rounds`` times each way, alternated; keep the last index."""
    paths = [str(f) for f in folders]
    work = CACHE / "scale-index"
    shutil.rmtree(work, ignore_errors=True)
    warm = work / "warm"  # both workers started and the static model loaded in each, not timed
    index_on_cluster(cluster, paths[:2], warm, workers=2)
    shutil.rmtree(warm)
    ways: list[tuple[str, Callable[[Path], tuple[float, ...]]]] = [
        ("ray, 1 worker", lambda out: on_cluster(cluster, paths, out, 1)),
        ("ray, 2 workers", lambda out: on_cluster(cluster, paths, out, 2)),
        ("maguyva index (one process)", lambda out: in_process(paths, out)),
    ]
    print(f"\n## b. indexing {len(paths)} repositories from nothing (default index), {rounds} rounds alternated")
    runs: list[Run] = []
    for round_ in range(rounds):
        order = ways if round_ % 2 == 0 else ways[::-1]
        for how, run in order:
            out = work / "run"
            shutil.rmtree(out, ignore_errors=True)
            before = load()
            seconds, tasks = timed(partial(run, out))
            runs.append(Run(how, seconds, tasks, f"{before}-{load()}"))
            print(f"  {how:<30} {seconds:6.1f} s wall {runs[-1].cpu_s:6.1f} CPU-s  load {runs[-1].load}")
    return runs, work / "run"


def on_cluster(cluster: Any, paths: list[str], out: Path, workers: int) -> tuple[float, ...]:
    """Index on the cluster with at most ``workers`` tasks at once; return each task's
    CPU-seconds in the order they started (largest repository first)."""
    done = index_on_cluster(cluster, paths, out, workers=workers)
    failed = [d.path for d in done if d.summary is None]
    if failed:
        raise SystemExit(f"bench.scale: indexing failed for {', '.join(failed)}")
    return tuple(float(done[i].summary["cpu_seconds"]) for i in largest_first(paths))  # type: ignore[index]


def in_process(paths: list[str], out: Path) -> tuple[float, ...]:
    """Index with ``maguyva index A B ...`` in a process of its own; return its CPU-seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-m", "maguyva_tui", "index", *paths, "--index-dir", str(out), "--json"],
                          capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"bench.scale: maguyva index failed: {done.stderr.strip()[-500:]}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ((after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime),)


def speedups(runs: list[Run]) -> dict[str, float]:
    """Each way's median seconds."""
    ways = dict.fromkeys(r.how for r in runs)
    return {how: statistics.median(r.seconds for r in runs if r.how == how) for how in ways}


# -- c. memory ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Memory:
    """Shard actors' warm memory against their source."""

    idle_mb: float
    """An idle actor's resident memory."""
    points: tuple[tuple[float, float], ...]
    """Each shard's MB of source and MB of resident memory above an idle actor's."""


def shard_memory(cluster: Any, remote: Any, base: Path, default: Path, anchor: Path | None) -> Memory:
    """Print each shard actor's resident memory and index sizes after the warm questions (and those
    of one larger repository, ``anchor``, opened alone: the line fitted through them needs a
    shard of another size); return the points."""
    ray = cluster.ray
    idle = ray.remote(Idle).options(num_cpus=0).remote()
    idle_mb = ray.get(idle.rss.remote()) / MB
    ray.kill(idle)
    print(f"\n## c. memory per shard (after the warm questions; an idle actor: {idle_mb:.0f} MB)")
    print(f"{'repository':<16} {'source':>8} {'actor RSS':>10} {'above idle':>10} {'index':>8} {'default index':>14}")
    shards = [(shard, remote) for shard in remote.shards]
    if anchor is not None:
        alone = open_cluster_workspace(cluster, [anchor], base, provider=NoVectors(), static=False)
        for _ in range(2):
            for text in QUESTIONS:
                alone.search(SearchRequest(text))
        shards.append((alone.shards[0], alone))
    points = []
    for shard, _ in shards:
        folder = Path(shard.root)
        code, rss = source_bytes(str(folder)) / MB, actor_rss(ray, shard) / MB
        points.append((code, rss - idle_mb))
        print(f"{shard.label[:16]:<16} {code:5.2f} MB {rss:7.0f} MB {rss - idle_mb:7.0f} MB "
              f"{folder_mb(repo_dir(base, folder)):5.1f} MB {folder_mb(repo_dir(default, folder)):11.1f} MB")
    if anchor is not None:
        shards[-1][1].close()
    slope, intercept = fit([x for x, _ in points], [y for _, y in points])
    print(f"fitted: {slope:.2f} MB per MB of source + {intercept:.0f} MB a shard (+ {idle_mb:.0f} MB the idle actor)")
    return Memory(idle_mb, tuple(points))


def actor_rss(ray: Any, shard: Any) -> int:
    """A shard actor's resident memory, read in the actor (``__ray_call__`` runs a function there)."""
    return int(ray.get(shard.host.actor.__ray_call__.remote(lambda _: resident())))


# -- d. projection ------------------------------------------------------------------------------


def embed_rate(folder: Path, base: Path, sample: int) -> float | None:
    """CPU-seconds per chunk of the transformer on one thread, over ``sample`` chunks of a repository."""
    if sample <= 0:
        return None
    from maguyva_tui.core.embed.minilm import MiniLMProvider

    engine = Engine(folder, base, provider=NoVectors(), static=False)
    try:
        engine.open_existing()
        texts = [item.text for item in engine.embedding_items()[:sample]]
    finally:
        engine.close()
    provider = MiniLMProvider(workers=1)
    provider.embed_documents(texts[:2])  # the model loaded, not timed
    started = time.process_time()
    provider.embed_documents(texts)
    return (time.process_time() - started) / len(texts)


@contextmanager
def connected(cores: int) -> Iterator[Any]:
    """A one-node cluster on 127.0.0.1 with ``cores`` CPUs, stopped at the end."""
    seconds, cluster = timed(lambda: connect(LOCAL, num_cpus=cores))
    print(f"ray.init: {seconds:.1f} s (load {load()}; not counted anywhere)")
    try:
        yield cluster
    finally:
        cluster.close()


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.scale", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds per question (fan-out)")
    parser.add_argument("--index-rounds", type=int, default=2, help="indexing runs of each way")
    parser.add_argument("--only", choices=("index", "fanout"), help="one part alone (no projection)")
    parser.add_argument("--no-anchor", action="store_true", help="no whole-sympy shard in the memory fit")
    parser.add_argument("--embed-sample", type=int, default=48, help="chunks the transformer embeds (0: skip)")
    parser.add_argument("--repo-mb", type=float, default=50, help="the projection's repository size (MB of source)")
    parser.add_argument("--node-cores", type=int, default=32)
    parser.add_argument("--node-memory-gb", type=float, default=256)
    args = parser.parse_args()
    folders = roots()
    code_mb = sum(source_bytes(str(f)) for f in folders) / MB
    base = CACHE / "workspace-index"
    anchor = None if args.no_anchor else corpus("sympy") / "sympy"
    print(f"{len(folders)} repositories, {code_mb:.1f} MB of source; {os.cpu_count()} cores, load {load()}")
    with connected(os.cpu_count() or 2) as cluster:
        if args.only != "fanout":
            runs, default = index_runs(cluster, folders, args.index_rounds)
            cpu, efficiency = indexing_report(runs)
        if args.only != "index":
            remote = fan_out(cluster, folders, base, args.rounds)
            if anchor is not None:  # its index built before any shard opens it
                Engine(anchor, base, provider=NoVectors(), static=False).refresh(None, False)
            memory = shard_memory(cluster, remote, base, CACHE / "scale-index" / "run", anchor)
            remote.close()
    if args.only is None:
        slope, intercept = fit([x for x, _ in memory.points], [y for _, y in memory.points])
        rate = PerMB(folder_mb(default) / code_mb, slope, memory.idle_mb + intercept, cpu / code_mb,
                     chunk_count(default, folders) / code_mb, embed_rate(folders[2], base, args.embed_sample))
        node = Node(args.node_cores, args.node_memory_gb)
        print(f"\n## d. projection to {TARGET_GB} GB of code (rates from the {code_mb:.1f} MB above)\n")
        print(table(rate, project(rate, TARGET_GB, args.repo_mb, node, efficiency), args.repo_mb, node, efficiency))


def indexing_report(runs: list[Run]) -> tuple[float, float]:
    """Print each way's median, the 2-worker speedup and the bound the tasks' sizes set; return the
    1-worker CPU-seconds and the share of each core the projection assumes: the measured speedup
    over 2, or the bound over 2 on a loaded machine (said)."""
    medians = speedups(runs)
    one, two = medians["ray, 1 worker"], medians["ray, 2 workers"]
    print("medians: " + ", ".join(f"{how} {s:.1f} s ({cores_used(runs, how):.2f} cores busy)"
                                  for how, s in medians.items()))
    print(f"2 workers / 1 worker: {one / two:.2f}x (target >= 1.7); maguyva index / 2 workers: "
          f"{medians['maguyva index (one process)'] / two:.2f}x")
    single = [r for r in runs if r.how == "ray, 1 worker"]
    tasks = single[-1].tasks
    bound = sum(tasks) / makespan(tasks, 2)
    print(f"tasks' CPU-seconds, largest repository first: {' '.join(f'{t:.1f}' for t in tasks)}; 2 workers "
          f"given a core each finish them in {makespan(tasks, 2):.1f} s against {sum(tasks):.1f} s: "
          f"{bound:.2f}x at most")
    efficiency = one / two / 2
    if os.getloadavg()[1] > (os.cpu_count() or 1):
        print("the machine is loaded: Linux shares CPU between sessions (autogroup), so a second worker gets "
              "no more of it; the ratio above measures the load, the bound the work (the projection uses the bound)")
        efficiency = bound / 2
    return statistics.median(r.cpu_s for r in single), efficiency


def cores_used(runs: list[Run], how: str) -> float:
    """The median CPU-seconds per second of one way's runs: the cores it kept busy."""
    return statistics.median(r.cpu_s / r.seconds for r in runs if r.how == how)


def chunk_count(base: Path, folders: list[Path]) -> int:
    """Chunks of the default indexes the semantic engine embeds."""
    total = 0
    for folder in folders:
        engine = Engine(folder, base, provider=NoVectors(), static=False)
        try:
            engine.open_existing()
            total += len(engine.chunk_keys())
        finally:
            engine.close()
    return total


if __name__ == "__main__":
    main()
